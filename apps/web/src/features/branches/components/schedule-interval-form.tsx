import { Button, Group, NumberInput, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  HOURLY_LIMIT_MAX,
  ScheduleIntervalInputSchema,
  type Schedule,
} from '@antrean/shared/domain/branch-schedule';
import { SCHEDULE_INTERVALS } from '@antrean/shared/domain/schedule';
import { notifyFailure, notifySuccess } from '@/components/admin/notify';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';
import { useSetScheduleInterval } from '../api/schedules';

/**
 * The interval and hourly limit of every row of a service at once; saving says the spec's
 * "Interval Limit Successfully Updated". Mounted per service (keyed), with its first row's values.
 */
export function ScheduleIntervalForm({
  branchId,
  serviceId,
  rows,
}: {
  branchId: string;
  serviceId: string;
  rows: readonly Schedule[];
}) {
  const { t } = useTranslation(['branches', 'common']);
  const errorText = useErrorText();
  const save = useSetScheduleInterval(branchId);
  const first = rows[0];
  const form = useZodForm(ScheduleIntervalInputSchema, {
    mode: 'controlled',
    initialValues: { interval: first?.interval ?? 'hour', hourlyLimit: first?.hourlyLimit ?? 20 },
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ serviceId, body: values });
      notifySuccess(t('schedules.intervalSaved'));
    } catch (error) {
      if (isApiError(error) && applyServerFieldErrors(form, error)) return;
      notifyFailure(errorText(error));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm">
        <Select
          label={t('schedules.fields.interval')}
          withAsterisk
          data={SCHEDULE_INTERVALS.map((i) => ({ value: i, label: t(`schedules.intervals.${i}`) }))}
          allowDeselect={false}
          w={170}
          {...form.getInputProps('interval')}
        />
        <NumberInput
          label={t('schedules.fields.hourlyLimit')}
          withAsterisk
          allowDecimal={false}
          allowNegative={false}
          min={1}
          max={HOURLY_LIMIT_MAX}
          w={170}
          {...form.getInputProps('hourlyLimit')}
        />
        <Button type="submit" variant="light" loading={save.isPending} disabled={rows.length === 0}>
          {t('schedules.saveInterval')}
        </Button>
      </Group>
    </form>
  );
}
