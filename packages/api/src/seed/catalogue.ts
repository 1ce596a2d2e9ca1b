import type { GameCategory } from '@wl/contracts';

/** The demo catalogue's providers: code, slug, name and the categories they offer. */
export const DEMO_PROVIDERS: { code: string; slug: string; name: string; categories: GameCategory[] }[] = [
  { code: 'PG', slug: 'pgsoft', name: 'PG Soft', categories: ['slots'] },
  { code: 'PP', slug: 'pragmatic-play', name: 'Pragmatic Play', categories: ['slots', 'livecasino'] },
  { code: 'JILI', slug: 'jili', name: 'JILI', categories: ['slots', 'fish', 'table', 'crash'] },
  { code: 'EVO', slug: 'evolution', name: 'Evolution', categories: ['livecasino'] },
  { code: 'SEXY', slug: 'ae-sexy', name: 'AE Sexy', categories: ['livecasino'] },
  { code: 'SA', slug: 'sa-gaming', name: 'SA Gaming', categories: ['livecasino'] },
  { code: 'DG', slug: 'dream-gaming', name: 'Dream Gaming', categories: ['livecasino'] },
  { code: 'WM', slug: 'wm-casino', name: 'WM Casino', categories: ['livecasino'] },
  { code: 'AG', slug: 'asia-gaming', name: 'Asia Gaming', categories: ['livecasino', 'fish'] },
  { code: 'EVOPLAY', slug: 'evoplay', name: 'Evoplay', categories: ['slots', 'arcade'] },
  { code: 'HB', slug: 'habanero', name: 'Habanero', categories: ['slots'] },
  { code: 'JDB', slug: 'jdb', name: 'JDB', categories: ['slots', 'fish', 'arcade'] },
  { code: 'CQ9', slug: 'cq9', name: 'CQ9', categories: ['slots', 'fish'] },
  { code: 'FC', slug: 'fa-chai', name: 'Fa Chai', categories: ['slots', 'fish'] },
  { code: 'KA', slug: 'ka-gaming', name: 'KA Gaming', categories: ['slots', 'fish'] },
  { code: 'SG', slug: 'spadegaming', name: 'Spadegaming', categories: ['slots', 'fish', 'arcade'] },
  { code: 'RT', slug: 'red-tiger', name: 'Red Tiger', categories: ['slots'] },
  { code: 'NETENT', slug: 'netent', name: 'NetEnt', categories: ['slots'] },
  { code: 'PNG', slug: 'play-n-go', name: "Play'n GO", categories: ['slots'] },
  { code: 'MG', slug: 'microgaming', name: 'Microgaming', categories: ['slots', 'livecasino'] },
  { code: 'BTG', slug: 'big-time-gaming', name: 'Big Time Gaming', categories: ['slots'] },
  { code: 'NLC', slug: 'nolimit-city', name: 'Nolimit City', categories: ['slots'] },
  { code: 'HACKSAW', slug: 'hacksaw', name: 'Hacksaw Gaming', categories: ['slots', 'arcade'] },
  { code: 'RELAX', slug: 'relax-gaming', name: 'Relax Gaming', categories: ['slots'] },
  { code: 'YGG', slug: 'yggdrasil', name: 'Yggdrasil', categories: ['slots'] },
  { code: 'BNG', slug: 'booongo', name: 'Booongo', categories: ['slots'] },
  { code: 'PS', slug: 'playstar', name: 'PlayStar', categories: ['slots', 'fish'] },
  { code: 'JOKER', slug: 'joker', name: 'Joker Gaming', categories: ['slots', 'fish'] },
  { code: 'PT', slug: 'playtech', name: 'Playtech', categories: ['slots', 'livecasino'] },
  { code: 'BG', slug: 'big-gaming', name: 'Big Gaming', categories: ['livecasino', 'fish'] },
  { code: 'AB', slug: 'allbet', name: 'Allbet', categories: ['livecasino'] },
  { code: 'EZUGI', slug: 'ezugi', name: 'Ezugi', categories: ['livecasino'] },
  { code: 'SBO', slug: 'sbobet', name: 'SBOBET', categories: ['sportsbook'] },
  { code: 'WBET', slug: 'wbet', name: 'WBET', categories: ['sportsbook'] },
  { code: 'EPW', slug: 'epw', name: 'EPW', categories: ['sportsbook', 'lottery'] },
  { code: 'CMD', slug: 'cmd368', name: 'CMD368', categories: ['sportsbook'] },
  { code: 'SABA', slug: 'saba-sports', name: 'SABA Sports', categories: ['sportsbook'] },
  { code: 'BTI', slug: 'bti', name: 'BTi Sports', categories: ['sportsbook'] },
  { code: 'KM', slug: 'king-maker', name: 'King Maker', categories: ['table', 'arcade'] },
  { code: 'SV388', slug: 'sv388', name: 'SV388', categories: ['sabong'] },
  { code: 'WS168', slug: 'ws168', name: 'WS168', categories: ['sabong'] },
  { code: 'TCG', slug: 'tcg-lottery', name: 'TCG Lottery', categories: ['lottery'] },
  { code: 'GW', slug: 'gameworks', name: 'GameWorks', categories: ['lottery', 'bingo'] },
  { code: 'SPRIBE', slug: 'spribe', name: 'Spribe', categories: ['crash', 'arcade'] },
  { code: 'SMARTSOFT', slug: 'smartsoft', name: 'SmartSoft', categories: ['crash'] },
  { code: 'HASH', slug: 'hash-gaming', name: 'Hash Gaming', categories: ['hashgame'] },
  { code: 'YB', slug: 'yeebet', name: 'Yeebet', categories: ['livecasino', 'hashgame'] },
  { code: 'V8', slug: 'v8-poker', name: 'V8 Poker', categories: ['table'] },
  { code: 'KY', slug: 'kaiyuan', name: 'Kaiyuan', categories: ['table'] },
  { code: 'BINGOPLUS', slug: 'bingo-plus', name: 'Bingo Plus', categories: ['bingo'] },
  { code: 'RACE', slug: 'race-day', name: 'Race Day', categories: ['horseracing'] },
  { code: 'DERBY', slug: 'derby-live', name: 'Derby Live', categories: ['horseracing'] },
];

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
  crash: [['Aviator', 'JetX', 'Rocket', 'Space', 'Balloon', 'Crash'], ['', 'Plus', 'Man', 'XY', 'Pilot', 'Go']],
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
  return games;
}
