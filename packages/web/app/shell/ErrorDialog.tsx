import { SHELL_TEXTS } from '../lib/messages';
import { useErrorDialogText } from '../client/errors';
import { Dialog, closeModal } from '../client/modals';

/** The error dialog of spec §8, opened by the global error handler. */
export function ErrorDialog() {
  const text = useErrorDialogText();
  return (
    <Dialog name="error" title={SHELL_TEXTS.errorTitle} className="dialog--error">
      <p className="error-dialog__text">{text || SHELL_TEXTS.unknownError}</p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--primary" onClick={closeModal}>
          {SHELL_TEXTS.ok}
        </button>
      </div>
    </Dialog>
  );
}
