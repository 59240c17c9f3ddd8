import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { VIDEO_SORT_FIELDS, type VideoSortField } from '@antrean/shared/contracts/signage.contract';
import type { Video } from '@antrean/shared/domain/signage';
import { useListParams } from '@/components/admin/use-list-params';
import { useVideoMutations, videoListOptions } from '../api/signage';
import { SignageListPage } from '../components/signage-list';
import { VideoFormDrawer } from '../components/video-form';

/** /dashboard/parameter/video — videos (admin): the file, description, order, where shown. */
export function VideosPage() {
  const { t } = useTranslation('signage');
  const list = useListParams<VideoSortField>(VIDEO_SORT_FIELDS, 'sortOrder');
  const { params } = list;
  const query = useQuery(videoListOptions({ ...params, q: params.q === '' ? undefined : params.q }));
  const m = useVideoMutations();
  return (
    <SignageListPage<Video, VideoSortField>
      section="video"
      list={list}
      query={query}
      nameOf={(item) => item.name}
      columns={[
        {
          key: 'sortOrder',
          header: t('fields.sortOrder'),
          sort: 'sortOrder',
          nowrap: true,
          render: (v) => v.sortOrder,
        },
        {
          key: 'name',
          header: t('fields.name'),
          sort: 'name',
          render: (v) => <Text fw={600}>{v.name}</Text>,
        },
        {
          key: 'description',
          header: t('fields.description'),
          render: (v) => (
            <Text size="sm" lineClamp={2}>
              {v.description}
            </Text>
          ),
        },
      ]}
      remove={m.remove}
      form={({ item, close, saved }) => (
        <VideoFormDrawer
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
