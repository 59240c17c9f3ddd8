import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketsContract } from '@antrean/shared/contracts/tickets.contract';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import type { UserTicketAction } from '@antrean/shared/domain/ticket/transitions';
import { api } from '@/lib/api';
import { ticketKeys } from './keys';

/** The ticket actions the staff screens send (`POST /tickets/:id/<action>`). */
type TicketActionName = Extract<
  UserTicketAction,
  'call' | 'recall' | 'serve' | 'hold' | 'skip' | 'finish' | 'requeue' | 'cancel' | 'validate' | 'transfer'
>;

export interface TicketActionInput {
  action: TicketActionName;
  ticket: Ticket;
  /** Where to call the ticket (`call`). */
  counterId?: string;
  /** Where to move the ticket (`transfer`). */
  serviceId?: string;
}

function runTicketAction({ action, ticket, counterId, serviceId }: TicketActionInput): Promise<Ticket> {
  const params = { ticketId: ticket.id };
  switch (action) {
    case 'call':
      return api.call(ticketsContract.call, { params, body: { counterId: counterId ?? '' } });
    case 'transfer':
      return api.call(ticketsContract.transfer, { params, body: { serviceId: serviceId ?? '' } });
    default:
      return api.call(ticketsContract[action], { params });
  }
}

/** After any ticket mutation (success or not) the branch's queue, lists and ticket details refetch. */
function useRefreshBranchTickets(branchId: string): () => void {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ticketKeys.queue(branchId) });
    void queryClient.invalidateQueries({ queryKey: ticketKeys.lists(branchId) });
    void queryClient.invalidateQueries({ queryKey: ticketKeys.details() });
  };
}

export interface MutationCallbacks<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: Error, variables: TVariables) => void;
}

/** One action on a ticket of the branch: `mutate({ action, ticket, counterId?, serviceId? })`. */
export function useTicketAction(
  branchId: string,
  callbacks: MutationCallbacks<Ticket, TicketActionInput> = {},
) {
  const refresh = useRefreshBranchTickets(branchId);
  return useMutation({
    mutationFn: runTicketAction,
    onSuccess: (ticket, input) => callbacks.onSuccess?.(ticket, input),
    onError: (error, input) => callbacks.onError?.(error, input),
    onSettled: refresh,
  });
}

/** Calls the next waiting ticket at the counter (the caller's chosen services only). */
export function useCallNext(
  branchId: string,
  counterId: string,
  callbacks: MutationCallbacks<Ticket, void> = {},
) {
  const refresh = useRefreshBranchTickets(branchId);
  return useMutation({
    mutationFn: () => api.call(ticketsContract.callNext, { params: { counterId } }),
    onSuccess: (ticket) => callbacks.onSuccess?.(ticket, undefined),
    onError: (error) => callbacks.onError?.(error, undefined),
    onSettled: refresh,
  });
}

/** Checks a booking in by the code on its e-ticket (operator). */
export function useCheckIn(branchId: string, callbacks: MutationCallbacks<Ticket, string> = {}) {
  const refresh = useRefreshBranchTickets(branchId);
  return useMutation({
    mutationFn: (bookingCode: string) =>
      api.call(ticketsContract.checkInByCode, { params: { branchId }, body: { bookingCode } }),
    onSuccess: (ticket, code) => callbacks.onSuccess?.(ticket, code),
    onError: (error, code) => callbacks.onError?.(error, code),
    onSettled: refresh,
  });
}
