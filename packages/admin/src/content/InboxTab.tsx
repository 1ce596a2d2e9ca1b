import { useId, useState, type FormEvent } from 'react';
import { INBOX_SEGMENTS, REWARD_TYPES, type InboxSegment, type OpsInboxSendReply, type RewardType } from '@wl/contracts';
import { opsCall, type Failure } from '../lib/api';
import { failureText, t } from '../lib/i18n';
import { useMay } from '../shell/session';
import { fieldErrorText } from './ContentDialogs';
import { Messages } from '../lib/Messages';

/*
 * An inbox message to players of the site (issue 25 §3, ADR 0042), over the existing opsInboxSend
 * call: to named accounts or a segment, with an optional reward (which needs money.adjust: the
 * server refuses it otherwise). Each form has a campaign key of its own, so sending the same form
 * twice (a retry) reaches nobody twice; "New message" starts a new form with a new key.
 */

/** A campaign key the contract accepts: console-, the date and a random part. */
function newCampaign(): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `console-${new Date().toISOString().slice(0, 10)}-${random}`;
}

type Counts = Pick<OpsInboxSendReply, 'sent' | 'already_sent' | 'excluded' | 'inactive' | 'not_found'>;

export function InboxTab({ site, siteName }: { site: string; siteName: string }) {
  const mayReward = useMay('money.adjust');
  const [campaign, setCampaign] = useState(newCampaign);
  const [form, setForm] = useState(0);
  const [to, setTo] = useState<'accounts' | 'segment'>('segment');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [counts, setCounts] = useState<Counts | null>(null);
  const ids = {
    accounts: useId(),
    campaign: useId(),
    reward: useId(),
    rewardNote: useId(),
    body: useId(),
  };

  function fresh() {
    setCampaign(newCampaign());
    setForm((value) => value + 1);
    setCounts(null);
    setErrors({});
    setError('');
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const accountIds = text('account_ids')
      .split(/[\s,;]+/)
      .filter(Boolean);
    if (to === 'accounts' && accountIds.length === 0) return setErrors({ account_ids: ['noAccounts'] });
    if (text('reason').length < 3) return setErrors({ reason: ['tooShort'] });
    const amount = mayReward ? text('reward_amount') : '';
    setBusy(true);
    setError('');
    setErrors({});
    const reply = await opsCall('opsInboxSend', {
      site,
      campaign,
      ...(to === 'accounts' ? { account_ids: accountIds } : { segment: text('segment') as InboxSegment }),
      title: text('title'),
      body: String(data.get('body') ?? ''),
      ...(amount
        ? {
            reward_amount: amount,
            reward_type: text('reward_type') as RewardType,
          }
        : {}),
      reason: text('reason'),
    });
    setBusy(false);
    if (reply.statusCode !== 1) {
      const failed = reply as Failure;
      if (failed.message === 'validationError' && failed.errors) setErrors(failed.errors);
      return setError(failureText(failed.message));
    }
    setCounts(reply);
  }

  const fieldError = (name: string) =>
    errors[name]?.length ? (
      <span id={`${ids.body}-${name}`} className="form-error content-field-error">
        {[...new Set(errors[name])].map((key) => (key === 'noAccounts' ? t('content.inbox.noAccounts') : fieldErrorText(name, key))).join(' ')}
      </span>
    ) : null;
  const described = (name: string, hint?: string) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': [errors[name] ? `${ids.body}-${name}` : '', hint ?? ''].filter(Boolean).join(' ') || undefined,
  });

  return (
    <section aria-labelledby="content-inbox-title">
      <div className="content-head">
        <div>
          <h2 id="content-inbox-title">{t('content.tabs.inbox')}</h2>
          <p className="sub">{t('content.inbox.intro')}</p>
        </div>
      </div>
      <form key={form} className="content-form content-inbox" onSubmit={submit} noValidate>
        <fieldset className="content-fieldset">
          <legend>{t('content.inbox.recipients')}</legend>
          <div className="content-choice">
            <label className="check">
              <input type="radio" name="to" value="segment" checked={to === 'segment'} onChange={() => setTo('segment')} />
              {t('content.inbox.toSegment')}
            </label>
            <label className="check">
              <input type="radio" name="to" value="accounts" checked={to === 'accounts'} onChange={() => setTo('accounts')} />
              {t('content.inbox.toAccounts')}
            </label>
          </div>
          {to === 'segment' ? (
            <div className="content-field">
              <label>
                {t('content.inbox.segment')}
                <select name="segment" defaultValue="all" {...described('segment')}>
                  {INBOX_SEGMENTS.map((segment) => (
                    <option key={segment} value={segment}>
                      {t(`content.inbox.segments.${segment}`)}
                    </option>
                  ))}
                </select>
              </label>
              {fieldError('segment')}
            </div>
          ) : (
            <div className="content-field">
              <label>
                {t('content.inbox.accountIds')}
                <textarea name="account_ids" rows={3} spellCheck={false} {...described('account_ids', ids.accounts)} />
              </label>
              <span id={ids.accounts} className="sub">
                {t('content.inbox.accountIdsHint')}
              </span>
              {fieldError('account_ids')}
            </div>
          )}
        </fieldset>
        <div className="content-field">
          <label>
            {t('content.inbox.title')}
            <input name="title" required maxLength={120} {...described('title')} />
          </label>
          {fieldError('title')}
        </div>
        <div className="content-field">
          <label>
            {t('content.inbox.body')}
            <textarea name="body" rows={6} required maxLength={4000} {...described('body', `${ids.body}-hint`)} />
          </label>
          <span id={`${ids.body}-hint`} className="sub">
            {t('content.inbox.bodyHint')}
          </span>
          {fieldError('body')}
        </div>
        <fieldset className="content-fieldset" aria-describedby={mayReward ? ids.reward : ids.rewardNote}>
          <legend>{t('content.inbox.reward')}</legend>
          {mayReward ? (
            <>
              <p id={ids.reward} className="sub">
                {t('content.inbox.rewardHint')}
              </p>
              <div className="content-inline">
                <div className="content-field">
                  <label>
                    {t('content.inbox.amount')}
                    <input name="reward_amount" inputMode="decimal" autoComplete="off" {...described('reward_amount')} />
                  </label>
                  {fieldError('reward_amount')}
                </div>
                <div className="content-field">
                  <label>
                    {t('content.inbox.rewardType')}
                    <select name="reward_type" defaultValue="balance" {...described('reward_type')}>
                      {REWARD_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {t(`content.inbox.rewardTypes.${type}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                  {fieldError('reward_type')}
                </div>
              </div>
            </>
          ) : (
            <p id={ids.rewardNote} className="note">
              {t('content.inbox.rewardNeedsMoney')}
            </p>
          )}
        </fieldset>
        <div className="content-field">
          <label>
            {t('content.inbox.campaign')}
            <input name="campaign" value={campaign} readOnly className="mono" aria-describedby={ids.campaign} />
          </label>
          <span id={ids.campaign} className="sub">
            {t('content.inbox.campaignHint')}
          </span>
        </div>
        <div className="content-field">
          <label>
            {t('content.inbox.reason')}
            <textarea name="reason" rows={2} required minLength={3} maxLength={500} {...described('reason')} />
          </label>
          {fieldError('reason')}
        </div>
        <Messages error={error} />
        <div className="buttons">
          <button type="submit" className="primary" disabled={busy}>
            {busy ? t('content.inbox.sending') : t('content.inbox.send')}
          </button>
          <button type="button" onClick={fresh}>
            {t('content.inbox.newMessage')}
          </button>
        </div>
      </form>
      {counts && (
        <section className="content-result" aria-labelledby="content-inbox-result" role="status">
          <h3 id="content-inbox-result">
            {t('content.inbox.result')} · {siteName}
          </h3>
          <dl className="facts">
            <dt>{t('content.inbox.sent')}</dt>
            <dd data-count="sent">{counts.sent}</dd>
            <dt>{t('content.inbox.alreadySent')}</dt>
            <dd data-count="already_sent">{counts.already_sent}</dd>
            <dt>{t('content.inbox.excluded')}</dt>
            <dd data-count="excluded">{counts.excluded}</dd>
            <dt>{t('content.inbox.inactive')}</dt>
            <dd data-count="inactive">{counts.inactive}</dd>
            <dt>{t('content.inbox.notFound')}</dt>
            <dd data-count="not_found" className="mono content-text">
              {counts.not_found.length ? counts.not_found.join(', ') : t('content.inbox.none')}
            </dd>
          </dl>
        </section>
      )}
    </section>
  );
}
