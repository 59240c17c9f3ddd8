import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ApplicationSortField } from '@antrean/shared/contracts/platform.contract';
import type { Application } from '@antrean/shared/domain/application';
import type { DataColumn } from '@/components/admin/data-table';

export const applicationLabel = (a: Application): string => `${a.platform} ${a.version}`;

/** The applications table's columns: platform, version, changelog, release date, actions. */
export function useApplicationColumns({
  formatDate,
  onEdit,
  onDelete,
}: {
  formatDate: (epochMs: number) => string;
  onEdit: (application: Application) => void;
  onDelete: (application: Application) => void;
}): DataColumn<Application, ApplicationSortField>[] {
  const { t } = useTranslation(['platform', 'common']);
  return [
    {
      key: 'platform',
      header: t('applications.fields.platform'),
      sort: 'platform',
      nowrap: true,
      render: (a) => (
        <Badge variant="light" miw="max-content">
          {t(`applications.platforms.${a.platform}`)}
        </Badge>
      ),
    },
    {
      key: 'version',
      header: t('applications.fields.version'),
      sort: 'version',
      nowrap: true,
      render: (a) =>
        a.downloadUrl ? (
          <Anchor href={a.downloadUrl} target="_blank" rel="noreferrer" fw={600}>
            {a.version}
          </Anchor>
        ) : (
          <Text fw={600}>{a.version}</Text>
        ),
    },
    {
      key: 'changelog',
      header: t('applications.fields.changelog'),
      render: (a) => (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }} lineClamp={4}>
          {a.changelog}
        </Text>
      ),
    },
    {
      key: 'releasedAt',
      header: t('applications.fields.releasedAt'),
      sort: 'releasedAt',
      nowrap: true,
      render: (a) => formatDate(a.releasedAt),
    },
    {
      key: 'actions',
      header: t('common:admin.actions'),
      nowrap: true,
      render: (a) => (
        <Group gap={4} wrap="nowrap">
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={t('applications.actions.editLabel', { name: applicationLabel(a) })}
            onClick={() => onEdit(a)}
          >
            {t('common:admin.edit')}
          </Button>
          <Button
            variant="light"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={t('applications.actions.deleteLabel', { name: applicationLabel(a) })}
            onClick={() => onDelete(a)}
          >
            {t('common:admin.delete')}
          </Button>
        </Group>
      ),
    },
  ];
}
