import { useId, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LOCALES, MESSAGE_LOCALES, type LocaleCode } from '@wl/contracts';
import { localePath } from '../lib/locale';
import { useLocale } from '../lib/use-locale';
import { useT } from '../i18n/use-t';
import { saveLocaleChoice, switchTarget } from '../i18n/switch';
import { useDisclosure } from './use-disclosure';

type PickerLocale = (typeof LOCALES)[number];

/** The site's languages that have messages of their own, in the platform's order. */
function pickerLocales(siteLanguages: readonly string[]): PickerLocale[] {
  const offered = LOCALES.filter((entry) => MESSAGE_LOCALES.includes(entry.code) && siteLanguages.includes(entry.code));
  return offered.length ? offered : LOCALES.filter((entry) => entry.code === 'EN');
}

/**
 * A language's icon. The closed panel's icons load lazily: an eager image in the server's HTML
 * gets a preload from React, and nine of them would compete with the page's own first images.
 */
function LocaleIcon({ entry, lazy = false }: { entry: PickerLocale; lazy?: boolean }) {
  return <img className="language-picker__icon" src={`/locale-icons/${entry.icon}`} alt="" width={20} height={20} loading={lazy ? 'lazy' : undefined} />;
}

/**
 * The language picker (issue 6): each language's own name and icon. Every choice is a real link
 * to the same page in that language (crawlers and a page without JavaScript follow it); a click
 * runs the before-switch hooks, saves the choice in the i18n_redirected cookie and navigates
 * in the app, keeping the query and the hash. The header's shows the short code (hidden on phones,
 * where the bar has no room); the footer's shows the language's name and opens upwards.
 */
export function LanguagePicker({ languages, placement = 'header' }: { languages: readonly string[]; placement?: 'header' | 'footer' }) {
  const { t } = useT();
  const { locale, path } = useLocale();
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  const { open, setOpen, root } = useDisclosure<HTMLDivElement>();
  const listId = useId();
  const entries = pickerLocales(languages);
  const current = LOCALES.find((entry) => entry.code === locale) ?? LOCALES[0];

  if (entries.length < 2) return null;

  const choose = (event: MouseEvent<HTMLAnchorElement>, asked: LocaleCode) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setOpen(false);
    const target = switchTarget(locale, asked);
    saveLocaleChoice(target);
    if (target !== locale) void navigate(`${localePath(target, path)}${search}${hash}`);
  };

  return (
    <div className={`language-picker language-picker--${placement}`} ref={root}>
      <button
        type="button"
        className="language-picker__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <LocaleIcon entry={current} />
        {/* The short code is for the eye; a screen reader hears the language's name. */}
        <span className="language-picker__code" aria-hidden="true">
          {placement === 'footer' ? current.name : current.code}
        </span>
        <span className="visually-hidden">{t('language.current', { name: current.name })}</span>
      </button>
      <div className="language-picker__panel" id={listId} hidden={!open}>
        <p className="language-picker__title">{t('language.choose')}</p>
        <ul className="language-picker__list">
          {entries.map((entry) => (
            <li key={entry.code}>
              <Link
                to={`${localePath(entry.code, path)}${search}${hash}`}
                className="language-picker__option"
                hrefLang={entry.lang}
                lang={entry.lang}
                aria-current={entry.code === locale ? 'true' : undefined}
                onClick={(event) => choose(event, entry.code)}
                data-locale={entry.code}
              >
                <LocaleIcon entry={entry} lazy />
                <span>{entry.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
