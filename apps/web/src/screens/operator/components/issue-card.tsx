import { useState } from 'react';
import { Button, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { PhoneSchema } from '@antrean/shared/common/phone';
import type { BranchService } from '@antrean/shared/domain/service';
import type { IssuedTicket } from '@antrean/shared/domain/ticket/ticket';
import { useIssueTicket } from '@/features/queue/api/issue-ticket';
import { useErrorText } from '@/lib/error-text';
import { SectionCard } from '@/features/queue/components/section-card';
import { serviceOptions } from '@/features/queue/lib/ticket-actions';

/**
 * A walk-in ticket issued by the operator: service (it stays chosen for the next customer; picking
 * it again keeps it), sub-service when the service has some, optional phone.
 */
export function IssueCard({
  branchId,
  services,
  onIssued,
}: {
  branchId: string;
  services: readonly BranchService[];
  onIssued: (ticket: IssuedTicket) => void;
}) {
  const { t } = useTranslation(['operator', 'common']);
  const errorText = useErrorText();
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [subServiceId, setSubServiceId] = useState<string | null>(null);
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const service = services.find((s) => s.id === serviceId);
  const subServices = (service?.subServices ?? []).filter((s) => s.isActive);
  const issue = useIssueTicket(branchId, {
    onSuccess: (issued) => {
      notifications.show({
        color: 'green',
        message: t('issue.issued', { number: issued.number, ahead: issued.peopleAhead }),
      });
      setPhone('');
      setSubServiceId(null);
      onIssued(issued);
    },
    onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
  });
  return (
    <SectionCard id="op-issue" title={t('issue.title')} titleSize="h5">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = phone.trim();
          if (trimmed && !PhoneSchema.safeParse(trimmed).success) {
            setPhoneError(t('common:v.phone'));
            return;
          }
          setPhoneError(null);
          if (!serviceId) return;
          issue.mutate({
            serviceId,
            channel: 'operator',
            ...(subServiceId ? { subServiceId } : {}),
            ...(trimmed ? { phone: trimmed } : {}),
          });
        }}
      >
        <Stack gap="xs">
          <Select
            label={t('issue.service')}
            data={serviceOptions(services)}
            value={serviceId}
            onChange={(value) => {
              if (value === serviceId) return;
              setServiceId(value);
              setSubServiceId(null);
            }}
            allowDeselect={false}
            required
          />
          {subServices.length > 0 ? (
            <Select
              label={t('issue.subService')}
              data={subServices.map((s) => ({ value: s.id, label: s.name }))}
              value={subServiceId}
              onChange={setSubServiceId}
              clearable
            />
          ) : null}
          <TextInput
            label={t('issue.phone')}
            placeholder={t('issue.phonePlaceholder')}
            value={phone}
            inputMode="tel"
            onChange={(event) => setPhone(event.currentTarget.value)}
            error={phoneError}
          />
          <Button type="submit" loading={issue.isPending} disabled={!serviceId}>
            {t('issue.submit')}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
