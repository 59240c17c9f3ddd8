import { z } from 'zod';
import { IdSchema } from '../../common/ids';
import { ChannelSchema, TicketStatusSchema } from './status';

const EstimatedWaitSchema = z.object({ minSeconds: z.number().int(), maxSeconds: z.number().int() });

/** A ticket as staff see it. Times are epoch milliseconds. */
export const TicketSchema = z
  .object({
    id: IdSchema,
    branchId: IdSchema,
    serviceId: IdSchema,
    subServiceId: IdSchema.nullable(),
    number: z.string(),
    serviceDay: z.string(),
    status: TicketStatusSchema,
    channel: ChannelSchema,
    uniqueCode: z.string(),
    bookingCode: z.string().nullable(),
    isBooking: z.boolean(),
    phone: z.string().nullable(),
    customerName: z.string().nullable(),
    /** The customer's photo taken at the kiosk (services with "customer photo"), staff only. */
    photoUrl: z.string().nullable(),
    counterId: IdSchema.nullable(),
    callerUserId: IdSchema.nullable(),
    slotStartAt: z.number().nullable(),
    issuedAt: z.number(),
    checkedInAt: z.number().nullable(),
    queuedAt: z.number().nullable(),
    firstCalledAt: z.number().nullable(),
    calledAt: z.number().nullable(),
    servingStartedAt: z.number().nullable(),
    finishedAt: z.number().nullable(),
    postponedAt: z.number().nullable(),
    recallCount: z.number().int(),
    transferCount: z.number().int(),
    waitSeconds: z.number().int().nullable(),
    serviceSeconds: z.number().int().nullable(),
    slaBreached: z.boolean().nullable(),
    version: z.number().int(),
  })
  .meta({ id: 'Ticket' });
export type Ticket = z.infer<typeof TicketSchema>;

export const TicketEventSchema = z
  .object({
    id: IdSchema,
    type: z.string(),
    fromStatus: TicketStatusSchema.nullable(),
    toStatus: TicketStatusSchema,
    actorKind: z.string(),
    actorId: z.string().nullable(),
    counterId: IdSchema.nullable(),
    serviceId: IdSchema,
    at: z.number(),
  })
  .meta({ id: 'TicketEvent' });
export type TicketEvent = z.infer<typeof TicketEventSchema>;

/** The answer to a ticket creation (kiosk, operator, web, integration). */
export const IssuedTicketSchema = z
  .object({
    id: IdSchema,
    number: z.string(),
    status: TicketStatusSchema,
    serviceId: IdSchema,
    branchId: IdSchema,
    uniqueCode: z.string(),
    issuedAt: z.number(),
    peopleAhead: z.number().int(),
    estimatedWait: EstimatedWaitSchema,
  })
  .meta({ id: 'IssuedTicket' });
export type IssuedTicket = z.infer<typeof IssuedTicketSchema>;

/** What anyone holding the ticket's code may see: no personal data. */
export const PublicTicketSchema = z
  .object({
    number: z.string(),
    status: TicketStatusSchema,
    serviceDay: z.string(),
    service: z.object({ id: IdSchema, name: z.string(), code: z.string() }),
    branch: z.object({ id: IdSchema, name: z.string(), code: z.string(), timeZone: z.string() }),
    peopleAhead: z.number().int(),
    estimatedWait: EstimatedWaitSchema.nullable(),
    counter: z.object({ id: IdSchema, name: z.string(), number: z.number().int() }).nullable(),
    issuedAt: z.number(),
    calledAt: z.number().nullable(),
  })
  .meta({ id: 'PublicTicket' });
export type PublicTicket = z.infer<typeof PublicTicketSchema>;

const QueueServiceSchema = z.object({
  serviceId: IdSchema,
  code: z.string(),
  name: z.string(),
  counts: z.object({
    waiting: z.number().int(),
    active: z.number().int(),
    held: z.number().int(),
    skipped: z.number().int(),
    finished: z.number().int(),
    unvalidated: z.number().int(),
    booked: z.number().int(),
  }),
  waiting: z.array(TicketSchema),
  active: z.array(TicketSchema),
  held: z.array(TicketSchema),
  skipped: z.array(TicketSchema),
});

export const BranchQueueSchema = z
  .object({
    branchId: IdSchema,
    serviceDay: z.string(),
    services: z.array(QueueServiceSchema),
  })
  .meta({ id: 'BranchQueue' });
export type BranchQueue = z.infer<typeof BranchQueueSchema>;
