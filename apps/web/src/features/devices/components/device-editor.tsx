import { Drawer, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminDevice } from '@antrean/shared/contracts/device-admin.contract';
import type { DisplayInput, KioskInput } from '@antrean/shared/domain/device';
import { notifySuccess } from '@/components/admin/notify';
import { ErrorAlert } from '@/lib/error-alert';
import { branchServicesQueryOptions } from '@/lib/queries/branches';
import {
  branchCountersQueryOptions,
  displaySettingsQueryOptions,
  kioskSettingsQueryOptions,
  useDeviceSettingsMutations,
} from '../api/device-settings';
import { DisplayFormDrawer } from './display-form';
import { KioskFormDrawer } from './kiosk-form';

export type DeviceEditing =
  { mode: 'create'; kind: 'kiosk' | 'display' } | { mode: 'edit'; device: AdminDevice };

/** While a device's settings load (or fail to), the drawer says so. */
function Loading({ onClose, error, retry }: { onClose: () => void; error: unknown; retry: () => void }) {
  const { t } = useTranslation('devices');
  return (
    <Drawer opened onClose={onClose} title={t('form.loading')} position="right" size="md">
      {error ? (
        <ErrorAlert title={t('form.loadFailed')} error={error} onRetry={retry} />
      ) : (
        <Loader aria-label={t('form.loading')} />
      )}
    </Drawer>
  );
}

/** Creates a kiosk or display of the branch, or edits one, in a drawer; "Sukses...!!!" after a save. */
export function DeviceEditor({
  branchId,
  editing,
  onClose,
}: {
  branchId: string;
  editing: DeviceEditing;
  onClose: () => void;
}) {
  const { t } = useTranslation('devices');
  const m = useDeviceSettingsMutations(branchId);
  const kind = editing.mode === 'create' ? editing.kind : editing.device.kind;
  const id = editing.mode === 'edit' ? editing.device.id : '';
  const kiosk = useQuery({ ...kioskSettingsQueryOptions(id), enabled: kind === 'kiosk' && id !== '' });
  const display = useQuery({ ...displaySettingsQueryOptions(id), enabled: kind === 'display' && id !== '' });
  const counters = useQuery({ ...branchCountersQueryOptions(branchId), enabled: kind === 'display' });
  const services = useQuery(branchServicesQueryOptions(branchId));

  const done = () => {
    notifySuccess(t('form.saved'));
    onClose();
  };

  if (kind === 'kiosk') {
    if ((id !== '' && !kiosk.data) || !services.data) {
      const retry = () => {
        void kiosk.refetch();
        void services.refetch();
      };
      return <Loading onClose={onClose} error={kiosk.error ?? services.error} retry={retry} />;
    }
    const pending = m.createKiosk.isPending || m.updateKiosk.isPending;
    const save = async (values: KioskInput) => {
      if (id === '') await m.createKiosk.mutateAsync(values);
      else await m.updateKiosk.mutateAsync({ kioskId: id, body: values });
      done();
    };
    return (
      <KioskFormDrawer
        kiosk={kiosk.data ?? null}
        services={services.data}
        pending={pending}
        onSubmit={save}
        onClose={onClose}
      />
    );
  }

  if ((id !== '' && !display.data) || !counters.data || !services.data) {
    const error = display.error ?? counters.error ?? services.error;
    const retry = () => {
      void display.refetch();
      void counters.refetch();
      void services.refetch();
    };
    return <Loading onClose={onClose} error={error} retry={retry} />;
  }
  const pending = m.createDisplay.isPending || m.updateDisplay.isPending;
  const save = async (values: DisplayInput) => {
    if (id === '') await m.createDisplay.mutateAsync(values);
    else await m.updateDisplay.mutateAsync({ displayId: id, body: values });
    done();
  };
  return (
    <DisplayFormDrawer
      display={display.data ?? null}
      counters={counters.data.items}
      services={services.data}
      pending={pending}
      onSubmit={save}
      onClose={onClose}
    />
  );
}
