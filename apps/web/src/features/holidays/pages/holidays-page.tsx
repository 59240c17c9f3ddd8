import { useState } from 'react';
import { Badge, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconCalendarPlus, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HOLIDAY_SORT_FIELDS, type HolidaySortField } from '@antrean/shared/contracts/holidays.contract';
import type { Holiday } from '@antrean/shared/domain/holiday';
import { NATIONAL_HOLIDAY_YEARS } from '@antrean/shared/domain/national-holidays';
import { AdminPageHeader } from '@/components/admin/admin-page';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { DataTable, type DataColumn } from '@/components/admin/data-table';
import { notifyFailure, notifySuccess } from '@/components/admin/notify';
import { useListParams } from '@/components/admin/use-list-params';
import { ErrorAlert } from '@/lib/error-alert';
import { useErrorText } from '@/lib/error-text';
import { branchesQueryOptions } from '@/lib/queries/branches';
import { useDocumentTitle } from '@/lib/use-document-title';
import {
  holidayListQueryOptions,
  useCreateHoliday,
  useDeleteHoliday,
  useUpdateHoliday,
} from '../api/holidays';
import { ALL_BRANCHES, HolidayFormDrawer } from '../components/holiday-form';
import { NationalHolidaysDialog } from '../components/national-holidays-dialog';

type Editing = { mode: 'create' } | { mode: 'edit'; holiday: Holiday } | null;

/** Years offered by the filter: the shipped national years and the ones around them. */
const YEARS = [
  ...new Set([
    ...NATIONAL_HOLIDAY_YEARS,
    Math.min(...NATIONAL_HOLIDAY_YEARS) - 1,
    Math.max(...NATIONAL_HOLIDAY_YEARS) + 1,
  ]),
].sort();

/** The weekday name of a `YYYY-MM-DD` date (a calendar date: read in UTC, no zone involved). */
const weekdayOf = (date: string, language: string): string =>
  new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/**
 * /dashboard/hari-libur — holidays of the tenant or of one branch (admin): page, search, sort
 * and filter (year, branch) on the server, kept in the URL; create and edit in a drawer, delete
 * after confirmation, and load Indonesia's national holidays of a year. On a holiday the
 * branch's kiosk and web take no ticket.
 */
export function HolidaysPage() {
  const { t, i18n } = useTranslation(['holidays', 'common']);
  useDocumentTitle(t('documentTitle'));
  const errorText = useErrorText();
  const list = useListParams<HolidaySortField>(HOLIDAY_SORT_FIELDS, 'date');
  const { params, update, search } = list;
  const yearParam = Number(search.get('year'));
  const year = YEARS.includes(yearParam) ? yearParam : undefined;
  const branchesQuery = useQuery(branchesQueryOptions());
  const branches = branchesQuery.data ?? [];
  const branchParam = search.get('branch');
  const branchId = branches.some((b) => b.id === branchParam) ? (branchParam ?? undefined) : undefined;
  const holidays = useQuery(
    holidayListQueryOptions({ ...params, q: params.q === '' ? undefined : params.q, year, branchId }),
  );
  const branchName = new Map(branches.map((b) => [b.id, `${b.code} · ${b.name}`]));

  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Holiday | null>(null);
  const [loadingNational, setLoadingNational] = useState(false);
  const create = useCreateHoliday();
  const updateHoliday = useUpdateHoliday();
  const remove = useDeleteHoliday();

  const save = async (values: { date: string; name: string; branchId: string | null }) => {
    if (editing?.mode === 'edit') {
      await updateHoliday.mutateAsync({ holidayId: editing.holiday.id, body: values });
    } else {
      await create.mutateAsync(values);
    }
    notifySuccess(t('notify.saved', { name: values.name }));
    setEditing(null);
  };

  const columns: DataColumn<Holiday, HolidaySortField>[] = [
    {
      key: 'date',
      header: t('fields.date'),
      sort: 'date',
      nowrap: true,
      render: (h) => (
        <Text size="sm">
          {h.date}{' '}
          <Text span c="dimmed" size="sm">
            {weekdayOf(h.date, i18n.language)}
          </Text>
        </Text>
      ),
    },
    { key: 'name', header: t('fields.name'), sort: 'name', render: (h) => <Text fw={600}>{h.name}</Text> },
    {
      key: 'scope',
      header: t('fields.scope'),
      render: (h) =>
        h.branchId === null ? (
          <Badge variant="light">{t('scope.all')}</Badge>
        ) : (
          <Badge variant="light" color="grape">
            {branchName.get(h.branchId) ?? '—'}
          </Badge>
        ),
    },
    {
      key: 'actions',
      header: t('common:admin.actions'),
      nowrap: true,
      render: (h) => (
        <Group gap={4} wrap="nowrap">
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={t('actions.editLabel', { name: h.name, date: h.date })}
            onClick={() => setEditing({ mode: 'edit', holiday: h })}
          >
            {t('common:admin.edit')}
          </Button>
          <Button
            variant="light"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={t('actions.deleteLabel', { name: h.name, date: h.date })}
            onClick={() => setDeleting(h)}
          >
            {t('common:admin.delete')}
          </Button>
        </Group>
      ),
    },
  ];

  const data = holidays.data;
  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('title')} intro={t('intro')} />
      {holidays.isError ? (
        <ErrorAlert title={t('loadFailed')} error={holidays.error} onRetry={() => void holidays.refetch()} />
      ) : (
        <Paper withBorder radius="md" p="md">
          <DataTable
            caption={t('caption')}
            columns={columns}
            rows={data?.items}
            total={data?.total ?? 0}
            rowKey={(h) => h.id}
            isPending={holidays.isPending}
            params={params}
            onChange={update}
            onSort={list.toggleSort}
            searchLabel={t('search')}
            toolbar={
              <Group gap="sm" align="flex-end">
                <Select
                  label={t('filter.year')}
                  data={[
                    { value: 'all', label: t('filter.all') },
                    ...YEARS.map((y) => ({ value: String(y), label: String(y) })),
                  ]}
                  value={year === undefined ? 'all' : String(year)}
                  onChange={(v) => update({ year: v === 'all' ? null : v })}
                  allowDeselect={false}
                  w={120}
                />
                <Select
                  label={t('filter.branch')}
                  data={[
                    { value: ALL_BRANCHES, label: t('filter.allBranches') },
                    ...branches.map((b) => ({ value: b.id, label: `${b.code} · ${b.name}` })),
                  ]}
                  value={branchId ?? ALL_BRANCHES}
                  onChange={(v) => update({ branch: v === ALL_BRANCHES ? null : v })}
                  allowDeselect={false}
                  w={220}
                />
                <Button
                  variant="light"
                  leftSection={<IconCalendarPlus size={16} aria-hidden />}
                  onClick={() => setLoadingNational(true)}
                >
                  {t('actions.loadNational')}
                </Button>
                <Button
                  leftSection={<IconPlus size={16} aria-hidden />}
                  onClick={() => setEditing({ mode: 'create' })}
                >
                  {t('actions.create')}
                </Button>
              </Group>
            }
          />
        </Paper>
      )}

      {editing ? (
        <HolidayFormDrawer
          key={editing.mode === 'edit' ? editing.holiday.id : 'new'}
          holiday={editing.mode === 'edit' ? editing.holiday : null}
          branches={branches}
          pending={create.isPending || updateHoliday.isPending}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      ) : null}

      {loadingNational ? (
        <NationalHolidaysDialog opened branches={branches} onClose={() => setLoadingNational(false)} />
      ) : null}

      <ConfirmDialog
        opened={deleting !== null}
        title={t('delete.title', { name: deleting?.name ?? '', date: deleting?.date ?? '' })}
        confirmLabel={t('common:admin.delete')}
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const { id, name } = deleting;
          remove.mutate(id, {
            onSuccess: () => notifySuccess(t('notify.deleted', { name })),
            onError: (error) => notifyFailure(errorText(error)),
            onSettled: () => setDeleting(null),
          });
        }}
        onClose={() => setDeleting(null)}
      >
        {t('delete.body')}
      </ConfirmDialog>
    </Stack>
  );
}
