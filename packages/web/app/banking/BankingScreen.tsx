import type { ReactNode } from 'react';
import { Icon } from '../shared/ui/icons';
import { useT } from '../i18n/use-t';

/**
 * The frame of /deposit and /withdrawal: the title and lead, the form, and beside it (below on a
 * phone) the latest requests with the safety note. The loading state uses it too (ADR 0058), so the
 * screen keeps its place while its data comes.
 */
export function BankingScreen({ kind, children, side }: { kind: 'deposit' | 'withdrawal'; children: ReactNode; side?: ReactNode }) {
  const { t } = useT();
  return (
    <section className="player-screen banking-screen" aria-labelledby={`${kind}-title`}>
      <header className="player-screen__head">
        <h1 id={`${kind}-title`} className="screen__title">
          {t(kind === 'deposit' ? '_m:deposit' : '_m:withdrawal')}
        </h1>
        <p className="screen__lead">{t(`banking.${kind}.lead`)}</p>
      </header>
      <div className="banking-layout">
        <div className="banking-layout__main">{children}</div>
        {side ? (
          <aside className="banking-layout__side">
            {side}
            <p className="banking-note">
              <Icon name="shield" size={18} />
              {t(`banking.${kind}.safety`)}
            </p>
          </aside>
        ) : null}
      </div>
    </section>
  );
}
