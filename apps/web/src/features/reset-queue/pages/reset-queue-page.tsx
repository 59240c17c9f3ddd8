import { useState } from 'react';
import { Alert, Button, Group, Paper, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconRefreshAlert } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminPageHeader, BranchScope } from '@/components/admin/admin-page';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { notifyFailure, notifySuccess } from '@/components/admin/notify';
import { ErrorAlert } from '@/lib/error-alert';
import { useErrorText } from '@/lib/error-text';
import { branchesQueryOptions } from '@/lib/queries/branches';
import { useDocumentTitle } from '@/lib/use-document-title';
import { resetPreviewQueryOptions, useResetQueue } from '../api/reset-queue';

const ALL = 'all';

/**
 * /dashboard/reset-antrian — reset today's queue of a branch, all services or one: the page
 * shows what the reset will do (waiting tickets, walk-ins cancelled, bookings returned to
 * "booked") and the confirmation repeats it with the branch, the service and the day.
 */
export function ResetQueuePage() {
  const { t } = useTranslation(['resetQueue', 'common']);
  useDocumentTitle(t('documentTitle'));
  const errorText = useErrorText();
  const [search, setSearch] = useSearchParams();
  const branchesQuery = useQuery(branchesQueryOptions());
  const branches = branchesQuery.data ?? [];
  const picked = search.get('branch');
  const branchId =
    (branches.some((b) => b.id === picked) ? picked : null) ??
    (branches.find((b) => b.isActive) ?? branches[0])?.id ??
    '';
  const branch = branches.find((b) => b.id === branchId);
  const serviceParam = search.get('service') ?? undefined;
  const preview = useQuery(resetPreviewQueryOptions(branchId, serviceParam));
  const data = preview.data;
  const serviceId = serviceParam;
  const service = data?.services.find((s) => s.serviceId === serviceId);
  const reset = useResetQueue();
  const [confirming, setConfirming] = useState(false);

  const setParam = (key: string, value: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        if (key === 'branch') next.delete('service');
        return next;
      },
      { replace: true },
    );

  const scopeText = t(service ? 'scope.service' : 'scope.all', {
    branch: branch ? `${branch.code} · ${branch.name}` : '',
    service: service ? `${service.code} · ${service.name}` : '',
    day: data?.day ?? '',
  });
  const nothing = data ? data.totals.walkInsToCancel + data.totals.bookingsToReset === 0 : true;

  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('title')} intro={t('intro')} />
      <BranchScope
        query={branchesQuery}
        branches={branches}
        value={branchId}
        onChange={(id) => setParam('branch', id)}
        texts={{ loadFailed: t('branchesLoadFailed'), noBranches: t('noBranches') }}
      >
        <Select
          label={t('service')}
          data={[
            { value: ALL, label: t('allServices') },
            ...(data?.services ?? []).map((s) => ({ value: s.serviceId, label: `${s.code} · ${s.name}` })),
          ]}
          value={serviceId ?? ALL}
          onChange={(v) => setParam('service', v === ALL ? null : v)}
          allowDeselect={false}
          w={280}
        />
      </BranchScope>

      {preview.isError ? (
        <ErrorAlert title={t('loadFailed')} error={preview.error} onRetry={() => void preview.refetch()} />
      ) : null}
      {branchId !== '' && !preview.isError ? (
        <Paper withBorder radius="md" p="md">
          {!data ? (
            <Skeleton height={160} />
          ) : (
            <Stack>
              <Title order={3}>{scopeText}</Title>
              <Table.ScrollContainer minWidth={520}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('columns.service')}</Table.Th>
                      <Table.Th ta="right">{t('columns.waiting')}</Table.Th>
                      <Table.Th ta="right">{t('columns.walkInsToCancel')}</Table.Th>
                      <Table.Th ta="right">{t('columns.bookingsToReset')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.services.length === 0 ? (
                      <Table.Tr>
                        <Table.Td colSpan={4}>
                          <Text c="dimmed">{t('common:status.empty')}</Text>
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                    {data.services.map((s) => (
                      <Table.Tr key={s.serviceId}>
                        <Table.Td>{`${s.code} · ${s.name}`}</Table.Td>
                        <Table.Td ta="right">{s.waiting}</Table.Td>
                        <Table.Td ta="right">{s.walkInsToCancel}</Table.Td>
                        <Table.Td ta="right">{s.bookingsToReset}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {nothing ? <Alert variant="light">{t('nothing')}</Alert> : null}
              <Group justify="flex-end">
                <Button
                  color="red"
                  leftSection={<IconRefreshAlert size={16} aria-hidden />}
                  disabled={nothing}
                  onClick={() => setConfirming(true)}
                >
                  {t('action')}
                </Button>
              </Group>
            </Stack>
          )}
        </Paper>
      ) : null}

      <ConfirmDialog
        opened={confirming && data !== undefined}
        title={t('confirm.title')}
        confirmLabel={t('action')}
        pending={reset.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          reset.mutate(
            { branchId, serviceId },
            {
              onSuccess: (result) =>
                notifySuccess(t('done', { cancelled: result.cancelled, reset: result.reset })),
              onError: (error) => notifyFailure(errorText(error)),
              onSettled: () => setConfirming(false),
            },
          )
        }
      >
        <Stack gap="xs">
          <Text fw={600}>{scopeText}</Text>
          <Text>
            {t('confirm.body', {
              waiting: data?.totals.waiting ?? 0,
              cancelled: data?.totals.walkInsToCancel ?? 0,
              reset: data?.totals.bookingsToReset ?? 0,
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('confirm.irreversible')}
          </Text>
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}
