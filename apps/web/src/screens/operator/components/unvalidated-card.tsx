import { Badge, Button, Group, Loader, Table, Text } from '@mantine/core';
import { IconCheck, IconForms, IconPhoto } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BranchService } from '@antrean/shared/domain/service';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import { ListTable, LoadMoreButton, SectionCard } from '@/features/queue/components/section-card';
import type { TicketListFilter } from '@/features/queue/api/keys';
import { eformIdsOfPages, ticketListQueryOptions, ticketsOfPages } from '@/features/queue/api/ticket-list';
import type { BranchTimeFormat } from '@/features/queue/lib/branch-time';

/** Today's unvalidated tickets of the branch, in queue order. */
const UNVALIDATED_FILTER: TicketListFilter = { status: 'unvalidated', order: 'queue', limit: 100 };

/**
 * The branch's tickets waiting for validation (services with "requires validation"): who the
 * customer is, whether a photo or e-form came with the ticket, and the validate button. The
 * list is the server's; the screen invalidates it on live events and after every action.
 */
export function UnvalidatedCard({
  branchId,
  services,
  format,
  pending,
  onValidate,
}: {
  branchId: string;
  services: ReadonlyMap<string, BranchService>;
  /** Times on the branch's clock. */
  format: BranchTimeFormat;
  /** An action is in flight (buttons are disabled meanwhile). */
  pending: boolean;
  onValidate: (ticket: Ticket) => void;
}) {
  const { t } = useTranslation(['operator', 'common']);
  const list = useInfiniteQuery(ticketListQueryOptions(branchId, UNVALIDATED_FILTER));
  // Another operator may validate meanwhile: only unvalidated tickets are shown, even before the refetch.
  const tickets = ticketsOfPages(list.data?.pages).filter((ticket) => ticket.status === 'unvalidated');
  const withEform = eformIdsOfPages(list.data?.pages);

  return (
    <SectionCard
      id="op-unvalidated"
      title={t('unvalidated.title')}
      count={tickets.length}
      countColor={tickets.length > 0 ? 'orange' : 'gray'}
      error={list.error}
    >
      {list.isPending ? (
        <Loader size="sm" aria-label={t('unvalidated.loading')} />
      ) : tickets.length === 0 ? (
        <Text c="dimmed">{t('unvalidated.empty')}</Text>
      ) : (
        <ListTable
          striped
          highlightOnHover
          minWidth={560}
          head={[
            t('unvalidated.number'),
            t('unvalidated.service'),
            t('unvalidated.issuedAt'),
            t('unvalidated.customer'),
            t('unvalidated.attachments'),
            t('unvalidated.actions'),
          ]}
        >
          {tickets.map((ticket) => {
            const service = services.get(ticket.serviceId);
            const hasEform = withEform.has(ticket.id);
            return (
              <Table.Tr key={ticket.id}>
                <Table.Td fw={700}>{ticket.number}</Table.Td>
                <Table.Td>{service ? `${service.code} · ${service.name}` : '—'}</Table.Td>
                <Table.Td>{format.time(ticket.issuedAt)}</Table.Td>
                <Table.Td>
                  {ticket.customerName || ticket.phone ? (
                    <>
                      {ticket.customerName ? <Text size="sm">{ticket.customerName}</Text> : null}
                      {ticket.phone ? (
                        <Text size="xs" c="dimmed">
                          {ticket.phone}
                        </Text>
                      ) : null}
                    </>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {ticket.photoUrl ? (
                      <Badge
                        component="a"
                        href={ticket.photoUrl}
                        target="_blank"
                        rel="noreferrer"
                        variant="light"
                        leftSection={<IconPhoto size={12} aria-hidden />}
                        aria-label={t('unvalidated.openPhoto', { number: ticket.number })}
                        style={{ cursor: 'pointer' }}
                      >
                        {t('unvalidated.photo')}
                      </Badge>
                    ) : null}
                    {hasEform ? (
                      <Badge variant="light" color="grape" leftSection={<IconForms size={12} aria-hidden />}>
                        {t('unvalidated.eform')}
                      </Badge>
                    ) : null}
                    {!ticket.photoUrl && !hasEform ? (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    leftSection={<IconCheck size={14} aria-hidden />}
                    aria-label={t('actions.validate', { number: ticket.number })}
                    disabled={pending}
                    onClick={() => onValidate(ticket)}
                  >
                    {t('actions.validateShort')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ListTable>
      )}
      <LoadMoreButton list={list} label={t('unvalidated.more')} />
    </SectionCard>
  );
}
