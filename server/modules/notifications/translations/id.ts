import type { MessageTranslation } from '../translations.ts';

/** The notifications in Indonesian. */
export const id: MessageTranslation = {
  text: {
    telegramLinked: (p) =>
      `🔐 Akun Telegram ${p.account} ditautkan ke akun Taskgram Ads Anda (${p.email}): akun itu bisa masuk dan menerima notifikasinya. Jika ini bukan Anda, lepas tautannya di halaman Notifikasi dan ganti kata sandi Anda.`,
    secondFactorAdded: (p) =>
      `🔐 ${p.factor} ditambahkan sebagai faktor kedua akun Taskgram Ads Anda (${p.email}). Jika ini bukan Anda, ganti kata sandi dan hapus di halaman Keamanan.`,
    secondFactorRemoved: (p) =>
      `🔐 ${p.factor} dihapus dari faktor kedua akun Taskgram Ads Anda (${p.email}). Jika ini bukan Anda, segera ganti kata sandi Anda.`,
    telegramUnlinked: (p) =>
      `🔐 Tautan akun Telegram ${p.account} dilepas dari akun Taskgram Ads Anda (${p.email}): akun itu tidak lagi masuk atau menerima notifikasi. Jika ini bukan Anda, ganti kata sandi Anda.`,
    signInNew: (p) =>
      `🔐 Akun Taskgram Ads Anda (${p.email}) dimasuki dari perangkat atau alamat yang belum pernah dipakai: ${p.device}, alamat ${p.ip}, dengan ${p.method}. Jika itu Anda, tidak perlu melakukan apa-apa.`,
    passwordChanged: (p) => `🔐 Kata sandi akun Taskgram Ads Anda (${p.email}) diubah, dan sesi lainnya diakhiri.`,
    emailChanged: (p) =>
      `🔐 E-mail akun Taskgram Ads Anda diubah dari ${p.email} menjadi ${p.newEmail}: e-mail dan masuk kini memakai alamat baru.`,
    withdrawalRequested: (p) =>
      `🔐 Penarikan ${p.amount} $ ke ${p.wallet} diminta dari akun Taskgram Ads Anda (${p.email}).${p.newAddress ? ' Alamat ini baru: akun belum pernah dibayar ke alamat ini.' : ''}${p.heldUntil ? ` Penarikan ditahan hingga ${p.heldUntil}: jika ini bukan Anda, beri tahu sebelum itu.` : ''}`,
    campaignApproved: (p) => `✅ Kampanye Anda “${p.campaign}” disetujui dan sedang berjalan.`,
    campaignRejected: (p) => `❌ Kampanye Anda “${p.campaign}” ditolak: ${p.reason}`,
    budgetLow: (p) =>
      `⚠️ “${p.campaign}” tersisa ${p.left} $ dari anggaran ${p.budget} $. Isi ulang agar pembelian tetap berjalan.`,
    budgetExhausted: (p) => `⛔ “${p.campaign}” menghabiskan anggaran ${p.budget} $ dan berhenti membeli.`,
    dailyCapReached: (p) => `⏸ “${p.campaign}” mencapai batas harian ${p.cap} konversi; dilanjutkan besok (UTC).`,
    topUpConfirmed: (p) => `💰 Pengisian saldo ${p.amount} $ Anda dikonfirmasi.`,
    withdrawalApproved: (p) => `👍 Penarikan ${p.amount} $ Anda disetujui; segera dikirim dalam USDT di TON.`,
    withdrawalSent: (p) => `📤 Penarikan ${p.amount} $ Anda dikirim ke ${p.address}; menunggu konfirmasi jaringan.`,
    withdrawalConfirmed: (p) => `✅ Penarikan ${p.amount} $ Anda tiba: ${p.amount} USDT ada di dompet Anda.`,
    withdrawalFailed: (p) =>
      `❌ Penarikan ${p.amount} $ Anda ${p.rejected ? 'ditolak' : 'gagal'}: ${p.reason}. Jumlahnya kembali ke saldo Anda.`,
    appPaused: (p) => `⏸ “${p.app}” dijeda: kualitasnya ${p.score} di bawah batas minimum ${p.floor}.`,
    appResumed: (p) =>
      `▶️ Kampanye berbayar tampil lagi di “${p.app}”: jeda karena batas minimum kualitas telah berakhir.`,
    firstConversion: (p) => `🎉 “${p.app}” mendapatkan konversi pertamanya.`,
    offerReceived: (p) => `🤝 Penawaran pertukaran baru dari ${p.from}: ${p.count} pengguna untuk tiap arah.`,
    offerAccepted: (p) => `✅ ${p.by} menerima penawaran pertukaran Anda: pertukaran telah dimulai.`,
    offerDeclined: (p) => `❌ ${p.by} menolak penawaran pertukaran Anda.`,
    swapFinished: (p) => `🏁 Pertukaran Anda dengan ${p.with} telah selesai.`,
    queueWaiting: (p) => `🕑 ${p.count} item di antrean moderasi, yang terlama menunggu ${p.minutes} menit.`,
    payoutLimitReached: (p) =>
      `⏸️ Pembayaran menunggu: batas tercapai (${p.limit}). ${p.count} penarikan yang disetujui senilai ${p.amount} $ menunggu giliran; keuangan dapat mencabut batas hingga akhir hari.`,
  },
  buttons: {
    Open: 'Buka',
    'Open the notifications': 'Buka notifikasi',
    'Open Security': 'Buka Keamanan',
    'Open the sessions': 'Buka sesi',
    'Open the dashboard': 'Buka dasbor',
    'Open the withdrawals': 'Buka penarikan',
    'Open the campaign': 'Buka kampanye',
    'Open the withdrawal': 'Buka penarikan',
    'Open the app': 'Buka aplikasi',
    'Open the offers': 'Buka penawaran',
    'Open the swaps': 'Buka pertukaran',
    'Open the queue': 'Buka antrean',
    'Open Finance': 'Buka Keuangan',
  },
  notMe: (link) => `Bukan Anda? Buka ${link} untuk mengakhiri semua sesi akun dan menghentikan penarikannya.`,
  bot: {
    welcome:
      'Ini adalah bot sistem Taskgram Ads. Tautkan dari dasbor (Notifikasi → Tautkan Telegram) untuk mendapatkan kabar kampanye, pembayaran, dan pertukaran di sini.',
    linked: (name) =>
      `Tertaut ke ${name}. Notifikasi akan masuk ke sini; /settings memilih yang mana, /stop mematikannya.`,
    expired: 'Tautan ini sudah kedaluwarsa atau sudah dipakai. Buka dasbor dan tekan “Tautkan Telegram” lagi.',
    taken: 'Akun Telegram ini sudah tertaut ke akun dasbor lain. Lepas tautannya di sana terlebih dahulu.',
    notLinked: 'Obrolan ini belum tertaut ke akun dasbor. Tautkan dari halaman Notifikasi.',
    settings: 'Pilih notifikasi yang Anda terima di halaman Notifikasi dasbor.',
    stopped: 'Notifikasi mati dan tautan obrolan ini dilepas. Tautkan lagi dari dasbor untuk menyalakannya.',
    openDashboard: 'Buka dasbor',
    openSettings: 'Pengaturan notifikasi',
  },
};
