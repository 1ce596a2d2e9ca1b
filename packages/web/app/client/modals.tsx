import { useEffect, useId, useRef, useSyncExternalStore, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import { useT } from '../i18n/use-t';

export type ModalName = 'login' | 'signIn' | 'error' | 'announcement' | 'partners' | 'realityCheck';

/** docs/product.md §3 modal state: the open modal, the one it replaced, and the modals opened since the last close. */
export interface ModalState {
  current: ModalName | null;
  previous: ModalName | null;
  /** Oldest first; the last entry is the open modal. Empty when none is open. */
  stack: ModalName[];
}

const CLOSED: ModalState = Object.freeze({ current: null, previous: null, stack: [] as ModalName[] }) as ModalState;

let state: ModalState = CLOSED;
/** Where focus returns when the last modal closes: the element that opened the first one. */
let opener: HTMLElement | null = null;
const listeners = new Set<() => void>();

function set(next: ModalState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getModalState(): ModalState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** docs/product.md §4: opening a modal closes any open one first and keeps the stack with the previous modal. */
export function openModal(name: ModalName): void {
  if (state.current === name) return;
  if (!state.current && typeof document !== 'undefined' && document.activeElement instanceof HTMLElement) {
    opener = document.activeElement;
  }
  set({ current: name, previous: state.current, stack: [...state.stack, name] });
}

/** docs/product.md §4: closing clears the stack. */
export function closeModal(): void {
  if (!state.current && !state.stack.length) return;
  set(CLOSED);
  const target = opener;
  opener = null;
  // After React has removed the dialog; the opener may have gone with a page change.
  if (target) queueMicrotask(() => target.isConnected && target.focus());
}

export function useModals(): ModalState & { open(name: ModalName): void; close(): void } {
  const snapshot = useSyncExternalStore(subscribe, getModalState, () => CLOSED);
  return { ...snapshot, open: openModal, close: closeModal };
}

/**
 * An accessible modal dialog, rendered only while it is the open modal: a native <dialog> opened
 * with showModal() (the page behind is inert, focus stays inside), labelled by its title; Escape,
 * the close button and a click on the backdrop close it through the manager.
 */
export function Dialog({
  name,
  title,
  className,
  children,
}: {
  name: ModalName;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const { current } = useModals();
  if (current !== name) return null;
  return (
    <OpenDialog name={name} title={title} className={className}>
      {children}
    </OpenDialog>
  );
}

function OpenDialog({ name, title, className, children }: { name: ModalName; title: ReactNode; className?: string | undefined; children: ReactNode }) {
  const { t } = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    // In a task of its own, after the one that rendered the dialog: opening a modal restyles the
    // whole page behind it (it becomes inert), some 20 to 40 ms on a phone, and the two together
    // made one long task that held up the phone's next input.
    const opening = setTimeout(() => {
      if (dialog && dialog.isConnected && !dialog.open) dialog.showModal();
    });
    return () => {
      clearTimeout(opening);
      if (dialog?.open) dialog.close();
    };
  }, []);

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // Escape: the manager closes, so its state and the dialog never disagree.
    event.preventDefault();
    closeModal();
  };
  const onClose = () => {
    // Closed by the browser itself (a form with method="dialog"): tell the manager.
    if (getModalState().current === name) closeModal();
  };
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    // The dialog element itself is only hit on its backdrop: its panel fills it.
    if (event.target === event.currentTarget) closeModal();
  };

  return (
    // The native dialog handles Escape (cancel) and focus; the click only adds backdrop closing.
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={titleId}
      data-modal={name}
      onCancel={onCancel}
      onClose={onClose}
      onClick={onClick}
    >
      <div className="dialog__panel">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <div className="dialog__body">{children}</div>
        {/* Last in the DOM so that opening focuses the dialog's first field, not this button. */}
        <button type="button" className="dialog__close" aria-label={t('shell.closeDialog')} onClick={closeModal}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </dialog>
  );
}
