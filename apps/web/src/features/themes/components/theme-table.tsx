import { Badge, Button, Group, Text } from '@mantine/core';
import { IconCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ThemeSortField } from '@antrean/shared/contracts/themes.contract';
import type { ThemeTemplate } from '@antrean/shared/domain/theme-template';
import type { DataColumn } from '@/components/admin/data-table';

function Swatch({ color, label }: { color: string; label: string }) {
  return (
    <span
      title={`${label}: ${color}`}
      style={{
        display: 'inline-block',
        width: 18,
        height: 18,
        borderRadius: 4,
        background: color,
        border: '1px solid rgba(0,0,0,0.2)',
      }}
    />
  );
}

/** The themes table: name, colours, whether active, and the row's actions. */
export function useThemeColumns({
  onEdit,
  onActivate,
  onDelete,
}: {
  onEdit: (theme: ThemeTemplate) => void;
  onActivate: (theme: ThemeTemplate) => void;
  onDelete: (theme: ThemeTemplate) => void;
}): DataColumn<ThemeTemplate, ThemeSortField>[] {
  const { t } = useTranslation(['themes', 'common']);
  return [
    {
      key: 'name',
      header: t('fields.name'),
      sort: 'name',
      render: (theme) => <Text fw={600}>{theme.name}</Text>,
    },
    {
      key: 'colors',
      header: t('fields.colors'),
      render: (theme) => (
        <Group gap={4} wrap="nowrap">
          <Swatch color={theme.primaryColor} label={t('fields.primaryColor')} />
          <Swatch color={theme.secondaryColor} label={t('fields.secondaryColor')} />
          <Swatch color={theme.displayBackground} label={t('fields.displayBackground')} />
          <Swatch color={theme.displayTextColor} label={t('fields.displayTextColor')} />
        </Group>
      ),
    },
    {
      key: 'active',
      header: t('fields.status'),
      nowrap: true,
      render: (theme) =>
        theme.isActive ? (
          <Badge color="green" variant="light" miw="max-content">
            {t('activeBadge')}
          </Badge>
        ) : null,
    },
    {
      key: 'actions',
      header: t('common:admin.actions'),
      nowrap: true,
      render: (theme) => (
        <Group gap={4} wrap="nowrap">
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={t('actions.editLabel', { name: theme.name })}
            onClick={() => onEdit(theme)}
          >
            {t('common:admin.edit')}
          </Button>
          {theme.isActive ? null : (
            <Button
              variant="light"
              color="green"
              size="compact-sm"
              leftSection={<IconCheck size={14} aria-hidden />}
              aria-label={t('actions.activateLabel', { name: theme.name })}
              onClick={() => onActivate(theme)}
            >
              {t('actions.activate')}
            </Button>
          )}
          <Button
            variant="light"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={t('actions.deleteLabel', { name: theme.name })}
            disabled={theme.isActive}
            onClick={() => onDelete(theme)}
          >
            {t('common:admin.delete')}
          </Button>
        </Group>
      ),
    },
  ];
}
