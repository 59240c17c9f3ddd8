import { useState } from 'react';
import { Fieldset, PasswordInput, Select, Switch, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { tenantLogoUrl } from '@antrean/shared/contracts/platform.contract';
import {
  TENANT_NAME_MAX,
  TenantCreateInputSchema,
  TenantInputSchema,
  type Tenant,
  type TenantCategory,
  type TenantCreateInput,
  type TenantInput,
} from '@antrean/shared/domain/tenant';
import { FormDrawer } from '@/components/admin/form-drawer';
import { ImageUploadField } from '@/components/admin/image-upload-field';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';
import { uploadTenantLogo } from '../api/tenants';

/** Runs a save; the server's field errors go on the inputs, anything else above the form. */
function useSubmit<V extends Record<string, unknown>, T>(
  form: UseFormReturnType<V, T>,
  onSubmit: (values: T) => Promise<unknown>,
) {
  const errorText = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      if (isApiError(error) && applyServerFieldErrors(form, error)) return;
      setFormError(errorText(error));
    }
  });
  return { submit, formError };
}

type InputProps = ReturnType<UseFormReturnType<TenantInput>['getInputProps']>;

/** The fields a tenant has in both forms: name, category and active. */
function TenantFields({
  name,
  category,
  isActive,
  categories,
}: {
  name: InputProps;
  category: { value: string; error: unknown; onChange: (value: string) => void };
  isActive: InputProps;
  categories: readonly TenantCategory[];
}) {
  const { t } = useTranslation('platform');
  return (
    <>
      <TextInput label={t('tenants.fields.name')} withAsterisk maxLength={TENANT_NAME_MAX} {...name} />
      <Select
        label={t('tenants.fields.category')}
        placeholder={t('tenants.fields.categoryPlaceholder')}
        withAsterisk
        searchable
        data={categories.map((c) => ({ value: c.id, label: c.name }))}
        nothingFoundMessage={t('tenants.noCategories')}
        error={typeof category.error === 'string' ? category.error : undefined}
        value={category.value === '' ? null : category.value}
        onChange={(value) => category.onChange(value ?? '')}
      />
      <Switch
        label={t('tenants.fields.isActive')}
        description={t('tenants.fields.isActiveHint')}
        {...isActive}
      />
    </>
  );
}

/**
 * A new tenant and its first admin (username ≥ 7 without spaces, full name ≥ 3, password), in
 * one request validated by TenantCreateInputSchema. The logo is uploaded once the tenant exists.
 */
export function TenantCreateDrawer({
  categories,
  pending,
  onSubmit,
  onClose,
}: {
  categories: readonly TenantCategory[];
  pending: boolean;
  onSubmit: (values: TenantCreateInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['platform', 'common']);
  const form = useZodForm(TenantCreateInputSchema, {
    mode: 'controlled',
    initialValues: {
      name: '',
      categoryId: '',
      isActive: true,
      admin: { username: '', fullName: '', password: '' },
    },
  });
  const { submit, formError } = useSubmit(form, onSubmit);
  return (
    <FormDrawer
      opened
      title={t('tenants.form.createTitle')}
      error={formError}
      pending={pending}
      submitLabel={t('common:admin.save')}
      onSubmit={submit}
      onClose={onClose}
    >
      <TenantFields
        name={form.getInputProps('name')}
        category={{
          value: form.getValues().categoryId,
          error: form.errors.categoryId,
          onChange: (value) => form.setFieldValue('categoryId', value),
        }}
        isActive={form.getInputProps('isActive', { type: 'checkbox' })}
        categories={categories}
      />
      <Text size="sm" c="dimmed">
        {t('tenants.fields.logoLater')}
      </Text>
      <Fieldset legend={t('tenants.admin.legend')}>
        <Text size="sm" c="dimmed" mb="xs">
          {t('tenants.admin.hint')}
        </Text>
        <TextInput
          label={t('tenants.admin.username')}
          description={t('tenants.admin.usernameHint')}
          withAsterisk
          autoComplete="off"
          maxLength={50}
          {...form.getInputProps('admin.username')}
        />
        <TextInput
          label={t('tenants.admin.fullName')}
          withAsterisk
          maxLength={100}
          mt="sm"
          {...form.getInputProps('admin.fullName')}
        />
        <PasswordInput
          label={t('tenants.admin.password')}
          withAsterisk
          autoComplete="new-password"
          mt="sm"
          {...form.getInputProps('admin.password')}
        />
      </Fieldset>
    </FormDrawer>
  );
}

/** Edit a tenant: name, category, logo (uploaded into the tenant at once), active. */
export function TenantEditDrawer({
  tenant,
  categories,
  pending,
  onSubmit,
  onClose,
}: {
  tenant: Tenant;
  categories: readonly TenantCategory[];
  pending: boolean;
  onSubmit: (values: TenantInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['platform', 'common']);
  const form = useZodForm(TenantInputSchema, {
    mode: 'controlled',
    initialValues: {
      name: tenant.name,
      categoryId: tenant.categoryId,
      logoFileId: tenant.logoFileId,
      isActive: tenant.isActive,
    },
  });
  const { submit, formError } = useSubmit(form, onSubmit);
  return (
    <FormDrawer
      opened
      title={t('tenants.form.editTitle', { name: tenant.name })}
      error={formError}
      pending={pending}
      submitLabel={t('common:admin.save')}
      onSubmit={submit}
      onClose={onClose}
    >
      <TenantFields
        name={form.getInputProps('name')}
        category={{
          value: form.getValues().categoryId,
          error: form.errors.categoryId,
          onChange: (value) => form.setFieldValue('categoryId', value),
        }}
        isActive={form.getInputProps('isActive', { type: 'checkbox' })}
        categories={categories}
      />
      <ImageUploadField
        label={t('tenants.fields.logo')}
        purpose="logo"
        value={form.getValues().logoFileId}
        onChange={(fileId) => form.setFieldValue('logoFileId', fileId)}
        error={typeof form.errors.logoFileId === 'string' ? form.errors.logoFileId : null}
        upload={(data) => uploadTenantLogo(tenant.id, data)}
        previewUrl={(fileId) => tenantLogoUrl(tenant.id, fileId)}
      />
    </FormDrawer>
  );
}
