import { useSyncExternalStore } from 'react';
import { DEFAULT_TOAST_MS } from '@wl/contracts';
import { useT } from '../i18n/use-t';

export type ToastKind = 'warning' | 'error' | 'info' | 'success';

export interface ToastInput {
  kind: ToastKind;
  title: string;
  text?: string;
  /** How long the toast stays; DEFAULT_TOAST_MS when left out. */
  durationMs?: number;
  /** Whether the toast has a dismiss button (docs/product.md §8: the error handler's toast mode has none). */
  closable?: boolean;
}

export interface Toast extends Required<Omit<ToastInput, 'text'>> {
  id: number;
  text: string | undefined;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
const NONE: readonly Toast[] = [];

function set(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows a toast at the bottom right for its duration; answers its id. */
export function showToast(input: ToastInput): number {
  const toast: Toast = {
    id: nextId++,
    kind: input.kind,
    title: input.title,
    text: input.text,
    durationMs: input.durationMs ?? DEFAULT_TOAST_MS,
    closable: input.closable ?? true,
  };
  set([...toasts, toast]);
  timers.set(
    toast.id,
    setTimeout(() => dismissToast(toast.id), toast.durationMs),
  );
  return toast.id;
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  if (toasts.some((toast) => toast.id === id)) set(toasts.filter((toast) => toast.id !== id));
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, getToasts, () => NONE);
}

const ICONS: Record<ToastKind, string> = {
  success: 'M5 12.5l4.5 4.5L19 7.5',
  info: 'M12 11v6M12 7.5v.5',
  warning: 'M12 8v5M12 16.5v.5',
  error: 'M8 8l8 8M16 8l-8 8',
};

/**
 * The toasts, bottom right. Errors and warnings are announced assertively, the others politely;
 * the live regions exist from the first render so that screen readers pick up what is added.
 */
export function ToastRegion() {
  const { t } = useT();
  const list = useToasts();
  const urgent = list.filter((toast) => toast.kind === 'error' || toast.kind === 'warning');
  const calm = list.filter((toast) => toast.kind === 'info' || toast.kind === 'success');
  return (
    <section className="toasts" aria-label={t('shell.notifications')}>
      <div className="toasts__group" role="alert" aria-live="assertive">
        {urgent.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
      <div className="toasts__group" role="status" aria-live="polite">
        {calm.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useT();
  return (
    <div className={`toast toast--${toast.kind}`} data-kind={toast.kind} style={{ ['--toast-ms' as string]: `${toast.durationMs}ms` }}>
      <svg className="toast__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10.5" fill="currentColor" opacity="0.18" />
        <path d={ICONS[toast.kind]} stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" fill="none" />
      </svg>
      <div className="toast__content">
        <p className="toast__title">{toast.title}</p>
        {toast.text ? <p className="toast__text">{toast.text}</p> : null}
      </div>
      {toast.closable ? (
        <button type="button" className="toast__close" aria-label={t('shell.dismissToast')} onClick={() => dismissToast(toast.id)}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}
