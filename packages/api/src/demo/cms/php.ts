import type { CmsTexts } from './types.js';

/** Filipino. */
export const php: CmsTexts = {
  about_us: `<h2>Tungkol sa {site}</h2>
<p>Ang {site} ay isang online gaming site na may slots, live casino, pagtaya sa sports, fishing games, lottery at iba pa, lahat sa iisang account at sa {currency}.</p>
<p>Nakikipagtulungan kami sa mga lisensyadong game provider na gumagamit ng sertipikadong random number generator, at hiwalay naming iniingatan ang pondo ng aming mga manlalaro sa aming pondong pang-operasyon.</p>
<h3>Ang aming paninindigan</h3>
<ul><li>Patas na laro: bawat laro at bawat taya ay inaayos ayon sa malinaw na patakaran.</li><li>Seguridad: protektado ng encryption ang iyong datos at mga transaksyon.</li><li>Suporta: handang tumulong ang aming team 24 oras bawat araw sa live chat.</li></ul>
<p>Salamat sa paglalaro kasama namin. Maglaro nang responsable.</p>`,

  privacy_policy: `<h2>Patakaran sa Privacy</h2>
<p>Ipinapaliwanag ng patakarang ito kung paano kinokolekta, ginagamit at pinoprotektahan ng {site} ang iyong personal na impormasyon.</p>
<h3>Ang aming kinokolekta</h3>
<ul><li>Detalye ng account: user name, pangalan, numero ng telepono at email address.</li><li>Detalye ng transaksyon: mga deposito, withdrawal at aktibidad sa paglalaro.</li><li>Teknikal na detalye: IP address, uri ng device at browser.</li></ul>
<h3>Paano namin ito ginagamit</h3>
<p>Ginagamit namin ang iyong impormasyon para patakbuhin ang iyong account, iproseso ang mga bayad, pigilan ang panloloko, sundin ang batas at, kung papayag ka, padalhan ka ng mga alok.</p>
<h3>Ang iyong mga karapatan</h3>
<p>Maaari mong hilingin na makita, itama o burahin ang iyong impormasyon sa pamamagitan ng customer support. Hindi namin kailanman ibinebenta ang iyong personal na impormasyon.</p>`,

  banking: `<h2>Banking</h2>
<p>Lahat ng deposito at withdrawal sa {site} ay nasa {currency}.</p>
<h3>Deposito</h3>
<ol><li>Mag-log in at buksan ang pahina ng Deposit.</li><li>Pumili ng paraan ng pagbabayad at ilagay ang halaga.</li><li>Sundin ang mga tagubilin at itago ang reference ng iyong bayad.</li></ol>
<p>Karamihan ng deposito ay naikikredito sa loob ng ilang minuto.</p>
<h3>Withdrawal</h3>
<p>Mag-request ng withdrawal sa pahina ng Withdrawal papunta sa bank account na nakapangalan sa iyo. Naka-hold ang halaga habang sinusuri ang request, karaniwan sa loob ng 30 minuto.</p>
<p>Makikita sa bawat pahina ang pinakamababa at pinakamataas na halaga. Makipag-ugnayan sa live chat kung naantala ang isang transaksyon.</p>`,

  faqs: `<h2>Mga Madalas Itanong</h2>
<h3>Paano ako gagawa ng account?</h3>
<p>Pindutin ang Register, punan ang iyong detalye at kumpirmahin ang iyong numero ng telepono gamit ang one-time code na ipapadala namin.</p>
<h3>Nakalimutan ko ang aking password. Ano ang gagawin ko?</h3>
<p>Gamitin ang Forgot Password sa login page. Magpapadala kami ng code sa iyong rehistradong numero para makapag-sign in ka at makapagtakda ng bagong password.</p>
<h3>Gaano katagal ang withdrawal?</h3>
<p>Karamihan ng withdrawal ay napoproseso sa loob ng 30 minuto kapag naaprubahan. Ipinapadala ang pera sa bank account na nakapangalan sa iyo.</p>
<h3>Anong currency ang magagamit ko?</h3>
<p>Tumatanggap ang {site} ng {currency} para sa lahat ng deposito, taya at withdrawal.</p>
<h3>Paano ko makakausap ang support?</h3>
<p>Available ang aming support team 24/7 sa live chat.</p>`,

  responsible_gaming: `<h2>Responsableng Paglalaro</h2>
<p>Nais ng {site} na manatiling masaya ang paglalaro. Hindi ito dapat maging paraan para kumita ng pera o takasan ang mga problema.</p>
<h3>Mga tip para sa ligtas na paglalaro</h3>
<ul><li>Magtakda ng budget bago maglaro at sundin ito.</li><li>Magtakda ng limitasyon sa oras at magpahinga nang regular.</li><li>Huwag habulin ang iyong mga talo.</li><li>Huwag maglaro kapag ikaw ay galit, pagod o nakainom ng alak.</li></ul>
<h3>Ang iyong mga limitasyon</h3>
<p>Sa pahinang Responsableng paglalaro ng iyong account, maaari kang magtakda ng araw-araw, lingguhan at buwanang limitasyon sa iyong mga deposito, talo at taya, pati na ng araw-araw na limitasyon sa oras na naka-log in ka. Agad na umiiral ang mas mababang limitasyon; ang mas mataas, o ang pag-alis ng limitasyon, ay iiral lamang pagkalipas ng 24 na oras at kapag kinumpirma mo ito. Maaari kang paalalahanan ng reality check tuwing 15 hanggang 60 minuto kung gaano ka na katagal naglalaro at kung magkano na ang iyong napanalunan o natalo.</p>
<h3>Time-out at self-exclusion</h3>
<p>Maaari kang mag-time-out nang 24 na oras, 1 linggo, 1 buwan o 6 na linggo, o mag-self-exclude nang 6 na buwan, 1 taon, 5 taon o permanente. Agad itong nagsisimula, saklaw nito ang lahat ng site ng aming grupo kung saan may account ka, at hindi ito maaaring paikliin o alisin bago ito matapos. Habang umiiral ito, hindi ka makatatanggap ng anumang mensaheng pang-promosyon, at babayaran pa rin ang iyong mga nakabinbing withdrawal.</p>
<h3>Edad at pagkakakilanlan</h3>
<p>Tanging mga nasa hustong gulang na umabot na sa legal na edad ang maaaring maglaro. Hinihingi ng {site} ang iyong petsa ng kapanganakan kapag nagparehistro ka, at maaari itong humingi ng mga dokumento ng pagkakakilanlan bago magbayad.</p>`,

  terms_conditions: `<h2>Mga Tuntunin at Kundisyon</h2>
<h3>Ang iyong account</h3>
<p>Kailangan mong nasa legal na edad para sa pagsusugal sa iyong lugar upang magbukas ng account sa {site}. Isang account lamang bawat manlalaro, at dapat totoo at sa iyo ang mga detalyeng ibibigay mo.</p>
<h3>Mga deposito at withdrawal</h3>
<p>Ang lahat ng halaga ay nasa {currency}. Ang mga withdrawal ay ibinabayad sa bank account na nakapangalan sa iyo matapos malaro ang mga deposito ayon sa mga tuntunin ng promosyon.</p>
<h3>Mga bonus at promosyon</h3>
<p>Bawat bonus ay may sariling tuntunin at panahon. Maaari naming bawiin ang bonus na nakuha sa pang-aabuso sa mga tuntuning ito.</p>
<h3>Patas na laro</h3>
<p>Ang mga resulta ay mula sa sertipikadong random number generator ng mga provider. Maaaring mapawalang-bisa ang mga taya dahil sa error ng sistema.</p>`,
};
