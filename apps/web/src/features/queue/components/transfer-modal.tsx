import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BranchService } from '@antrean/shared/domain/service';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';

/** Chooses another service of the branch to move a ticket to. */
export function TransferModal({
  ticket,
  services,
  pending,
  onClose,
  onSubmit,
}: {
  ticket: Pick<Ticket, 'number' | 'serviceId'> | null;
  services: readonly BranchService[];
  pending: boolean;
  onClose: () => void;
  onSubmit: (serviceId: string) => void;
}) {
  const { t } = useTranslation(['caller', 'common']);
  const [serviceId, setServiceId] = useState<string | null>(null);
  const options = services
    .filter((s) => s.isActive && s.id !== ticket?.serviceId)
    .map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` }));
  return (
    <Modal
      opened={ticket !== null}
      onClose={() => {
        setServiceId(null);
        onClose();
      }}
      title={t('transfer.title', { number: ticket?.number ?? '' })}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (serviceId) onSubmit(serviceId);
        }}
      >
        <Stack>
          {options.length === 0 ? <Text c="dimmed">{t('transfer.none')}</Text> : null}
          <Select
            label={t('transfer.service')}
            data={options}
            value={serviceId}
            onChange={setServiceId}
            required
            data-autofocus
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={pending} disabled={!serviceId}>
              {t('transfer.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
