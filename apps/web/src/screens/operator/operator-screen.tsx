import { Alert, AppShell, Group, Loader, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import type { SessionUser } from '@antrean/shared/domain/user';
import { paths } from '@/config/paths';
import { BranchPicker } from '@/features/branch/components/branch-picker';
import { ScreenHeader } from '@/features/branch/components/screen-header';
import { useAssignedBranches } from '@/features/branch/hooks/use-assigned-branches';
import { countMessages, useBranchLive } from '@/features/branch/hooks/use-branch-live';
import { ticketKeys } from '@/features/queue/api/keys';
import { branchQueueQueryOptions } from '@/features/queue/api/queries';
import { TransferModal } from '@/features/queue/components/transfer-modal';
import { useBranchTimeFormat } from '@/features/queue/lib/branch-time';
import { branchServicesQueryOptions } from '@/lib/queries/branches';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CancelTicketModal } from './components/cancel-ticket-modal';
import { CheckInCard } from './components/check-in-card';
import { IssueCard } from './components/issue-card';
import { LastTicketCard } from './components/last-ticket-card';
import { OperatorTicketButtons } from './components/operator-ticket-buttons';
import { PrintLayout } from './components/print-layout';
import { ServiceBoard } from './components/service-board';
import { UnvalidatedCard } from './components/unvalidated-card';
import { useOperatorActions } from './hooks/use-operator-actions';
import { usePrint } from './hooks/use-print';
import { ErrorAlert } from '@/lib/error-alert';

/** /operator — walk-in tickets, booking check-in, validation and the live board per service. */
export function OperatorScreen() {
  const { data: user } = useSession();
  if (!user) return null;
  return <OperatorWorkspace user={user} />;
}

function OperatorWorkspace({ user }: { user: SessionUser }) {
  const { t } = useTranslation(['operator', 'common']);
  useDocumentTitle(t('documentTitle'));
  const { query: branches, branches: myBranches, branchId, branch, pick } = useAssignedBranches(user);

  const services = useQuery(branchServicesQueryOptions(branchId));
  const queue = useQuery(branchQueueQueryOptions(branchId));
  // Sockets notify, queries fetch: the board, the lists and the last ticket follow every branch event.
  useBranchLive(
    branchId,
    [ticketKeys.queue(branchId), ticketKeys.lists(branchId), ticketKeys.details()],
    countMessages,
  );
  const actions = useOperatorActions(branchId);
  const { printing, print } = usePrint();
  const format = useBranchTimeFormat(branch?.timeZone);

  const serviceList = services.data ?? [];
  const serviceById = new Map(serviceList.map((s) => [s.id, s]));
  const reprint = (ticket: Pick<Ticket, 'number' | 'serviceId' | 'issuedAt'>) =>
    print({
      number: ticket.number,
      serviceName: serviceById.get(ticket.serviceId)?.name ?? '',
      branchName: branch?.name ?? '',
      issuedAt: ticket.issuedAt,
    });
  const buttons = (ticket: Ticket) => (
    <OperatorTicketButtons ticket={ticket} busy={actions.busy} onAction={actions.run} onReprint={reprint} />
  );
  const loadError = branches.error ?? services.error ?? queue.error;

  return (
    <AppShell header={{ height: 64 }} padding="md">
      <AppShell.Header className="antrean-no-print">
        <ScreenHeader
          title={t('title')}
          subtitle={`${user.fullName} · ${user.tenantName ?? t('common:appName')}`}
          signOutTo={paths.login.href()}
        />
      </AppShell.Header>
      <AppShell.Main className="antrean-no-print">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-end">
            <Title order={1} size="h3">
              {t('title')}
            </Title>
            <BranchPicker
              label={t('branch')}
              branches={myBranches}
              value={branchId}
              onChange={(value) => {
                pick(value);
                actions.setLast(null);
              }}
            />
          </Group>
          {branches.isPending ? <Loader aria-label={t('common:status.loading')} /> : null}
          {!branches.isPending && myBranches.length === 0 && !branches.error ? (
            <Alert color="yellow" variant="light">
              {t('noBranch')}
            </Alert>
          ) : null}
          {loadError ? <ErrorAlert error={loadError} title={t('loadFailed')} /> : null}

          {branchId ? (
            <SimpleGrid cols={{ base: 1, md: 3 }}>
              <IssueCard
                branchId={branchId}
                services={serviceList}
                onIssued={(issued) => {
                  actions.setLast(issued);
                  reprint(issued);
                }}
              />
              <CheckInCard branchId={branchId} onCheckedIn={actions.setLast} />
              <LastTicketCard last={actions.last} buttons={buttons} />
            </SimpleGrid>
          ) : null}

          {branchId ? (
            <UnvalidatedCard
              branchId={branchId}
              services={serviceById}
              format={format}
              pending={actions.busy}
              onValidate={(ticket) => actions.run('validate', ticket)}
            />
          ) : null}

          {queue.data ? <ServiceBoard queue={queue.data} buttons={buttons} /> : null}
        </Stack>
      </AppShell.Main>

      <TransferModal
        key={actions.transferTicket?.id ?? 'none'}
        ticket={actions.transferTicket}
        services={serviceList}
        pending={actions.busy}
        onClose={actions.closeTransfer}
        onSubmit={actions.transfer}
      />
      <CancelTicketModal
        ticket={actions.cancelTicket}
        pending={actions.busy}
        onClose={actions.closeCancel}
        onConfirm={actions.cancel}
      />
      {printing ? <PrintLayout ticket={printing} formatTime={format.dateTime} /> : null}
    </AppShell>
  );
}
