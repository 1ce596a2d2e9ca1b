import type { LocaleCode } from '@wl/contracts';

/** The pages of the demo SEO records, with their site paths. */
export const SEO_PAGES = {
  home: '/',
  slots: '/slots',
  casino: '/casino',
  sports: '/sports',
  promotions: '/promotions',
} as const;
export type SeoPageName = keyof typeof SEO_PAGES;

/** A page's heading and text in one language: HTML with {site} and {currency} placeholders. */
export interface SeoText {
  itemName: string;
  body: string;
}

/** English meta data of each page: the title's lead, the description and the keywords. */
export const SEO_META: Record<SeoPageName, { title: string; description: string; keywords: string }> = {
  home: {
    title: 'Online Casino, Slots & Sports Betting',
    description: 'Play slots, live casino and sports betting at {site}, with fast deposits and withdrawals in {currency} and 24/7 support.',
    keywords: 'online casino, slots, live casino, sports betting, {site}',
  },
  slots: {
    title: 'Online Slots',
    description: 'Hundreds of slot games from top providers at {site}: jackpots, free spins and new games every week.',
    keywords: 'online slots, slot games, jackpot, free spins, {site}',
  },
  casino: {
    title: 'Live Casino',
    description: 'Baccarat, roulette, blackjack and more with real dealers, streamed live at {site}.',
    keywords: 'live casino, baccarat, roulette, blackjack, live dealer, {site}',
  },
  sports: {
    title: 'Sports Betting',
    description: 'Bet on football, basketball, tennis and more at {site}, with competitive odds and live betting.',
    keywords: 'sports betting, football odds, basketball, tennis, live betting, {site}',
  },
  promotions: {
    title: 'Promotions',
    description: 'Welcome bonuses, daily rewards and VIP offers at {site}. Terms apply.',
    keywords: 'casino bonus, promotions, welcome bonus, VIP, {site}',
  },
};

/** Page headings and texts per locale with messages. */
export const SEO_TEXTS: Partial<Record<LocaleCode, Record<SeoPageName, SeoText>>> = {
  EN: {
    home: { itemName: 'Online Casino and Sports Betting', body: '<p>{site} brings you slots, live casino, sports betting and more, with fast deposits and withdrawals in {currency}.</p>' },
    slots: { itemName: 'Online Slots', body: '<p>Spin hundreds of slot games from top providers at {site}, with jackpots, free spins and new titles every week.</p>' },
    casino: { itemName: 'Live Casino', body: '<p>Play baccarat, roulette, blackjack and more with real dealers, streamed live to your phone or computer at {site}.</p>' },
    sports: { itemName: 'Sports Betting', body: '<p>Bet on football, basketball, tennis and more at {site}, with competitive odds and live betting.</p>' },
    promotions: { itemName: 'Promotions', body: '<p>Discover welcome bonuses, daily rewards and VIP offers at {site}. Terms apply.</p>' },
  },
  PHP: {
    home: { itemName: 'Online Casino at Pagtaya sa Sports', body: '<p>Hatid ng {site} ang slots, live casino, pagtaya sa sports at marami pa, na may mabilis na deposito at withdrawal sa {currency}.</p>' },
    slots: { itemName: 'Mga Online Slot', body: '<p>Paikutin ang daan-daang slot game mula sa mga nangungunang provider sa {site}, may jackpot, free spins at mga bagong laro bawat linggo.</p>' },
    casino: { itemName: 'Live Casino', body: '<p>Maglaro ng baccarat, roulette, blackjack at iba pa kasama ang mga totoong dealer, live sa iyong telepono o computer sa {site}.</p>' },
    sports: { itemName: 'Pagtaya sa Sports', body: '<p>Tumaya sa football, basketball, tennis at iba pa sa {site}, na may magagandang odds at live betting.</p>' },
    promotions: { itemName: 'Mga Promosyon', body: '<p>Tuklasin ang mga welcome bonus, araw-araw na gantimpala at VIP na alok sa {site}. May mga kondisyong nalalapat.</p>' },
  },
  CN: {
    home: { itemName: '在线娱乐场与体育投注', body: '<p>{site}为您带来老虎机、真人娱乐场、体育投注等多种游戏，{currency}存取款快速便捷。</p>' },
    slots: { itemName: '在线老虎机', body: '<p>在{site}畅玩顶级供应商的数百款老虎机游戏，奖池、免费旋转和每周新游戏应有尽有。</p>' },
    casino: { itemName: '真人娱乐场', body: '<p>在{site}与真人荷官一起玩百家乐、轮盘、二十一点等游戏，手机和电脑均可观看直播。</p>' },
    sports: { itemName: '体育投注', body: '<p>在{site}投注足球、篮球、网球等赛事，赔率优厚，支持滚球投注。</p>' },
    promotions: { itemName: '优惠活动', body: '<p>在{site}发现新人奖金、每日奖励和VIP专属优惠。须遵守相关条款。</p>' },
  },
  CT: {
    home: { itemName: '線上娛樂場與運動投注', body: '<p>{site}為您帶來老虎機、真人娛樂場、運動投注等多種遊戲，{currency}存提款快速便捷。</p>' },
    slots: { itemName: '線上老虎機', body: '<p>在{site}暢玩頂級供應商的數百款老虎機遊戲，彩池、免費旋轉和每週新遊戲應有盡有。</p>' },
    casino: { itemName: '真人娛樂場', body: '<p>在{site}與真人荷官一起玩百家樂、輪盤、21點等遊戲，手機和電腦皆可觀看直播。</p>' },
    sports: { itemName: '運動投注', body: '<p>在{site}投注足球、籃球、網球等賽事，賠率優厚，支援即時投注。</p>' },
    promotions: { itemName: '優惠活動', body: '<p>在{site}探索新會員獎金、每日獎勵和VIP專屬優惠。須遵守相關條款。</p>' },
  },
  ESP: {
    home: { itemName: 'Casino en línea y apuestas deportivas', body: '<p>{site} te ofrece tragamonedas, casino en vivo, apuestas deportivas y mucho más, con depósitos y retiros rápidos en {currency}.</p>' },
    slots: { itemName: 'Tragamonedas en línea', body: '<p>Gira cientos de tragamonedas de los mejores proveedores en {site}, con botes, giros gratis y novedades cada semana.</p>' },
    casino: { itemName: 'Casino en vivo', body: '<p>Juega al baccarat, la ruleta, el blackjack y más con crupieres reales, en directo en tu móvil u ordenador en {site}.</p>' },
    sports: { itemName: 'Apuestas deportivas', body: '<p>Apuesta al fútbol, el baloncesto, el tenis y más en {site}, con cuotas competitivas y apuestas en vivo.</p>' },
    promotions: { itemName: 'Promociones', body: '<p>Descubre bonos de bienvenida, recompensas diarias y ofertas VIP en {site}. Se aplican condiciones.</p>' },
  },
  RUS: {
    home: { itemName: 'Онлайн-казино и ставки на спорт', body: '<p>{site} — это слоты, живое казино, ставки на спорт и многое другое, с быстрыми пополнениями и выводами в {currency}.</p>' },
    slots: { itemName: 'Онлайн-слоты', body: '<p>Сотни слотов от ведущих провайдеров на {site}: джекпоты, фриспины и новые игры каждую неделю.</p>' },
    casino: { itemName: 'Живое казино', body: '<p>Играйте в баккару, рулетку, блэкджек и другие игры с живыми дилерами в прямом эфире на телефоне или компьютере на {site}.</p>' },
    sports: { itemName: 'Ставки на спорт', body: '<p>Делайте ставки на футбол, баскетбол, теннис и другие виды спорта на {site}: выгодные коэффициенты и ставки в лайве.</p>' },
    promotions: { itemName: 'Акции', body: '<p>Приветственные бонусы, ежедневные награды и VIP-предложения на {site}. Действуют условия.</p>' },
  },
  VI: {
    home: { itemName: 'Sòng bài trực tuyến và cá cược thể thao', body: '<p>{site} mang đến slot, sòng bài trực tiếp, cá cược thể thao và nhiều hơn nữa, với nạp rút nhanh chóng bằng {currency}.</p>' },
    slots: { itemName: 'Slot trực tuyến', body: '<p>Quay hàng trăm trò slot từ các nhà cung cấp hàng đầu tại {site}, với jackpot, vòng quay miễn phí và trò chơi mới mỗi tuần.</p>' },
    casino: { itemName: 'Sòng bài trực tiếp', body: '<p>Chơi baccarat, roulette, blackjack và nhiều trò khác với người chia bài thật, phát trực tiếp trên điện thoại hoặc máy tính tại {site}.</p>' },
    sports: { itemName: 'Cá cược thể thao', body: '<p>Đặt cược bóng đá, bóng rổ, quần vợt và nhiều môn khác tại {site}, với tỷ lệ cược hấp dẫn và cược trực tiếp.</p>' },
    promotions: { itemName: 'Khuyến mãi', body: '<p>Khám phá thưởng chào mừng, phần thưởng hằng ngày và ưu đãi VIP tại {site}. Áp dụng điều khoản.</p>' },
  },
  MS: {
    home: { itemName: 'Kasino Dalam Talian dan Pertaruhan Sukan', body: '<p>{site} menawarkan slot, kasino langsung, pertaruhan sukan dan banyak lagi, dengan deposit dan pengeluaran pantas dalam {currency}.</p>' },
    slots: { itemName: 'Slot Dalam Talian', body: '<p>Putar ratusan permainan slot daripada penyedia terkemuka di {site}, dengan jackpot, putaran percuma dan permainan baharu setiap minggu.</p>' },
    casino: { itemName: 'Kasino Langsung', body: '<p>Main bakarat, rolet, blackjack dan banyak lagi bersama peniaga sebenar, disiarkan secara langsung ke telefon atau komputer anda di {site}.</p>' },
    sports: { itemName: 'Pertaruhan Sukan', body: '<p>Bertaruh pada bola sepak, bola keranjang, tenis dan banyak lagi di {site}, dengan odds yang kompetitif dan pertaruhan langsung.</p>' },
    promotions: { itemName: 'Promosi', body: '<p>Temui bonus alu-aluan, ganjaran harian dan tawaran VIP di {site}. Terma dan syarat dikenakan.</p>' },
  },
  NE: {
    home: { itemName: 'अनलाइन क्यासिनो र खेलकुद बेटिङ', body: '<p>{site} मा स्लट, लाइभ क्यासिनो, खेलकुद बेटिङ र अझ धेरै छन्, {currency} मा छिटो जम्मा र निकासीसहित।</p>' },
    slots: { itemName: 'अनलाइन स्लट', body: '<p>{site} मा शीर्ष प्रदायकहरूका सयौं स्लट खेल खेल्नुहोस्, ज्याकपट, निःशुल्क स्पिन र हरेक हप्ता नयाँ खेलसहित।</p>' },
    casino: { itemName: 'लाइभ क्यासिनो', body: '<p>{site} मा वास्तविक डिलरहरूसँग ब्याकारा, रुलेट, ब्ल्याकज्याक र अन्य खेल आफ्नो फोन वा कम्प्युटरमा प्रत्यक्ष खेल्नुहोस्।</p>' },
    sports: { itemName: 'खेलकुद बेटिङ', body: '<p>{site} मा फुटबल, बास्केटबल, टेनिस र अन्य खेलमा प्रतिस्पर्धी अड्स र लाइभ बेटिङसहित बेट लगाउनुहोस्।</p>' },
    promotions: { itemName: 'प्रमोसनहरू', body: '<p>{site} मा स्वागत बोनस, दैनिक पुरस्कार र VIP अफरहरू पत्ता लगाउनुहोस्। सर्तहरू लागू हुन्छन्।</p>' },
  },
};
