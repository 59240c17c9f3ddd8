import { useState } from 'react';
import { Checkbox, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CopyBranchBodySchema } from '@antrean/shared/contracts/branch-admin.contract';
import type { BranchDetail } from '@antrean/shared/domain/branch';
import { FormDrawer } from '@/components/admin/form-drawer';
import { notifySuccess } from '@/components/admin/notify';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';
import { useCopyBranch } from '../api/mutations';
import { branchHref } from '../lib/paths';
import { BranchFields, branchInitialValues } from './branch-fields';

/**
 * A new branch with this branch's setup: its own fields (started from the source's, with an
 * empty code) and which parts to copy; the services offered are always copied.
 */
export function BranchCopyDrawer({ source, onClose }: { source: BranchDetail; onClose: () => void }) {
  const { t } = useTranslation(['branches', 'common']);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const copy = useCopyBranch();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(CopyBranchBodySchema, {
    mode: 'controlled',
    initialValues: {
      ...branchInitialValues(source),
      code: '',
      name: '',
      copy: { schedules: true, counters: true, devices: true },
    },
  });
  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await copy.mutateAsync({ branchId: source.id, body: values });
      notifySuccess(t('copy.done', { name: result.branch.name, ...result.copied }));
      onClose();
      void navigate(branchHref(result.branch.id));
    } catch (error) {
      if (isApiError(error) && applyServerFieldErrors(form, error)) return;
      setFormError(errorText(error));
    }
  });
  return (
    <FormDrawer
      opened
      title={t('copy.title', { name: source.name })}
      error={formError}
      pending={copy.isPending}
      submitLabel={t('copy.submit')}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('copy.intro')}
        </Text>
        <Checkbox
          label={t('copy.schedules')}
          {...form.getInputProps('copy.schedules', { type: 'checkbox' })}
        />
        <Checkbox label={t('copy.counters')} {...form.getInputProps('copy.counters', { type: 'checkbox' })} />
        <Checkbox label={t('copy.devices')} {...form.getInputProps('copy.devices', { type: 'checkbox' })} />
      </Stack>
      <BranchFields form={form} />
    </FormDrawer>
  );
}
