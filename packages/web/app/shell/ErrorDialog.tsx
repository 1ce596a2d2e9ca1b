import { useErrorDialogText } from '../client/errors';
import { Dialog, closeModal } from '../client/modals';
import { useT } from '../i18n/use-t';

/** The error dialog of docs/product.md §8, opened by the global error handler. */
export function ErrorDialog() {
  const { t } = useT();
  const text = useErrorDialogText();
  return (
    <Dialog name="error" title={t('shell.errorTitle')} className="dialog--error">
      <p className="error-dialog__text">{text || t('shell.unknownError')}</p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--primary" onClick={closeModal}>
          {t('shell.ok')}
        </button>
      </div>
    </Dialog>
  );
}
