import { Drawer, Image, Loader, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BranchService } from '@antrean/shared/domain/service';
import { ticketQueryOptions } from '../api/queries';
import { useBranchTimeFormat } from '../lib/branch-time';
import { TicketStatusBadge } from './ticket-status-badge';
import { ErrorAlert } from '@/lib/error-alert';

/**
 * A ticket's details: customer data, photo, status history and e-form answers (none exist yet:
 * the empty state; e-form files will be shown with `PdfViewer`).
 */
export function TicketDetailDrawer({
  ticketId,
  services,
  timeZone,
  onClose,
}: {
  ticketId: string | null;
  services: readonly BranchService[];
  /** The branch's time zone: times are shown on the branch's clock. */
  timeZone: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation(['caller', 'common']);
  const format = useBranchTimeFormat(timeZone);
  const query = useQuery(ticketQueryOptions(ticketId ?? ''));
  const ticket = query.data;
  const serviceName = (id: string) => services.find((s) => s.id === id)?.name ?? id;

  return (
    <Drawer
      opened={ticketId !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={ticket ? t('detail.title', { number: ticket.number }) : t('common:status.loading')}
    >
      {query.isPending && ticketId ? <Loader aria-label={t('common:status.loading')} /> : null}
      {query.error ? <ErrorAlert error={query.error} title={t('detail.loadFailed')} /> : null}
      {ticket ? (
        <Stack gap="lg">
          <TicketStatusBadge status={ticket.status} size="lg" />
          <section aria-labelledby="ticket-customer">
            <Title order={3} size="h5" id="ticket-customer" mb="xs">
              {t('detail.customer')}
            </Title>
            <Table>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th scope="row">{t('detail.name')}</Table.Th>
                  <Table.Td>{ticket.customerName ?? t('detail.none')}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">{t('detail.phone')}</Table.Th>
                  <Table.Td>{ticket.phone ?? t('detail.none')}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">{t('detail.channel')}</Table.Th>
                  <Table.Td>{ticket.channel}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">{t('detail.issuedAt')}</Table.Th>
                  <Table.Td>{format.timeWithSeconds(ticket.issuedAt)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </section>
          {ticket.photoUrl ? (
            <section aria-labelledby="ticket-photo">
              <Title order={3} size="h5" id="ticket-photo" mb="xs">
                {t('detail.photo')}
              </Title>
              <Image
                src={ticket.photoUrl}
                alt={t('detail.photoAlt', { number: ticket.number })}
                radius="md"
                mah={280}
                fit="contain"
              />
            </section>
          ) : null}
          <section aria-labelledby="ticket-events">
            <Title order={3} size="h5" id="ticket-events" mb="xs">
              {t('detail.events')}
            </Title>
            {ticket.events.length === 0 ? (
              <Text c="dimmed">{t('detail.noEvents')}</Text>
            ) : (
              <Timeline bulletSize={14} lineWidth={2} active={ticket.events.length - 1}>
                {ticket.events.map((event) => (
                  <Timeline.Item key={event.id} title={t(`status.${event.toStatus}`)}>
                    <Text size="xs" c="dimmed">
                      {format.timeWithSeconds(event.at)} · {serviceName(event.serviceId)}
                    </Text>
                  </Timeline.Item>
                ))}
              </Timeline>
            )}
          </section>
          <section aria-labelledby="ticket-eform">
            <Title order={3} size="h5" id="ticket-eform" mb="xs">
              {t('detail.eform')}
            </Title>
            <Text c="dimmed">{t('detail.eformEmpty')}</Text>
          </section>
        </Stack>
      ) : null}
    </Drawer>
  );
}
