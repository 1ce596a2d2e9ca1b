import { AlertIcon } from '../shared/ui/icons';
import { siteErrorText } from '../lib/messages';
import { useT } from '../i18n/use-t';

/** Shown instead of the site when startup fails or the site's theme is invalid (docs/product.md §4). */
export function SiteErrorPage({ message }: { message: string }) {
  const { t } = useT();
  const text = siteErrorText(message, t);
  return (
    <main id="main" className="status-page" data-error={message}>
      <div className="status-page__icon">
        <AlertIcon />
      </div>
      <h1>{text.title}</h1>
      <p>{text.detail}</p>
      <p className="status-page__code">
        <code>{message}</code>
      </p>
    </main>
  );
}
