import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useReadySite } from '../shared/hooks/use-ready-site';
import { GamePlayer } from '../play/GamePlayer';
import { gameRefOfQuery } from '../shared/game-links';
import '../styles/play.css';

export { screenMeta as meta } from '../seo/merge-meta';

/**
 * /playnow?provider=…&game=…&from=…[&demo=1]: the game named in the query (routes have no path
 * parameters, docs/product.md §2), full screen. The launch needs the session, which lives in browser
 * storage: it is called from the browser once the guard has let the player in (or, with demo=1, a
 * guest in to play with play money).
 */
export default function PlayNowPage() {
  const site = useReadySite();
  const [search] = useSearchParams();
  const query = search.toString();
  // One reference per query, so the launch runs again only when the game does.
  const ref = useMemo(() => gameRefOfQuery(new URLSearchParams(query)), [query]);
  if (!site) return null;
  return (
    <GamePlayer
      key={ref ? `${ref.provider_code}:${ref.game_code}` : 'none'}
      state={site}
      game={ref ? { provider_code: ref.provider_code, game_code: ref.game_code } : null}
      from={ref?.from ?? null}
      demo={ref?.demo ?? false}
    />
  );
}
