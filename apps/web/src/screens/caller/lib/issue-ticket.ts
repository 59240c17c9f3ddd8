import { buildPath } from '@antrean/shared/contracts/contract';
import { ticketsContract, type IssueTicketBody } from '@antrean/shared/contracts/tickets.contract';
import { z } from 'zod';
import { IssuedTicketSchema, type IssuedTicket } from '@antrean/shared/domain/ticket/ticket';
import { isErrorCode } from '@antrean/shared/errors/codes';
import { ApiError } from '@/lib/api';
import { currentLanguage } from '@/lib/i18n';

/** A fresh Idempotency-Key: one per issuing attempt, kept when the same attempt is retried. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${String(Date.now())}-${Math.random().toString(36).slice(2)}`;
}

const ErrorEnvelopeSchema = z.object({
  error: z.object({ code: z.string(), message: z.string().optional(), details: z.unknown().optional() }),
});
const FieldsSchema = z.object({ fields: z.record(z.string(), z.string()) });

/**
 * POST /branches/:branchId/tickets with an Idempotency-Key header (which `api.call` cannot
 * send yet), failing with the same ApiError as `api.call`.
 */
export async function issueTicket(
  branchId: string,
  body: IssueTicketBody,
  idempotencyKey: string,
): Promise<IssuedTicket> {
  let response: Response;
  try {
    response = await fetch(buildPath(ticketsContract.issue.path, { branchId }), {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Accept-Language': currentLanguage(),
        'Idempotency-Key': idempotencyKey,
      },
      body: JSON.stringify(body),
    });
  } catch (cause) {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error', details: cause });
  }
  let json: unknown;
  try {
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : null;
    json = parsed;
  } catch {
    json = undefined;
  }
  if (response.ok) {
    const issued = IssuedTicketSchema.safeParse(json);
    if (issued.success) return issued.data;
    throw new ApiError({ status: response.status, code: 'UNEXPECTED_RESPONSE', message: 'Invalid JSON' });
  }
  const envelope = ErrorEnvelopeSchema.safeParse(json);
  const error = envelope.success ? envelope.data.error : undefined;
  if (error && isErrorCode(error.code)) {
    const fields = FieldsSchema.safeParse(error.details);
    throw new ApiError({
      status: response.status,
      code: error.code,
      message: error.message ?? error.code,
      fields: fields.success ? fields.data.fields : {},
      details: error.details,
    });
  }
  const code = [502, 503, 504].includes(response.status) ? 'SERVICE_UNAVAILABLE' : 'UNEXPECTED_RESPONSE';
  throw new ApiError({ status: response.status, code, message: `HTTP ${String(response.status)}` });
}
