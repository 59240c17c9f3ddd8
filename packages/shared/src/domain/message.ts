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

/**
 * An outbox message's delivery status: `pending` (queued), `retrying` (a try failed for a
 * reason that may pass), `sent` (the provider took it), `delivered` / `read` (the provider's
 * webhook said so), `failed` (refused for good, or out of tries; the error is kept).
 */
export const MESSAGE_STATUSES = ['pending', 'retrying', 'sent', 'delivered', 'read', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * A phone number as the outbox page shows it: the first four and last four digits, the middle
 * hidden (0812****7890; +62 numbers are shown from their 0 form). Short numbers keep only the last two.
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const local = digits.startsWith('62') ? `0${digits.slice(2)}` : digits;
  if (local.length < 9) return `${'*'.repeat(Math.max(0, local.length - 2))}${local.slice(-2)}`;
  return `${local.slice(0, 4)}${'*'.repeat(local.length - 8)}${local.slice(-4)}`;
}

/** One message of the admin's outbox page: the recipient masked, the payload not shown. */
export const OutboxMessageSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    provider: z.string(),
    recipient: z.string(),
    language: z.string(),
    status: z.enum(MESSAGE_STATUSES),
    attempts: z.number().int().min(0),
    lastError: z.string().nullable(),
    /** When it was queued, and when its status last changed (sent, delivered, read, failed). */
    createdAt: z.number().int(),
    statusAt: z.number().int().nullable(),
    /** When the next try runs (pending / retrying). */
    nextAttemptAt: z.number().int().nullable(),
  })
  .meta({ id: 'OutboxMessage' });
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;
