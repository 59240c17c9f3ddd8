import { useState } from 'react';
import { Paper, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OUTBOX_SORT_FIELDS, type OutboxSortField } from '@antrean/shared/contracts/outbox.contract';
import { MESSAGE_STATUSES, type MessageStatus, type OutboxMessage } from '@antrean/shared/domain/message';
import { AdminPageHeader } from '@/components/admin/admin-page';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { DataTable } from '@/components/admin/data-table';
import { notifyFailure, notifySuccess } from '@/components/admin/notify';
import { useListParams } from '@/components/admin/use-list-params';
import { ErrorAlert } from '@/lib/error-alert';
import { useErrorText } from '@/lib/error-text';
import { useDocumentTitle } from '@/lib/use-document-title';
import { outboxListQueryOptions, useRetryMessage } from '../api/outbox';
import { useOutboxColumns } from '../components/outbox-table';

const isStatus = (v: string | null): v is MessageStatus => MESSAGE_STATUSES.some((s) => s === v);

/**
 * /dashboard/parameter/pesan — the tenant's WhatsApp outbox (admin): every message with its kind,
 * the recipient masked, status, tries and last error, newest first, filtered by status on the
 * server (kept in the URL); a failed message is sent again after confirmation (audited).
 */
export function OutboxPage() {
  const { t } = useTranslation(['outbox', 'common']);
  useDocumentTitle(t('documentTitle'));
  const errorText = useErrorText();
  const list = useListParams<OutboxSortField>(OUTBOX_SORT_FIELDS, 'createdAt', 'desc');
  const { params, update, search } = list;
  const statusParam = search.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const messages = useQuery(
    outboxListQueryOptions({ ...params, q: params.q === '' ? undefined : params.q, status }),
  );
  const [confirming, setConfirming] = useState<OutboxMessage | null>(null);
  const retry = useRetryMessage();

  const columns = useOutboxColumns({
    onRetry: setConfirming,
    retrying: retry.isPending ? retry.variables : null,
  });

  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('title')} intro={t('intro')} />
      {messages.isError ? (
        <ErrorAlert title={t('loadFailed')} error={messages.error} onRetry={() => void messages.refetch()} />
      ) : (
        <Paper withBorder radius="md" p="md">
          <DataTable
            caption={t('caption')}
            columns={columns}
            rows={messages.data?.items}
            total={messages.data?.total ?? 0}
            rowKey={(m) => m.id}
            isPending={messages.isPending}
            params={params}
            onChange={update}
            onSort={list.toggleSort}
            searchLabel={t('search')}
            toolbar={
              <Select
                label={t('fields.status')}
                data={[
                  { value: 'all', label: t('filter.all') },
                  ...MESSAGE_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
                ]}
                value={status ?? 'all'}
                onChange={(value) => update({ status: value === 'all' ? null : value })}
                allowDeselect={false}
                w={170}
              />
            }
          />
        </Paper>
      )}

      <ConfirmDialog
        opened={confirming !== null}
        title={t('retry.title')}
        confirmLabel={t('retry.action')}
        color="blue"
        pending={retry.isPending}
        onConfirm={() => {
          if (!confirming) return;
          retry.mutate(confirming.id, {
            onSuccess: () => notifySuccess(t('retry.done', { recipient: confirming.recipient })),
            onError: (error) => notifyFailure(errorText(error)),
            onSettled: () => setConfirming(null),
          });
        }}
        onClose={() => setConfirming(null)}
      >
        {t('retry.body', { recipient: confirming?.recipient ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}
