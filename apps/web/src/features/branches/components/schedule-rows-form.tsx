import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  HOURLY_LIMIT_MAX,
  SCHEDULE_DAYS,
  SCHEDULE_SHIFTS,
  ServiceScheduleInputSchema,
  type Schedule,
  type ScheduleRowInput,
} from '@antrean/shared/domain/branch-schedule';
import { SCHEDULE_INTERVALS } from '@antrean/shared/domain/schedule';
import { notifySuccess } from '@/components/admin/notify';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';
import { useSaveServiceSchedule } from '../api/schedules';

const toInput = (row: Schedule): ScheduleRowInput => ({
  dayOfWeek: row.dayOfWeek,
  shift: SCHEDULE_SHIFTS.find((s) => s === row.shift) ?? 'Reguler',
  startTime: row.startTime,
  endTime: row.endTime,
  hourlyLimit: row.hourlyLimit,
  interval: row.interval,
});

/**
 * A service's week as rows (day, shift, start, end, hourly limit, interval), edited together and
 * saved at once. Day and shift must be chosen; overlapping rows come back on the row.
 */
export function ScheduleRowsForm({
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
  const save = useSaveServiceSchedule(branchId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(ServiceScheduleInputSchema, {
    mode: 'controlled',
    initialValues: { rows: rows.map(toInput) },
  });
  const values = form.getValues().rows;

  const submit = form.onSubmit(async (parsed) => {
    setFormError(null);
    try {
      await save.mutateAsync({ serviceId, rows: parsed.rows });
      form.resetDirty();
      notifySuccess(t('schedules.saved'));
    } catch (error) {
      if (isApiError(error) && applyServerFieldErrors(form, error)) return;
      setFormError(errorText(error));
    }
  });

  const addRow = () =>
    form.insertListItem('rows', {
      dayOfWeek: null,
      shift: '',
      startTime: '08:00',
      endTime: '15:00',
      hourlyLimit: values.at(-1)?.hourlyLimit ?? 20,
      interval: values.at(-1)?.interval ?? 'hour',
    });

  const dayOptions = SCHEDULE_DAYS.map((d) => ({ value: String(d), label: t(`schedules.days.${d}`) }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {formError ? (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        ) : null}
        {values.length === 0 ? <Text c="dimmed">{t('schedules.empty')}</Text> : null}
        {values.length > 0 ? (
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('schedules.fields.day')}</Table.Th>
                  <Table.Th>{t('schedules.fields.shift')}</Table.Th>
                  <Table.Th>{t('schedules.fields.startTime')}</Table.Th>
                  <Table.Th>{t('schedules.fields.endTime')}</Table.Th>
                  <Table.Th>{t('schedules.fields.hourlyLimit')}</Table.Th>
                  <Table.Th>{t('schedules.fields.interval')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('common:admin.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {values.map((row, i) => {
                  const n = i + 1;
                  return (
                    <Table.Tr key={form.key(`rows.${i}`)}>
                      <Table.Td>
                        <Select
                          aria-label={t('schedules.rowLabel.day', { n })}
                          placeholder={t('schedules.choose')}
                          data={dayOptions}
                          value={row.dayOfWeek === null ? null : String(row.dayOfWeek)}
                          onChange={(v) =>
                            form.setFieldValue(`rows.${i}.dayOfWeek`, v === null ? null : Number(v))
                          }
                          error={form.errors[`rows.${i}.dayOfWeek`]}
                          w={130}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={t('schedules.rowLabel.shift', { n })}
                          placeholder={t('schedules.choose')}
                          data={SCHEDULE_SHIFTS.map((s) => ({ value: s, label: t(`schedules.shifts.${s}`) }))}
                          w={120}
                          {...form.getInputProps(`rows.${i}.shift`)}
                          value={row.shift === '' ? null : row.shift}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          type="time"
                          aria-label={t('schedules.rowLabel.startTime', { n })}
                          w={110}
                          {...form.getInputProps(`rows.${i}.startTime`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={t('schedules.rowLabel.endTime', { n })}
                          placeholder="HH:MM"
                          w={110}
                          {...form.getInputProps(`rows.${i}.endTime`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={t('schedules.rowLabel.hourlyLimit', { n })}
                          allowDecimal={false}
                          allowNegative={false}
                          min={1}
                          max={HOURLY_LIMIT_MAX}
                          w={100}
                          {...form.getInputProps(`rows.${i}.hourlyLimit`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={t('schedules.rowLabel.interval', { n })}
                          data={SCHEDULE_INTERVALS.map((v) => ({
                            value: v,
                            label: t(`schedules.intervals.${v}`),
                          }))}
                          allowDeselect={false}
                          w={140}
                          {...form.getInputProps(`rows.${i}.interval`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('schedules.removeRow', { n })}
                          onClick={() => form.removeListItem('rows', i)}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        <Group justify="space-between">
          <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={addRow}>
            {t('schedules.addRow')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('schedules.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
