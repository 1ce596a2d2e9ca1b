import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ContentKind, OpsContentAnnouncement, OpsContentMarquee, OpsContentSlide } from '@wl/contracts';
import { opsCall, type Failure } from '../lib/api';
import { failureText, t } from '../lib/i18n';
import { Messages } from '../lib/Messages';

/*
 * The Content screen's dialogs (ADR 0052): a row written (new or changed), and the one-step
 * changes of a row (on/off, one place up or down, delete), each with the reason the audit log
 * keeps. The server checks every field again; its field errors are shown beside the fields.
 */

export type ContentRow = OpsContentAnnouncement | OpsContentMarquee | OpsContentSlide;
export type ContentAction = 'switchOn' | 'switchOff' | 'up' | 'down' | 'delete';

/** What a row is called in buttons and dialogs. */
export const nameOf = (row: ContentRow): string => ('text' in row ? row.text : row.title).slice(0, 60);

function ContentDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="review content-dialog" aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <header>
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="quiet" onClick={() => dialog.current?.close()}>
          {t('content.close')}
        </button>
      </header>
      <div className="content-dialog__body">{children}</div>
    </dialog>
  );
}

type FieldErrors = Record<string, string[]>;

/** A field error key in words: a wrong format says what the field takes. */
export function fieldErrorText(field: string, key: string): string {
  const formats: Record<string, string> = { link: 'link', image_url: 'image', title: 'markup', body: 'markup', text: 'markup', reward_amount: 'amount' };
  if (key === 'invalidFormat' && formats[field]) return t(`content.fieldErrors.${formats[field]}`);
  return t(`content.fieldErrors.${key}`, { defaultValue: failureText(key) });
}

/** A field's errors from the server, in words. */
function FieldError({ errors, name, id }: { errors: FieldErrors; name: string; id: string }) {
  const keys = errors[name];
  if (!keys?.length) return null;
  return (
    <span id={id} className="form-error content-field-error">
      {[...new Set(keys)].map((key) => fieldErrorText(name, key)).join(' ')}
    </span>
  );
}

function Reason({ initial, errors }: { initial: string; errors: FieldErrors }) {
  const errorId = useId();
  return (
    <div className="content-field">
      <label>
        {t('content.fields.reason')}
        <textarea
          name="reason"
          rows={2}
          maxLength={500}
          required
          minLength={3}
          defaultValue={initial}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? errorId : undefined}
        />
      </label>
      <FieldError errors={errors} name="reason" id={errorId} />
    </div>
  );
}

const reasonOf = (form: FormData): string => String(form.get('reason') ?? '').trim();

interface EditProps {
  kind: ContentKind;
  site: string;
  row: ContentRow | null;
  lastReason: string;
  onClose: () => void;
  onDone: (notice: string, reason: string) => void;
}

/** A new row of the kind, or a row changed: every field of it, with its on/off state. */
export function EditDialog({ kind, site, row, lastReason, onClose, onDone }: EditProps) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [image, setImage] = useState(row && 'image_url' in row ? row.image_url : '');
  const ids = {
    title: useId(),
    body: useId(),
    imageUrl: useId(),
    link: useId(),
    imageHint: useId(),
    linkHint: useId(),
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const reason = reasonOf(form);
    if (reason.length < 3) return setErrors({ reason: ['tooShort'] });
    const text = (name: string) => String(form.get(name) ?? '');
    const common = {
      site,
      ...(row ? { id: row.id } : {}),
      active: form.get('active') === 'on',
      reason,
    };
    setBusy(true);
    setError('');
    setErrors({});
    const reply =
      kind === 'announcements'
        ? await opsCall('opsAnnouncementSave', {
            ...common,
            title: text('title'),
            body: text('body'),
          })
        : kind === 'marquee'
          ? await opsCall('opsMarqueeSave', { ...common, text: text('text') })
          : await opsCall('opsSlideSave', {
              ...common,
              title: text('title'),
              image_url: text('image_url'),
              link: text('link').trim() || null,
            });
    setBusy(false);
    if (reply.statusCode !== 1) {
      const failed = reply as Failure;
      if (failed.message === 'validationError' && failed.errors) setErrors(failed.errors);
      return setError(failureText(failed.message));
    }
    onDone(t('content.saved'), reason);
  }

  const field = (name: string, id: string, hintId?: string) => ({
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': [errors[name] ? `${id}-error` : '', hintId ?? ''].filter(Boolean).join(' ') || undefined,
  });

  return (
    <ContentDialog title={t(row ? `content.editTitle.${kind}` : `content.add.${kind}`)} onClose={onClose}>
      <form className="content-form" onSubmit={submit} noValidate>
        {kind !== 'marquee' && (
          <div className="content-field">
            <label>
              {t('content.fields.title')}
              <input {...field('title', ids.title)} defaultValue={row && 'title' in row ? row.title : ''} required maxLength={kind === 'slides' ? 200 : 120} />
            </label>
            <FieldError errors={errors} name="title" id={`${ids.title}-error`} />
          </div>
        )}
        {kind === 'announcements' && (
          <div className="content-field">
            <label>
              {t('content.fields.body')}
              <textarea {...field('body', ids.body)} rows={6} defaultValue={row && 'body' in row ? row.body : ''} required maxLength={4000} />
            </label>
            <FieldError errors={errors} name="body" id={`${ids.body}-error`} />
          </div>
        )}
        {kind === 'marquee' && (
          <div className="content-field">
            <label>
              {t('content.fields.text')}
              <textarea {...field('text', ids.body)} rows={3} defaultValue={row && 'text' in row ? row.text : ''} required maxLength={500} />
            </label>
            <FieldError errors={errors} name="text" id={`${ids.body}-error`} />
          </div>
        )}
        {kind === 'slides' && (
          <>
            <div className="content-field">
              <label>
                {t('content.fields.imageUrl')}
                <input
                  {...field('image_url', ids.imageUrl, ids.imageHint)}
                  value={image}
                  onChange={(event) => setImage(event.target.value)}
                  required
                  maxLength={500}
                  spellCheck={false}
                  inputMode="url"
                />
              </label>
              <span id={ids.imageHint} className="sub">
                {t('content.fields.imageHint')}
              </span>
              <FieldError errors={errors} name="image_url" id={`${ids.imageUrl}-error`} />
            </div>
            {/* The console's pages load images of its own origin only (its CSP): the site's own media. */}
            {/^\/api\/media\/[^\s"'<>\\]+$/.test(image.trim()) && (
              <figure className="content-preview">
                <figcaption>{t('content.fields.preview')}</figcaption>
                <img src={image.trim()} alt="" />
              </figure>
            )}
            <div className="content-field">
              <label>
                {t('content.fields.link')}
                <input {...field('link', ids.link, ids.linkHint)} defaultValue={row && 'link' in row ? (row.link ?? '') : ''} maxLength={500} spellCheck={false} inputMode="url" />
              </label>
              <span id={ids.linkHint} className="sub">
                {t('content.fields.linkHint')}
              </span>
              <FieldError errors={errors} name="link" id={`${ids.link}-error`} />
            </div>
          </>
        )}
        <label className="check">
          <input type="checkbox" name="active" defaultChecked={row ? row.active : true} />
          {t('content.fields.active')}
        </label>
        <Reason initial={lastReason} errors={errors} />
        <Messages error={error} />
        <div className="buttons">
          <button type="submit" className="primary" disabled={busy}>
            {t(row ? 'content.save' : 'content.create')}
          </button>
        </div>
      </form>
    </ContentDialog>
  );
}

interface ActionProps {
  kind: ContentKind;
  site: string;
  row: ContentRow;
  action: ContentAction;
  lastReason: string;
  onClose: () => void;
  onDone: (notice: string, reason: string) => void;
}

/** One step on a row, confirmed with a reason. */
export function ActionDialog({ kind, site, row, action, lastReason, onClose, onDone }: ActionProps) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const name = nameOf(row);
  const titles: Record<ContentAction, string> = {
    switchOn: t('content.switchOnOf', { name }),
    switchOff: t('content.switchOffOf', { name }),
    up: t('content.moveUpOf', { name }),
    down: t('content.moveDownOf', { name }),
    delete: t('content.deleteOf', { name }),
  };

  async function run(reason: string) {
    if (action === 'delete') return opsCall('opsContentDelete', { site, kind, id: row.id, reason });
    if (action === 'up' || action === 'down')
      return opsCall('opsContentMove', {
        site,
        kind: kind === 'marquee' ? 'marquee' : 'slides',
        id: row.id,
        direction: action,
        reason,
      });
    const active = action === 'switchOn';
    if ('body' in row)
      return opsCall('opsAnnouncementSave', {
        site,
        id: row.id,
        title: row.title,
        body: row.body,
        active,
        reason,
      });
    if ('text' in row)
      return opsCall('opsMarqueeSave', {
        site,
        id: row.id,
        text: row.text,
        active,
        reason,
      });
    return opsCall('opsSlideSave', {
      site,
      id: row.id,
      title: row.title,
      image_url: row.image_url,
      link: row.link,
      active,
      reason,
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = reasonOf(new FormData(event.currentTarget));
    if (reason.length < 3) return setErrors({ reason: ['tooShort'] });
    setBusy(true);
    setError('');
    setErrors({});
    const reply = await run(reason);
    setBusy(false);
    if (reply.statusCode !== 1) {
      const failed = reply as Failure;
      if (failed.message === 'validationError' && failed.errors) setErrors(failed.errors);
      return setError(failureText(failed.message));
    }
    onDone(t(action === 'delete' ? 'content.deleted' : action === 'up' || action === 'down' ? 'content.moved' : 'content.saved'), reason);
  }

  return (
    <ContentDialog title={titles[action]} onClose={onClose}>
      <form className="content-form" onSubmit={submit} noValidate>
        <p>{t(`content.confirmText.${action}`, { name })}</p>
        <Reason initial={lastReason} errors={errors} />
        <Messages error={error} />
        <div className="buttons">
          <button type="submit" className={action === 'delete' ? 'danger' : 'primary'} disabled={busy}>
            {action === 'delete' ? t('content.delete') : t('content.confirm')}
          </button>
        </div>
      </form>
    </ContentDialog>
  );
}
