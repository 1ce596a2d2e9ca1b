import { PROVIDERS, type GameCategory, type ProviderCode, type ProviderEntry } from '@wl/contracts';

/**
 * The categories each provider of the contracts' PROVIDERS offers in the demo catalogue. A
 * Record over every code, so a provider added to the contracts cannot be left out of the demo.
 */
const DEMO_CATEGORIES: Record<ProviderCode, GameCategory[]> = {
  PG: ['slots'],
  PP: ['slots', 'livecasino'],
  JILI: ['slots', 'fish', 'table', 'crash'],
  EVO: ['livecasino'],
  SEXY: ['livecasino'],
  SA: ['livecasino'],
  DG: ['livecasino'],
  WM: ['livecasino'],
  AG: ['livecasino', 'fish'],
  EVOPLAY: ['slots', 'arcade'],
  HB: ['slots'],
  JDB: ['slots', 'fish', 'arcade'],
  CQ9: ['slots', 'fish'],
  FC: ['slots', 'fish'],
  KA: ['slots', 'fish'],
  SG: ['slots', 'fish', 'arcade'],
  RT: ['slots'],
  NETENT: ['slots'],
  PNG: ['slots'],
  MG: ['slots', 'livecasino'],
  BTG: ['slots'],
  NLC: ['slots'],
  HACKSAW: ['slots', 'arcade'],
  RELAX: ['slots'],
  YGG: ['slots'],
  BNG: ['slots'],
  PS: ['slots', 'fish'],
  JOKER: ['slots', 'fish'],
  PT: ['slots', 'livecasino'],
  BG: ['livecasino', 'fish'],
  AB: ['livecasino'],
  EZUGI: ['livecasino'],
  SBO: ['sportsbook'],
  WBET: ['sportsbook'],
  EPW: ['sportsbook', 'lottery'],
  CMD: ['sportsbook'],
  SABA: ['sportsbook'],
  BTI: ['sportsbook'],
  KM: ['table', 'arcade'],
  SV388: ['sabong'],
  WS168: ['sabong'],
  TCG: ['lottery'],
  GW: ['lottery', 'bingo'],
  SPRIBE: ['crash', 'arcade'],
  SMARTSOFT: ['crash'],
  HASH: ['hashgame'],
  YB: ['livecasino', 'hashgame'],
  V8: ['table'],
  KY: ['table'],
  BINGOPLUS: ['bingo'],
  RACE: ['horseracing'],
  DERBY: ['horseracing'],
  HOUSE: ['slots', 'crash', 'hashgame', 'arcade', 'table', 'lottery'],
};

/**
 * The house studio's games (packages/house-games): real games, listed under their own names and
 * codes rather than made-up ones, and on every home list, since they are the demo's playable games.
 */
const HOUSE_DEMO_GAMES: readonly { gameCode: string; gameName: string; gameType: GameCategory }[] = [
  { gameCode: 'HASH-PARITY', gameName: 'Hash Parity', gameType: 'hashgame' },
  { gameCode: 'MINES', gameName: 'Mines', gameType: 'arcade' },
  { gameCode: 'ROULETTE', gameName: 'European Roulette', gameType: 'table' },
  { gameCode: 'KENO', gameName: 'Keno 40', gameType: 'lottery' },
  { gameCode: 'LANTERNS', gameName: 'Lucky Lanterns', gameType: 'slots' },
  { gameCode: 'ROCKET', gameName: 'Rocket', gameType: 'crash' },
];

/** The demo catalogue's providers: code, slug and name from the contracts, and the categories they offer. */
export const DEMO_PROVIDERS: (ProviderEntry & { categories: GameCategory[] })[] = PROVIDERS.map((provider) => ({
  ...provider,
  categories: DEMO_CATEGORIES[provider.code],
}));

/** Words the demo game names are made of, per category. */
const NAME_PARTS: Record<GameCategory, [string[], string[]]> = {
  slots: [
    ['Mahjong', 'Fortune', 'Golden', 'Lucky', 'Dragon', 'Sweet', 'Wild', 'Treasure', 'Gates of', 'Super', 'Aztec', 'Pharaoh'],
    ['Ways', 'Tiger', 'Bonanza', 'Empire', 'Riches', 'Koi', 'Gems', 'Olympus', 'Panda', 'Temple', 'Phoenix', 'Gold'],
  ],
  livecasino: [
    ['Speed', 'Lightning', 'VIP', 'Classic', 'Golden', 'Royal', 'Mega', 'Squeeze', 'Dragon'],
    ['Baccarat', 'Roulette', 'Blackjack', 'Sic Bo', 'Dragon Tiger', 'Fan Tan', 'Poker', 'Wheel'],
  ],
  hashgame: [['Hash', 'Block', 'Chain', 'Lucky'], ['Odd Even', 'Big Small', 'Niu Niu', 'Baccarat', 'Banker']],
  sportsbook: [['Live', 'Pre-match', 'Virtual', 'E-'], ['Football', 'Basketball', 'Sports', 'Tennis', 'Esports']],
  fish: [['Ocean', 'Royal', 'Dragon', 'Golden', 'Mega', 'Happy'], ['Fishing', 'Hunter', 'King', 'Shark', 'Catch']],
  table: [['Texas', 'Teen Patti', 'Rummy', 'Andar', 'Pai Gow', 'Blackjack'], ['Hold\'em', 'Classic', 'Pro', 'Bahar', 'Poker', '21']],
  sabong: [['Derby', 'Champion', 'Arena', 'Live'], ['Sabong', 'Cockfight', 'Pit', 'Battle']],
  lottery: [['Lucky', 'Fast', 'Mega', 'Daily', 'Super'], ['Lotto', 'Keno', '4D', 'Pick 3', 'Jackpot']],
  horseracing: [['Royal', 'Grand', 'Derby', 'Virtual', 'Night'], ['Racing', 'Cup', 'Stakes', 'Gallop', 'Sprint']],
  bingo: [['Bingo', 'Lucky', 'Pop', 'Color', 'Super'], ['Blast', 'Party', '75', '90', 'Rush']],
  arcade: [['Plinko', 'Mines', 'Dice', 'Tower', 'Goal', 'Hi-Lo'], ['X', 'Rush', 'Deluxe', 'Pro', 'Mania']],
  // No "Rocket": that is the house studio's crash game.
  crash: [['Aviator', 'JetX', 'Comet', 'Space', 'Balloon', 'Crash'], ['', 'Plus', 'Man', 'XY', 'Pilot', 'Go']],
};

export interface DemoGame {
  providerCode: string;
  gameCode: string;
  gameName: string;
  gameType: GameCategory;
  categories: GameCategory[];
  hot: boolean;
  featured: boolean;
  popular: boolean;
  isNew: boolean;
  sortOrder: number;
}

/** A deterministic demo catalogue: a few games per provider and category. */
export function demoGames(): DemoGame[] {
  const games: DemoGame[] = [];
  DEMO_PROVIDERS.forEach((provider, p) => {
    if (provider.code === 'HOUSE') return;
    for (const category of provider.categories) {
      const [first, second] = NAME_PARTS[category];
      const count = category === 'slots' ? 8 : category === 'livecasino' ? 5 : 4;
      const seen = new Set<string>();
      for (let i = 0; i < count; i++) {
        const name = `${first[(p * 3 + i) % first.length]} ${second[(p * 5 + i * 7) % second.length]}`.trim();
        if (seen.has(name)) continue;
        seen.add(name);
        const index = games.length;
        games.push({
          providerCode: provider.code,
          gameCode: `${provider.code}-${category}-${i + 1}`.toUpperCase(),
          gameName: name,
          gameType: category,
          categories: [category],
          hot: index % 7 === 0,
          featured: index % 11 === 3,
          popular: index % 9 === 5,
          isNew: index % 13 === 1,
          sortOrder: i,
        });
      }
    }
  });
  // Last, so the made-up games keep the flags they had before the studio came.
  HOUSE_DEMO_GAMES.forEach((game, index) => {
    games.push({ ...game, providerCode: 'HOUSE', categories: [game.gameType], hot: true, featured: true, popular: true, isNew: true, sortOrder: index });
  });
  return games;
}
