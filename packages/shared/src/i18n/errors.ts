import type { ErrorCode } from '../errors/codes';
import type { Language } from './lang';

export const ERROR_MESSAGES = {
  VALIDATION_FAILED: { id: 'Data yang dikirim tidak valid.', en: 'The submitted data is not valid.' },
  BAD_REQUEST: { id: 'Permintaan tidak dapat diproses.', en: 'The request cannot be processed.' },
  AUTH_REQUIRED: { id: 'Silakan masuk terlebih dahulu.', en: 'Please sign in first.' },
  AUTH_INVALID_CREDENTIALS: {
    id: 'Nama pengguna atau kata sandi salah.',
    en: 'Incorrect username or password.',
  },
  FORBIDDEN: {
    id: 'Anda tidak memiliki akses untuk tindakan ini.',
    en: 'You do not have access to this action.',
  },
  TENANT_INACTIVE: {
    id: 'Akun organisasi Anda tidak aktif. Hubungi administrator.',
    en: 'Your organisation is inactive. Contact the administrator.',
  },
  USER_INACTIVE: {
    id: 'Akun Anda tidak aktif. Hubungi administrator.',
    en: 'Your account is inactive. Contact the administrator.',
  },
  ORIGIN_FORBIDDEN: { id: 'Asal permintaan tidak diizinkan.', en: 'The request origin is not allowed.' },
  TENANT_CONTEXT_REQUIRED: {
    id: 'Pilih organisasi terlebih dahulu.',
    en: 'Choose an organisation first.',
  },
  RANDOM_CALL_NOT_ALLOWED: {
    id: 'Layanan ini tidak mengizinkan memanggil nomor antrian secara acak.',
    en: 'This service does not allow calling a chosen ticket.',
  },
  NOT_FOUND: { id: 'Data tidak ditemukan', en: 'Data not found' },
  ROUTE_NOT_FOUND: { id: 'Alamat API tidak ditemukan.', en: 'API route not found.' },
  CONFLICT: {
    id: 'Data bertentangan dengan data yang sudah ada.',
    en: 'The data conflicts with existing data.',
  },
  USERNAME_TAKEN: { id: 'Nama pengguna sudah dipakai.', en: 'The username is already taken.' },
  TICKET_INVALID_TRANSITION: {
    id: 'Status antrian tidak dapat diubah dengan tindakan ini.',
    en: 'The ticket cannot change status with this action.',
  },
  TICKET_OTHER_COUNTER: {
    id: 'Antrian ini sedang ditangani loket lain. Anda hanya dapat memproses antrian di loket Anda.',
    en: 'This ticket is being handled at another counter. You can only work tickets at your own counter.',
  },
  COUNTER_NOT_TAKEN: {
    id: 'Anda tidak lagi memegang loket ini: loket lain dibuka dengan akun Anda (tab atau perangkat lain). Ambil kembali loket ini atau ganti loket.',
    en: 'You no longer hold this counter: another counter was opened with your account (another tab or device). Take this counter back or change counter.',
  },
  QUEUE_EMPTY: { id: 'Tidak ada antrian yang menunggu.', en: 'No tickets are waiting.' },
  COUNTER_BUSY: {
    id: 'Loket masih melayani antrian lain. Selesaikan dahulu.',
    en: 'The counter still has an active ticket. Finish it first.',
  },
  COUNTER_LIMIT_REACHED: {
    id: 'Jumlah loket aktif cabang ini sudah mencapai batasnya. Nonaktifkan loket lain atau naikkan batas loket cabang.',
    en: "This branch already has as many active counters as its limit allows. Deactivate another counter or raise the branch's counter limit.",
  },
  COUNTER_NAME_TAKEN: {
    id: 'Nama loket sudah dipakai di cabang ini.',
    en: 'This counter name is already used in this branch.',
  },
  COUNTER_NUMBER_TAKEN: {
    id: 'Nomor loket sudah dipakai di cabang ini.',
    en: 'This counter number is already used in this branch.',
  },
  COUNTER_HAS_HISTORY: {
    id: 'Loket ini sudah memiliki riwayat antrian dan tidak dapat dihapus. Nonaktifkan loket ini sebagai gantinya.',
    en: 'This counter has queue history and cannot be deleted. Deactivate it instead.',
  },
  COUNTER_INACTIVE: {
    id: 'Loket ini tidak aktif. Pilih loket lain.',
    en: 'This counter is inactive. Choose another counter.',
  },
  USER_SELF_LOCKOUT: {
    id: 'Anda tidak dapat menonaktifkan atau menghapus akun sendiri, atau melepas peran admin Anda sendiri.',
    en: 'You cannot deactivate or delete your own account, or give up your own admin role.',
  },
  USER_LAST_ADMIN: {
    id: 'Admin aktif terakhir tidak dapat dinonaktifkan, diubah perannya, atau dihapus.',
    en: 'The last active admin cannot be deactivated, given another role or deleted.',
  },
  USER_HAS_HISTORY: {
    id: 'Pengguna ini sudah memiliki riwayat (antrian, sesi loket, atau perubahan data) sehingga tidak dapat dihapus. Nonaktifkan saja.',
    en: 'This user has history (tickets, counter sessions or changes made) and cannot be deleted. Deactivate them instead.',
  },
  USER_PASSWORD_WRONG: {
    id: 'Kata sandi saat ini salah.',
    en: 'The current password is wrong.',
  },
  USER_IMPORT_BAD_FILE: {
    id: 'Berkas tidak dapat dibaca sebagai daftar pengguna. Periksa baris judul dan tanda kutipnya.',
    en: 'The file cannot be read as a list of users. Check its header line and quotes.',
  },
  USER_IMPORT_INVALID: {
    id: 'Ada baris yang salah; tidak ada pengguna yang diimpor. Perbaiki baris tersebut lalu coba lagi.',
    en: 'Some rows are wrong; no user was imported. Fix those rows and try again.',
  },
  USER_IMPORT_UNKNOWN_BRANCH: { id: 'Kode cabang tidak dikenal', en: 'Unknown branch code' },
  USER_IMPORT_DUPLICATE: {
    id: 'Username ini muncul lebih dari sekali di berkas.',
    en: 'This username appears more than once in the file.',
  },
  IDEMPOTENCY_IN_PROGRESS: {
    id: 'Permintaan yang sama sedang diproses.',
    en: 'The same request is still being processed.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    id: 'Kunci idempotensi sudah dipakai untuk permintaan lain.',
    en: 'The idempotency key was already used for a different request.',
  },
  SERVICE_NOT_AVAILABLE: {
    id: 'Layanan sedang tidak tersedia.',
    en: 'The service is not available right now.',
  },
  PAYLOAD_TOO_LARGE: { id: 'Data yang dikirim terlalu besar.', en: 'The submitted data is too large.' },
  UNSUPPORTED_MEDIA_TYPE: {
    id: 'Format data tidak didukung.',
    en: 'The data format is not supported.',
  },
  AUTH_THROTTLED: {
    id: 'Terlalu banyak percobaan masuk. Coba lagi beberapa saat lagi.',
    en: 'Too many sign-in attempts. Try again in a moment.',
  },
  LIVE_TOO_MANY_TOPICS: {
    id: 'Terlalu banyak topik pada satu koneksi. Tutup beberapa layar lalu coba lagi.',
    en: 'Too many topics on one connection. Close some screens and try again.',
  },
  REQUEST_TIMEOUT: {
    id: 'Permintaan tidak selesai dikirim tepat waktu.',
    en: 'The request was not sent in time.',
  },
  HEADERS_TOO_LARGE: {
    id: 'Header permintaan terlalu besar.',
    en: 'The request headers are too large.',
  },
  RATE_LIMITED: {
    id: 'Terlalu banyak permintaan. Coba lagi beberapa saat lagi.',
    en: 'Too many requests. Try again in a moment.',
  },
  INTERNAL_ERROR: {
    id: 'Terjadi kesalahan pada server. Silakan coba lagi.',
    en: 'Something went wrong on the server. Please try again.',
  },
  SERVICE_UNAVAILABLE: {
    id: 'Layanan sementara tidak tersedia.',
    en: 'The service is temporarily unavailable.',
  },
  BRANCH_CODE_TAKEN: {
    id: 'Kode cabang sudah dipakai cabang lain.',
    en: 'This branch code is already used by another branch.',
  },
  BRANCH_IMPORT_BAD_FILE: {
    id: 'Berkas tidak dapat dibaca sebagai daftar cabang. Periksa baris judul dan tanda kutipnya.',
    en: 'The file cannot be read as a list of branches. Check its header line and quotes.',
  },
  BRANCH_IMPORT_DUPLICATE: {
    id: 'Kode cabang ini muncul lebih dari sekali di berkas.',
    en: 'This branch code appears more than once in the file.',
  },
  BRANCH_HAS_HISTORY: {
    id: 'Cabang ini sudah memiliki riwayat antrian dan tidak dapat dihapus. Nonaktifkan cabang ini sebagai gantinya.',
    en: 'This branch has queue history and cannot be deleted. Deactivate it instead.',
  },
  BRANCH_COUNTER_LIMIT_BELOW_ACTIVE: {
    id: 'Batas loket tidak boleh lebih kecil dari jumlah loket aktif cabang ini. Nonaktifkan loket terlebih dahulu.',
    en: "The counter limit cannot be lower than the branch's active counters. Deactivate counters first.",
  },
  BRANCH_DISPLAY_LIMIT_BELOW_ACTIVE: {
    id: 'Batas display tidak boleh lebih kecil dari jumlah display aktif cabang ini. Nonaktifkan display terlebih dahulu.',
    en: "The display limit cannot be lower than the branch's active displays. Disable displays first.",
  },
  SCHEDULE_OVERLAP: {
    id: 'Jadwal ini bertumpuk dengan jadwal lain layanan ini pada hari yang sama.',
    en: 'This schedule overlaps another schedule of this service on the same day.',
  },
  HOLIDAY_DATE_TAKEN: {
    id: 'Tanggal ini sudah menjadi hari libur untuk cakupan yang sama.',
    en: 'This date is already a holiday for the same scope.',
  },
  BRANCH_IMPORT_INVALID: {
    id: 'Berkas impor berisi baris yang salah; tidak ada cabang yang diimpor. Perbaiki baris yang ditandai lalu coba lagi.',
    en: 'The import file has invalid rows; no branch was imported. Fix the marked rows and try again.',
  },
  WHATSAPP_NOT_CONFIGURED: {
    id: 'WhatsApp Cloud belum lengkap: isi phone number id dan access token, lalu simpan.',
    en: 'WhatsApp Cloud is not set up: fill in the phone number id and access token, then save.',
  },
  WHATSAPP_SEND_FAILED: {
    id: 'Penyedia WhatsApp menolak atau tidak menjawab; pesan tidak terkirim.',
    en: 'The WhatsApp provider refused or did not answer; the message was not sent.',
  },
  WEBHOOK_SIGNATURE_INVALID: {
    id: 'Tanda tangan webhook tidak ada atau tidak cocok; tidak ada yang diubah.',
    en: 'The webhook signature is missing or does not match; nothing was changed.',
  },
  OUTBOX_NOT_RETRYABLE: {
    id: 'Hanya pesan yang gagal yang dapat dikirim ulang.',
    en: 'Only a failed message can be sent again.',
  },
  WEBHOOK_VERIFY_FAILED: {
    id: 'Verifikasi webhook gagal: mode atau verify token tidak cocok.',
    en: 'Webhook verification failed: the mode or the verify token does not match.',
  },
  SERVICE_CODE_TAKEN: {
    id: 'Kode layanan sudah dipakai layanan lain.',
    en: 'This service code is already used by another service.',
  },
  SUB_SERVICE_EXISTS: { id: 'Sub layanan sudah ada.', en: 'This sub service already exists.' },
  SERVICE_HAS_TICKETS_TODAY: {
    id: 'Layanan ini sudah memiliki antrian hari ini dan tidak dapat dihapus. Nonaktifkan layanan ini sebagai gantinya.',
    en: 'This service has tickets today and cannot be deleted. Deactivate it instead.',
  },
  SERVICE_HAS_HISTORY: {
    id: 'Layanan ini sudah memiliki riwayat antrian dan tidak dapat dihapus. Nonaktifkan layanan ini sebagai gantinya.',
    en: 'This service has queue history and cannot be deleted. Deactivate it instead.',
  },
  TENANT_CATEGORY_NAME_TAKEN: {
    id: 'Nama kategori sudah dipakai.',
    en: 'This category name is already used.',
  },
  TENANT_CATEGORY_IN_USE: {
    id: 'Kategori ini masih dipakai tenant dan tidak dapat dihapus. Pindahkan tenant tersebut ke kategori lain dahulu.',
    en: 'Tenants still belong to this category, so it cannot be deleted. Move them to another category first.',
  },
  TENANT_NAME_TAKEN: {
    id: 'Nama tenant sudah dipakai.',
    en: 'This tenant name is already used.',
  },
  APPLICATION_VERSION_TAKEN: {
    id: 'Versi ini sudah ada untuk platform tersebut.',
    en: 'This version already exists for that platform.',
  },
  DISPLAY_LIMIT_REACHED: {
    id: 'Batas display aktif cabang ini sudah tercapai. Nonaktifkan display lain atau naikkan batasnya.',
    en: "The branch's limit of active displays is reached. Disable another display or raise the limit.",
  },
  THEME_NAME_TAKEN: {
    id: 'Nama tema sudah dipakai.',
    en: 'This theme name is already used.',
  },
  THEME_IN_USE: {
    id: 'Tema ini sedang aktif dan tidak dapat dihapus. Pilih tema lain terlebih dahulu.',
    en: 'This theme is active and cannot be deleted. Choose another theme first.',
  },
  CURRENCY_CODE_TAKEN: {
    id: 'Kode valas sudah ada.',
    en: 'This currency code already exists.',
  },
  PRODUCT_NAME_TAKEN: {
    id: 'Nama produk sudah ada.',
    en: 'This product name already exists.',
  },
  PRODUCT_ITEM_NAME_TAKEN: {
    id: 'Nama item sudah ada di produk ini.',
    en: 'This item name already exists in the product.',
  },
} as const satisfies Record<ErrorCode, Record<Language, string>>;

export function errorMessage(code: ErrorCode, lang: Language): string {
  return ERROR_MESSAGES[code][lang];
}
