import { useEffect, useState } from 'react';
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
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowBackUp,
  IconArrowsExchange,
  IconCheck,
  IconPrinter,
  IconX,
} from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PhoneSchema, ticketsContract } from '@antrean/shared/contracts/tickets.contract';
import type { BranchService } from '@antrean/shared/domain/service';
import { allowedActions } from '@antrean/shared/domain/ticket/transitions';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import type { SessionUser } from '@antrean/shared/domain/user';
import { paths } from '@/config/paths';
import { api } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { BranchPicker } from '@/features/branch/components/branch-picker';
import { ScreenHeader } from '@/features/branch/components/screen-header';
import { useAssignedBranches } from '@/features/branch/hooks/use-assigned-branches';
import { countMessages, useBranchLive } from '@/features/branch/hooks/use-branch-live';
import { branchServicesQueryOptions } from '@/lib/queries/branches';
import { ticketListKeys } from '@/lib/queries/tickets';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { TicketStatusBadge } from '../caller/components/ticket-status-badge';
import { TransferModal } from '../caller/components/transfer-modal';
import { issueTicket, newIdempotencyKey } from '../caller/lib/issue-ticket';
import { branchQueueQueryOptions, queueKeys, runTicketAction } from '../caller/lib/queue-queries';
import { UnvalidatedCard } from './unvalidated-card';

type OperatorAction = 'validate' | 'requeue' | 'transfer' | 'cancel';
const OPERATOR_ACTIONS: readonly OperatorAction[] = ['validate', 'requeue', 'transfer', 'cancel'];

/** The operator's buttons for a ticket: the state machine's valid actions among the operator's. */
export function operatorActions(ticket: Pick<Ticket, 'status'>): OperatorAction[] {
  return allowedActions(ticket.status).filter((a): a is OperatorAction =>
    OPERATOR_ACTIONS.some((o) => o === a),
  );
}

interface PrintableTicket {
  number: string;
  serviceName: string;
  branchName: string;
  issuedAt: number;
}

/** /operator — walk-in tickets, booking check-in, validation and the live board per service. */
export function OperatorScreen() {
  const { data: user } = useSession();
  if (!user) return null;
  return <OperatorWorkspace user={user} />;
}

function OperatorWorkspace({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation(['operator', 'caller', 'common']);
  useDocumentTitle(t('documentTitle'));
  const errorText = useErrorText();
  const queryClient = useQueryClient();

  const {
    query: branches,
    branches: myBranches,
    branchId,
    branch,
    pick: setPickedBranch,
  } = useAssignedBranches(user);

  const services = useQuery(branchServicesQueryOptions(branchId));
  const queue = useQuery(branchQueueQueryOptions(branchId));
  // Sockets notify, queries fetch: the board and the unvalidated list follow every branch event.
  useBranchLive(branchId, [queueKeys.queue(branchId), ticketListKeys.branch(branchId)], countMessages);
  const refreshLists = () => {
    void queryClient.invalidateQueries({ queryKey: queueKeys.queue(branchId) });
    void queryClient.invalidateQueries({ queryKey: ticketListKeys.branch(branchId) });
  };

  const serviceList = services.data ?? [];
  const serviceById = new Map(serviceList.map((s) => [s.id, s]));

  const [lastTicket, setLastTicket] = useState<Ticket | null>(null);
  const [transferTicket, setTransferTicket] = useState<Ticket | null>(null);
  const [cancelTicket, setCancelTicket] = useState<Ticket | null>(null);
  const [printing, setPrinting] = useState<PrintableTicket | null>(null);

  useEffect(() => {
    if (!printing) return undefined;
    const id = window.setTimeout(() => {
      window.print();
      setPrinting(null);
    }, 50);
    return () => window.clearTimeout(id);
  }, [printing]);

  const reprint = (ticket: Pick<Ticket, 'number' | 'serviceId' | 'issuedAt'>) =>
    setPrinting({
      number: ticket.number,
      serviceName: serviceById.get(ticket.serviceId)?.name ?? '',
      branchName: branch?.name ?? '',
      issuedAt: ticket.issuedAt,
    });

  const action = useMutation({
    mutationFn: (input: { action: OperatorAction; ticket: Ticket; serviceId?: string }) =>
      runTicketAction(input.action, input.ticket.id, input.serviceId ? { serviceId: input.serviceId } : {}),
    onSuccess: (ticket, input) => {
      setLastTicket(ticket);
      setTransferTicket(null);
      setCancelTicket(null);
      notifications.show({
        color: 'green',
        message:
          input.action === 'transfer'
            ? t('caller:notify.transferred')
            : t('done', { number: ticket.number, status: t(`caller:status.${ticket.status}`) }),
      });
      refreshLists();
    },
    onError: (error) => {
      notifications.show({ color: 'red', message: errorText(error) });
      // The ticket may have changed meanwhile (validated by someone else): show the current lists.
      refreshLists();
    },
  });

  const timeFormat = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'id-ID', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  const ticketButtons = (ticket: Ticket) => (
    <Group gap={4} wrap="nowrap">
      {operatorActions(ticket).map((name) => {
        const icon =
          name === 'validate' ? (
            <IconCheck size={16} aria-hidden />
          ) : name === 'requeue' ? (
            <IconArrowBackUp size={16} aria-hidden />
          ) : name === 'transfer' ? (
            <IconArrowsExchange size={16} aria-hidden />
          ) : (
            <IconX size={16} aria-hidden />
          );
        return (
          <Tooltip key={name} label={t(`actions.${name}Short`)}>
            <ActionIcon
              variant="subtle"
              color={name === 'cancel' ? 'red' : undefined}
              aria-label={t(`actions.${name}`, { number: ticket.number })}
              disabled={action.isPending}
              onClick={() => {
                if (name === 'transfer') setTransferTicket(ticket);
                else if (name === 'cancel') setCancelTicket(ticket);
                else action.mutate({ action: name, ticket });
              }}
            >
              {icon}
            </ActionIcon>
          </Tooltip>
        );
      })}
      <Tooltip label={t('actions.reprintShort')}>
        <ActionIcon
          variant="subtle"
          aria-label={t('actions.reprint', { number: ticket.number })}
          onClick={() => reprint(ticket)}
        >
          <IconPrinter size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );

  const ticketList = (label: string, tickets: Ticket[]) => (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {tickets.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('lists.empty')}
        </Text>
      ) : (
        <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {tickets.map((ticket) => (
            <Group key={ticket.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="xs" wrap="nowrap">
                <Text fw={700}>{ticket.number}</Text>
                <TicketStatusBadge status={ticket.status} size="sm" />
              </Group>
              {ticketButtons(ticket)}
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );

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
                setPickedBranch(value);
                setLastTicket(null);
              }}
            />
          </Group>
          {branches.isPending ? <Loader aria-label={t('common:status.loading')} /> : null}
          {!branches.isPending && myBranches.length === 0 && !branches.error ? (
            <Alert color="yellow" variant="light">
              {t('noBranch')}
            </Alert>
          ) : null}
          {(branches.error ?? services.error ?? queue.error) ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={t('loadFailed')}>
              {errorText(branches.error ?? services.error ?? queue.error)}
            </Alert>
          ) : null}

          {branchId ? (
            <SimpleGrid cols={{ base: 1, md: 3 }}>
              <IssueCard
                branchId={branchId}
                services={serviceList}
                onIssued={(issued) => {
                  reprint(issued);
                }}
              />
              <CheckInCard
                branchId={branchId}
                onCheckedIn={(ticket) => {
                  setLastTicket(ticket);
                  refreshLists();
                }}
              />
              <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="op-last">
                <Title order={2} size="h5" id="op-last" mb="sm">
                  {t('result.title')}
                </Title>
                {lastTicket ? (
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap="xs">
                      <Text fw={800} fz="xl">
                        {lastTicket.number}
                      </Text>
                      <TicketStatusBadge status={lastTicket.status} />
                    </Group>
                    {ticketButtons(lastTicket)}
                  </Group>
                ) : (
                  <Text c="dimmed">{t('lists.empty')}</Text>
                )}
              </Card>
            </SimpleGrid>
          ) : null}

          {branchId ? (
            <UnvalidatedCard
              branchId={branchId}
              services={serviceById}
              pending={action.isPending}
              onValidate={(ticket) => action.mutate({ action: 'validate', ticket })}
            />
          ) : null}

          {queue.data ? (
            <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
              {queue.data.services.map((s) => (
                <Card
                  key={s.serviceId}
                  withBorder
                  radius="md"
                  padding="lg"
                  component="section"
                  aria-label={s.name}
                >
                  <Group justify="space-between" mb="sm">
                    <Title order={2} size="h4">
                      <Badge variant="light" mr="xs">
                        {s.code}
                      </Badge>
                      {s.name}
                    </Title>
                  </Group>
                  <Group gap="xs" mb="sm">
                    {(
                      ['waiting', 'active', 'held', 'skipped', 'unvalidated', 'booked', 'finished'] as const
                    ).map((k) => (
                      <Badge
                        key={k}
                        variant="outline"
                        color={k === 'unvalidated' && s.counts[k] > 0 ? 'orange' : 'gray'}
                      >
                        {t(`counts.${k}`)}: {s.counts[k]}
                      </Badge>
                    ))}
                  </Group>
                  {s.counts.unvalidated > 0 ? (
                    <Text size="xs" c="orange" mb="xs">
                      {t('unvalidatedNote', { count: s.counts.unvalidated })}
                    </Text>
                  ) : null}
                  <Stack gap="sm">
                    {ticketList(t('lists.active'), s.active)}
                    {ticketList(t('lists.waiting'), s.waiting)}
                    {ticketList(t('lists.postponed'), [...s.held, ...s.skipped])}
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          ) : null}
        </Stack>
      </AppShell.Main>

      <TransferModal
        key={transferTicket?.id ?? 'none'}
        ticket={transferTicket}
        services={serviceList}
        pending={action.isPending}
        onClose={() => setTransferTicket(null)}
        onSubmit={(serviceId) => {
          if (transferTicket) action.mutate({ action: 'transfer', ticket: transferTicket, serviceId });
        }}
      />
      <Modal
        opened={cancelTicket !== null}
        onClose={() => setCancelTicket(null)}
        title={t('confirmCancel.title', { number: cancelTicket?.number ?? '' })}
      >
        <Stack>
          <Text>{t('confirmCancel.body')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCancelTicket(null)}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              color="red"
              loading={action.isPending}
              onClick={() => {
                if (cancelTicket) action.mutate({ action: 'cancel', ticket: cancelTicket });
              }}
            >
              {t('confirmCancel.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {printing ? <PrintLayout ticket={printing} timeFormat={timeFormat} /> : null}
    </AppShell>
  );
}

const PRINT_CSS = `
@media screen { .antrean-print-only { display: none; } }
@media print {
  body * { visibility: hidden; }
  .antrean-print-only, .antrean-print-only * { visibility: visible; }
  .antrean-print-only { position: absolute; left: 0; top: 0; width: 80mm; text-align: center; font-family: sans-serif; }
}`;

function PrintLayout({ ticket, timeFormat }: { ticket: PrintableTicket; timeFormat: Intl.DateTimeFormat }) {
  const { t } = useTranslation('operator');
  return (
    <div className="antrean-print-only" aria-hidden>
      <style>{PRINT_CSS}</style>
      <p style={{ fontWeight: 700, margin: 0 }}>{ticket.branchName}</p>
      <p style={{ margin: '4mm 0 0' }}>{t('print.number')}</p>
      <p style={{ fontSize: '32pt', fontWeight: 800, margin: 0 }}>{ticket.number}</p>
      <p style={{ margin: 0 }}>{ticket.serviceName}</p>
      <p style={{ fontSize: '9pt', margin: '4mm 0 0' }}>
        {t('print.issuedAt', { time: timeFormat.format(ticket.issuedAt) })}
      </p>
    </div>
  );
}

function IssueCard({
  branchId,
  services,
  onIssued,
}: {
  branchId: string;
  services: readonly BranchService[];
  onIssued: (ticket: { number: string; serviceId: string; issuedAt: number }) => void;
}) {
  const { t } = useTranslation(['operator', 'common']);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [subServiceId, setSubServiceId] = useState<string | null>(null);
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const service = services.find((s) => s.id === serviceId);
  const subServices = (service?.subServices ?? []).filter((s) => s.isActive);
  const issue = useMutation({
    mutationFn: () =>
      issueTicket(
        branchId,
        {
          serviceId: serviceId ?? '',
          channel: 'operator',
          ...(subServiceId ? { subServiceId } : {}),
          ...(phone.trim() ? { phone: phone.trim() } : {}),
        },
        key,
      ),
    onSuccess: (issued) => {
      notifications.show({
        color: 'green',
        message: t('issue.issued', { number: issued.number, ahead: issued.peopleAhead }),
      });
      setKey(newIdempotencyKey());
      setPhone('');
      setSubServiceId(null);
      void queryClient.invalidateQueries({ queryKey: queueKeys.queue(branchId) });
      onIssued(issued);
    },
    onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
  });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="op-issue">
      <Title order={2} size="h5" id="op-issue" mb="sm">
        {t('issue.title')}
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (phone.trim() && !PhoneSchema.safeParse(phone).success) {
            setPhoneError(t('common:v.phone'));
            return;
          }
          setPhoneError(null);
          if (serviceId) issue.mutate();
        }}
      >
        <Stack gap="xs">
          <Select
            label={t('issue.service')}
            data={services
              .filter((s) => s.isActive)
              .map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` }))}
            value={serviceId}
            onChange={(value) => {
              setServiceId(value);
              setSubServiceId(null);
            }}
            required
          />
          {subServices.length > 0 ? (
            <Select
              label={t('issue.subService')}
              data={subServices.map((s) => ({ value: s.id, label: s.name }))}
              value={subServiceId}
              onChange={setSubServiceId}
              clearable
            />
          ) : null}
          <TextInput
            label={t('issue.phone')}
            placeholder={t('issue.phonePlaceholder')}
            value={phone}
            inputMode="tel"
            onChange={(event) => setPhone(event.currentTarget.value)}
            error={phoneError}
          />
          <Button type="submit" loading={issue.isPending} disabled={!serviceId}>
            {t('issue.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

function CheckInCard({ branchId, onCheckedIn }: { branchId: string; onCheckedIn: (ticket: Ticket) => void }) {
  const { t } = useTranslation(['operator', 'caller']);
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const checkIn = useMutation({
    mutationFn: () =>
      api.call(ticketsContract.checkInByCode, { params: { branchId }, body: { bookingCode: code.trim() } }),
    onSuccess: (ticket) => {
      notifications.show({
        color: 'green',
        message: t('checkIn.done', { number: ticket.number, status: t(`caller:status.${ticket.status}`) }),
      });
      setCode('');
      onCheckedIn(ticket);
    },
  });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="op-checkin">
      <Title order={2} size="h5" id="op-checkin" mb="sm">
        {t('checkIn.title')}
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim().length >= 4) checkIn.mutate();
        }}
      >
        <Stack gap="xs">
          <TextInput
            label={t('checkIn.code')}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value.toUpperCase())}
            required
            minLength={4}
            maxLength={32}
            error={checkIn.error ? errorText(checkIn.error) : undefined}
          />
          <Button type="submit" loading={checkIn.isPending}>
            {t('checkIn.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
