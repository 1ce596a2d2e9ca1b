import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import qrcode from 'qrcode-generator';
import { authCall } from '../lib/api';
import { failureText, t } from '../lib/i18n';

/*
 * The sign-in (ADR 0044): username and password; then the authenticator's code, or at the first
 * login the enrolment of an authenticator (a QR code of the otpauth URI and the key to type in).
 */

type Step = { kind: 'password' } | { kind: 'code' } | { kind: 'enrol'; secret: string; uri: string; skippable: boolean };

const QR_CELL = 4;
const QR_MARGIN = 4 * QR_CELL;

/** The QR code of the otpauth URI as an image (a GIF data URL drawn in the page: the secret never leaves it), at its own pixel size. */
function qrImage(uri: string): { src: string; size: number } {
  const qr = qrcode(0, 'M');
  qr.addData(uri, 'Byte');
  qr.make();
  return { src: qr.createDataURL(QR_CELL, QR_MARGIN), size: qr.getModuleCount() * QR_CELL + 2 * QR_MARGIN };
}

/** Only a path of the back office: a `next` pointing elsewhere is dropped (the index then picks the landing screen, ADR 0046). */
const safeNext = (next: string | null) => (next && /^\/[A-Za-z0-9/_?=&%.-]*$/.test(next) && !next.startsWith('//') ? next : '/');

function QrImage({ uri }: { uri: string }) {
  const { src, size } = qrImage(uri);
  return <img className="login-qr" src={src} alt={t('login.qr')} width={size} height={size} />;
}

export function LoginPage() {
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const errorId = useId();

  const finish = () => navigate(safeNext(params.get('next')), { replace: true });

  async function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError('');
    const reply = await authCall('login', { username: String(form.get('username') ?? ''), password: String(form.get('password') ?? '') });
    setBusy(false);
    if (reply.statusCode !== 1) return setError(failureText(reply.message));
    if (reply.step === 'done') return finish();
    if (reply.step === 'totp') return setStep({ kind: 'code' });
    setStep({ kind: 'enrol', secret: reply.totp_secret, uri: reply.totp_uri, skippable: reply.skippable });
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, '');
    setBusy(true);
    setError('');
    const reply = await authCall('totp', { code });
    setBusy(false);
    if (reply.statusCode === 1) return finish();
    if (reply.message === 'sessionExpired') setStep({ kind: 'password' });
    setError(failureText(reply.message === 'validationError' ? 'invalidTac' : reply.message));
  }

  async function skip() {
    setBusy(true);
    const reply = await authCall('skipEnrol', {});
    setBusy(false);
    if (reply.statusCode === 1) return finish();
    setError(failureText(reply.message));
  }

  const errorLine = error ? (
    <p className="form-error" id={errorId} role="alert">
      {error}
    </p>
  ) : null;
  const described = error ? errorId : undefined;

  return (
    <main className="login">
      <div className="login-card">
        <p className="login-brand">{t('app.name')}</p>
        {step.kind === 'password' && (
          <form onSubmit={submitPassword} aria-describedby={described}>
            <h1>{t('login.title')}</h1>
            <label>
              {t('login.username')}
              <input name="username" autoComplete="username" required autoFocus maxLength={64} />
            </label>
            <label>
              {t('login.password')}
              <input name="password" type="password" autoComplete="current-password" required maxLength={128} />
            </label>
            {errorLine}
            <button type="submit" className="primary" disabled={busy}>
              {t('login.submit')}
            </button>
          </form>
        )}
        {step.kind !== 'password' && (
          <form onSubmit={submitCode} aria-describedby={described}>
            <h1>{step.kind === 'enrol' ? t('login.enrolTitle') : t('login.codeTitle')}</h1>
            {step.kind === 'enrol' ? (
              <>
                <p>{t('login.enrolIntro')}</p>
                <QrImage uri={step.uri} />
                <p className="login-secret">
                  {t('login.secret')}: <code>{step.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
                </p>
              </>
            ) : (
              <p>{t('login.codeIntro')}</p>
            )}
            <label>
              {t('login.code')}
              <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" maxLength={7} required autoFocus />
            </label>
            {errorLine}
            <button type="submit" className="primary" disabled={busy}>
              {t('login.verify')}
            </button>
            {step.kind === 'enrol' && step.skippable && (
              <button type="button" className="link" onClick={skip} disabled={busy}>
                {t('login.skip')}
              </button>
            )}
            <button type="button" className="link" onClick={() => (setStep({ kind: 'password' }), setError(''))}>
              {t('login.back')}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
