import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { MenuItem, ThemeFamily } from '@wl/contracts';
import type { ReadySite } from '../lib/site-state';
import { useLocale } from '../lib/use-locale';
import { Icon } from '../shared/ui/icons';
import { useT } from '../i18n/use-t';
import { useScreenTitle } from '../i18n/screen-titles';
import { useDisclosure } from './use-disclosure';

/** docs/product.md §1 and D1: casino sites lead with live casino and slots, slot sites with games, sportsbooks with sports. */
const LEAD: Record<ThemeFamily, string[]> = {
  casino: ['livecasino', 'slots', 'sportsbook'],
  slot: ['slots', 'fish', 'arcade'],
  sportsbook: ['sportsbook', 'livecasino', 'slots'],
};

/** The game categories in the family's order: its lead categories first. */
export function orderedCategories(menu: MenuItem[], family: ThemeFamily): MenuItem[] {
  const lead = LEAD[family];
  const rank = (item: MenuItem) => {
    const index = lead.indexOf(item.content_id);
    return index === -1 ? lead.length : index;
  };
  return [...menu].sort((a, b) => rank(a) - rank(b));
}

/** Top-level menu entries (Home, Promotions, ...) and the entries grouped under "More". */
export function splitMenu(menu: MenuItem[]): { top: MenuItem[]; more: MenuItem['children'] } {
  return { top: menu.filter((item) => !item.children.length), more: menu.flatMap((item) => item.children) };
}

/** The desktop navigation: top-level links, and a "More" disclosure for grouped entries. */
export function MainNav({ state, className = '' }: { state: ReadySite; className?: string }) {
  const screenTitle = useScreenTitle();
  const { t } = useT();
  const { to } = useLocale();
  const groups = state.content.menu.filter((item) => item.children.length);
  return (
    <nav className={`main-nav desktop-only ${className}`} aria-label={t('frame.mainNav')}>
      <ul className="main-nav__links">
        {splitMenu(state.content.menu).top.map((item) => (
          <li key={item.content_id}>
            <NavLink to={to(item.path)} end={item.path === '/'} className="main-nav__link">
              <Icon name={item.content_id} size={18} />
              <span>{screenTitle(item.path, item.title)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
      {groups.map((item) => (
        <MoreMenu key={item.content_id} item={item} />
      ))}
    </nav>
  );
}

/** A "More" disclosure: a button and a list, closed by Escape, outside clicks and navigation. */
function MoreMenu({ item }: { item: MenuItem }) {
  const { t } = useT();
  const screenTitle = useScreenTitle();
  const { to } = useLocale();
  const { open, setOpen, root } = useDisclosure<HTMLDivElement>();
  const listId = useId();
  return (
    <div className="nav-more" ref={root}>
      <button type="button" className="main-nav__link nav-more__toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        <Icon name="more" size={18} />
        <span>{t('frame.drawerMore')}</span>
      </button>
      <ul className="nav-more__list" id={listId} hidden={!open}>
        {item.children.map((entry) => (
          <li key={entry.content_id}>
            <NavLink to={to(entry.path)}>{screenTitle(entry.path, entry.title)}</NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The games navigation: every category, as a text bar or an icon strip. */
export function CategoryNav({ state, variant, className = '' }: { state: ReadySite; variant: 'bar' | 'icons'; className?: string }) {
  const screenTitle = useScreenTitle();
  const { t } = useT();
  const { to } = useLocale();
  const categories = orderedCategories(state.content.game_menu, state.family);
  if (!categories.length) return null;
  return (
    <nav className={`category-strip category-strip--${variant} ${className}`} aria-label={t('frame.gamesNav')}>
      <ul className="category-strip__inner">
        {categories.map((item) => (
          <li key={item.content_id}>
            <NavLink to={to(item.path)} className="category-strip__link">
              <Icon name={item.content_id} size={variant === 'icons' ? 26 : 18} />
              <span>{screenTitle(item.path, item.title)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The vertical navigation rail of rail headers (desktop): menu, then every game category. */
export function SideRail({ state }: { state: ReadySite }) {
  const screenTitle = useScreenTitle();
  const { t } = useT();
  const { to } = useLocale();
  const { top, more } = splitMenu(state.content.menu);
  const categories = orderedCategories(state.content.game_menu, state.family);
  return (
    <nav className="side-rail main-nav desktop-only" aria-label={t('frame.mainNav')}>
      <ul className="side-rail__group">
        {top.map((item) => (
          <li key={item.content_id}>
            <NavLink to={to(item.path)} end={item.path === '/'} className="side-rail__link">
              <Icon name={item.content_id} size={20} />
              <span>{screenTitle(item.path, item.title)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
      <p className="side-rail__heading">{t('frame.gamesNav')}</p>
      <ul className="side-rail__group">
        {categories.map((item) => (
          <li key={item.content_id}>
            <NavLink to={to(item.path)} className="side-rail__link">
              <Icon name={item.content_id} size={20} />
              <span>{screenTitle(item.path, item.title)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
      <p className="side-rail__heading">{t('frame.drawerMore')}</p>
      <ul className="side-rail__group side-rail__group--small">
        {more.map((item) => (
          <li key={item.content_id}>
            <NavLink to={to(item.path)} className="side-rail__link">
              <span>{screenTitle(item.path, item.title)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The phone tab bar: home, the family's lead categories, promotions. */
export function MobileTabBar({ state }: { state: ReadySite }) {
  const screenTitle = useScreenTitle();
  const { t } = useT();
  const { to } = useLocale();
  const { top } = splitMenu(state.content.menu);
  const home = top.find((item) => item.path === '/');
  const promotions = top.find((item) => item.content_id === 'promotions') ?? top.find((item) => item.path !== '/');
  const lead = orderedCategories(state.content.game_menu, state.family).slice(0, 3);
  const items = [home, ...lead, promotions].filter((item): item is MenuItem => item !== undefined);
  return (
    <nav className="mobile-nav tabbar mobile-only" aria-label={t('frame.quickNav')}>
      {items.map((item) => (
        <NavLink key={item.content_id} to={to(item.path)} end={item.path === '/'} className="tabbar__link">
          <Icon name={item.content_id} size={22} />
          <span>{screenTitle(item.path, item.title)}</span>
        </NavLink>
      ))}
    </nav>
  );
}

/** Phone chips: a scrollable row of the menu and the game categories under the header. */
export function MobileChips({ state }: { state: ReadySite }) {
  const screenTitle = useScreenTitle();
  const { t } = useT();
  const { to } = useLocale();
  const items = [...splitMenu(state.content.menu).top, ...orderedCategories(state.content.game_menu, state.family)];
  return (
    <nav className="mobile-nav chips mobile-only" aria-label={t('frame.quickNav')}>
      <ul className="chips__list">
        {items.map((item) => (
          <li key={`${item.content_id}:${item.path}`}>
            <NavLink to={to(item.path)} end={item.path === '/'} className="chips__link">
              <Icon name={item.content_id} size={16} />
              <span>{screenTitle(item.path, item.title)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The side drawer: a menu button and an accessible modal panel (focus moves in, Escape, the
 * backdrop and navigation close it, focus returns to the button).
 */
export function Drawer({ state, className = '' }: { state: ReadySite; className?: string }) {
  const screenTitle = useScreenTitle();
  const { t } = useT();
  const { to } = useLocale();
  const { pathname } = useLocation();
  // Open on the page where it was opened: following a link in it closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const titleId = useId();
  const close = useCallback(() => {
    setOpenOn(null);
    toggle.current?.focus();
  }, []);
  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('.drawer__close')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
      if (event.key !== 'Tab' || !panel.current) return;
      // Keep Tab inside the open drawer.
      const focusable = panel.current.querySelectorAll<HTMLElement>('a[href], button');
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    document.documentElement.classList.add('has-drawer');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.documentElement.classList.remove('has-drawer');
    };
  }, [open, close]);
  const { top, more } = splitMenu(state.content.menu);
  const categories = orderedCategories(state.content.game_menu, state.family);
  return (
    <div className={`drawer-toggle ${className}`}>
      <button
        ref={toggle}
        type="button"
        className="icon-button drawer-toggle__button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={t('frame.openMenu')}
        onClick={() => setOpenOn(pathname)}
      >
        <Icon name="menu" />
      </button>
      {open ? (
        <div className="drawer" onClick={(event) => event.target === event.currentTarget && close()}>
          <div className="drawer__panel" id={panelId} ref={panel} role="dialog" aria-modal="true" aria-labelledby={titleId}>
            <div className="drawer__head">
              <img src={state.site.logo2} alt="" width={36} height={36} />
              <h2 id={titleId} className="drawer__title">
                {t('frame.drawerTitle')}
              </h2>
              <button type="button" className="icon-button drawer__close" aria-label={t('frame.closeMenu')} onClick={close}>
                <Icon name="close" />
              </button>
            </div>
            <ul className="drawer__list">
              {top.map((item) => (
                <li key={item.content_id}>
                  <NavLink to={to(item.path)} end={item.path === '/'} className="drawer__link">
                    <Icon name={item.content_id} size={20} />
                    <span>{screenTitle(item.path, item.title)}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
            <p className="drawer__heading">{t('frame.drawerGames')}</p>
            <ul className="drawer__list drawer__list--grid">
              {categories.map((item) => (
                <li key={item.content_id}>
                  <NavLink to={to(item.path)} className="drawer__link drawer__link--tile">
                    <Icon name={item.content_id} size={22} />
                    <span>{screenTitle(item.path, item.title)}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
            <p className="drawer__heading">{t('frame.drawerMore')}</p>
            <ul className="drawer__list">
              {more.map((item) => (
                <li key={item.content_id}>
                  <Link to={to(item.path)} className="drawer__link drawer__link--small">
                    {screenTitle(item.path, item.title)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
    </div>
  );
}
