import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  ActionIcon,
  Alert,
  AppShell,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowsExchange,
  IconBell,
  IconInfoCircle,
  IconPlus,
  IconSpeakerphone,
} from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { can } from '@antrean/shared/auth/permissions';
import { monitorContract } from '@antrean/shared/contracts/monitor.contract';
import { ticketsContract } from '@antrean/shared/contracts/tickets.contract';
import type { BranchService } from '@antrean/shared/domain/service';
import { ACTIVE_STATUSES } from '@antrean/shared/domain/ticket/status';
import { queueOrder } from '@antrean/shared/domain/ticket/ordering';
import type { BranchQueue, Ticket } from '@antrean/shared/domain/ticket/ticket';
import type { SessionUser } from '@antrean/shared/domain/user';
import { topic } from '@antrean/shared/live/topics';
import { paths } from '@/config/paths';
import { readCounterChoice, type CounterChoice } from '@/features/auth/lib/counter-choice';
import { ScreenHeader } from '@/features/branch/components/screen-header';
import { useBranchLive } from '@/features/branch/hooks/use-branch-live';
import { api, isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import {
  branchCountersQueryOptions,
  branchesQueryOptions,
  branchServicesQueryOptions,
} from '@/lib/queries/branches';
import { ticketListKeys, ticketListQueryOptions, ticketsOfPages } from '@/lib/queries/tickets';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLiveTopic, type LiveMessage } from '@/lib/use-live';
import { ShortcutsHelp } from './components/shortcuts-help';
import { TicketActionButtons } from './components/ticket-action-buttons';
import { TicketDetailDrawer } from './components/ticket-detail-drawer';
import { TicketStatusBadge } from './components/ticket-status-badge';
import { TransferModal } from './components/transfer-modal';
import {
  HISTORY_FILTER,
  historyOutcome,
  historyTime,
  isHistoryTicket,
  reduceHistoryLive,
  type HistoryLiveState,
  type HistoryOutcome,
} from './lib/history';
import { issueTicket, newIdempotencyKey } from './lib/issue-ticket';
import {
  branchQueueQueryOptions,
  counterSnapshotTicket,
  eventTicket,
  queueKeys,
  runTicketAction,
} from './lib/queue-queries';
import {
  callerActions,
  formatDuration,
  isTypingTarget,
  phaseStart,
  SLA_COLORS,
  slaState,
  type CallerAction,
} from './lib/ticket-actions';
import { useNow } from './lib/use-now';

export const PAGE_SIZES = ['10', '25', '50'] as const;

const OUTCOME_COLORS: Record<HistoryOutcome, string> = {
  finished: 'teal',
  no_show: 'gray',
  cancelled: 'red',
  transferred: 'indigo',
  requeued: 'yellow',
};

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

function isActive(ticket: Ticket): boolean {
  return ACTIVE_STATUSES.includes(ticket.status);
}

/** Latest known version of every ticket among several sources. */
function latestById(tickets: readonly (Ticket | null | undefined)[]): Map<string, Ticket> {
  const byId = new Map<string, Ticket>();
  for (const ticket of tickets) {
    if (!ticket) continue;
    const known = byId.get(ticket.id);
    if (!known || ticket.version >= known.version) byId.set(ticket.id, ticket);
  }
  return byId;
}

/** The counter's active ticket, from the queue, the counter topic and the last action's answer. */
export function currentTicketOf(
  counterId: string,
  queue: BranchQueue | undefined,
  sources: readonly (Ticket | null | undefined)[],
): Ticket | null {
  const fromQueue = queue?.services.flatMap((s) => s.active) ?? [];
  const latest = latestById([...fromQueue, ...sources]);
  const active = [...latest.values()].filter((t) => t.counterId === counterId && isActive(t));
  active.sort((a, b) => (b.calledAt ?? 0) - (a.calledAt ?? 0));
  return active[0] ?? null;
}

/** The waiting tickets of the chosen services in calling order (shared `queueOrder`). */
export function waitingFor(
  queue: BranchQueue | undefined,
  serviceIds: readonly string[],
  now: number,
): Ticket[] {
  if (!queue) return [];
  const candidates = queue.services
    .filter((s) => serviceIds.includes(s.serviceId))
    .flatMap((s) =>
      s.waiting.map((ticket, index) => ({
        ticket,
        id: ticket.id,
        status: ticket.status,
        serviceId: ticket.serviceId,
        isBooking: ticket.isBooking,
        slotStartAt: ticket.slotStartAt,
        queuedAt: ticket.queuedAt ?? ticket.checkedInAt ?? ticket.issuedAt,
        seq: index,
      })),
    );
  return queueOrder(candidates, { serviceIds, now }).map((c) => c.ticket);
}

type ActionInput = { action: 'callNext' } | { action: CallerAction; ticket: Ticket; serviceId?: string };

function CallerWorkspace({ user, choice }: { user: SessionUser; choice: CounterChoice }) {
  const { t, i18n } = useTranslation(['caller', 'common']);
  useDocumentTitle(t('documentTitle'));
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const now = useNow();
  const { branchId, counterId, serviceIds } = choice;

  const branches = useQuery(branchesQueryOptions());
  const services = useQuery(branchServicesQueryOptions(branchId));
  const counters = useQuery(branchCountersQueryOptions(branchId));
  const queue = useQuery(branchQueueQueryOptions(branchId));
  // Today's history comes from the server (it survives a reload); live events refetch it.
  const historyQuery = useInfiniteQuery(ticketListQueryOptions(branchId, HISTORY_FILTER));

  // Take the counter for the chosen services (call-next then only calls those).
  const station = useMutation({
    mutationFn: () => api.call(monitorContract.openStation, { params: { counterId }, body: { serviceIds } }),
  });
  const openStation = station.mutate;
  useEffect(() => {
    openStation();
  }, [openStation, counterId]);

  const closeStation = useCallback(async () => {
    try {
      await api.call(monitorContract.closeStation, { params: { counterId } });
    } catch {
      // Leaving must not be blocked; the server frees the counter on sign-out anyway.
    }
  }, [counterId]);

  // Live: the branch topic notifies, the queue and history queries fetch; this caller's tickets
  // from the events show in the history at once.
  const reduceBranch = useCallback(
    (state: HistoryLiveState | undefined, message: LiveMessage): HistoryLiveState =>
      reduceHistoryLive(state, message, user.id),
    [user.id],
  );
  const branchLive = useBranchLive<HistoryLiveState>(
    branchId,
    [queueKeys.queue(branchId), ['ticket']],
    reduceBranch,
  );
  const counterLive = useLiveTopic<Ticket | null>(topic.counter(counterId), (state, message) => {
    if (message.kind === 'snapshot') {
      return counterSnapshotTicket(message.data);
    }
    return eventTicket(message.data) ?? state ?? null;
  });
  useEffect(() => {
    if (counterLive.version === 0) return;
    void queryClient.invalidateQueries({ queryKey: queueKeys.queue(branchId) });
    void queryClient.invalidateQueries({ queryKey: ['ticket'] });
  }, [counterLive.version, branchId, queryClient]);
  const historyChanges = branchLive.state?.changes ?? 0;
  useEffect(() => {
    if (historyChanges === 0) return;
    void queryClient.invalidateQueries({ queryKey: ticketListKeys.branch(branchId) });
  }, [historyChanges, branchId, queryClient]);

  const [lastResult, setLastResult] = useState<Ticket | null>(null);
  const [history, setHistory] = useState<Ticket[]>([]);
  const [transferTicket, setTransferTicket] = useState<Ticket | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [newTransactionFor, setNewTransactionFor] = useState<Ticket | null>(null);
  const [pageSize, setPageSize] = useState<string>('10');
  const [page, setPage] = useState(1);

  const serviceList = useMemo(() => services.data ?? [], [services.data]);
  const serviceById = useMemo(() => new Map(serviceList.map((s) => [s.id, s])), [serviceList]);
  const branch = branches.data?.find((b) => b.id === branchId);
  const counter = counters.data?.find((c) => c.id === counterId);
  const chosenServices = serviceList.filter((s) => serviceIds.includes(s.id));

  const current = currentTicketOf(counterId, queue.data, [counterLive.state, lastResult]);
  const currentService = current ? serviceById.get(current.serviceId) : undefined;
  const waiting = useMemo(() => waitingFor(queue.data, serviceIds, now), [queue.data, serviceIds, now]);
  const postponed = useMemo(
    () =>
      (queue.data?.services ?? [])
        .filter((s) => serviceIds.includes(s.serviceId))
        .flatMap((s) => [...s.held, ...s.skipped])
        .sort((a, b) => (a.postponedAt ?? 0) - (b.postponedAt ?? 0)),
    [queue.data, serviceIds],
  );
  const finished = useMemo(() => {
    const merged = latestById([
      ...ticketsOfPages(historyQuery.data?.pages),
      ...history,
      ...(branchLive.state?.tickets ?? []),
    ]);
    return [...merged.values()]
      .filter((ticket) => isHistoryTicket(ticket, user.id))
      .sort((a, b) => historyTime(b) - historyTime(a));
  }, [historyQuery.data, history, branchLive.state, user.id]);

  const size = Number(pageSize);
  const pageCount = Math.max(1, Math.ceil(waiting.length / size));
  const shownPage = Math.min(page, pageCount);
  const pageRows = waiting.slice((shownPage - 1) * size, shownPage * size);

  const action = useMutation({
    mutationFn: (input: ActionInput): Promise<Ticket> => {
      if (input.action === 'callNext') return api.call(ticketsContract.callNext, { params: { counterId } });
      return runTicketAction(input.action, input.ticket.id, {
        counterId,
        ...(input.serviceId ? { serviceId: input.serviceId } : {}),
      });
    },
    onSuccess: (ticket, input) => {
      setLastResult(ticket);
      setHistory((h) => [ticket, ...h.filter((x) => x.id !== ticket.id)]);
      if (input.action === 'transfer') {
        setTransferTicket(null);
        notifications.show({ color: 'green', message: t('notify.transferred') });
      }
      void queryClient.invalidateQueries({ queryKey: queueKeys.queue(branchId) });
      if (isHistoryTicket(ticket, user.id)) {
        void queryClient.invalidateQueries({ queryKey: ticketListKeys.branch(branchId) });
      }
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'QUEUE_EMPTY') {
        notifications.show({ color: 'yellow', message: t('notify.queueEmpty') });
      } else {
        notifications.show({ color: 'red', message: errorText(error) });
      }
      void queryClient.invalidateQueries({ queryKey: queueKeys.queue(branchId) });
    },
  });
  const pendingAction: CallerAction | null =
    action.isPending && action.variables.action !== 'callNext' ? action.variables.action : null;

  const runAction = useCallback(
    (name: CallerAction | 'callNext', ticket?: Ticket) => {
      if (action.isPending) return;
      if (name === 'callNext') {
        action.mutate({ action: 'callNext' });
        return;
      }
      if (!ticket) return;
      if (name === 'transfer') {
        setTransferTicket(ticket);
        return;
      }
      action.mutate({ action: name, ticket });
    },
    [action],
  );

  // Keyboard shortcuts (not while typing, not inside dialogs).
  const shortcutRef = useRef<(event: KeyboardEvent) => void>(() => undefined);
  const onShortcut = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
    if (transferTicket || detailId || newTransactionFor) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (key === 'F2' || key === 'n') {
      if (!current) {
        event.preventDefault();
        runAction('callNext');
      }
      return;
    }
    const map: Record<string, CallerAction> = {
      r: 'recall',
      s: 'serve',
      h: 'hold',
      k: 'skip',
      f: 'finish',
      t: 'transfer',
    };
    const name = map[key];
    if (!name || !current) return;
    if (!callerActions(current.status, currentService).includes(name)) return;
    event.preventDefault();
    runAction(name, current);
  };
  useEffect(() => {
    shortcutRef.current = onShortcut;
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => shortcutRef.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  // Notifications: tickets waiting while the counter is idle; the SLA breached.
  const idleWithWaiting = !current && waiting.length > 0 && queue.isSuccess;
  const wasIdleWithWaiting = useRef(false);
  useEffect(() => {
    if (idleWithWaiting && !wasIdleWithWaiting.current) {
      notifications.show({
        id: 'caller-waiting-idle',
        color: 'blue',
        title: t('notify.waitingWhileIdle', { count: waiting.length }),
        message: t('notify.waitingWhileIdleBody'),
      });
    }
    if (!idleWithWaiting && wasIdleWithWaiting.current) notifications.hide('caller-waiting-idle');
    wasIdleWithWaiting.current = idleWithWaiting;
  }, [idleWithWaiting, waiting.length, t]);

  const start = current ? phaseStart(current) : null;
  const elapsed = start ? Math.max(0, (now - start) / 1000) : 0;
  const sla = current ? slaState(elapsed, currentService?.slaSeconds) : 'ok';
  const breachedNotified = useRef(new Set<string>());
  useEffect(() => {
    if (!current || sla !== 'breached' || breachedNotified.current.has(current.id)) return;
    breachedNotified.current.add(current.id);
    notifications.show({ color: 'red', message: t('notify.slaBreached', { number: current.number }) });
  }, [current, sla, t]);

  const loading = branches.isPending || services.isPending || counters.isPending;
  const loadError = branches.error ?? services.error ?? counters.error ?? queue.error;
  const stale =
    !loading &&
    !branches.error &&
    !services.error &&
    !counters.error &&
    (!counter || chosenServices.length === 0);
  const timeFormat = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'id-ID', {
    hour: '2-digit',
    minute: '2-digit',
  });
  const serviceLabel = (id: string) => serviceById.get(id)?.code ?? '';

  return (
    <AppShell header={{ height: 64 }} padding="md">
      <AppShell.Header>
        <ScreenHeader
          title={
            <>
              <span data-testid="caller-counter">{counter?.name ?? t('unknown')}</span>
              {' · '}
              <span>{branch?.name ?? user.tenantName ?? t('common:appName')}</span>
            </>
          }
          subtitle={`${chosenServices.map((s) => `${s.code} ${s.name}`).join(', ')} · ${user.fullName}`}
          status={
            idleWithWaiting ? (
              <Badge color="blue" leftSection={<IconBell size={12} aria-hidden />} role="status">
                {t('notify.waitingWhileIdle', { count: waiting.length })}
              </Badge>
            ) : null
          }
          tools={<ShortcutsHelp />}
          actions={
            <Button
              variant="light"
              leftSection={<IconArrowsExchange size={16} aria-hidden />}
              onClick={() => {
                void closeStation().then(() => navigate(paths.loginCaller.href()));
              }}
            >
              {t('changeCounter')}
            </Button>
          }
          signOutTo={paths.loginCaller.href()}
          beforeSignOut={closeStation}
        />
      </AppShell.Header>

      <AppShell.Main>
        <Stack gap="lg">
          <VisuallyHidden>
            <Title order={1}>{t('title')}</Title>
          </VisuallyHidden>
          {loading ? <Loader aria-label={t('common:status.loading')} /> : null}
          {loadError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={t('loadFailed')}>
              {errorText(loadError)}
            </Alert>
          ) : null}
          {station.error ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle aria-hidden />}
              title={t('stationFailed')}
            >
              {errorText(station.error)}
            </Alert>
          ) : null}
          {stale ? (
            <Alert color="yellow" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {t('choiceInvalid')}
            </Alert>
          ) : null}

          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="caller-current">
            <Title order={2} size="h4" id="caller-current" mb="sm">
              {t('current.title')}
            </Title>
            {current ? (
              <Stack gap="md">
                <Group justify="space-between" align="flex-start">
                  <Stack gap={4}>
                    <Text fz={56} fw={800} lh={1} data-testid="current-ticket-number">
                      {current.number}
                    </Text>
                    <Group gap="xs">
                      <TicketStatusBadge status={current.status} size="lg" />
                      <Text size="sm" c="dimmed">
                        {currentService ? `${currentService.code} · ${currentService.name}` : null}
                      </Text>
                    </Group>
                    {current.recallCount > 0 ? (
                      <Text size="xs" c="dimmed">
                        {t('current.recallCount', { count: current.recallCount })}
                      </Text>
                    ) : null}
                  </Stack>
                  <Stack gap={4} align="flex-end">
                    <Text size="xs" c="dimmed">
                      {current.status === 'serving' ? t('current.sinceServing') : t('current.sinceCall')}
                    </Text>
                    <Text fz={32} fw={700} ff="monospace" role="timer" aria-live="off">
                      {formatDuration(elapsed)}
                    </Text>
                    <Badge color={SLA_COLORS[sla]} variant="filled">
                      {t(
                        sla === 'ok'
                          ? 'current.slaOk'
                          : sla === 'warning'
                            ? 'current.slaWarning'
                            : 'current.slaBreached',
                      )}
                    </Badge>
                    {currentService ? (
                      <Text size="xs" c="dimmed">
                        {t('current.sla', { minutes: Math.round(currentService.slaSeconds / 60) })}
                      </Text>
                    ) : null}
                  </Stack>
                </Group>
                <Group justify="space-between">
                  <TicketActionButtons
                    ticket={current}
                    service={currentService}
                    pending={pendingAction}
                    onAction={(name) => runAction(name, current)}
                    exclude={['call', 'requeue']}
                  />
                  <Group gap="xs">
                    {can(user.role, 'queue.operate') ? (
                      <Button
                        variant="subtle"
                        leftSection={<IconPlus size={16} aria-hidden />}
                        onClick={() => setNewTransactionFor(current)}
                      >
                        {t('actions.newTransaction')}
                      </Button>
                    ) : null}
                    <Button
                      variant="subtle"
                      leftSection={<IconInfoCircle size={16} aria-hidden />}
                      onClick={() => setDetailId(current.id)}
                    >
                      {t('current.detail')}
                    </Button>
                  </Group>
                </Group>
              </Stack>
            ) : (
              <Stack gap="md" align="flex-start">
                <Text c="dimmed">{t('current.idle')}</Text>
                <Button
                  size="lg"
                  leftSection={<IconSpeakerphone size={20} aria-hidden />}
                  loading={action.isPending && action.variables.action === 'callNext'}
                  disabled={!station.isSuccess && !station.isError}
                  onClick={() => runAction('callNext')}
                >
                  {t('actions.callNext')}
                </Button>
              </Stack>
            )}
          </Card>

          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="caller-waiting">
              <Group justify="space-between" mb="sm">
                <Title order={2} size="h4" id="caller-waiting">
                  {t('waiting.title')} <Badge variant="light">{waiting.length}</Badge>
                </Title>
                <Select
                  label={t('waiting.pageSize')}
                  data={[...PAGE_SIZES]}
                  value={pageSize}
                  onChange={(value) => {
                    setPageSize(value ?? '10');
                    setPage(1);
                  }}
                  allowDeselect={false}
                  w={140}
                  size="xs"
                />
              </Group>
              {waiting.length === 0 ? (
                <Text c="dimmed">{t('waiting.empty')}</Text>
              ) : (
                <Table striped highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('waiting.number')}</Table.Th>
                      <Table.Th>{t('waiting.service')}</Table.Th>
                      <Table.Th>{t('waiting.queuedAt')}</Table.Th>
                      <Table.Th>{t('waiting.actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {pageRows.map((ticket) => {
                      const service = serviceById.get(ticket.serviceId);
                      const canCall = !current && callerActions(ticket.status, service).includes('call');
                      return (
                        <Table.Tr key={ticket.id}>
                          <Table.Td fw={700}>
                            {ticket.number}{' '}
                            {ticket.isBooking ? (
                              <Badge size="xs" variant="outline">
                                {t('waiting.booking')}
                              </Badge>
                            ) : null}
                          </Table.Td>
                          <Table.Td>{serviceLabel(ticket.serviceId)}</Table.Td>
                          <Table.Td>{timeFormat.format(ticket.queuedAt ?? ticket.issuedAt)}</Table.Td>
                          <Table.Td>
                            <Group gap="xs" wrap="nowrap">
                              {canCall ? (
                                <Button
                                  size="xs"
                                  aria-label={t('actions.callTicket', { number: ticket.number })}
                                  disabled={action.isPending}
                                  onClick={() => action.mutate({ action: 'call', ticket })}
                                >
                                  {t('actions.call')}
                                </Button>
                              ) : null}
                              <ActionIcon
                                variant="subtle"
                                aria-label={t('actions.detailTicket', { number: ticket.number })}
                                onClick={() => setDetailId(ticket.id)}
                              >
                                <IconInfoCircle size={16} aria-hidden />
                              </ActionIcon>
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              )}
              {pageCount > 1 ? (
                <Pagination
                  mt="sm"
                  total={pageCount}
                  value={shownPage}
                  onChange={setPage}
                  getControlProps={(control) => ({
                    'aria-label': control === 'previous' ? t('waiting.pagination') : undefined,
                  })}
                />
              ) : null}
            </Card>

            <Stack gap="lg">
              <Card
                withBorder
                radius="md"
                padding="lg"
                component="section"
                aria-labelledby="caller-postponed"
              >
                <Title order={2} size="h4" id="caller-postponed" mb="sm">
                  {t('postponed.title')} <Badge variant="light">{postponed.length}</Badge>
                </Title>
                {postponed.length === 0 ? (
                  <Text c="dimmed">{t('postponed.empty')}</Text>
                ) : (
                  <Table>
                    <Table.Tbody>
                      {postponed.map((ticket) => {
                        const allowed = callerActions(ticket.status, serviceById.get(ticket.serviceId));
                        return (
                          <Table.Tr key={ticket.id}>
                            <Table.Td fw={700}>{ticket.number}</Table.Td>
                            <Table.Td>{serviceLabel(ticket.serviceId)}</Table.Td>
                            <Table.Td>
                              <TicketStatusBadge status={ticket.status} size="sm" />
                            </Table.Td>
                            <Table.Td>
                              <Group gap="xs" wrap="nowrap" justify="flex-end">
                                {allowed.includes('recall') ? (
                                  <Button
                                    size="xs"
                                    variant="light"
                                    disabled={action.isPending || current !== null}
                                    aria-label={t('actions.recallTicket', { number: ticket.number })}
                                    onClick={() => action.mutate({ action: 'recall', ticket })}
                                  >
                                    {t('actions.call')}
                                  </Button>
                                ) : null}
                                {allowed.includes('requeue') ? (
                                  <Button
                                    size="xs"
                                    variant="default"
                                    disabled={action.isPending}
                                    aria-label={t('actions.requeueTicket', { number: ticket.number })}
                                    onClick={() => action.mutate({ action: 'requeue', ticket })}
                                  >
                                    {t('actions.requeue')}
                                  </Button>
                                ) : null}
                                <ActionIcon
                                  variant="subtle"
                                  aria-label={t('actions.detailTicket', { number: ticket.number })}
                                  onClick={() => setDetailId(ticket.id)}
                                >
                                  <IconInfoCircle size={16} aria-hidden />
                                </ActionIcon>
                              </Group>
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                )}
              </Card>

              <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="caller-history">
                <Title order={2} size="h4" id="caller-history" mb="sm">
                  {t('history.title')} <Badge variant="light">{finished.length}</Badge>
                </Title>
                {historyQuery.error ? (
                  <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} mb="sm">
                    {errorText(historyQuery.error)}
                  </Alert>
                ) : null}
                {historyQuery.isPending && finished.length === 0 ? (
                  <Loader size="sm" aria-label={t('history.loading')} />
                ) : finished.length === 0 ? (
                  <Text c="dimmed">{t('history.empty')}</Text>
                ) : (
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('waiting.number')}</Table.Th>
                        <Table.Th>{t('waiting.service')}</Table.Th>
                        <Table.Th>{t('history.outcome')}</Table.Th>
                        <Table.Th>{t('history.finishedAt')}</Table.Th>
                        <Table.Th>{t('history.duration')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {finished.map((ticket) => {
                        const outcome = historyOutcome(ticket);
                        return (
                          <Table.Tr key={ticket.id}>
                            <Table.Td fw={700}>
                              <Button
                                variant="subtle"
                                size="compact-sm"
                                aria-label={t('actions.detailTicket', { number: ticket.number })}
                                onClick={() => setDetailId(ticket.id)}
                              >
                                {ticket.number}
                              </Button>
                            </Table.Td>
                            <Table.Td>{serviceLabel(ticket.serviceId)}</Table.Td>
                            <Table.Td>
                              <Badge size="sm" variant="light" color={OUTCOME_COLORS[outcome]}>
                                {t(`history.outcomes.${outcome}`)}
                              </Badge>
                            </Table.Td>
                            <Table.Td>
                              {ticket.finishedAt ? timeFormat.format(ticket.finishedAt) : '—'}
                            </Table.Td>
                            <Table.Td>
                              {ticket.serviceSeconds !== null ? formatDuration(ticket.serviceSeconds) : '—'}
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                )}
                {historyQuery.hasNextPage ? (
                  <Button
                    mt="sm"
                    variant="default"
                    size="xs"
                    loading={historyQuery.isFetchingNextPage}
                    onClick={() => void historyQuery.fetchNextPage()}
                  >
                    {t('history.more')}
                  </Button>
                ) : null}
              </Card>
            </Stack>
          </SimpleGrid>
        </Stack>
      </AppShell.Main>

      <TransferModal
        key={transferTicket?.id ?? 'none'}
        ticket={transferTicket}
        services={serviceList}
        pending={action.isPending && action.variables.action === 'transfer'}
        onClose={() => setTransferTicket(null)}
        onSubmit={(serviceId) => {
          if (transferTicket) action.mutate({ action: 'transfer', ticket: transferTicket, serviceId });
        }}
      />
      <TicketDetailDrawer ticketId={detailId} services={serviceList} onClose={() => setDetailId(null)} />
      <NewTransactionModal
        ticket={newTransactionFor}
        branchId={branchId}
        services={serviceList}
        onClose={() => setNewTransactionFor(null)}
      />
    </AppShell>
  );
}

/** Issues a ticket for another service with the same customer's phone (operators only). */
function NewTransactionModal({
  ticket,
  branchId,
  services,
  onClose,
}: {
  ticket: Ticket | null;
  branchId: string;
  services: readonly BranchService[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['caller', 'common']);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const issue = useMutation({
    mutationFn: (input: { serviceId: string; phone: string | null }) =>
      issueTicket(
        branchId,
        { serviceId: input.serviceId, channel: 'operator', ...(input.phone ? { phone: input.phone } : {}) },
        key,
      ),
    onSuccess: (issued) => {
      notifications.show({ color: 'green', message: t('newTransaction.issued', { number: issued.number }) });
      setKey(newIdempotencyKey());
      setServiceId(null);
      void queryClient.invalidateQueries({ queryKey: queueKeys.queue(branchId) });
      onClose();
    },
    onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
  });
  return (
    <Modal opened={ticket !== null} onClose={onClose} title={t('newTransaction.title')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (serviceId && ticket) issue.mutate({ serviceId, phone: ticket.phone });
        }}
      >
        <Stack>
          <Select
            label={t('newTransaction.service')}
            data={services
              .filter((s) => s.isActive)
              .map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` }))}
            value={serviceId}
            onChange={setServiceId}
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={issue.isPending} disabled={!serviceId}>
              {t('newTransaction.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
