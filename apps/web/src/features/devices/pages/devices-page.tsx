import { useState } from 'react';
import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminDevice, BranchDevices } from '@antrean/shared/contracts/device-admin.contract';
import { useErrorText } from '@/lib/error-text';
import {
  branchDevicesQueryOptions,
  deviceKeys,
  regenerateDeviceCode,
  setDeviceActive,
} from '@/lib/queries/devices';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AdminPageHeader, BranchScope } from '@/components/admin/admin-page';
import { ErrorAlert } from '@/lib/error-alert';
import { CopyValueButton } from '../components/copy-value-button';
import { DeviceEditor, type DeviceEditing } from '../components/device-editor';
import { DeviceTable, deviceUrl } from '../components/device-table';
import { useNow } from '@/lib/use-now';
import { usePickedBranch } from '../lib/use-picked-branch';

/** Replaces one device in a branch's cached lists (so the table shows the answer at once). */
function withDevice(lists: BranchDevices | undefined, device: AdminDevice): BranchDevices | undefined {
  if (!lists) return lists;
  const swap = (items: AdminDevice[]) =>
    items.map((d) => (d.id === device.id && d.kind === device.kind ? device : d));
  return { kiosks: swap(lists.kiosks), displays: swap(lists.displays) };
}

/**
 * /dashboard/master/display — a branch's kiosks and queue displays (admin): their codes and
 * addresses, whether they are online, a new code (the old address stops working) and
 * disabling / re-enabling.
 */
export function DevicesPage() {
  const { t } = useTranslation(['devices', 'common']);
  useDocumentTitle(t('documentTitle'));
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const now = useNow(15_000);

  const { query: branchesQuery, branches, branchId, pick } = usePickedBranch();
  const devices = useQuery(branchDevicesQueryOptions(branchId));

  const [regenerateTarget, setRegenerateTarget] = useState<AdminDevice | null>(null);
  const [regenerated, setRegenerated] = useState<AdminDevice | null>(null);
  const [disableTarget, setDisableTarget] = useState<AdminDevice | null>(null);
  const [editing, setEditing] = useState<DeviceEditing | null>(null);

  const afterChange = (device: AdminDevice) => {
    queryClient.setQueryData<BranchDevices>(deviceKeys.branch(branchId), (lists) =>
      withDevice(lists, device),
    );
    void queryClient.invalidateQueries({ queryKey: deviceKeys.all });
  };
  const refreshAfterError = (error: unknown) => {
    notifications.show({ color: 'red', message: errorText(error) });
    // The device may have changed meanwhile (or been removed): show the current list.
    void queryClient.invalidateQueries({ queryKey: deviceKeys.all });
  };

  const regenerate = useMutation({
    mutationFn: regenerateDeviceCode,
    onSuccess: (device) => {
      afterChange(device);
      setRegenerated(device);
      notifications.show({ color: 'green', message: t('regenerate.notify', { name: device.name }) });
    },
    onError: (error) => {
      setRegenerateTarget(null);
      refreshAfterError(error);
    },
  });

  const toggle = useMutation({
    mutationFn: (input: { device: AdminDevice; isActive: boolean }) =>
      setDeviceActive(input.device, input.isActive),
    onSuccess: (device) => {
      afterChange(device);
      setDisableTarget(null);
      notifications.show({
        color: 'green',
        message: device.isActive
          ? t('enable.notify', { name: device.name })
          : t('disable.notify', { name: device.name }),
      });
    },
    onError: (error) => {
      setDisableTarget(null);
      refreshAfterError(error);
    },
  });

  const closeRegenerate = () => {
    if (regenerate.isPending) return;
    setRegenerateTarget(null);
    setRegenerated(null);
  };
  const closeDisable = () => {
    if (toggle.isPending) return;
    setDisableTarget(null);
  };

  const onActiveChange = (device: AdminDevice, isActive: boolean) => {
    if (isActive) toggle.mutate({ device, isActive: true });
    else setDisableTarget(device);
  };

  const busyDeviceId = toggle.isPending ? toggle.variables.device.id : null;
  const tableProps = {
    isPending: devices.isPending && branchId !== '',
    now,
    busyDeviceId,
    onRegenerate: (device: AdminDevice) => {
      regenerate.reset();
      setRegenerated(null);
      setRegenerateTarget(device);
    },
    onActiveChange,
    onEdit: (device: AdminDevice) => setEditing({ mode: 'edit', device }),
  };
  const addButton = (kind: 'kiosk' | 'display') => (
    <Button
      size="compact-md"
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={() => setEditing({ mode: 'create', kind })}
    >
      {t(kind === 'kiosk' ? 'kiosks.add' : 'displays.add')}
    </Button>
  );

  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('title')} intro={t('intro')} />
      <BranchScope
        query={branchesQuery}
        branches={branches}
        value={branchId}
        onChange={pick}
        texts={{ loadFailed: t('branchesLoadFailed'), noBranches: t('noBranches') }}
      />

      {devices.isError ? (
        <ErrorAlert title={t('loadFailed')} error={devices.error} onRetry={() => void devices.refetch()} />
      ) : null}

      {branchId !== '' && !devices.isError ? (
        <>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="kiosks-heading">
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h3" id="kiosks-heading">
                {t('kiosks.title')}
              </Title>
              {addButton('kiosk')}
            </Group>
            <DeviceTable caption={t('kiosks.caption')} devices={devices.data?.kiosks} {...tableProps} />
          </Paper>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="displays-heading">
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h3" id="displays-heading">
                {t('displays.title')}
              </Title>
              {addButton('display')}
            </Group>
            <DeviceTable caption={t('displays.caption')} devices={devices.data?.displays} {...tableProps} />
          </Paper>
        </>
      ) : null}

      {editing && branchId !== '' ? (
        <DeviceEditor branchId={branchId} editing={editing} onClose={() => setEditing(null)} />
      ) : null}

      <Modal
        opened={regenerateTarget !== null}
        onClose={closeRegenerate}
        title={
          regenerated
            ? t('regenerate.doneTitle', { name: regenerated.name })
            : t('regenerate.title', { name: regenerateTarget?.name ?? '' })
        }
      >
        {regenerated ? (
          <Stack>
            <Text>{t('regenerate.doneBody')}</Text>
            <div>
              <Text size="sm" fw={600}>
                {t('regenerate.newCode')}
              </Text>
              <Text ff="monospace" style={{ wordBreak: 'break-all' }}>
                {regenerated.code}
              </Text>
            </div>
            <div>
              <Text size="sm" fw={600}>
                {t('regenerate.newAddress')}
              </Text>
              <Group gap={4} wrap="nowrap" align="flex-start">
                <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
                  {deviceUrl(regenerated)}
                </Text>
                <CopyValueButton
                  value={deviceUrl(regenerated)}
                  label={t('copy.address', { name: regenerated.name })}
                />
              </Group>
            </div>
            <Group justify="flex-end">
              <Button onClick={closeRegenerate}>{t('regenerate.close')}</Button>
            </Group>
          </Stack>
        ) : (
          <Stack>
            <Text>{t('regenerate.body')}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={closeRegenerate} disabled={regenerate.isPending}>
                {t('common:actions.cancel')}
              </Button>
              <Button
                color="orange"
                loading={regenerate.isPending}
                onClick={() => {
                  if (regenerateTarget) regenerate.mutate(regenerateTarget);
                }}
              >
                {t('regenerate.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>

      <Modal
        opened={disableTarget !== null}
        onClose={closeDisable}
        title={t('disable.title', { name: disableTarget?.name ?? '' })}
      >
        <Stack>
          <Text>{t('disable.body')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={closeDisable} disabled={toggle.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              color="red"
              loading={toggle.isPending}
              onClick={() => {
                if (disableTarget) toggle.mutate({ device: disableTarget, isActive: false });
              }}
            >
              {t('disable.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
