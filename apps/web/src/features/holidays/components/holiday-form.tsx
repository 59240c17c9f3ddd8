import { useState } from 'react';
import { Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BranchSummary } from '@antrean/shared/domain/branch';
import { HOLIDAY_NAME_MAX, HolidayInputSchema, type Holiday } from '@antrean/shared/domain/holiday';
import { FormDrawer } from '@/components/admin/form-drawer';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';

/** The scope select's value for "every branch" (a Select value cannot be null). */
export const ALL_BRANCHES = 'all';

/** The scope choices: every branch of the tenant, or one branch. */
export function useScopeOptions(branches: readonly BranchSummary[]) {
  const { t } = useTranslation('holidays');
  return [
    { value: ALL_BRANCHES, label: t('scope.all') },
    ...branches.map((b) => ({ value: b.id, label: `${b.code} · ${b.name}` })),
  ];
}

/** Create or edit a holiday in a drawer (date, name, every branch or one). */
export function HolidayFormDrawer({
  holiday,
  branches,
  pending,
  onSubmit,
  onClose,
}: {
  holiday: Holiday | null;
  branches: readonly BranchSummary[];
  pending: boolean;
  onSubmit: (values: { date: string; name: string; branchId: string | null }) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['holidays', 'common']);
  const errorText = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const scopes = useScopeOptions(branches);
  const form = useZodForm(HolidayInputSchema, {
    mode: 'controlled',
    initialValues: holiday
      ? { date: holiday.date, name: holiday.name, branchId: holiday.branchId }
      : { date: '', name: '', branchId: null },
  });
  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      if (isApiError(error) && applyServerFieldErrors(form, error)) return;
      setFormError(errorText(error));
    }
  });
  const branchId = form.getValues().branchId;
  return (
    <FormDrawer
      opened
      title={holiday ? t('form.editTitle', { name: holiday.name }) : t('form.createTitle')}
      error={formError}
      pending={pending}
      submitLabel={t('common:admin.save')}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput type="date" label={t('fields.date')} withAsterisk {...form.getInputProps('date')} />
      <TextInput
        label={t('fields.name')}
        withAsterisk
        maxLength={HOLIDAY_NAME_MAX}
        {...form.getInputProps('name')}
      />
      <Select
        label={t('fields.scope')}
        data={scopes}
        allowDeselect={false}
        searchable={scopes.length > 8}
        value={branchId ?? ALL_BRANCHES}
        onChange={(v) => form.setFieldValue('branchId', v === null || v === ALL_BRANCHES ? null : v)}
        error={form.errors.branchId}
      />
    </FormDrawer>
  );
}
