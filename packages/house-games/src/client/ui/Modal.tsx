import { useEffect, useRef, type ReactNode } from 'react';

/** A modal dialog (the browser's <dialog>: focus kept inside, Escape closes). */
export function Modal(props: { title: string; closeLabel: string; onClose(): void; children: ReactNode; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const { onClose } = props;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    const closed = () => onClose();
    dialog.addEventListener('close', closed);
    return () => dialog.removeEventListener('close', closed);
  }, [onClose]);
  return (
    <dialog ref={ref} className={`hg-modal${props.wide ? ' hg-modal--wide' : ''}`} aria-label={props.title}>
      <header className="hg-modal__head">
        <h2>{props.title}</h2>
        <button type="button" className="hg-icon-button" aria-label={props.closeLabel} onClick={() => ref.current?.close()}>
          ✕
        </button>
      </header>
      <div className="hg-modal__body">{props.children}</div>
    </dialog>
  );
}
