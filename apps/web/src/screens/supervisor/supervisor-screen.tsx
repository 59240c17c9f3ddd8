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
import type { SessionUser } from '@antrean/shared/domain/user';
import { NotFoundPage } from '@/components/not-found-page';
import { paths } from '@/config/paths';
import { ScreenHeader } from '@/features/branch/components/screen-header';
import { countMessages, useBranchLive } from '@/features/branch/hooks/use-branch-live';
import { monitorKeys } from '@/features/queue/api/keys';
import { branchByCodeQueryOptions, monitorQueryOptions } from '@/features/queue/api/queries';
import { useNow } from '@/lib/use-now';
import { formatDuration } from '@/features/queue/lib/ticket-actions';
import { isApiError } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CountersTable } from './components/counters-table';
import { ListTable, SectionCard } from '@/features/queue/components/section-card';
import { COUNTER_STATES, counterState, relativeTime } from './lib/counters';
import { ErrorAlert } from '@/lib/error-alert';

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

  const branch = useQuery(branchByCodeQueryOptions(code));
  const branchId = branch.data?.id ?? '';
  const monitor = useQuery(monitorQueryOptions(branchId));
  useBranchLive(branchId, [monitorKeys.branch(branchId)], countMessages);

  const data = monitor.data;
  // Timers run on the server's clock: its `now` plus the time since the fetch.
  const serverNow = data ? data.now + Math.max(0, now - monitor.dataUpdatedAt) : now;
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
          {branch.error && !notFound ? <ErrorAlert error={branch.error} role="alert" /> : null}
          {notFound ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {t('notFound')}
            </Alert>
          ) : null}
          {monitor.error ? <ErrorAlert error={monitor.error} title={t('loadFailed')} /> : null}
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
                <CountersTable counters={rows} serviceCode={serviceCode} serverNow={serverNow} now={now} />
              </Card>

              <SectionCard id="spv-services" title={t('services.title')}>
                <ListTable
                  striped
                  aria-labelledby="spv-services"
                  minWidth={520}
                  head={[
                    t('services.service'),
                    t('services.waiting'),
                    t('services.held'),
                    t('services.skipped'),
                    t('services.finished'),
                    t('services.sla'),
                  ]}
                >
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
                </ListTable>
              </SectionCard>

              <SectionCard id="spv-devices" title={t('devices.title')}>
                {data.devices.length === 0 ? (
                  <Text c="dimmed">{t('devices.empty')}</Text>
                ) : (
                  <ListTable
                    striped
                    aria-labelledby="spv-devices"
                    minWidth={520}
                    head={[t('devices.name'), t('devices.kind'), t('devices.status'), t('devices.lastSeen')]}
                  >
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
                          {d.lastSeenAt ? relativeTime(d.lastSeenAt, now, i18n.language) : t('devices.never')}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </ListTable>
                )}
              </SectionCard>
            </>
          ) : null}
        </Stack>
      </AppShell.Main>
    </AppShell>
  );
}
