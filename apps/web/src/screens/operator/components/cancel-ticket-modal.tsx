import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';

/** Asks before cancelling a ticket (it cannot be undone). */
export function CancelTicketModal({
  ticket,
  pending,
  onClose,
  onConfirm,
}: {
  ticket: Ticket | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (ticket: Ticket) => void;
}) {
  const { t } = useTranslation(['operator', 'common']);
  return (
    <Modal
      opened={ticket !== null}
      onClose={onClose}
      title={t('confirmCancel.title', { number: ticket?.number ?? '' })}
    >
      <Stack>
        <Text>{t('confirmCancel.body')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            color="red"
            loading={pending}
            onClick={() => {
              if (ticket) onConfirm(ticket);
            }}
          >
            {t('confirmCancel.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
