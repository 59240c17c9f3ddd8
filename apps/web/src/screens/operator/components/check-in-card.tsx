import { useState } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import { useCheckIn } from '@/features/queue/api/ticket-actions';
import { useErrorText } from '@/lib/error-text';
import { SectionCard } from '@/features/queue/components/section-card';

/** Checks a booking in by the code on the customer's e-ticket. */
export function CheckInCard({
  branchId,
  onCheckedIn,
}: {
  branchId: string;
  onCheckedIn: (ticket: Ticket) => void;
}) {
  const { t } = useTranslation(['operator', 'caller']);
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const checkIn = useCheckIn(branchId, {
    onSuccess: (ticket) => {
      notifications.show({
        color: 'green',
        message: t('checkIn.done', { number: ticket.number, status: t(`caller:status.${ticket.status}`) }),
      });
      setCode('');
      onCheckedIn(ticket);
    },
  });
  return (
    <SectionCard id="op-checkin" title={t('checkIn.title')} titleSize="h5">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim().length >= 4) checkIn.mutate(code.trim());
        }}
      >
        <Stack gap="xs">
          <TextInput
            label={t('checkIn.code')}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value.toUpperCase())}
            required
            minLength={4}
            maxLength={32}
            error={checkIn.error ? errorText(checkIn.error) : undefined}
          />
          <Button type="submit" loading={checkIn.isPending}>
            {t('checkIn.submit')}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
