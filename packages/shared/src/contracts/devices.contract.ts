import { z } from 'zod';
import { defineContract } from './contract';
import { IdSchema } from '../common/ids';
import { BranchServiceSchema } from '../domain/service';
import { ThemeSchema } from '../domain/theme';
import { RUNNING_TEXT_SPEEDS } from '../domain/running-text-speed';
import { BranchParamsSchema } from './branches.contract';
import { IssuedTicketSchema } from '../domain/ticket/ticket';
import { PhoneSchema } from '../common/phone';
import { VOICE_MODES } from '../voice/announcement';

export { VOICE_MODES };

const AvailabilitySchema = z.discriminatedUnion('open', [
  z.object({ open: z.literal(true), closesAt: z.number(), remainingThisHour: z.number().int() }),
  z.object({
    open: z.literal(false),
    reason: z.enum(['closed', 'holiday', 'full']),
    nextOpenAt: z.number().nullable(),
  }),
]);

const DeviceBranchSchema = z.object({
  id: IdSchema,
  code: z.string(),
  name: z.string(),
  timeZone: z.string(),
  whatsappVirtualTicket: z.boolean(),
});

const KioskConfigSchema = z
  .object({
    kiosk: z.object({ id: IdSchema, name: z.string(), code: z.string(), paperWidthMm: z.number().int() }),
    branch: DeviceBranchSchema,
    tenantName: z.string(),
    theme: ThemeSchema,
    idleSeconds: z.number().int(),
    services: z.array(
      BranchServiceSchema.extend({ availability: AvailabilitySchema, waiting: z.number().int() }),
    ),
  })
  .meta({ id: 'KioskConfig' });
export type KioskConfig = z.infer<typeof KioskConfigSchema>;

const OnSiteConfigSchema = z
  .object({
    branch: DeviceBranchSchema,
    tenantName: z.string(),
    theme: ThemeSchema,
    services: z.array(
      BranchServiceSchema.extend({ availability: AvailabilitySchema, waiting: z.number().int() }),
    ),
  })
  .meta({ id: 'OnSiteConfig' });
export type OnSiteConfig = z.infer<typeof OnSiteConfigSchema>;

/**
 * The on-site address names its branch by id or by code, as people type it (`/layanan-on-site/JKT01`
 * or `jkt01`): the server looks up either.
 */
const OnSiteParamsSchema = z.object({ branchId: z.string().trim().min(1).max(64) });

const PublicIssueBodySchema = z.object({
  serviceId: IdSchema,
  subServiceId: IdSchema.optional(),
  phone: PhoneSchema.optional(),
});

const DisplayConfigSchema = z
  .object({
    display: z.object({
      id: IdSchema,
      name: z.string(),
      code: z.string(),
      layout: z.enum(['classic', 'modern', 'big', 'pos']),
      counterId: IdSchema.nullable(),
      /** The services whose calls it shows; empty: all of the branch's. */
      serviceIds: z.array(IdSchema),
    }),
    branch: DeviceBranchSchema,
    tenantName: z.string(),
    theme: ThemeSchema,
    voice: z.object({
      mode: z.enum(VOICE_MODES),
      rate: z.number(),
      pitch: z.number(),
      volume: z.number(),
      voiceNameId: z.string().nullable(),
      voiceNameEn: z.string().nullable(),
      repeat: z.number().int(),
    }),
    /** In order, each crossing the screen at its own speed. */
    runningTexts: z.array(
      z.object({ id: IdSchema, content: z.string(), speed: z.enum(RUNNING_TEXT_SPEEDS) }),
    ),
    /** In order, today's (the branch's calendar) active banners, each shown `durationSeconds`. */
    banners: z.array(
      z.object({
        id: IdSchema,
        name: z.string(),
        url: z.string().nullable(),
        durationSeconds: z.number().int(),
      }),
    ),
    videos: z.array(z.object({ id: IdSchema, name: z.string(), url: z.string().nullable() })),
  })
  .meta({ id: 'DisplayConfig' });
export type DisplayConfig = z.infer<typeof DisplayConfigSchema>;

export const devicesContract = {
  kioskConfig: defineContract({
    method: 'GET',
    path: '/api/v1/kiosk/config',
    summary: "The kiosk's branch, services with their availability, and theme (X-Kiosk-Code)",
    tags: ['devices'],
    responses: { 200: KioskConfigSchema },
  }),
  kioskHeartbeat: defineContract({
    method: 'POST',
    path: '/api/v1/kiosk/heartbeat',
    summary: 'Kiosk heartbeat (hardware status for the supervisor)',
    tags: ['devices'],
    responses: { 204: z.null() },
  }),
  onSite: defineContract({
    method: 'GET',
    path: '/api/v1/public/branches/:branchId/on-site',
    summary:
      "A branch's services for the QR poster at its entrance (no sign-in); the branch by id or code (any case)",
    tags: ['public'],
    params: OnSiteParamsSchema,
    responses: { 200: OnSiteConfigSchema },
  }),
  publicIssue: defineContract({
    method: 'POST',
    path: '/api/v1/public/branches/:branchId/tickets',
    summary: 'Take a ticket on a phone at the branch (channel web, no sign-in; Idempotency-Key honoured)',
    tags: ['public'],
    params: BranchParamsSchema,
    body: PublicIssueBodySchema,
    responses: { 201: IssuedTicketSchema },
  }),
  displayConfig: defineContract({
    method: 'GET',
    path: '/api/v1/display/config',
    summary: "The display's layout, voice mode, media, boards and theme (X-Display-Code)",
    tags: ['devices'],
    responses: { 200: DisplayConfigSchema },
  }),
};
