import { isLanguage, type Language } from '@antrean/shared/i18n/lang';
import { MESSAGE_PARAMETERS, isMessageKind, type MessageKind } from '@antrean/shared/domain/message';

/** The values each kind of message carries (an outbox row's payload). */
export interface MessagePayloads {
  verification_code: { code: string; minutes: number };
  password_reset: { link: string; minutes: number };
  booking_confirmation: {
    bookingCode: string;
    serviceName: string;
    branchName: string;
    /** The slot's local date and time, already formatted for the branch (e.g. 2026-11-25, 09:30). */
    date: string;
    time: string;
    link: string;
  };
  first_call: { number: string; counterName: string; branchName: string };
  after_hold_call: { number: string; counterName: string; branchName: string };
  virtual_ticket: {
    number: string;
    serviceName: string;
    branchName: string;
    peopleAhead: number;
    link: string;
  };
}

type Payload = Record<string, unknown>;
type Render = (p: Payload) => string;

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** The text of each message the product sends, in Indonesian and English. */
const TEMPLATES: Record<MessageKind | 'test', Record<Language, Render>> = {
  verification_code: {
    id: (p) =>
      `Kode verifikasi Antrean Anda: ${text(p.code)}. Berlaku ${text(p.minutes)} menit. ` +
      'Jangan berikan kode ini kepada siapa pun.',
    en: (p) =>
      `Your Antrean verification code: ${text(p.code)}. Valid for ${text(p.minutes)} minutes. ` +
      'Do not share this code with anyone.',
  },
  password_reset: {
    id: (p) =>
      `Untuk mengatur ulang kata sandi Antrean Anda, buka ${text(p.link)} ` +
      `(berlaku ${text(p.minutes)} menit). Abaikan pesan ini jika Anda tidak memintanya.`,
    en: (p) =>
      `To reset your Antrean password, open ${text(p.link)} ` +
      `(valid for ${text(p.minutes)} minutes). Ignore this message if you did not ask for it.`,
  },
  booking_confirmation: {
    id: (p) =>
      `Pemesanan Anda berhasil. Kode booking ${text(p.bookingCode)}: ${text(p.serviceName)} di ` +
      `${text(p.branchName)}, ${text(p.date)} pukul ${text(p.time)}. E-tiket: ${text(p.link)}`,
    en: (p) =>
      `Your booking is confirmed. Booking code ${text(p.bookingCode)}: ${text(p.serviceName)} at ` +
      `${text(p.branchName)}, ${text(p.date)} at ${text(p.time)}. E-ticket: ${text(p.link)}`,
  },
  first_call: {
    id: (p) =>
      `Nomor antrian ${text(p.number)} dipanggil. Silakan menuju ${text(p.counterName)} ` +
      `di ${text(p.branchName)}.`,
    en: (p) =>
      `Queue number ${text(p.number)} is being called. Please go to ${text(p.counterName)} ` +
      `at ${text(p.branchName)}.`,
  },
  after_hold_call: {
    id: (p) =>
      `Nomor antrian ${text(p.number)} dipanggil kembali. Silakan menuju ${text(p.counterName)} ` +
      `di ${text(p.branchName)} sekarang.`,
    en: (p) =>
      `Queue number ${text(p.number)} is being called again. Please go to ${text(p.counterName)} ` +
      `at ${text(p.branchName)} now.`,
  },
  virtual_ticket: {
    id: (p) =>
      `Nomor antrian Anda ${text(p.number)} (${text(p.serviceName)}) di ${text(p.branchName)}. ` +
      `Antrian di depan Anda: ${text(p.peopleAhead)}. Pantau tiket Anda: ${text(p.link)}`,
    en: (p) =>
      `Your queue number is ${text(p.number)} (${text(p.serviceName)}) at ${text(p.branchName)}. ` +
      `People ahead of you: ${text(p.peopleAhead)}. Follow your ticket: ${text(p.link)}`,
  },
  test: {
    id: (p) => `Pesan uji dari Antrean untuk ${text(p.tenantName)}: WhatsApp sudah tersambung.`,
    en: (p) => `Test message from Antrean for ${text(p.tenantName)}: WhatsApp is connected.`,
  },
};

function languageOf(language: string): Language {
  return isLanguage(language) ? language : 'id';
}

/**
 * Renders a queued message as the text a customer reads (the log provider prints the same
 * text). A kind without its own text (a future one) lists its values, so nothing is dropped.
 */
export function messageText(template: string, language: string, payload: Payload): string {
  const texts = isMessageKind(template) || template === 'test' ? TEMPLATES[template] : undefined;
  const render = texts?.[languageOf(language)];
  if (render) return render(payload);
  const values = Object.entries(payload).map(([key, value]) => `${key}: ${text(value)}`);
  return [template, ...values].join('\n');
}

/**
 * The body parameters of a kind's Cloud API template, in MESSAGE_PARAMETERS order; a missing
 * value is sent as "-" (WhatsApp refuses an empty parameter). Null for a kind without template.
 */
export function templateParameters(template: string, payload: Payload): string[] | null {
  if (!isMessageKind(template)) return null;
  return MESSAGE_PARAMETERS[template].map((name) => text(payload[name]) || '-');
}

/** The WhatsApp Cloud template language of a message language (Meta's codes `id`, `en`). */
export function templateLanguage(language: string): string {
  return languageOf(language);
}

/** The e-ticket's address for a message: the public URL when configured, else the path alone. */
export function eticketLink(publicUrl: string | undefined, uniqueCode: string): string {
  return `${(publicUrl ?? '').replace(/\/+$/, '')}/eticket/${encodeURIComponent(uniqueCode)}`;
}
