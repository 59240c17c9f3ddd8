import { Group, Image, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '@antrean/shared/contracts/files.contract';
import { BANNER_SORT_FIELDS, type BannerSortField } from '@antrean/shared/contracts/signage.contract';
import type { Banner } from '@antrean/shared/domain/signage';
import { useListParams } from '@/components/admin/use-list-params';
import { bannerListOptions, useBannerMutations } from '../api/signage';
import { BannerFormDrawer } from '../components/banner-form';
import { SignageListPage } from '../components/signage-list';

/** /dashboard/parameter/banner — banners (admin): image, period, seconds on screen, where shown. */
export function BannersPage() {
  const { t } = useTranslation('signage');
  const list = useListParams<BannerSortField>(BANNER_SORT_FIELDS, 'sortOrder');
  const { params } = list;
  const query = useQuery(bannerListOptions({ ...params, q: params.q === '' ? undefined : params.q }));
  const m = useBannerMutations();
  const period = (b: Banner) =>
    b.startsOn && b.endsOn
      ? t('period.range', { from: b.startsOn, to: b.endsOn })
      : b.startsOn
        ? t('period.from', { date: b.startsOn })
        : b.endsOn
          ? t('period.until', { date: b.endsOn })
          : t('period.always');
  return (
    <SignageListPage<Banner, BannerSortField>
      section="banner"
      list={list}
      query={query}
      nameOf={(item) => item.name}
      columns={[
        {
          key: 'sortOrder',
          header: t('fields.sortOrder'),
          sort: 'sortOrder',
          nowrap: true,
          render: (b) => b.sortOrder,
        },
        {
          key: 'name',
          header: t('fields.name'),
          sort: 'name',
          render: (b) => (
            <Group gap="sm" wrap="nowrap">
              {b.fileId ? (
                <Image src={fileUrl(b.fileId)} alt="" h={36} w={64} fit="contain" radius="xs" />
              ) : null}
              <Text fw={600}>{b.name}</Text>
            </Group>
          ),
        },
        { key: 'period', header: t('fields.period'), sort: 'startsOn', nowrap: true, render: period },
        {
          key: 'duration',
          header: t('fields.durationSeconds'),
          nowrap: true,
          render: (b) => t('banner.seconds', { count: b.durationSeconds }),
        },
      ]}
      remove={m.remove}
      form={({ item, close, saved }) => (
        <BannerFormDrawer
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
