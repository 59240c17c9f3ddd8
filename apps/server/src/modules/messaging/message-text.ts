import { isLanguage, type Language } from '@antrean/shared/i18n/lang';

type Payload = Record<string, unknown>;
type Render = (p: Payload) => string;

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** The text of each message the product sends, in Indonesian and English. */
const TEMPLATES: Record<string, Record<Language, Render>> = {
  virtual_ticket: {
    id: (p) =>
      `Nomor antrian Anda ${text(p.number)} (${text(p.serviceName)}) di ${text(p.branchName)}. ` +
      `Antrian di depan Anda: ${text(p.peopleAhead)}. Kode tiket: ${text(p.uniqueCode)}.`,
    en: (p) =>
      `Your queue number is ${text(p.number)} (${text(p.serviceName)}) at ${text(p.branchName)}. ` +
      `People ahead of you: ${text(p.peopleAhead)}. Ticket code: ${text(p.uniqueCode)}.`,
  },
  test: {
    id: (p) => `Pesan uji dari Antrean untuk ${text(p.tenantName)}: WhatsApp sudah tersambung.`,
    en: (p) => `Test message from Antrean for ${text(p.tenantName)}: WhatsApp is connected.`,
  },
};

/**
 * Renders a queued message as the text a customer reads. A template without its own text (a
 * future one) lists its values, so nothing is ever silently dropped.
 */
export function messageText(template: string, language: string, payload: Payload): string {
  const lang: Language = isLanguage(language) ? language : 'id';
  const render = TEMPLATES[template]?.[lang];
  if (render) return render(payload);
  const values = Object.entries(payload).map(([key, value]) => `${key}: ${text(value)}`);
  return [template, ...values].join('\n');
}
