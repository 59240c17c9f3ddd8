import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketsContract, type IssueTicketBody } from '@antrean/shared/contracts/tickets.contract';
import type { IssuedTicket } from '@antrean/shared/domain/ticket/ticket';
import { api } from '@/lib/api';
import { ticketKeys } from './keys';
import type { MutationCallbacks } from './ticket-actions';

/** A fresh Idempotency-Key: one per issuing attempt, kept when the same attempt is retried. */
function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${String(Date.now())}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Issues a ticket at the branch (operator walk-in, a caller's new transaction). One
 * Idempotency-Key per attempt: a retry of a failed attempt reuses it, a success starts a new one.
 */
export function useIssueTicket(
  branchId: string,
  callbacks: MutationCallbacks<IssuedTicket, IssueTicketBody> = {},
) {
  const queryClient = useQueryClient();
  const [key, setKey] = useState(newIdempotencyKey);
  return useMutation({
    mutationFn: (body: IssueTicketBody) =>
      api.call(ticketsContract.issue, { params: { branchId }, body, idempotencyKey: key }),
    onSuccess: (issued, body) => {
      setKey(newIdempotencyKey());
      void queryClient.invalidateQueries({ queryKey: ticketKeys.queue(branchId) });
      callbacks.onSuccess?.(issued, body);
    },
    onError: (error, body) => callbacks.onError?.(error, body),
  });
}
