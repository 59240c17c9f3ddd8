import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BranchInputSchema, type BranchValues } from '@antrean/shared/domain/branch';
import { FormDrawer } from '@/components/admin/form-drawer';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';
import { BranchFields, branchInitialValues } from './branch-fields';

/**
 * Create a branch in a drawer, validated by the same schema as the API request; the server's
 * field errors (code taken) land on their fields, any other refusal above the form.
 */
export function BranchCreateDrawer({
  pending,
  onSubmit,
  onClose,
}: {
  pending: boolean;
  /** Saves; rejects with the API error when the server refuses. */
  onSubmit: (values: BranchValues) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['branches', 'common']);
  const errorText = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(BranchInputSchema, {
    mode: 'controlled',
    initialValues: branchInitialValues(null),
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

  return (
    <FormDrawer
      opened
      title={t('form.createTitle')}
      error={formError}
      pending={pending}
      submitLabel={t('common:admin.save')}
      onSubmit={submit}
      onClose={onClose}
    >
      <BranchFields form={form} />
    </FormDrawer>
  );
}
