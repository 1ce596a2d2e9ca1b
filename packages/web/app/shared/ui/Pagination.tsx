import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paginationModel, type PageTarget, type PaginationInput } from './pagination';
import { useT } from '../../i18n/use-t';

type PaginationProps = PaginationInput & {
  /** Button mode: called with the page chosen. */
  onPage?: (page: number) => void;
  label?: string;
};

/**
 * The pagination widget (docs/product.md §5, §9): previous, a jump back, the window of pages, a jump forward
 * and next. Buttons in button mode, links built from linkUrl in link mode. Nothing when there is
 * only one page.
 */
export function Pagination({ onPage, label, ...input }: PaginationProps) {
  const { t } = useT();
  const model = paginationModel(input);
  if (model.pageCount <= 1) return null;

  const control = (target: PageTarget | null, content: ReactNode, name: string, extra = '') => {
    const className = `pagination__control ${extra}`.trim();
    if (!target) {
      return (
        <span className={`${className} pagination__control--off`} aria-hidden="true">
          {content}
        </span>
      );
    }
    if (target.href !== null) {
      return (
        <Link to={target.href} className={className} aria-label={name}>
          {content}
        </Link>
      );
    }
    return (
      <button type="button" className={className} aria-label={name} onClick={() => onPage?.(target.page)}>
        {content}
      </button>
    );
  };

  return (
    <nav className="pagination" aria-label={label ?? t('player.pagination')}>
      <ul className="pagination__list">
        <li>{control(model.previous, <Chevron direction="left" />, t('player.previousPage'))}</li>
        {model.jumpBack ? <li>{control(model.jumpBack, '…', t('player.jumpBack', { pages: model.jumpSize }), 'pagination__jump')}</li> : null}
        {model.pages.map((target) => (
          <li key={target.page}>
            {target.page === model.page ? (
              <span className="pagination__control pagination__control--current" aria-current="page">
                <span className="visually-hidden">{t('player.page', { page: target.page })}</span>
                <span aria-hidden="true">{target.page}</span>
              </span>
            ) : (
              control(target, target.page, t('player.page', { page: target.page }))
            )}
          </li>
        ))}
        {model.jumpForward ? (
          <li>{control(model.jumpForward, '…', t('player.jumpOn', { pages: model.jumpSize }), 'pagination__jump')}</li>
        ) : null}
        <li>{control(model.next, <Chevron direction="right" />, t('player.nextPage'))}</li>
      </ul>
    </nav>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
