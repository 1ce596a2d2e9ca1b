import type { ReadySite } from '../lib/site-state';
import { useLocale } from '../lib/use-locale';
import { useScreenTitle } from '../i18n/screen-titles';
import type { LobbyData } from './lobby-data';
import { LiveTables } from './LiveTables';
import { LobbySearch } from './LobbySearch';
import { ProviderStrip } from './ProviderStrip';
import { LobbyGrid } from './LobbyGrid';

/**
 * A game lobby: its title, on /casino the live tables, the provider filter and the search, then the
 * grid in the template's tile. Everything works from the URL's query, so without JavaScript too.
 */
export function LobbyView({ state, data }: { state: ReadySite; data: LobbyData }) {
  const { path } = useLocale();
  const screenTitle = useScreenTitle();
  const title = screenTitle(path);
  const { tile } = state.look.config;
  return (
    <section className="lobby" data-category={data.category} aria-labelledby="lobby-title">
      <header className="lobby__head">
        <h1 id="lobby-title" className="screen__title lobby__title">
          {title}
        </h1>
        <LobbySearch query={data.query} label={title} />
      </header>
      {data.liveTables.length ? <LiveTables games={data.liveTables} from={path} /> : null}
      <ProviderStrip providers={data.providers} query={data.query} />
      <LobbyGrid data={data} variant={tile} />
    </section>
  );
}
