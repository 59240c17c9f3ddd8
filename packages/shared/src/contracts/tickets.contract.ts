import { z } from 'zod';
import { defineContract } from './contract';
import { IdSchema } from '../common/ids';
import { BranchParamsSchema } from './branches.contract';
import { ChannelSchema } from '../domain/ticket/status';
import {
  BranchQueueSchema,
  IssuedTicketSchema,
  PublicTicketSchema,
  TicketEventSchema,
  TicketSchema,
} from '../domain/ticket/ticket';
import { PhoneSchema } from '../common/phone';

const IssueTicketBodySchema = z.object({
  serviceId: IdSchema,
  subServiceId: IdSchema.optional(),
  channel: ChannelSchema,
  phone: PhoneSchema.optional(),
});
export type IssueTicketBody = z.infer<typeof IssueTicketBodySchema>;

export const TicketParamsSchema = z.object({ ticketId: IdSchema });
export const CounterParamsSchema = z.object({ counterId: IdSchema });

const TicketWithEventsSchema = TicketSchema.extend({ events: z.array(TicketEventSchema) }).meta({
  id: 'TicketWithEvents',
});

const actionShape = (name: string, summary: string) => ({
  method: 'POST' as const,
  path: `/api/v1/tickets/:ticketId/${name}`,
  summary,
  tags: ['tickets'],
  params: TicketParamsSchema,
  responses: { 200: TicketSchema },
});

const action = (name: string, summary: string) => defineContract(actionShape(name, summary));

const actionWithBody = <B extends z.ZodType>(name: string, summary: string, body: B) =>
  defineContract({ ...actionShape(name, summary), body });

export const ticketsContract = {
  issue: defineContract({
    method: 'POST',
    path: '/api/v1/branches/:branchId/tickets',
    summary: 'Issue a ticket (kiosk, operator, web, integration). Honours Idempotency-Key for 24 h.',
    tags: ['tickets'],
    params: BranchParamsSchema,
    body: IssueTicketBodySchema,
    responses: { 201: IssuedTicketSchema },
  }),
  queue: defineContract({
    method: 'GET',
    path: '/api/v1/branches/:branchId/queue',
    summary: "Today's live queue of a branch, per service",
    tags: ['tickets'],
    params: BranchParamsSchema,
    responses: { 200: BranchQueueSchema },
  }),
  resetQueue: defineContract({
    method: 'POST',
    path: '/api/v1/branches/:branchId/reset-queue',
    summary:
      "Reset today's queue of a branch (optionally one service): bookings back to booked, walk-ins cancelled",
    tags: ['tickets'],
    params: BranchParamsSchema,
    body: z.object({ serviceId: IdSchema.optional() }),
    responses: { 200: z.object({ reset: z.number().int(), cancelled: z.number().int() }) },
  }),
  callNext: defineContract({
    method: 'POST',
    path: '/api/v1/counters/:counterId/call-next',
    summary: 'Call the next waiting ticket for this counter',
    tags: ['tickets'],
    params: CounterParamsSchema,
    responses: { 200: TicketSchema },
  }),
  get: defineContract({
    method: 'GET',
    path: '/api/v1/tickets/:ticketId',
    summary: 'A ticket with its events',
    tags: ['tickets'],
    params: TicketParamsSchema,
    responses: { 200: TicketWithEventsSchema },
  }),
  publicGet: defineContract({
    method: 'GET',
    path: '/api/v1/public/tickets/:uniqueCode',
    summary: "A ticket's public status, for whoever holds its code",
    tags: ['tickets'],
    params: z.object({ uniqueCode: z.string().min(8).max(64) }),
    responses: { 200: PublicTicketSchema },
  }),
  checkInByCode: defineContract({
    method: 'POST',
    path: '/api/v1/branches/:branchId/check-in',
    summary: 'Check in a booking by its booking code (kiosk, operator)',
    tags: ['tickets'],
    params: BranchParamsSchema,
    body: z.object({ bookingCode: z.string().trim().min(4).max(32) }),
    responses: { 200: TicketSchema },
  }),
  call: actionWithBody(
    'call',
    'Call this ticket to a counter (random calling)',
    z.object({ counterId: IdSchema }),
  ),
  recall: action('recall', 'Call the ticket again (also from held/skipped)'),
  serve: action('serve', 'Start serving'),
  hold: action('hold', 'Postpone (hold)'),
  skip: action('skip', 'Postpone (skip)'),
  finish: action('finish', 'Finish serving'),
  cancel: action('cancel', 'Cancel a booked, unvalidated or waiting ticket'),
  checkIn: action('check-in', 'Check in a booking'),
  validate: action('validate', 'Validate an unvalidated ticket'),
  requeue: action('requeue', 'Put a postponed ticket back in the queue'),
  transfer: actionWithBody(
    'transfer',
    'Transfer to another service of the branch',
    z.object({ serviceId: IdSchema }),
  ),
};
