import { useMemo } from 'react';
import {
  Alert,
  AppShell,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { monitorContract, type Monitor } from '@antrean/shared/contracts/monitor.contract';
import type { SessionUser } from '@antrean/shared/domain/user';
import { NotFoundPage } from '@/components/not-found-page';
import { paths } from '@/config/paths';
import { ScreenHeader } from '@/features/branch/components/screen-header';
import { countMessages, useBranchLive } from '@/features/branch/hooks/use-branch-live';
import { api, isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { TicketStatusBadge } from '../caller/components/ticket-status-badge';
import { formatDuration } from '../caller/lib/ticket-actions';
import { queueKeys } from '../caller/lib/queue-queries';
import { useNow } from '../caller/lib/use-now';

export const COUNTER_STATES = ['serving', 'calling', 'idle', 'empty'] as const;
export type CounterState = (typeof COUNTER_STATES)[number];

type MonitorCounter = Monitor['counters'][number];

/** What a counter is doing: serving, calling, staffed and idle, or nobody signed in. */
export function counterState(counter: Pick<MonitorCounter, 'caller' | 'current'>): CounterState {
  const status = counter.current?.status;
  if (status === 'serving') return 'serving';
  if (status === 'calling' || status === 'called') return 'calling';
  return counter.caller ? 'idle' : 'empty';
}

const STATE_COLORS: Record<CounterState, string> = {
  serving: 'teal',
  calling: 'grape',
  idle: 'blue',
  empty: 'gray',
};

const REFRESH_MS = 15_000;

/** "2 minutes ago" in the interface language. */
function relativeTime(at: number, now: number, language: string): string {
  const rtf = new Intl.RelativeTimeFormat(language === 'en' ? 'en' : 'id', { numeric: 'auto' });
  const seconds = Math.round((at - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
  return rtf.format(Math.round(seconds / 86_400), 'day');
}

/** /spv/monitoring/:spvId — only the signed-in supervisor's own monitor exists. */
export function SupervisorScreen() {
  const { spvId } = useParams();
  const { data: user } = useSession();
  if (!user) return null;
  if (spvId !== user.id) return <NotFoundPage />;
  return <SupervisorMonitor user={user} />;
}

function SupervisorMonitor({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation(['supervisor', 'caller', 'common']);
  useDocumentTitle(t('documentTitle'));
  const errorText = useErrorText();
  const now = useNow();
  const [params, setParams] = useSearchParams();
  const code = params.get('code') ?? '';
  const serviceFilter = params.get('service');
  const statusFilter = params.get('status');

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: key !== 'code' });
  };

  const branch = useQuery({
    queryKey: ['branch-by-code', code],
    queryFn: ({ signal }) => api.call(monitorContract.branchByCode, { params: { code }, signal }),
    enabled: code !== '',
    retry: false,
  });
  const branchId = branch.data?.id ?? '';
  const monitor = useQuery({
    queryKey: queueKeys.monitor(branchId),
    queryFn: ({ signal }) => api.call(monitorContract.monitor, { params: { branchId }, signal }),
    enabled: branchId !== '',
    refetchInterval: REFRESH_MS,
    staleTime: 0,
  });
  useBranchLive(branchId, [queueKeys.monitor(branchId)], countMessages);

  const data = monitor.data;
  // Elapsed time ticks locally between fetches.
  const drift = data ? Math.max(0, Math.floor((now - monitor.dataUpdatedAt) / 1000)) : 0;
  const services = data?.services ?? [];
  const serviceCode = (id: string) => services.find((s) => s.id === id)?.code ?? '';
  const rows = useMemo(
    () =>
      (data?.counters ?? [])
        .filter((c) => !serviceFilter || c.serviceIds.includes(serviceFilter))
        .filter((c) => !statusFilter || counterState(c) === statusFilter)
        .sort((a, b) => a.number - b.number),
    [data, serviceFilter, statusFilter],
  );
  const notFound = branch.error && isApiError(branch.error) && [403, 404].includes(branch.error.status);

  return (
    <AppShell header={{ height: 64 }} padding="md">
      <AppShell.Header>
        <ScreenHeader
          title={t('title')}
          subtitle={`${user.fullName} · ${user.tenantName ?? t('common:appName')}`}
          signOutTo={paths.login.href()}
        />
      </AppShell.Header>
      <AppShell.Main>
        <Stack gap="lg">
          <Title order={1} size="h3">
            {data ? `${t('title')} · ${data.branch.name}` : t('title')}
          </Title>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              const value = new FormData(event.currentTarget).get('code');
              const next = typeof value === 'string' ? value.trim().toUpperCase() : '';
              if (next === code) void branch.refetch();
              else setParam('code', next || null);
            }}
          >
            <Group align="flex-end">
              <TextInput
                name="code"
                label={t('branchCode')}
                placeholder={t('branchCodePlaceholder')}
                defaultValue={code}
                key={code}
                required
                maxLength={32}
                error={notFound ? t('notFound') : undefined}
              />
              <Button type="submit" loading={branch.isFetching}>
                {t('show')}
              </Button>
            </Group>
          </form>
          {branch.error && !notFound ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {errorText(branch.error)}
            </Alert>
          ) : null}
          {notFound ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {t('notFound')}
            </Alert>
          ) : null}
          {monitor.error ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={t('loadFailed')}>
              {errorText(monitor.error)}
            </Alert>
          ) : null}
          {branchId && monitor.isPending ? <Loader aria-label={t('common:status.loading')} /> : null}

          {data ? (
            <>
              <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="spv-counters">
                <Group justify="space-between" mb="sm" align="flex-end">
                  <Title order={2} size="h4" id="spv-counters">
                    {t('counters.title')}
                  </Title>
                  <Group>
                    <Select
                      label={t('filters.service')}
                      placeholder={t('filters.all')}
                      data={services.map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` }))}
                      value={serviceFilter}
                      onChange={(value) => setParam('service', value)}
                      clearable
                      size="xs"
                    />
                    <Select
                      label={t('filters.status')}
                      placeholder={t('filters.all')}
                      data={COUNTER_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
                      value={statusFilter}
                      onChange={(value) => setParam('status', value)}
                      clearable
                      size="xs"
                    />
                  </Group>
                </Group>
                <Table striped aria-labelledby="spv-counters">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('counters.counter')}</Table.Th>
                      <Table.Th>{t('counters.caller')}</Table.Th>
                      <Table.Th>{t('counters.ticket')}</Table.Th>
                      <Table.Th>{t('counters.elapsed')}</Table.Th>
                      <Table.Th>{t('counters.state')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.length === 0 ? (
                      <Table.Tr>
                        <Table.Td colSpan={5}>
                          <Text c="dimmed">{t('counters.empty')}</Text>
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                    {rows.map((counter) => {
                      const state = counterState(counter);
                      const elapsed = counter.elapsedSeconds !== null ? counter.elapsedSeconds + drift : null;
                      const breached =
                        counter.slaBreached ||
                        (elapsed !== null && counter.slaSeconds !== null && elapsed >= counter.slaSeconds);
                      return (
                        <Table.Tr key={counter.id}>
                          <Table.Td fw={700}>
                            {counter.name}
                            <Text size="xs" c="dimmed">
                              {counter.serviceIds.map(serviceCode).join(', ')}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            {counter.caller ? (
                              <>
                                {counter.caller.fullName}
                                <Text size="xs" c="dimmed">
                                  {relativeTime(counter.caller.since, now, i18n.language)}
                                </Text>
                              </>
                            ) : (
                              <Text c="dimmed">{t('counters.noCaller')}</Text>
                            )}
                          </Table.Td>
                          <Table.Td>
                            {counter.current ? (
                              <Group gap="xs">
                                <Text fw={700}>{counter.current.number}</Text>
                                <TicketStatusBadge status={counter.current.status} size="sm" />
                              </Group>
                            ) : (
                              t('counters.noTicket')
                            )}
                          </Table.Td>
                          <Table.Td>
                            {elapsed !== null ? (
                              <Badge color={breached ? 'red' : 'green'} variant="filled">
                                {formatDuration(elapsed)}
                                {counter.slaSeconds !== null
                                  ? ` / ${formatDuration(counter.slaSeconds)}`
                                  : ''}
                                {' · '}
                                {breached ? t('sla.breached') : t('sla.ok')}
                              </Badge>
                            ) : (
                              '—'
                            )}
                          </Table.Td>
                          <Table.Td>
                            <Badge color={STATE_COLORS[state]} variant="light">
                              {t(`state.${state}`)}
                            </Badge>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Card>

              <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="spv-services">
                <Title order={2} size="h4" id="spv-services" mb="sm">
                  {t('services.title')}
                </Title>
                <Table striped aria-labelledby="spv-services">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('services.service')}</Table.Th>
                      <Table.Th>{t('services.waiting')}</Table.Th>
                      <Table.Th>{t('services.held')}</Table.Th>
                      <Table.Th>{t('services.skipped')}</Table.Th>
                      <Table.Th>{t('services.finished')}</Table.Th>
                      <Table.Th>{t('services.sla')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {services
                      .filter((s) => !serviceFilter || s.id === serviceFilter)
                      .map((s) => (
                        <Table.Tr key={s.id}>
                          <Table.Td>
                            <Badge variant="light">{s.code}</Badge> {s.name}
                          </Table.Td>
                          <Table.Td fw={700}>{s.waiting}</Table.Td>
                          <Table.Td>{s.held}</Table.Td>
                          <Table.Td>{s.skipped}</Table.Td>
                          <Table.Td>{s.finished}</Table.Td>
                          <Table.Td>{formatDuration(s.slaSeconds)}</Table.Td>
                        </Table.Tr>
                      ))}
                  </Table.Tbody>
                </Table>
              </Card>

              <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="spv-devices">
                <Title order={2} size="h4" id="spv-devices" mb="sm">
                  {t('devices.title')}
                </Title>
                {data.devices.length === 0 ? (
                  <Text c="dimmed">{t('devices.empty')}</Text>
                ) : (
                  <Table striped aria-labelledby="spv-devices">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('devices.name')}</Table.Th>
                        <Table.Th>{t('devices.kind')}</Table.Th>
                        <Table.Th>{t('devices.status')}</Table.Th>
                        <Table.Th>{t('devices.lastSeen')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.devices.map((d) => (
                        <Table.Tr key={`${d.kind}-${d.id}`}>
                          <Table.Td>
                            {d.name}{' '}
                            <Text span size="xs" c="dimmed">
                              {d.code}
                            </Text>
                          </Table.Td>
                          <Table.Td>{t(`devices.${d.kind}`)}</Table.Td>
                          <Table.Td>
                            <Badge color={d.online ? 'green' : 'red'} variant="dot">
                              {d.online ? t('devices.online') : t('devices.offline')}
                            </Badge>
                          </Table.Td>
                          <Table.Td>
                            {d.lastSeenAt
                              ? relativeTime(d.lastSeenAt, now, i18n.language)
                              : t('devices.never')}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </Card>
            </>
          ) : null}
        </Stack>
      </AppShell.Main>
    </AppShell>
  );
}
