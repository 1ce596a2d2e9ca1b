/**
 * The demo odds feed: national teams (their names exist in every language), football,
 * basketball and tennis, with 1X2, handicap and over/under odds derived from a fixed strength
 * per team, so every run seeds the same prices.
 */

type Lang = 'php' | 'cn' | 'esp' | 'rus' | 'vi' | 'ms' | 'ne' | 'ct';

/** English name, then the name in php, cn, esp, rus, vi, ms, ne, ct, and a strength 0–100. */
type Country = [en: string, names: Record<Lang, string>, strength: number];

const c = (en: string, strength: number, names: [string, string, string, string, string, string, string, string]): Country => {
  const [php, cn, esp, rus, vi, ms, ne, ct] = names;
  return [en, { php, cn, esp, rus, vi, ms, ne, ct }, strength];
};

const COUNTRIES: Record<string, Country> = {
  BRA: c('Brazil', 90, ['Brazil', '巴西', 'Brasil', 'Бразилия', 'Brazil', 'Brazil', 'ब्राजिल', '巴西']),
  ARG: c('Argentina', 92, ['Argentina', '阿根廷', 'Argentina', 'Аргентина', 'Argentina', 'Argentina', 'अर्जेन्टिना', '阿根廷']),
  GER: c('Germany', 84, ['Alemanya', '德国', 'Alemania', 'Германия', 'Đức', 'Jerman', 'जर्मनी', '德國']),
  FRA: c('France', 91, ['Pransiya', '法国', 'Francia', 'Франция', 'Pháp', 'Perancis', 'फ्रान्स', '法國']),
  ESP: c('Spain', 90, ['Espanya', '西班牙', 'España', 'Испания', 'Tây Ban Nha', 'Sepanyol', 'स्पेन', '西班牙']),
  ITA: c('Italy', 83, ['Italya', '意大利', 'Italia', 'Италия', 'Ý', 'Itali', 'इटाली', '義大利']),
  ENG: c('England', 88, ['Inglatera', '英格兰', 'Inglaterra', 'Англия', 'Anh', 'England', 'इङ्ल्यान्ड', '英格蘭']),
  POR: c('Portugal', 87, ['Portugal', '葡萄牙', 'Portugal', 'Португалия', 'Bồ Đào Nha', 'Portugal', 'पोर्चुगल', '葡萄牙']),
  NED: c('Netherlands', 85, ['Netherlands', '荷兰', 'Países Bajos', 'Нидерланды', 'Hà Lan', 'Belanda', 'नेदरल्यान्ड्स', '荷蘭']),
  BEL: c('Belgium', 82, ['Belhika', '比利时', 'Bélgica', 'Бельгия', 'Bỉ', 'Belgium', 'बेल्जियम', '比利時']),
  JPN: c('Japan', 78, ['Hapon', '日本', 'Japón', 'Япония', 'Nhật Bản', 'Jepun', 'जापान', '日本']),
  KOR: c('South Korea', 74, ['Timog Korea', '韩国', 'Corea del Sur', 'Южная Корея', 'Hàn Quốc', 'Korea Selatan', 'दक्षिण कोरिया', '南韓']),
  AUS: c('Australia', 72, ['Australia', '澳大利亚', 'Australia', 'Австралия', 'Úc', 'Australia', 'अस्ट्रेलिया', '澳洲']),
  CHN: c('China', 60, ['Tsina', '中国', 'China', 'Китай', 'Trung Quốc', 'China', 'चीन', '中國']),
  PHI: c('Philippines', 50, ['Pilipinas', '菲律宾', 'Filipinas', 'Филиппины', 'Philippines', 'Filipina', 'फिलिपिन्स', '菲律賓']),
  VIE: c('Vietnam', 58, ['Vietnam', '越南', 'Vietnam', 'Вьетнам', 'Việt Nam', 'Vietnam', 'भियतनाम', '越南']),
  MAS: c('Malaysia', 52, ['Malaysia', '马来西亚', 'Malasia', 'Малайзия', 'Malaysia', 'Malaysia', 'मलेसिया', '馬來西亞']),
  THA: c('Thailand', 56, ['Thailand', '泰国', 'Tailandia', 'Таиланд', 'Thái Lan', 'Thailand', 'थाइल्यान्ड', '泰國']),
  IDN: c('Indonesia', 54, ['Indonesia', '印度尼西亚', 'Indonesia', 'Индонезия', 'Indonesia', 'Indonesia', 'इन्डोनेसिया', '印尼']),
  IND: c('India', 48, ['India', '印度', 'India', 'Индия', 'Ấn Độ', 'India', 'भारत', '印度']),
  URU: c('Uruguay', 82, ['Uruguay', '乌拉圭', 'Uruguay', 'Уругвай', 'Uruguay', 'Uruguay', 'उरुग्वे', '烏拉圭']),
  MEX: c('Mexico', 76, ['Mehiko', '墨西哥', 'México', 'Мексика', 'Mexico', 'Mexico', 'मेक्सिको', '墨西哥']),
  MAR: c('Morocco', 80, ['Morocco', '摩洛哥', 'Marruecos', 'Марокко', 'Ma-rốc', 'Maghribi', 'मोरक्को', '摩洛哥']),
  CRO: c('Croatia', 81, ['Croatia', '克罗地亚', 'Croacia', 'Хорватия', 'Croatia', 'Croatia', 'क्रोएसिया', '克羅埃西亞']),
  USA: c('United States', 95, ['Estados Unidos', '美国', 'Estados Unidos', 'США', 'Mỹ', 'Amerika Syarikat', 'संयुक्त राज्य अमेरिका', '美國']),
  CAN: c('Canada', 84, ['Canada', '加拿大', 'Canadá', 'Канада', 'Canada', 'Kanada', 'क्यानडा', '加拿大']),
  SRB: c('Serbia', 86, ['Serbia', '塞尔维亚', 'Serbia', 'Сербия', 'Serbia', 'Serbia', 'सर्बिया', '塞爾維亞']),
  GRE: c('Greece', 80, ['Gresya', '希腊', 'Grecia', 'Греция', 'Hy Lạp', 'Greece', 'ग्रीस', '希臘']),
  LTU: c('Lithuania', 76, ['Lithuania', '立陶宛', 'Lituania', 'Литва', 'Litva', 'Lithuania', 'लिथुआनिया', '立陶宛']),
  POL: c('Poland', 70, ['Polonya', '波兰', 'Polonia', 'Польша', 'Ba Lan', 'Poland', 'पोल्यान्ड', '波蘭']),
  SUI: c('Switzerland', 79, ['Suwisa', '瑞士', 'Suiza', 'Швейцария', 'Thụy Sĩ', 'Switzerland', 'स्विट्जरल्यान्ड', '瑞士']),
};

type Sport = 'soccer' | 'basketball' | 'tennis';

const LEAGUES: Record<Sport, string> = {
  soccer: 'International Friendlies',
  basketball: 'World Basketball Series',
  tennis: 'World Team Tennis Cup',
};

/** [sport, home, away, status]: live matches started earlier, finished ones are past (and not shown). */
const FIXTURES: [Sport, string, string, 'upcoming' | 'live' | 'finished'][] = [
  ['soccer', 'BRA', 'ARG', 'live'],
  ['soccer', 'GER', 'FRA', 'finished'],
  ['soccer', 'ESP', 'ITA', 'upcoming'],
  ['soccer', 'ENG', 'POR', 'upcoming'],
  ['soccer', 'NED', 'BEL', 'upcoming'],
  ['soccer', 'JPN', 'KOR', 'upcoming'],
  ['soccer', 'AUS', 'CHN', 'upcoming'],
  ['soccer', 'PHI', 'VIE', 'upcoming'],
  ['soccer', 'MAS', 'THA', 'upcoming'],
  ['soccer', 'IDN', 'IND', 'upcoming'],
  ['soccer', 'URU', 'MEX', 'upcoming'],
  ['soccer', 'MAR', 'CRO', 'upcoming'],
  ['basketball', 'USA', 'CAN', 'live'],
  ['basketball', 'SRB', 'GRE', 'finished'],
  ['basketball', 'LTU', 'ESP', 'upcoming'],
  ['basketball', 'PHI', 'JPN', 'upcoming'],
  ['basketball', 'AUS', 'FRA', 'upcoming'],
  ['basketball', 'CHN', 'KOR', 'upcoming'],
  ['basketball', 'GER', 'POL', 'upcoming'],
  ['tennis', 'ITA', 'SUI', 'live'],
  ['tennis', 'ESP', 'CRO', 'upcoming'],
  ['tennis', 'USA', 'AUS', 'upcoming'],
  ['tennis', 'SRB', 'POL', 'upcoming'],
  ['tennis', 'JPN', 'IND', 'upcoming'],
];

export interface DemoOdds {
  betType: '1X2' | 'HDP' | 'OU';
  homeAway: 'home' | 'draw' | 'away' | 'over' | 'under';
  criteria1: string;
  odds: string;
}

export interface DemoMatch {
  sport: Sport;
  league: string;
  startTime: Date;
  status: 'upcoming' | 'live' | 'finished';
  homeTeamName: string;
  awayTeamName: string;
  localNames: Record<string, { home: string; away: string }>;
  homeScore: number | null;
  awayScore: number | null;
  odds: DemoOdds[];
}

/** Decimal odds of a probability with the bookmaker's margin, two decimals, at least 1.01. */
function price(probability: number, margin = 1.06): string {
  return Math.max(1.01, 1 / (probability * margin)).toFixed(2);
}

/** A line rounded to the nearest quarter, as "-0.5", "+1.25"; lines end in .5 or .25/.75 so there is no push. */
function line(value: number): string {
  const quarter = Math.round(value * 4) / 4;
  const half = Number.isInteger(quarter) ? quarter + 0.5 * Math.sign(value || 1) : quarter;
  return `${half > 0 ? '+' : ''}${half}`;
}

function oddsOf(sport: Sport, home: number, away: number): DemoOdds[] {
  const diff = (home - away) / 100; // -0.5 … 0.5
  const odds: DemoOdds[] = [];
  if (sport === 'soccer') {
    const draw = 0.27 - Math.abs(diff) * 0.2;
    const homeWin = (1 - draw) * (0.55 + diff * 1.2);
    const awayWin = 1 - draw - homeWin;
    odds.push(
      { betType: '1X2', homeAway: 'home', criteria1: '', odds: price(homeWin) },
      { betType: '1X2', homeAway: 'draw', criteria1: '', odds: price(draw) },
      { betType: '1X2', homeAway: 'away', criteria1: '', odds: price(awayWin) },
    );
  } else {
    const homeWin = Math.min(0.92, Math.max(0.08, 0.55 + diff * 1.6));
    odds.push(
      { betType: '1X2', homeAway: 'home', criteria1: '', odds: price(homeWin) },
      { betType: '1X2', homeAway: 'away', criteria1: '', odds: price(1 - homeWin) },
    );
  }
  // Handicap of the home side: stronger home teams give goals/points/games.
  const scale = sport === 'soccer' ? 3 : sport === 'basketball' ? 40 : 8;
  const hdp = line(-diff * scale);
  odds.push(
    { betType: 'HDP', homeAway: 'home', criteria1: hdp, odds: price(0.5 - diff * 0.04, 1.04) },
    { betType: 'HDP', homeAway: 'away', criteria1: hdp, odds: price(0.5 + diff * 0.04, 1.04) },
  );
  const total = sport === 'soccer' ? '2.5' : sport === 'basketball' ? String(158.5 + Math.round((home + away) / 4)) : '22.5';
  const over = 0.5 + ((home + away) / 200 - 0.7) * 0.2;
  odds.push(
    { betType: 'OU', homeAway: 'over', criteria1: total, odds: price(over, 1.04) },
    { betType: 'OU', homeAway: 'under', criteria1: total, odds: price(1 - over, 1.04) },
  );
  return odds;
}

const HOUR = 60 * 60 * 1000;

/** The demo matches, timed around `now`: live ones under way, upcoming ones over the next week. */
export function demoMatches(now: Date): DemoMatch[] {
  let upcoming = 0;
  return FIXTURES.map(([sport, homeCode, awayCode, status], index) => {
    const [homeEn, homeNames, homeStrength] = COUNTRIES[homeCode]!;
    const [awayEn, awayNames, awayStrength] = COUNTRIES[awayCode]!;
    const start =
      status === 'live'
        ? new Date(now.getTime() - (35 + index) * 60 * 1000)
        : status === 'finished'
          ? new Date(now.getTime() - (26 + index) * HOUR)
          : new Date(now.getTime() + (2 + upcoming++ * 7) * HOUR);
    const localNames = Object.fromEntries(
      (Object.keys(homeNames) as Lang[]).map((lang) => [lang, { home: homeNames[lang], away: awayNames[lang] }]),
    );
    const scores =
      status === 'upcoming'
        ? { homeScore: null, awayScore: null }
        : sport === 'basketball'
          ? { homeScore: status === 'live' ? 48 : 88, awayScore: status === 'live' ? 45 : 91 }
          : sport === 'tennis'
            ? { homeScore: 1, awayScore: 0 }
            : { homeScore: status === 'live' ? 1 : 2, awayScore: 1 };
    return {
      sport,
      league: LEAGUES[sport],
      startTime: start,
      status,
      homeTeamName: homeEn,
      awayTeamName: awayEn,
      localNames,
      ...scores,
      // Betting on a finished match is closed.
      odds: status === 'finished' ? [] : oddsOf(sport, homeStrength, awayStrength),
    };
  });
}
