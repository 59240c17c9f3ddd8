import { useState } from 'react';
import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { BranchService } from '@antrean/shared/domain/service';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import { useIssueTicket } from '@/features/queue/api/issue-ticket';
import { useErrorText } from '@/lib/error-text';
import { serviceOptions } from '@/features/queue/lib/ticket-actions';

/** Issues a ticket for another service with the same customer's phone (operators only). */
export function NewTransactionModal({
  ticket,
  branchId,
  services,
  onClose,
}: {
  ticket: Ticket | null;
  branchId: string;
  services: readonly BranchService[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['caller', 'common']);
  const errorText = useErrorText();
  const [serviceId, setServiceId] = useState<string | null>(null);
  const issue = useIssueTicket(branchId, {
    onSuccess: (issued) => {
      notifications.show({ color: 'green', message: t('newTransaction.issued', { number: issued.number }) });
      setServiceId(null);
      onClose();
    },
    onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
  });
  return (
    <Modal opened={ticket !== null} onClose={onClose} title={t('newTransaction.title')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!serviceId || !ticket) return;
          issue.mutate({ serviceId, channel: 'operator', ...(ticket.phone ? { phone: ticket.phone } : {}) });
        }}
      >
        <Stack>
          <Select
            label={t('newTransaction.service')}
            data={serviceOptions(services)}
            value={serviceId}
            onChange={setServiceId}
            allowDeselect={false}
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={issue.isPending} disabled={!serviceId}>
              {t('newTransaction.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
