import { useId, useSyncExternalStore, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { ReadySite } from '../lib/site-state';
import { useLocale } from '../lib/use-locale';
import { Dialog, closeModal, openModal } from '../client/modals';
import { showToast } from '../client/toasts';
import { LoginForm } from './forms/LoginForm';
import { RegisterForm } from './forms/RegisterForm';
import { useT } from '../i18n/use-t';
import { translate } from '../i18n/translate';

export type SignInTab = 'login' | 'register';

let signInTab: SignInTab = 'login';
const tabListeners = new Set<() => void>();

function setSignInTab(tab: SignInTab): void {
  signInTab = tab;
  for (const listener of tabListeners) listener();
}

function useSignInTab(): SignInTab {
  return useSyncExternalStore(
    (listener) => {
      tabListeners.add(listener);
      return () => tabListeners.delete(listener);
    },
    () => signInTab,
    () => 'login' as const,
  );
}

/** Opens the sign-in modal (slot5) on one of its tabs. */
export function openSignIn(tab: SignInTab = 'login'): void {
  setSignInTab(tab);
  openModal('signIn');
}

export function welcome(name: string, isNew = false): void {
  const t = translate;
  showToast({ kind: 'success', title: isNew ? t('messages:welcomeNew', { name }) : t('messages:welcomeBack', { name }) });
}

/** The login modal (decisions.md §3): login only, with a link to registration. */
export function LoginModal({ state }: { state: ReadySite }) {
  const { t } = useT();
  const { to } = useLocale();
  return (
    <Dialog name="login" title={t('shell.loginTitle')} className="dialog--auth">
      <LoginForm
        site={state.site}
        onNavigate={closeModal}
        onLoggedIn={(name) => {
          closeModal();
          welcome(name);
        }}
        footer={
          <p>
            {t('shell.noAccount')}{' '}
            <Link to={to('/register')} onClick={closeModal}>
              {t('shell.createAccount')}
            </Link>
          </p>
        }
      />
    </Dialog>
  );
}

const TABS: readonly SignInTab[] = ['login', 'register'];

/** The sign-in modal of slot5 (decisions.md §3): login and registration in tabs. */
export function SignInModal({ state }: { state: ReadySite }) {
  const { t } = useT();
  const tab = useSignInTab();
  const id = useId();

  // Arrow keys move between the tabs (WAI-ARIA tabs pattern, activation follows focus).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const index = TABS.indexOf(tab);
    const next =
      event.key === 'Home' ? TABS[0] : event.key === 'End' ? TABS[TABS.length - 1] : TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
    if (!next) return;
    setSignInTab(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };

  const done = (name: string, isNew: boolean) => {
    closeModal();
    welcome(name, isNew);
  };

  return (
    <Dialog name="signIn" title={t('shell.signInTitle')} className="dialog--auth">
      <div className="tabs" role="tablist" aria-label={t('shell.signInTitle')} onKeyDown={onKeyDown}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${id}-tab-${name}`}
            className="tabs__tab"
            aria-selected={tab === name}
            aria-controls={`${id}-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setSignInTab(name)}
          >
            {name === 'login' ? t('shell.loginTab') : t('shell.registerTab')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`} className="tabs__panel">
        {tab === 'login' ? (
          <LoginForm
            site={state.site}
            onNavigate={closeModal}
            onLoggedIn={(name) => done(name, false)}
            footer={
              <p>
                {t('shell.noAccount')}{' '}
                <button type="button" className="link-button" onClick={() => setSignInTab('register')}>
                  {t('shell.createAccount')}
                </button>
              </p>
            }
          />
        ) : (
          <RegisterForm
            site={state.site}
            onRegistered={(name) => done(name, true)}
            footer={
              <p>
                {t('shell.haveAccount')}{' '}
                <button type="button" className="link-button" onClick={() => setSignInTab('login')}>
                  {t('shell.loginTab')}
                </button>
              </p>
            }
          />
        )}
      </div>
    </Dialog>
  );
}
