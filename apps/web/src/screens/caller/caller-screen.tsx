import { useMemo, useState } from 'react';
import {
  Alert,
  AppShell,
  Button,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { can } from '@antrean/shared/auth/permissions';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import type { SessionUser } from '@antrean/shared/domain/user';
import { paths } from '@/config/paths';
import { readCounterChoice, type CounterChoice } from '@/features/auth/lib/counter-choice';
import { TicketDetailDrawer } from '@/features/queue/components/ticket-detail-drawer';
import { TransferModal } from '@/features/queue/components/transfer-modal';
import { useNow } from '@/lib/use-now';
import { useBranchTimeFormat } from '@/features/queue/lib/branch-time';
import { callerActions, slaOf } from '@/features/queue/lib/ticket-actions';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CallerHeader } from './components/caller-header';
import { CurrentTicketCard } from './components/current-ticket-card';
import { HistoryCard } from './components/history-card';
import { NewTransactionModal } from './components/new-transaction-modal';
import { PostponedCard } from './components/postponed-card';
import { WaitingCard } from './components/waiting-card';
import { useCallerActions } from './hooks/use-caller-actions';
import { useCallerData, useCallerHistory } from './hooks/use-caller-data';
import { useCallerLive } from './hooks/use-caller-live';
import { useCallerNotifications } from './hooks/use-caller-notifications';
import { useCallerShortcuts } from './hooks/use-caller-shortcuts';
import { useCallerStation } from './hooks/use-caller-station';
import { currentTicketOf, postponedFor, waitingFor } from './lib/queue-view';
import { ErrorAlert } from '@/lib/error-alert';

/**
 * /caller — the caller's counter: the current ticket with only the valid buttons, the waiting
 * list, postponed tickets, today's history, live updates, notifications and shortcuts.
 */
export function CallerScreen() {
  const { data: user } = useSession();
  // The route guard only renders this for a signed-in caller.
  if (!user) return null;
  return <CallerScreenFor user={user} />;
}

function CallerScreenFor({ user }: { user: SessionUser }) {
  const [choice] = useState(() => readCounterChoice(user.id));
  if (!choice) return <Navigate replace to={paths.loginCaller.href()} />;
  return <CallerWorkspace user={user} choice={choice} />;
}

function CallerWorkspace({ user, choice }: { user: SessionUser; choice: CounterChoice }) {
  const { t } = useTranslation(['caller', 'common']);
  useDocumentTitle(t('documentTitle'));
  const navigate = useNavigate();
  const now = useNow();
  const { branchId, counterId, serviceIds } = choice;

  const data = useCallerData(choice);
  const live = useCallerLive(branchId, counterId, user.id);
  const station = useCallerStation(counterId, serviceIds, live.counter);
  const actions = useCallerActions(branchId, counterId, { onCounterNotTaken: station.markRefused });
  const historySources = useMemo(
    () => [...actions.recent, ...live.historyTickets],
    [actions.recent, live.historyTickets],
  );
  const history = useCallerHistory(branchId, user.id, historySources);
  const format = useBranchTimeFormat(data.branch?.timeZone);

  const [detailId, setDetailId] = useState<string | null>(null);
  const [newTransactionFor, setNewTransactionFor] = useState<Ticket | null>(null);

  const queue = data.queue.data;
  const current = currentTicketOf(counterId, queue, [live.counter.ticket, actions.lastResult]);
  const currentService = current ? data.serviceById.get(current.serviceId) : undefined;
  const waiting = useMemo(() => waitingFor(queue, serviceIds, now), [queue, serviceIds, now]);
  const postponed = useMemo(() => postponedFor(queue, serviceIds), [queue, serviceIds]);
  const working = !station.lost;

  useCallerShortcuts((shortcut) => {
    if (!working || actions.transferTicket || detailId || newTransactionFor) return false;
    if (shortcut === 'callNext') {
      if (current) return false;
      actions.run('callNext');
      return true;
    }
    if (!current || !callerActions(current.status, currentService).includes(shortcut)) return false;
    actions.run(shortcut, current);
    return true;
  });

  const idleWithWaiting = working && !current && waiting.length > 0 && data.queue.isSuccess;
  useCallerNotifications({
    idleWithWaiting,
    waitingCount: waiting.length,
    current,
    sla: current ? (slaOf(current, currentService?.slaSeconds, now)?.state ?? null) : null,
  });

  const changeCounter = () => {
    void station.leave().then(() => navigate(paths.loginCaller.href()));
  };

  return (
    <AppShell header={{ height: 64 }} padding="md">
      <AppShell.Header>
        <CallerHeader
          counterName={data.counter?.name ?? t('unknown')}
          branchName={data.branch?.name ?? user.tenantName ?? t('common:appName')}
          subtitle={`${data.chosenServices.map((s) => `${s.code} ${s.name}`).join(', ')} · ${user.fullName}`}
          idleWaiting={idleWithWaiting ? waiting.length : 0}
          changeBlocked={current !== null && working}
          onChangeCounter={changeCounter}
          onLeave={station.leave}
        />
      </AppShell.Header>

      <AppShell.Main>
        <Stack gap="lg">
          <VisuallyHidden>
            <Title order={1}>{t('title')}</Title>
          </VisuallyHidden>
          {data.loading ? <Loader aria-label={t('common:status.loading')} /> : null}
          {data.loadError ? <ErrorAlert error={data.loadError} title={t('loadFailed')} /> : null}
          {station.error ? <ErrorAlert error={station.error} title={t('stationFailed')} /> : null}
          {data.stale ? (
            <Alert color="yellow" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {t('choiceInvalid')}
            </Alert>
          ) : null}
          {station.lost ? (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertCircle aria-hidden />}
              role="alert"
              title={station.lostTo === 'other' ? t('station.takenOverTitle') : t('station.lostTitle')}
            >
              {station.lostTo === 'other' ? t('station.takenOverBody') : t('station.lostBody')}
              <Group gap="xs" mt="sm">
                <Button size="xs" loading={station.taking} onClick={station.takeBack}>
                  {t('station.takeBack')}
                </Button>
                <Button size="xs" variant="default" onClick={changeCounter}>
                  {t('changeCounter')}
                </Button>
              </Group>
            </Alert>
          ) : null}

          <CurrentTicketCard
            current={current}
            service={currentService}
            now={now}
            pending={actions.pending}
            callingNext={actions.callingNext}
            canCallNext={working && station.settled && !actions.busy}
            canAct={working}
            onAction={actions.run}
            onCallNext={() => actions.run('callNext')}
            onDetail={setDetailId}
            {...(can(user.role, 'queue.operate') ? { onNewTransaction: setNewTransactionFor } : {})}
          />

          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <WaitingCard
              tickets={waiting}
              serviceById={data.serviceById}
              format={format}
              mayCall={working && !current}
              busy={actions.busy}
              onCall={(ticket) => actions.run('call', ticket)}
              onDetail={setDetailId}
            />
            <Stack gap="lg">
              <PostponedCard
                tickets={postponed}
                serviceById={data.serviceById}
                counterFree={working && current === null}
                busy={actions.busy || !working}
                onAction={(name, ticket) => actions.run(name, ticket)}
                onDetail={setDetailId}
              />
              <HistoryCard
                tickets={history.tickets}
                list={history.query}
                serviceById={data.serviceById}
                format={format}
                onDetail={setDetailId}
              />
            </Stack>
          </SimpleGrid>
        </Stack>
      </AppShell.Main>

      <TransferModal
        key={actions.transferTicket?.id ?? 'none'}
        ticket={actions.transferTicket}
        services={data.serviceList}
        pending={actions.transferring}
        onClose={actions.closeTransfer}
        onSubmit={actions.transfer}
      />
      <TicketDetailDrawer
        ticketId={detailId}
        services={data.serviceList}
        timeZone={data.branch?.timeZone}
        onClose={() => setDetailId(null)}
      />
      <NewTransactionModal
        ticket={newTransactionFor}
        branchId={branchId}
        services={data.serviceList}
        onClose={() => setNewTransactionFor(null)}
      />
    </AppShell>
  );
}
