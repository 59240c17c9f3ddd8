import { useState } from 'react';
import { Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/lib/error-alert';
import { branchServicesQueryOptions } from '@/lib/queries/branches';
import { branchSchedulesQueryOptions } from '../api/schedules';
import { ScheduleIntervalForm } from './schedule-interval-form';
import { ScheduleRowsForm } from './schedule-rows-form';

/** The branch page's "Jadwal" tab: pick one of the branch's services, then its interval and its week. */
export function BranchSchedules({ branchId }: { branchId: string }) {
  const { t } = useTranslation(['branches', 'common']);
  const services = useQuery(branchServicesQueryOptions(branchId));
  const schedules = useQuery(branchSchedulesQueryOptions(branchId));
  const [picked, setPicked] = useState<string | null>(null);
  const list = services.data ?? [];
  const serviceId = (list.some((s) => s.id === picked) ? picked : null) ?? list[0]?.id ?? null;

  if (services.isError || schedules.isError) {
    return (
      <ErrorAlert
        title={t('schedules.loadFailed')}
        error={services.error ?? schedules.error}
        onRetry={() => {
          void services.refetch();
          void schedules.refetch();
        }}
      />
    );
  }
  if (!services.data || !schedules.data) return <Skeleton height={200} />;
  if (list.length === 0) return <Text c="dimmed">{t('schedules.noServices')}</Text>;
  const rows = schedules.data.filter((r) => r.serviceId === serviceId);
  return (
    <Stack>
      <Text size="sm" c="dimmed" maw={760}>
        {t('schedules.intro')}
      </Text>
      <Select
        label={t('schedules.service')}
        data={list.map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` }))}
        value={serviceId}
        onChange={setPicked}
        allowDeselect={false}
        maw={360}
      />
      {serviceId ? (
        <>
          <Paper withBorder radius="md" p="md">
            <Stack gap="xs">
              <Title order={3}>{t('schedules.intervalTitle')}</Title>
              <ScheduleIntervalForm
                key={`${serviceId}:${JSON.stringify(rows)}`}
                branchId={branchId}
                serviceId={serviceId}
                rows={rows}
              />
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Stack gap="xs">
              <Title order={3}>{t('schedules.weekTitle')}</Title>
              <ScheduleRowsForm
                key={`${serviceId}:${JSON.stringify(rows)}`}
                branchId={branchId}
                serviceId={serviceId}
                rows={rows}
              />
            </Stack>
          </Paper>
        </>
      ) : null}
    </Stack>
  );
}
