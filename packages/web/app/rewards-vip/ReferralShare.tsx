import { useId } from 'react';
import type { ReferralInfoReply } from '@wl/contracts';
import { showToast } from '../client/toasts';
import { formatCount } from '../shared/format/numbers';
import { Icon } from '../shared/ui/icons';
import { useDateFormat } from '../i18n/dates';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';
import { copyText } from '../shared/ui/copy-text';
import { RevalidateNote } from '../shared/data/DataGate';
import type { Loaded } from '../shared/data/loaded';
import { sessionLoader } from '../shared/data/session-loader';
import { ReferralQr } from './ReferralQr';

const JOINED_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/** The session's player's referral_info, for a route's clientLoader (ADR 0058); `guest` without a player. */
export function loadReferralInfo(signal: AbortSignal): Promise<Loaded<ReferralInfoReply>> {
  return sessionLoader('referralInfo', {}, { signal });
}

/**
 * The registration link that carries the code: /register?ref=CODE in the player's language. The
 * register form reads `ref` (client/tracking.ts campaignOf) and fills the referrer code in, and a
 * landing with it is kept for a later signup too.
 */
export function shareLinkOf(origin: string, registerPath: string, code: string): string {
  const url = new URL(registerPath, origin);
  url.searchParams.set('ref', code);
  return url.href;
}

/**
 * The player's referral card on /referral: the code, the share link with copy buttons, its QR code
 * and who joined, from the route's loaded referral_info (loadReferralInfo); null, or guest for a
 * player who has just logged in, while it loads. A failure's retry loads the route again.
 */
export function ReferralShare({ info }: { info: Loaded<ReferralInfoReply> | null }) {
  const { t } = useT();
  const loading = !info || info.kind === 'guest';

  return (
    <section className="player-card referral-share" aria-labelledby="referral-code-title" aria-busy={loading}>
      <h2 id="referral-code-title" className="player-card__title">
        <Icon name="referral" size={20} />
        {t('referral.codeTitle')}
      </h2>
      {info?.kind === 'ready' ? (
        <ShareDetails info={info.value} />
      ) : loading ? (
        <p className="player-card__note">{t('referral.loading')}</p>
      ) : (
        <RevalidateNote text={t('referral.failed')} retryLabel={t('referral.retry')} />
      )}
    </section>
  );
}

function ShareDetails({ info }: { info: ReferralInfoReply }) {
  const { t } = useT();
  const { to } = useLocale();
  const linkId = useId();
  const hintId = useId();
  const link = shareLinkOf(window.location.origin, to('/register'), info.referral_code);

  const copy = async (text: string, copied: string) => {
    if (await copyText(text)) {
      showToast({ kind: 'success', title: copied });
      return;
    }
    // Nothing copied: the link stays selected in its field for the player to copy by hand.
    const field = document.getElementById(linkId);
    if (field instanceof HTMLInputElement && text === link) field.select();
    showToast({ kind: 'error', title: t('referral.copyFailed'), text: t('referral.copyFailedText') });
  };

  return (
    <div className="referral-share__body">
      <div className="referral-share__main">
        <div className="referral-code">
          <p className="referral-code__label">{t('referral.codeLabel')}</p>
          <p className="referral-code__value" data-testid="referral-code">
            {info.referral_code}
          </p>
          <button type="button" className="btn btn--primary referral-code__copy" data-testid="copy-code" onClick={() => void copy(info.referral_code, t('referral.codeCopied'))}>
            <Icon name="copy" size={18} />
            {t('referral.copyCode')}
          </button>
        </div>

        <div className="referral-link">
          <label htmlFor={linkId} className="referral-link__label">
            {t('referral.linkLabel')}
          </label>
          <div className="referral-link__row">
            <input
              id={linkId}
              className="referral-link__input"
              type="text"
              readOnly
              value={link}
              aria-describedby={hintId}
              data-testid="referral-link"
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className="btn btn--ghost referral-link__copy" data-testid="copy-link" onClick={() => void copy(link, t('referral.linkCopied'))}>
              {t('referral.copyLink')}
            </button>
          </div>
          <p id={hintId} className="referral-link__hint">
            {t('referral.linkHint')}
          </p>
        </div>
      </div>

      <figure className="referral-qr">
        <ReferralQr link={link} label={t('referral.qrLabel')} />
        <figcaption className="referral-qr__caption">{t('referral.qrCaption')}</figcaption>
      </figure>

      <Joined info={info} />
    </div>
  );
}

function Joined({ info }: { info: ReferralInfoReply }) {
  const { t } = useT();
  const dates = useDateFormat(JOINED_DATE);
  return (
    <div className="referral-joined">
      <p className="referral-joined__stat">
        <span className="referral-joined__count" data-testid="referral-joined">
          {formatCount(info.joined_count)}
        </span>
        <span className="referral-joined__label">{t('referral.joinedLabel')}</span>
      </p>
      {info.joined_count === 0 ? <p className="referral-joined__none">{t('referral.joinedNone')}</p> : null}
      {info.latest.length ? (
        <>
          <h3 className="referral-joined__title">{t('referral.latestTitle')}</h3>
          <ul className="referral-joined__list">
            {info.latest.map((row, index) => (
              <li key={`${row.account_id}-${index}`}>
                <span className="referral-joined__id">{row.account_id}</span>
                <time dateTime={row.joined_at}>{t('referral.joinedOn', { date: dates.format(new Date(row.joined_at)) })}</time>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** Two overlapping sheets: the usual copy sign (the site's icon set has none). */
