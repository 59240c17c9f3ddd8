import { useState } from 'react';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { IconCurrencyDollar, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CURRENCY_SORT_FIELDS, type CurrencySortField } from '@antrean/shared/contracts/currencies.contract';
import type { Currency, CurrencyValues } from '@antrean/shared/domain/currency';
import { AdminPageHeader } from '@/components/admin/admin-page';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { DataTable } from '@/components/admin/data-table';
import { notifyFailure, notifySuccess } from '@/components/admin/notify';
import { useListParams } from '@/components/admin/use-list-params';
import { ErrorAlert } from '@/lib/error-alert';
import { useErrorText } from '@/lib/error-text';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreateCurrency } from '../api/create-currency';
import { useDeleteCurrency } from '../api/delete-currency';
import { currencyBoardQueryOptions, currencyListQueryOptions } from '../api/list-currencies';
import { useUpdateCurrency, useUpdateRates } from '../api/update-currency';
import { CurrencyFormDrawer } from '../components/currency-form';
import { useCurrencyColumns } from '../components/currency-table';
import { RatesFormDrawer } from '../components/rates-form';

type Editing = { mode: 'create' } | { mode: 'edit'; currency: Currency } | { mode: 'rates' } | null;

/**
 * /dashboard/master/valas — foreign currencies (admin): the list with search and sort in the
 * URL, add and edit a currency in a drawer, delete after a confirmation, and one form that sets
 * every currency's rates at once for all branches. Each change reaches the displays live.
 */
export function CurrenciesPage() {
  const { t } = useTranslation(['currencies', 'common']);
  useDocumentTitle(t('documentTitle'));
  const errorText = useErrorText();
  const list = useListParams<CurrencySortField>(CURRENCY_SORT_FIELDS, 'order');
  const { params, update } = list;
  const currencies = useQuery(
    currencyListQueryOptions({ ...params, q: params.q === '' ? undefined : params.q }),
  );
  const [editing, setEditing] = useState<Editing>(null);
  const board = useQuery({ ...currencyBoardQueryOptions(), enabled: editing?.mode === 'rates' });
  const [deleting, setDeleting] = useState<Currency | null>(null);
  const create = useCreateCurrency();
  const updateCurrency = useUpdateCurrency();
  const updateRates = useUpdateRates();
  const remove = useDeleteCurrency();

  const columns = useCurrencyColumns({
    onEdit: (currency) => setEditing({ mode: 'edit', currency }),
    onDelete: setDeleting,
  });

  const save = async (values: CurrencyValues) => {
    if (editing?.mode === 'edit') {
      const saved = await updateCurrency.mutateAsync({ currencyId: editing.currency.id, body: values });
      notifySuccess(t('notify.updated', { code: saved.code }));
    } else {
      const saved = await create.mutateAsync(values);
      notifySuccess(t('notify.created', { code: saved.code }));
    }
    setEditing(null);
  };

  const data = currencies.data;
  const nextOrder = Math.max(0, ...(data?.items ?? []).map((c) => c.sortOrder)) + 1;
  const none = data?.total === 0 && !params.q;

  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('title')} intro={t('intro')} />

      {currencies.isError ? (
        <ErrorAlert
          title={t('loadFailed')}
          error={currencies.error}
          onRetry={() => void currencies.refetch()}
        />
      ) : (
        <Paper withBorder radius="md" p="md">
          <DataTable
            caption={t('caption')}
            columns={columns}
            rows={data?.items}
            total={data?.total ?? 0}
            rowKey={(c) => c.id}
            isPending={currencies.isPending}
            params={params}
            onChange={update}
            onSort={list.toggleSort}
            searchLabel={t('search')}
            toolbar={
              <Group gap="sm" align="flex-end">
                <Button
                  variant="light"
                  leftSection={<IconCurrencyDollar size={16} aria-hidden />}
                  disabled={none}
                  onClick={() => setEditing({ mode: 'rates' })}
                >
                  {t('actions.rates')}
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

      {editing?.mode === 'rates' && board.isError ? (
        <ErrorAlert title={t('loadFailed')} error={board.error} onRetry={() => void board.refetch()} />
      ) : null}
      {editing?.mode === 'rates' && board.data ? (
        <RatesFormDrawer
          currencies={board.data.items}
          pending={updateRates.isPending}
          onSubmit={async (values) => {
            await updateRates.mutateAsync(values);
            notifySuccess(t('notify.rates'));
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editing && editing.mode !== 'rates' ? (
        <CurrencyFormDrawer
          key={editing.mode === 'edit' ? editing.currency.id : 'new'}
          currency={editing.mode === 'edit' ? editing.currency : null}
          nextOrder={nextOrder}
          pending={create.isPending || updateCurrency.isPending}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      ) : null}

      <ConfirmDialog
        opened={deleting !== null}
        title={t('delete.title', { code: deleting?.code ?? '' })}
        confirmLabel={t('common:admin.delete')}
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const { code, id } = deleting;
          remove.mutate(id, {
            onSuccess: () => notifySuccess(t('notify.deleted', { code })),
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
