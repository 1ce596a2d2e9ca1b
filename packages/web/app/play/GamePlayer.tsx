import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { PROVIDERS, displayNumber, guestGuardAction, type CatalogueGame } from '@wl/contracts';
import type { ReadySite } from '../lib/site-state';
import { useLocale } from '../lib/use-locale';
import { splitLocale } from '../lib/locale';
import { useSession } from '../client/session';
import { useHydrated } from '../client/hydration';
import { openModal } from '../client/modals';
import { openSignIn } from '../shell/AuthModals';
import { useViewport } from '../device/store';
import { Icon } from '../shared/ui/icons';
import { useT } from '../i18n/use-t';
import { deviceOfViewport, requestDemoLaunch, requestLaunch, type UnavailableReason } from './launch';
import { lobbyOf, opensInPopup, type GameRef } from '../shared/game-links';
import { openGameWindow } from './popup';
import { useGameLauncher } from './use-game-launcher';

/** Where /playnow stands with its game. */
type Stage =
  | { kind: 'launching' }
  /** The game in the page's frame; `loaded` once the frame has loaded its first page. */
  | { kind: 'frame'; url: string; game: CatalogueGame; loaded: boolean }
  /**
   * A game that opens in a window of its own. `url` is null until launched (popup providers wait
   * for the player's click, so the browser lets the window open); `blocked` when it refused.
   */
  | { kind: 'window'; url: string | null; game: CatalogueGame | null; blocked: boolean }
  /** The provider asked for the whole page: the browser is leaving for the game. */
  | { kind: 'leaving' }
  | { kind: 'unavailable'; reason: UnavailableReason }
  /** A failure the global handler has shown; the player may try again. */
  | { kind: 'failed' };

/**
 * /playnow: the game over the whole viewport (the site's header, footer and floating buttons stay
 * under it, so nothing squeezes the game on a phone): a slim bar with the way back, the game's
 * name and the player's balance, and the game's frame under it. Popup providers' games open in a
 * window of their own and redirect-mode games leave the page. The route is player-only: the
 * guard hides the page until the session is known and sends a guest to log in; but with `demo`
 * (`demo=1`, issue 23 §2) a guest plays the game with play money when its provider offers it,
 * under a "Play for fun" badge and a button to log in and play for real. A player asking for
 * the demo plays for real, and a guest who logs in here is switched to real play at once.
 */
export function GamePlayer({
  state,
  game: ref,
  from,
  demo = false,
}: {
  state: ReadySite;
  game: GameRef | null;
  from: string | null;
  demo?: boolean;
}) {
  const { t } = useT();
  const { locale, to } = useLocale();
  const navigate = useNavigate();
  const session = useSession();
  const hydrated = useHydrated();
  // Known once the stored session is read (never on the server or while hydrating).
  const guestDemo = demo && hydrated && !session.isAuthenticated;
  const viewport = useViewport();
  const launcher = useGameLauncher();
  const popupProvider = !!ref && opensInPopup(ref.provider_code);
  const [stage, setStage] = useState<Stage>(() => initialStage(ref, popupProvider));
  const [attempt, setAttempt] = useState(0);
  // A launch for the window is under way: one click, one game session.
  const [opening, setOpening] = useState(false);
  // The device is read when the game launches: turning the phone must not launch it again.
  const device = useRef(deviceOfViewport(viewport));
  useEffect(() => {
    device.current = deviceOfViewport(viewport);
  }, [viewport]);

  // A launch is not data the page shows but a game session it opens: it runs again when the game, the
  // player or the language changes or on a retry, and reads the rest (the site, the texts) as they are then.
  const launch = useEffectEvent(() => {
    // A guest's play money opens at once; a player's popup game waits for the window's button.
    if (!ref || (!guestDemo && (!session.isAuthenticated || popupProvider))) return;
    const controller = new AbortController();
    const options = { locale, device: device.current, signal: controller.signal };
    const launching = guestDemo ? requestDemoLaunch(ref, { ...options, site: state.site }) : requestLaunch(ref, options);
    void launching.then((outcome) => {
      if (!outcome) return;
      if (outcome.kind === 'unavailable') return setStage({ kind: 'unavailable', reason: outcome.reason });
      if (outcome.kind === 'failed') return setStage({ kind: 'failed' });
      if (outcome.mode === 'iframe') return setStage({ kind: 'frame', url: outcome.url, game: outcome.game, loaded: false });
      if (outcome.mode === 'redirect') {
        window.location.assign(outcome.url);
        return setStage({ kind: 'leaving' });
      }
      // A popup game launched without a click: the browser may refuse the window; the page then offers a button.
      setStage({ kind: 'window', url: outcome.url, game: outcome.game, blocked: !openGameWindow(outcome.url, t('play.opening')) });
    });
    return () => controller.abort();
  });
  const gameKey = ref ? `${ref.provider_code}/${ref.game_code}` : null;
  useEffect(() => launch(), [session.isAuthenticated, guestDemo, popupProvider, gameKey, locale, attempt]);

  const openWindow = async () => {
    if (stage.kind !== 'window' || !ref || opening) return;
    if (stage.url) {
      setStage({ ...stage, blocked: !openGameWindow(stage.url, t('play.opening')) });
      return;
    }
    setOpening(true);
    const outcome = await launcher.launchInWindow(ref).finally(() => setOpening(false));
    if (outcome === 'blocked') return setStage({ ...stage, blocked: true });
    if (outcome.kind === 'ready') return setStage({ kind: 'window', url: outcome.url, game: outcome.game, blocked: false });
    if (outcome.kind === 'unavailable') setStage({ kind: 'unavailable', reason: outcome.reason });
  };

  // The template's login (its guard action): the login page, or its login dialog over the game.
  const logIn = () => {
    const action = guestGuardAction(state.themeCode);
    if (action.kind === 'redirect') void navigate(to(action.to));
    else if (action.modal === 'signin') openSignIn('login');
    else openModal('login');
  };

  const game = stage.kind === 'frame' || stage.kind === 'window' ? stage.game : null;
  const title = game?.game_name ?? (ref ? providerName(ref.provider_code) : t('play.noGame'));
  const back = closeTarget(from, game, to);

  return (
    <div className="game-layer" data-testid="game-layer" data-stage={stage.kind}>
      <div className="game-bar">
        <Link to={back} className="game-bar__close" aria-label={t('play.close')} title={t('play.close')}>
          <Icon name="close" size={22} />
        </Link>
        <h1 className="game-bar__title">
          <span className="game-bar__name">{title}</span>
          {game ? <span className="game-bar__provider">{game.provider_name}</span> : null}
        </h1>
        {guestDemo ? (
          <div className="game-bar__demo">
            {/* No badge over a game that has no play money (the notice says so). */}
            {stage.kind === 'unavailable' ? null : (
              <span className="game-bar__badge" data-testid="demo-badge">
                {t('play.demoBadge')}
              </span>
            )}
            <button type="button" className="btn btn--primary game-bar__login" onClick={logIn}>
              {t('play.demoLogin')}
            </button>
          </div>
        ) : (
          <p className="game-bar__balance" aria-live="polite">
            <span className="game-bar__label">{t('shell.balance')}</span>
            <span className="game-bar__amount" data-testid="game-balance">
              {session.game ? displayNumber(session.game.balance) || '0' : '—'} <span className="game-bar__currency">{state.site.currency}</span>
            </span>
          </p>
        )}
      </div>
      <div className="game-stage">
        {stage.kind === 'frame' ? (
          <>
            <iframe
              className="game-stage__frame"
              src={stage.url}
              title={t('play.frameTitle', { game: stage.game.game_name })}
              allow="fullscreen; autoplay; encrypted-media; clipboard-write"
              allowFullScreen
              data-loaded={stage.loaded || undefined}
              onLoad={() => setStage((now) => (now.kind === 'frame' ? { ...now, loaded: true } : now))}
            />
            {stage.loaded ? null : <Loading text={t('play.loadingGame', { game: stage.game.game_name })} />}
          </>
        ) : null}
        {stage.kind === 'launching' || stage.kind === 'leaving' ? <Loading text={t('play.opening')} /> : null}
        {stage.kind === 'window' ? (
          <Notice
            icon="arrowRight"
            title={stage.url ? t('play.windowOpenTitle') : t('play.windowTitle')}
            text={stage.blocked ? t('play.windowBlocked') : stage.url ? t('play.windowOpenText') : t('play.windowText')}
          >
            <button type="button" className="btn btn--primary btn--large" disabled={opening} onClick={() => void openWindow()}>
              {stage.url ? t('play.openAgain') : t('play.openGame')}
            </button>
            <Link to={back} className="btn btn--ghost btn--large">
              {t('play.backToLobby')}
            </Link>
          </Notice>
        ) : null}
        {stage.kind === 'unavailable' ? (
          <Notice icon="clock" title={t(`play.${stage.reason}`)} text={t(`errors:${stage.reason}`)} alert>
            {guestDemo && stage.reason === 'demoNotAvailable' ? (
              <button type="button" className="btn btn--primary btn--large" onClick={logIn}>
                {t('play.demoLogin')}
              </button>
            ) : null}
            <Link to={back} className={guestDemo && stage.reason === 'demoNotAvailable' ? 'btn btn--ghost btn--large' : 'btn btn--primary btn--large'}>
              {t('play.backToLobby')}
            </Link>
          </Notice>
        ) : null}
        {stage.kind === 'failed' ? (
          <Notice icon="support" title={t('play.failedTitle')} text={t('play.failedText')} alert>
            <button
              type="button"
              className="btn btn--primary btn--large"
              onClick={() => {
                setStage({ kind: 'launching' });
                setAttempt((count) => count + 1);
              }}
            >
              {t('play.retry')}
            </button>
            <Link to={back} className="btn btn--ghost btn--large">
              {t('play.backToLobby')}
            </Link>
          </Notice>
        ) : null}
      </div>
    </div>
  );
}

/** The close button's target: `from` (a path of this site) in the page's locale, else the game's lobby, else home. */
function closeTarget(from: string | null, game: CatalogueGame | null, to: (path: string) => string): string {
  if (from) {
    // `from` may carry a query (a filtered lobby) and may or may not carry a locale prefix.
    const [, pathname = '/', rest = ''] = /^([^?#]*)(.*)$/.exec(from) ?? [];
    return `${to(splitLocale(pathname).path)}${rest}`;
  }
  return to(game ? lobbyOf(game.game_type) : '/');
}

function initialStage(ref: GameRef | null, popupProvider: boolean): Stage {
  // A /playnow address without a game names none the site offers.
  if (!ref) return { kind: 'unavailable', reason: 'gameNotFound' };
  return popupProvider ? { kind: 'window', url: null, game: null, blocked: false } : { kind: 'launching' };
}

/** The provider's name while the game's own is not known yet. */
function providerName(code: string): string {
  return PROVIDERS.find((provider) => provider.code === code.toUpperCase())?.name ?? code;
}

function Loading({ text }: { text: string }) {
  return (
    <div className="game-stage__loading" role="status">
      <span className="game-stage__spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

function Notice({
  icon,
  title,
  text,
  alert,
  children,
}: {
  icon: string;
  title: string;
  text: string;
  alert?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="game-notice" role={alert ? 'alert' : 'status'} data-testid="game-notice">
      <span className="game-notice__icon" aria-hidden="true">
        <Icon name={icon} size={28} />
      </span>
      <h2 className="game-notice__title">{title}</h2>
      <p className="game-notice__text">{text}</p>
      <div className="game-notice__actions">{children}</div>
    </div>
  );
}
