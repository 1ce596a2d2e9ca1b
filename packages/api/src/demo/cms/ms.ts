import type { CmsTexts } from './types.js';

/** Malay. */
export const ms: CmsTexts = {
  about_us: `<h2>Tentang {site}</h2>
<p>{site} ialah laman permainan dalam talian yang menawarkan slot, kasino langsung, pertaruhan sukan, permainan memancing ikan, loteri dan banyak lagi, semuanya dalam satu akaun dan dalam {currency}.</p>
<p>Kami bekerjasama dengan penyedia permainan berlesen yang keputusannya dijana oleh penjana nombor rawak yang diperakui, dan kami menyimpan dana pemain secara berasingan daripada wang operasi kami.</p>
<h3>Pegangan kami</h3>
<ul><li>Permainan adil: setiap permainan dan setiap pertaruhan diselesaikan mengikut peraturan yang telus.</li><li>Keselamatan: data dan transaksi anda dilindungi dengan penyulitan.</li><li>Sokongan: pasukan kami sedia membantu 24 jam sehari melalui sembang langsung.</li></ul>
<p>Terima kasih kerana bermain bersama kami. Sila bermain secara bertanggungjawab.</p>`,

  privacy_policy: `<h2>Dasar Privasi</h2>
<p>Dasar ini menerangkan cara {site} mengumpul, menggunakan dan melindungi maklumat peribadi anda.</p>
<h3>Maklumat yang kami kumpul</h3>
<ul><li>Butiran akaun: nama pengguna, nama, nombor telefon dan alamat e-mel.</li><li>Butiran transaksi: deposit, pengeluaran dan aktiviti permainan.</li><li>Butiran teknikal: alamat IP, jenis peranti dan pelayar.</li></ul>
<h3>Cara kami menggunakannya</h3>
<p>Kami menggunakan maklumat anda untuk mengurus akaun anda, memproses pembayaran, mencegah penipuan, mematuhi undang-undang dan, jika anda bersetuju, menghantar tawaran kepada anda.</p>
<h3>Hak anda</h3>
<p>Anda boleh meminta untuk melihat, membetulkan atau memadam maklumat anda dengan menghubungi khidmat pelanggan. Kami tidak sekali-kali menjual maklumat peribadi anda.</p>`,

  banking: `<h2>Perbankan</h2>
<p>Semua deposit dan pengeluaran di {site} dibuat dalam {currency}.</p>
<h3>Deposit</h3>
<ol><li>Log masuk dan buka halaman Deposit.</li><li>Pilih kaedah pembayaran dan masukkan jumlah.</li><li>Ikut arahan dan simpan rujukan pembayaran anda.</li></ol>
<p>Kebanyakan deposit dikreditkan dalam beberapa minit.</p>
<h3>Pengeluaran</h3>
<p>Buat permintaan pengeluaran di halaman Pengeluaran ke akaun bank atas nama anda sendiri. Jumlah tersebut ditahan semasa permintaan disemak, biasanya dalam masa 30 minit.</p>
<p>Jumlah minimum dan maksimum dipaparkan pada setiap halaman. Hubungi sembang langsung jika transaksi tertangguh.</p>`,

  faqs: `<h2>Soalan Lazim</h2>
<h3>Bagaimanakah saya membuka akaun?</h3>
<p>Tekan Daftar, isikan butiran anda dan sahkan nombor telefon anda dengan kod sekali guna yang kami hantar.</p>
<h3>Saya terlupa kata laluan. Apakah yang perlu saya lakukan?</h3>
<p>Gunakan Lupa Kata Laluan di halaman log masuk. Kami akan menghantar kod ke nombor telefon berdaftar anda supaya anda boleh log masuk dan menetapkan kata laluan baharu.</p>
<h3>Berapa lamakah pengeluaran diproses?</h3>
<p>Kebanyakan pengeluaran diproses dalam masa 30 minit selepas diluluskan. Wang dihantar ke akaun bank atas nama anda sendiri.</p>
<h3>Mata wang apakah yang boleh saya gunakan?</h3>
<p>{site} menerima {currency} untuk semua deposit, pertaruhan dan pengeluaran.</p>
<h3>Bagaimanakah saya menghubungi khidmat sokongan?</h3>
<p>Pasukan sokongan kami sedia membantu 24/7 melalui sembang langsung.</p>`,

  responsible_gaming: `<h2>Permainan Bertanggungjawab</h2>
<p>{site} mahu permainan kekal menyeronokkan. Ia tidak sepatutnya menjadi cara untuk mencari wang atau lari daripada masalah.</p>
<h3>Tip bermain dengan selamat</h3>
<ul><li>Tetapkan bajet sebelum bermain dan patuhinya.</li><li>Tetapkan had masa dan berehat secara berkala.</li><li>Jangan sekali-kali cuba mengejar kekalahan anda.</li><li>Jangan bermain ketika anda marah, letih atau di bawah pengaruh alkohol.</li></ul>
<h3>Had anda</h3>
<p>Di halaman Permainan bertanggungjawab dalam akaun anda, anda boleh menetapkan had harian, mingguan dan bulanan bagi deposit, kerugian dan pertaruhan anda, serta had harian bagi masa log masuk anda. Had yang lebih rendah berkuat kuasa serta-merta; had yang lebih tinggi, atau membuang had, hanya berkuat kuasa selepas 24 jam dan setelah anda mengesahkannya. Semakan realiti boleh mengingatkan anda setiap 15 hingga 60 minit tentang berapa lama anda telah bermain dan berapa banyak anda telah menang atau kalah.</p>
<h3>Masa rehat dan pengecualian diri</h3>
<p>Anda boleh mengambil masa rehat selama 24 jam, 1 minggu, 1 bulan atau 6 minggu, atau mengecualikan diri selama 6 bulan, 1 tahun, 5 tahun atau selama-lamanya. Ia bermula serta-merta, meliputi semua laman kumpulan kami tempat anda mempunyai akaun, dan tidak boleh dipendekkan atau ditarik balik sebelum tamat. Sepanjang tempoh itu, anda tidak akan menerima sebarang mesej promosi, dan pengeluaran anda yang belum selesai tetap akan dibayar.</p>
<h3>Umur dan identiti</h3>
<p>Hanya orang dewasa yang cukup umur di sisi undang-undang dibenarkan bermain. {site} meminta tarikh lahir anda semasa pendaftaran, dan mungkin meminta dokumen pengenalan diri sebelum membuat pembayaran.</p>`,

  terms_conditions: `<h2>Terma dan Syarat</h2>
<h3>Akaun anda</h3>
<p>Anda mesti mencapai umur sah berjudi di tempat anda tinggal untuk membuka akaun di {site}. Setiap pemain hanya boleh memiliki satu akaun, dan butiran yang diberikan mestilah benar dan milik anda sendiri.</p>
<h3>Deposit dan pengeluaran</h3>
<p>Semua jumlah adalah dalam {currency}. Pengeluaran dibayar ke akaun bank atas nama anda selepas deposit dimainkan mengikut peraturan promosi.</p>
<h3>Bonus dan promosi</h3>
<p>Setiap bonus mempunyai peraturan dan tempoh tersendiri. Kami boleh menarik balik bonus yang diperoleh dengan menyalahgunakan terma ini, contohnya melalui beberapa akaun.</p>
<h3>Permainan adil</h3>
<p>Keputusan permainan datang daripada penjana nombor rawak penyedia yang diperakui. Pertaruhan yang dibuat akibat ralat sistem boleh dibatalkan.</p>`,
};
