import { useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BranchInputSchema, type BranchDetail } from '@antrean/shared/domain/branch';
import { notifySuccess } from '@/components/admin/notify';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';
import { useUpdateBranch } from '../api/mutations';
import { BranchFields, branchInitialValues } from './branch-fields';

/**
 * The branch's own fields on its detail page. Saving says "Cabang Berhasil Diubah" (the spec's
 * message); a limit below what is active comes back as a field error on that limit.
 */
export function BranchSettingsForm({ branch }: { branch: BranchDetail }) {
  const { t } = useTranslation(['branches', 'common']);
  const errorText = useErrorText();
  const update = useUpdateBranch();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(BranchInputSchema, {
    mode: 'controlled',
    initialValues: branchInitialValues(branch),
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await update.mutateAsync({ branchId: branch.id, body: values });
      form.resetDirty();
      notifySuccess(t('notify.updated'));
    } catch (error) {
      if (isApiError(error) && applyServerFieldErrors(form, error)) return;
      setFormError(errorText(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={880}>
        {formError ? (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        ) : null}
        <BranchFields form={form} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('common:admin.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
