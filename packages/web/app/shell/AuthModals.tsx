import { useEffect, useId, useState, useSyncExternalStore, type ComponentProps, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { ReadySite } from '../lib/site-state';
import { useLocale } from '../lib/use-locale';
import { Dialog, closeModal, openModal } from '../client/modals';
import { showToast } from '../client/toasts';
import { whenIdle } from '../client/idle';
import { useT } from '../i18n/use-t';
import { translate } from '../i18n/translate';
import type { LoginForm as LoginFormComponent } from './forms/LoginForm';
import type { RegisterForm as RegisterFormComponent } from './forms/RegisterForm';

/*
 * The modals' forms are not among the page's first scripts: with their field rules they bring the
 * schema library, which no page needs before someone logs in. They load once the page is idle
 * (so a modal opens with its form at once), or when a modal opens first.
 */
interface AuthForms {
  LoginForm: typeof LoginFormComponent;
  RegisterForm: typeof RegisterFormComponent;
}

let authForms: AuthForms | null = null;
let authFormsLoad: Promise<AuthForms> | null = null;

/** Loads both forms once; every caller shares the load, and a failed one is tried again next time. */
function loadAuthForms(): Promise<AuthForms> {
  authFormsLoad ??= Promise.all([import('./forms/LoginForm'), import('./forms/RegisterForm')]).then(
    ([login, register]) => (authForms = { LoginForm: login.LoginForm, RegisterForm: register.RegisterForm }),
    (error: unknown) => {
      authFormsLoad = null;
      throw error;
    },
  );
  return authFormsLoad;
}

/** Starts loading the forms when the browser is next idle, after the page's own work. */
function usePreloadAuthForms(): void {
  useEffect(() => whenIdle(() => void loadAuthForms().catch(() => undefined), { fallbackMs: 200 }), []);
}

/** The forms, or null until they have loaded (loading them if nothing has yet). */
function useAuthForms(): AuthForms | null {
  const [forms, setForms] = useState(authForms);
  useEffect(() => {
    if (forms) return;
    let current = true;
    loadAuthForms().then(
      (loaded) => current && setForms(loaded),
      (error: unknown) => console.error('The login forms could not be loaded', error),
    );
    return () => {
      current = false;
    };
  }, [forms]);
  return forms;
}

function FormLoading() {
  const { t } = useT();
  return (
    <p className="dialog__loading" role="status">
      {t('floating.loading')}
    </p>
  );
}

function LoginForm(props: ComponentProps<AuthForms['LoginForm']>) {
  const forms = useAuthForms();
  return forms ? <forms.LoginForm {...props} /> : <FormLoading />;
}

function RegisterForm(props: ComponentProps<AuthForms['RegisterForm']>) {
  const forms = useAuthForms();
  return forms ? <forms.RegisterForm {...props} /> : <FormLoading />;
}

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

/** The login modal (docs/product.md D3): login only, with a link to registration. */
export function LoginModal({ state }: { state: ReadySite }) {
  const { t } = useT();
  const { to } = useLocale();
  // Every layout has this modal, once: it starts the forms' load for both modals.
  usePreloadAuthForms();
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

/** The sign-in modal of slot5 (docs/product.md D3): login and registration in tabs. */
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
