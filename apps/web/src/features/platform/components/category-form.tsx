import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  TENANT_CATEGORY_NAME_MAX,
  TenantCategoryInputSchema,
  type TenantCategory,
  type TenantCategoryInput,
} from '@antrean/shared/domain/tenant';
import { FormDrawer } from '@/components/admin/form-drawer';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';

/** Create or rename a tenant category (TenantCategoryInputSchema, the same as the request). */
export function CategoryFormDrawer({
  category,
  pending,
  onSubmit,
  onClose,
}: {
  category: TenantCategory | null;
  pending: boolean;
  onSubmit: (values: TenantCategoryInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['platform', 'common']);
  const errorText = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(TenantCategoryInputSchema, {
    mode: 'controlled',
    initialValues: { name: category?.name ?? '' },
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
      title={
        category ? t('categories.form.editTitle', { name: category.name }) : t('categories.form.createTitle')
      }
      error={formError}
      pending={pending}
      submitLabel={t('common:admin.save')}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label={t('categories.fields.name')}
        withAsterisk
        maxLength={TENANT_CATEGORY_NAME_MAX}
        {...form.getInputProps('name')}
      />
    </FormDrawer>
  );
}
