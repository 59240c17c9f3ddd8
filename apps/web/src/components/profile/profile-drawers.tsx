import { useState } from 'react';
import { PasswordInput, Skeleton, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@antrean/shared/contracts/profile.contract';
import { ChangePasswordInputSchema, ProfileInputSchema } from '@antrean/shared/domain/staff-user';
import { FormDrawer } from '@/components/admin/form-drawer';
import { ImageUploadField } from '@/components/admin/image-upload-field';
import { notifySuccess } from '@/components/admin/notify';
import { isApiError } from '@/lib/api';
import { ErrorAlert } from '@/lib/error-alert';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';
import { profileQueryOptions, useChangePassword, useUpdateProfile } from '@/lib/queries/profile';

function ProfileForm({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const { t } = useTranslation(['profile', 'common']);
  const errorText = useErrorText();
  const save = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(ProfileInputSchema, {
    mode: 'controlled',
    initialValues: {
      fullName: profile.fullName,
      phone: profile.phone ?? '',
      avatarFileId: profile.avatarFileId,
    },
  });
  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync(values);
      notifySuccess(t('edit.saved'));
      onClose();
    } catch (error) {
      if (isApiError(error) && applyServerFieldErrors(form, error)) return;
      setFormError(errorText(error));
    }
  });
  const phone = form.getInputProps('phone');
  const avatar = form.getInputProps('avatarFileId');
  return (
    <FormDrawer
      opened
      title={t('edit.title')}
      error={formError}
      pending={save.isPending}
      submitLabel={t('common:admin.save')}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label={t('edit.fullName')}
        withAsterisk
        maxLength={100}
        {...form.getInputProps('fullName')}
      />
      <TextInput
        label={t('edit.phone')}
        description={t('edit.phoneHint')}
        type="tel"
        maxLength={20}
        {...phone}
        value={typeof phone.value === 'string' ? phone.value : ''}
      />
      {profile.canHaveAvatar ? (
        <ImageUploadField
          label={t('edit.photo')}
          purpose="avatar"
          value={form.getValues().avatarFileId}
          onChange={(fileId) => form.setFieldValue('avatarFileId', fileId)}
          error={typeof avatar.error === 'string' ? avatar.error : null}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('edit.noPhoto')}
        </Text>
      )}
    </FormDrawer>
  );
}

/** "Edit profile": the own name, phone and photo, in a drawer (loads the profile first). */
export function ProfileDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['profile', 'common']);
  const profile = useQuery(profileQueryOptions());
  if (profile.data) return <ProfileForm profile={profile.data} onClose={onClose} />;
  return (
    <FormDrawer
      opened
      title={t('edit.title')}
      pending={false}
      submitLabel={t('common:admin.save')}
      onSubmit={(event) => event?.preventDefault()}
      onClose={onClose}
    >
      {profile.isError ? (
        <ErrorAlert
          title={t('edit.loadFailed')}
          error={profile.error}
          onRetry={() => void profile.refetch()}
        />
      ) : (
        <Skeleton h={120} />
      )}
    </FormDrawer>
  );
}

/** "Change password": the current one and the new one, in a drawer. */
export function PasswordDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['profile', 'common']);
  const errorText = useErrorText();
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(ChangePasswordInputSchema, {
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '' },
  });
  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await change.mutateAsync(values);
      notifySuccess(t('password.saved'));
      onClose();
    } catch (error) {
      if (isApiError(error) && applyServerFieldErrors(form, error)) return;
      setFormError(errorText(error));
    }
  });
  return (
    <FormDrawer
      opened
      title={t('password.title')}
      error={formError}
      pending={change.isPending}
      submitLabel={t('common:admin.save')}
      onSubmit={submit}
      onClose={onClose}
    >
      <PasswordInput
        label={t('password.current')}
        withAsterisk
        autoComplete="current-password"
        {...form.getInputProps('currentPassword')}
      />
      <PasswordInput
        label={t('password.new')}
        description={t('password.newHint')}
        withAsterisk
        autoComplete="new-password"
        {...form.getInputProps('newPassword')}
      />
    </FormDrawer>
  );
}
