import { useState } from 'react';
import { MultiSelect, PasswordInput, Select, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { BranchSummary } from '@antrean/shared/domain/branch';
import {
  EditStaffUserInputSchema,
  NewStaffUserInputSchema,
  TENANT_ROLES,
  type NewStaffUserInput,
  type StaffUser,
  type TenantRole,
} from '@antrean/shared/domain/staff-user';
import { FormDrawer } from '@/components/admin/form-drawer';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';

export type UserFormValues = z.output<typeof EditStaffUserInputSchema>;

/**
 * Create or edit a user in a drawer, validated by the same schemas as the API request (a new
 * user needs a password; an edit may set a new one). The branches are asked for the roles that
 * work at branches; the server's field errors (username taken, unknown branch) land on their
 * fields, any other refusal (the last admin, locking oneself out) above the form.
 */
export function UserFormDrawer({
  user,
  defaultRole,
  branches,
  pending,
  onSubmit,
  onClose,
}: {
  /** The user being edited; null to create one. */
  user: StaffUser | null;
  defaultRole: TenantRole;
  branches: readonly BranchSummary[];
  pending: boolean;
  /** Saves; rejects with the API error when the server refuses. */
  onSubmit: (values: UserFormValues) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['users', 'common']);
  const errorText = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const schema: z.ZodType<UserFormValues, NewStaffUserInput> = user
    ? EditStaffUserInputSchema
    : NewStaffUserInputSchema;
  // The page mounts the drawer per opening (keyed by the user), so the values start here.
  const form = useZodForm(schema, {
    mode: 'controlled',
    initialValues: user
      ? {
          fullName: user.fullName,
          username: user.username,
          password: '',
          role: user.role,
          phone: user.phone ?? '',
          branchIds: user.branchIds,
          isActive: user.isActive,
        }
      : {
          fullName: '',
          username: '',
          password: '',
          role: defaultRole,
          phone: '',
          branchIds: [],
          isActive: true,
        },
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

  const role = form.getValues().role;
  const phone = form.getInputProps('phone');
  return (
    <FormDrawer
      opened
      title={user ? t('form.editTitle', { name: user.fullName }) : t('form.createTitle')}
      error={formError}
      pending={pending}
      submitLabel={t('common:admin.save')}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label={t('fields.fullName')}
        withAsterisk
        maxLength={100}
        {...form.getInputProps('fullName')}
      />
      <TextInput
        label={t('fields.username')}
        description={t('fields.usernameHint')}
        withAsterisk
        maxLength={50}
        autoComplete="off"
        {...form.getInputProps('username')}
      />
      <PasswordInput
        label={user ? t('fields.newPassword') : t('fields.password')}
        description={user ? t('fields.newPasswordHint') : t('fields.passwordHint')}
        withAsterisk={!user}
        autoComplete="new-password"
        {...form.getInputProps('password')}
      />
      <Select
        label={t('fields.role')}
        withAsterisk
        data={TENANT_ROLES.map((r) => ({ value: r, label: t(`common:roles.${r}`) }))}
        allowDeselect={false}
        {...form.getInputProps('role')}
      />
      {role === 'admin' ? (
        <Text size="sm" c="dimmed">
          {t('fields.adminBranches')}
        </Text>
      ) : (
        <MultiSelect
          label={t('fields.branches')}
          description={t('fields.branchesHint')}
          withAsterisk
          searchable
          data={branches.map((b) => ({ value: b.id, label: `${b.code} · ${b.name}` }))}
          {...form.getInputProps('branchIds')}
        />
      )}
      <TextInput
        label={t('fields.phone')}
        description={t('fields.phoneHint')}
        type="tel"
        maxLength={20}
        {...phone}
        value={typeof phone.value === 'string' ? phone.value : ''}
      />
      <Switch
        label={t('fields.isActive')}
        description={t('fields.isActiveHint')}
        {...form.getInputProps('isActive', { type: 'checkbox' })}
      />
    </FormDrawer>
  );
}
