import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  RUNNING_TEXT_SORT_FIELDS,
  type RunningTextSortField,
} from '@antrean/shared/contracts/signage.contract';
import type { RunningText } from '@antrean/shared/domain/signage';
import { useListParams } from '@/components/admin/use-list-params';
import { runningTextListOptions, useRunningTextMutations } from '../api/signage';
import { RunningTextFormDrawer } from '../components/running-text-form';
import { SignageListPage } from '../components/signage-list';

/** /dashboard/parameter/rt — running texts (admin); a change reaches the displays at once. */
export function RunningTextsPage() {
  const { t } = useTranslation('signage');
  const list = useListParams<RunningTextSortField>(RUNNING_TEXT_SORT_FIELDS, 'sortOrder');
  const { params } = list;
  const query = useQuery(runningTextListOptions({ ...params, q: params.q === '' ? undefined : params.q }));
  const m = useRunningTextMutations();
  return (
    <SignageListPage<RunningText, RunningTextSortField>
      section="runningText"
      list={list}
      query={query}
      nameOf={(item) => item.content}
      columns={[
        {
          key: 'sortOrder',
          header: t('fields.sortOrder'),
          sort: 'sortOrder',
          nowrap: true,
          render: (i) => i.sortOrder,
        },
        {
          key: 'content',
          header: t('fields.content'),
          sort: 'content',
          render: (i) => <Text fw={600}>{i.content}</Text>,
        },
        { key: 'speed', header: t('fields.speed'), nowrap: true, render: (i) => t(`speed.${i.speed}`) },
      ]}
      remove={m.remove}
      form={({ item, close, saved }) => (
        <RunningTextFormDrawer
          key={item?.id ?? 'new'}
          item={item}
          pending={m.create.isPending || m.update.isPending}
          onClose={close}
          onSubmit={async (body) => {
            if (item) await m.update.mutateAsync({ id: item.id, body });
            else await m.create.mutateAsync(body);
            saved();
          }}
        />
      )}
    />
  );
}
