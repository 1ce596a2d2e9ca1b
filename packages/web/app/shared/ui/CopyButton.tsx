import { showToast } from '../../client/toasts';
import { Icon } from './icons';
import { useT } from '../../i18n/use-t';
import { copyText } from './copy-text';

/** Copies one detail of a receiving account (its number, its holder's name) and says so. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useT();
  const copy = async () => {
    if (await copyText(value)) showToast({ kind: 'success', title: t('banking.copied', { what: label }) });
    else showToast({ kind: 'error', title: t('banking.copyFailed'), text: value });
  };
  return (
    <button type="button" className="btn btn--ghost banking-copy" onClick={() => void copy()} aria-label={t('banking.copyWhat', { what: label })}>
      <Icon name="copy" size={16} />
      <span aria-hidden="true">{t('banking.copy')}</span>
    </button>
  );
}
