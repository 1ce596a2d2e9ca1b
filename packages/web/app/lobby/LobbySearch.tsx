import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { LOBBY_SEARCH_MAX } from '@wl/contracts';
import { useLocale } from '../lib/use-locale';
import { useT } from '../i18n/use-t';
import { Icon } from '../shared/ui/icons';
import { SEARCH_DEBOUNCE_MS, lobbySearch, type LobbyQuery } from './lobbies';

function SearchIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM20 20l-4.8-4.8"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * Search by game name. A GET form (the provider filter rides along in a hidden field), so it works
 * without JavaScript; with it, the grid narrows as the player types (the URL is replaced a moment
 * after the last key, not pushed per key), and a clear link empties it.
 */
export function LobbySearch({ query, label }: { query: LobbyQuery; label: string }) {
  const { t } = useT();
  const { path, to } = useLocale();
  const navigate = useNavigate();
  const [value, setValue] = useState(query.q);
  // The search the URL was last sent to: a later URL with another one came from elsewhere (a
  // chip, the back button, the clear link) and replaces what the box holds.
  const sent = useRef(query.q);

  useEffect(() => {
    if (query.q === sent.current) return;
    sent.current = query.q;
    setValue(query.q);
  }, [query.q]);

  // The provider filter as last rendered. The typing timer reads it when it fires, not when the key
  // was pressed: a chip's navigation can commit after the first keys (the router renders it as a
  // transition, which typing interrupts), and the search must keep the filter the page now shows.
  const latestProvider = useRef(query.provider);
  useEffect(() => {
    latestProvider.current = query.provider;
  }, [query.provider]);

  const hrefFor = (q: string, provider = query.provider) => `${to(path)}${lobbySearch({ provider, q })}`;
  const search = (q: string) => {
    sent.current = q;
    void navigate(hrefFor(q, latestProvider.current), { replace: true, preventScrollReset: true });
  };

  // The typed value is what restarts the timer; the search it sends reads the page as it is when it fires.
  const searchTyped = useEffectEvent((q: string) => search(q));
  useEffect(() => {
    const next = value.trim();
    if (next === sent.current) return;
    const timer = window.setTimeout(() => searchTyped(next), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [value]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search(value.trim());
  };

  return (
    <form className="lobby-search" role="search" method="get" action={to(path)} onSubmit={submit}>
      <label htmlFor="lobby-search" className="visually-hidden">
        {t('lobby.searchLabel')}
      </label>
      <span className="lobby-search__field">
        <span className="lobby-search__icon" aria-hidden="true">
          <SearchIcon />
        </span>
        <input
          id="lobby-search"
          className="lobby-search__input"
          type="search"
          name="q"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder={t('lobby.searchPlaceholder', { lobby: label })}
          maxLength={LOBBY_SEARCH_MAX}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
        />
        {value ? (
          <Link
            to={hrefFor('')}
            className="lobby-search__clear"
            aria-label={t('lobby.clearSearch')}
            replace
            preventScrollReset
            onClick={() => {
              sent.current = '';
              setValue('');
            }}
          >
            <Icon name="close" size={18} />
          </Link>
        ) : null}
      </span>
      {query.provider ? <input type="hidden" name="provider" value={query.provider} /> : null}
      <button type="submit" className="btn btn--primary lobby-search__submit">
        {t('lobby.search')}
      </button>
    </form>
  );
}
