import { useRef } from 'react';
import type { CatalogueGame } from '@wl/contracts';
import { RowArrows, SectionHead } from '../home/GameSection';
import { GameTile } from '../games/GameTile';
import { useT } from '../i18n/use-t';
import { gameKey } from './lobby-data';

/** /casino leads with live casino: a scrolling row of live tables (landscape tiles with the live badge). */
export function LiveTables({ games, from }: { games: CatalogueGame[]; from: string }) {
  const { t } = useT();
  const row = useRef<HTMLUListElement>(null);
  return (
    <section className="lobby-live" aria-labelledby="lobby-live-title" data-testid="live-tables">
      <SectionHead
        id="lobby-live-title"
        title={t('lobby.liveTables')}
        subtitle={t('lobby.liveTablesLead')}
        icon="livecasino"
        controls={<RowArrows target={row} />}
      />
      <ul className="tiles tiles--row" data-tile="landscape" ref={row}>
        {games.map((game, index) => (
          <GameTile key={gameKey(game)} game={game} variant="landscape" eager={index < 4} from={from} />
        ))}
      </ul>
    </section>
  );
}
