import { ActionIcon, Kbd, Popover, Stack, Table, Text } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const SHORTCUTS = [
  { keys: ['F2', 'N'], label: 'callNext' },
  { keys: ['R'], label: 'recall' },
  { keys: ['S'], label: 'serve' },
  { keys: ['H'], label: 'hold' },
  { keys: ['K'], label: 'skip' },
  { keys: ['F'], label: 'finish' },
  { keys: ['T'], label: 'transfer' },
] as const;

export function ShortcutsHelp() {
  const { t } = useTranslation('caller');
  return (
    <Popover width={280} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="default" size="lg" aria-label={t('shortcuts.open')}>
          <IconKeyboard size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fw={700}>{t('shortcuts.title')}</Text>
          <Table>
            <Table.Tbody>
              {SHORTCUTS.map((s) => (
                <Table.Tr key={s.label}>
                  <Table.Td>
                    {s.keys.map((k, i) => (
                      <span key={k}>
                        {i > 0 ? ' / ' : null}
                        <Kbd>{k}</Kbd>
                      </span>
                    ))}
                  </Table.Td>
                  <Table.Td>{t(`shortcuts.${s.label}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            {t('shortcuts.note')}
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
