import { Dialog } from '../client/modals';
import { useDateFormat } from '../i18n/dates';
import { ANNOUNCEMENT_DATE } from './announcement-date';
import { useLayout } from './layout-store';
import { useT } from '../i18n/use-t';

/**
 * The announcement modal (opened once per visit by site-content.ts). Announcements are plain
 * text with kept line breaks (the API's contract), so they are rendered as text, never as HTML.
 */
export function AnnouncementDialog() {
  const { t } = useT();
  const announcements = useLayout((layout) => layout.announcements);
  const dates = useDateFormat(ANNOUNCEMENT_DATE);
  const title = announcements.length > 1 ? t('floating.announcementsTitle') : t('floating.announcementTitle');
  return (
    <Dialog name="announcement" title={title} className="announcement-dialog">
      <div className="announcement-list">
        {announcements.map((item) => (
          <article key={item.id} className="announcement">
            <h3 className="announcement__title">{item.title}</h3>
            <time className="announcement__date" dateTime={item.created_at}>
              {dates.format(new Date(item.created_at))}
            </time>
            <p className="announcement__body">{item.body}</p>
          </article>
        ))}
      </div>
    </Dialog>
  );
}
