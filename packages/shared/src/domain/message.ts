import { z } from 'zod';

/**
 * The kinds of WhatsApp message the product sends (an outbox row's `template`). Each has a text
 * in Indonesian and English (the server's message-text.ts) and, when the tenant configured a
 * WhatsApp Cloud template name for it, is sent as that template with MESSAGE_PARAMETERS as its
 * body parameters ({{1}}, {{2}}, … in this order) (docs/decisions.md, WhatsApp messages).
 */
export const MESSAGE_KINDS = [
  'verification_code',
  'password_reset',
  'booking_confirmation',
  'first_call',
  'after_hold_call',
  'virtual_ticket',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export function isMessageKind(value: string): value is MessageKind {
  return MESSAGE_KINDS.some((kind) => kind === value);
}

/**
 * The body parameters of each kind's Cloud API template, in order: a template approved in the
 * WhatsApp Manager for a kind must use exactly these placeholders ({{1}} = the first, …).
 */
export type MessageParameter =
  | 'code'
  | 'minutes'
  | 'link'
  | 'bookingCode'
  | 'serviceName'
  | 'branchName'
  | 'date'
  | 'time'
  | 'number'
  | 'counterName'
  | 'peopleAhead';

export const MESSAGE_PARAMETERS: Record<MessageKind, readonly MessageParameter[]> = {
  verification_code: ['code', 'minutes'],
  password_reset: ['link', 'minutes'],
  booking_confirmation: ['bookingCode', 'serviceName', 'branchName', 'date', 'time', 'link'],
  first_call: ['number', 'counterName', 'branchName'],
  after_hold_call: ['number', 'counterName', 'branchName'],
  virtual_ticket: ['number', 'serviceName', 'branchName', 'peopleAhead', 'link'],
};

/** A Cloud API template name as the WhatsApp Manager allows it: lower case, digits, underscores. */
export const TEMPLATE_NAME_MAX = 512;
const TemplateNameSchema = z
  .string()
  .trim()
  .max(TEMPLATE_NAME_MAX)
  .regex(/^[a-z0-9_]*$/, { error: 'v.format' });

/**
 * The tenant's Cloud API template name per kind; an empty name sends that kind as a plain text
 * message (which WhatsApp delivers only inside the 24-hour customer service window).
 */
export const WhatsAppTemplatesSchema = z
  .object({
    verification_code: TemplateNameSchema,
    password_reset: TemplateNameSchema,
    booking_confirmation: TemplateNameSchema,
    first_call: TemplateNameSchema,
    after_hold_call: TemplateNameSchema,
    virtual_ticket: TemplateNameSchema,
  } satisfies Record<MessageKind, typeof TemplateNameSchema>)
  .strict()
  .meta({ id: 'WhatsAppTemplates' });
export type WhatsAppTemplates = z.infer<typeof WhatsAppTemplatesSchema>;

export const NO_TEMPLATES: WhatsAppTemplates = {
  verification_code: '',
  password_reset: '',
  booking_confirmation: '',
  first_call: '',
  after_hold_call: '',
  virtual_ticket: '',
};
