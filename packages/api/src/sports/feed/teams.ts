/**
 * National teams with their names in every language of the sites and a fixed strength (0–100):
 * the demo's fixtures and the simulated feed's (ADR 0035) are played between them.
 */

export type TeamLang = 'php' | 'cn' | 'esp' | 'rus' | 'vi' | 'ms' | 'ne' | 'ct';

/** English name, then the name in php, cn, esp, rus, vi, ms, ne, ct, and a strength 0–100. */
export type Country = [en: string, names: Record<TeamLang, string>, strength: number];

const c = (en: string, strength: number, names: [string, string, string, string, string, string, string, string]): Country => {
  const [php, cn, esp, rus, vi, ms, ne, ct] = names;
  return [en, { php, cn, esp, rus, vi, ms, ne, ct }, strength];
};

export const COUNTRIES: Record<string, Country> = {
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

