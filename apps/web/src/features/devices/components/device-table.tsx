import {
  Anchor,
  Badge,
  Button,
  Group,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconEdit, IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminDevice } from '@antrean/shared/contracts/device-admin.contract';
import { formatRelativeTime } from '../lib/relative-time';
import { CopyValueButton } from './copy-value-button';

/** The address a device opens: this app's origin and the device's path. */
export function deviceUrl(device: Pick<AdminDevice, 'path'>): string {
  return `${window.location.origin}${device.path}`;
}

export interface DeviceTableProps {
  caption: string;
  devices: readonly AdminDevice[] | undefined;
  isPending: boolean;
  /** The current time (ticks), for "last seen 2 minutes ago". */
  now: number;
  /** The device whose switch is being saved (its switch is disabled meanwhile). */
  busyDeviceId: string | null;
  onRegenerate: (device: AdminDevice) => void;
  /** Opens the device's settings. */
  onEdit: (device: AdminDevice) => void;
  onActiveChange: (device: AdminDevice, isActive: boolean) => void;
}

const COLUMNS = 7;

/** One kind of device (kiosks or displays) of a branch, with its code, status and actions. */
export function DeviceTable({
  caption,
  devices,
  isPending,
  now,
  busyDeviceId,
  onRegenerate,
  onEdit,
  onActiveChange,
}: DeviceTableProps) {
  const { t, i18n } = useTranslation(['devices', 'common']);
  const absolute = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'id-ID', {
    dateStyle: 'medium',
    timeStyle: 'medium',
  });

  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-busy={isPending}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('columns.name')}</Table.Th>
            <Table.Th scope="col">{t('columns.code')}</Table.Th>
            <Table.Th scope="col">{t('columns.status')}</Table.Th>
            <Table.Th scope="col">{t('columns.connection')}</Table.Th>
            <Table.Th scope="col">{t('columns.address')}</Table.Th>
            <Table.Th scope="col">{t('columns.active')}</Table.Th>
            <Table.Th scope="col">{t('columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isPending
            ? [0, 1].map((row) => (
                <Table.Tr key={row}>
                  {Array.from({ length: COLUMNS }, (_, cell) => (
                    <Table.Td key={cell}>
                      <Skeleton h={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : null}
          {!isPending && devices?.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS}>
                <Text c="dimmed" ta="center" py="md">
                  {t('common:status.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {isPending
            ? null
            : devices?.map((device) => {
                const url = deviceUrl(device);
                return (
                  <Table.Tr key={device.id}>
                    <Table.Th scope="row" fw={600}>
                      {device.name}
                    </Table.Th>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
                          {device.code}
                        </Text>
                        <CopyValueButton value={device.code} label={t('copy.code', { name: device.name })} />
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={device.isActive ? 'green' : 'gray'} variant="light" miw="max-content">
                        {device.isActive ? t('common:status.active') : t('common:status.inactive')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        <Badge color={device.online ? 'teal' : 'gray'} variant="dot" miw="max-content">
                          {device.online ? t('online') : t('offline')}
                        </Badge>
                        <Text size="xs" c="dimmed">
                          {device.lastSeenAt === null ? (
                            t('neverSeen')
                          ) : (
                            <time
                              dateTime={new Date(device.lastSeenAt).toISOString()}
                              title={absolute.format(device.lastSeenAt)}
                            >
                              {t('lastSeen', {
                                // A server clock slightly ahead must not read "in 3 seconds".
                                time: formatRelativeTime(
                                  Math.min(device.lastSeenAt, now),
                                  now,
                                  i18n.language,
                                ),
                              })}
                            </time>
                          )}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        href={url}
                        target="_blank"
                        rel="noopener noreferrer"
                        size="sm"
                        ff="monospace"
                        style={{ wordBreak: 'break-all' }}
                      >
                        {url}
                        <IconExternalLink
                          size={14}
                          aria-hidden
                          style={{ marginLeft: 4, verticalAlign: 'text-bottom' }}
                        />
                        <VisuallyHidden>{t('opensInNewTab')}</VisuallyHidden>
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        checked={device.isActive}
                        disabled={busyDeviceId === device.id}
                        aria-label={t('activeSwitch', { name: device.name })}
                        onChange={(event) => onActiveChange(device, event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Button
                          variant="default"
                          size="compact-sm"
                          leftSection={<IconEdit size={14} aria-hidden />}
                          aria-label={t('edit.label', { name: device.name })}
                          onClick={() => onEdit(device)}
                        >
                          {t('edit.button')}
                        </Button>
                        <Button
                          variant="light"
                          size="compact-sm"
                          leftSection={<IconRefresh size={14} aria-hidden />}
                          aria-label={t('regenerate.label', { name: device.name })}
                          onClick={() => onRegenerate(device)}
                        >
                          {t('regenerate.button')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
