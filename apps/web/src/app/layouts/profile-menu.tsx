import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconUserEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '@antrean/shared/contracts/files.contract';
import type { SessionUser } from '@antrean/shared/domain/user';
import { paths } from '@/config/paths';
import { headerPhotoQueryOptions } from '@/lib/queries/profile';
import { useProfileDrawers } from '@/components/profile/use-profile-drawers';
import { useSignOut } from '@/lib/use-sign-out';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

/** Header profile menu: who is signed in, their role and photo; edit the profile, change the password, sign out. */
export function ProfileMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation(['common', 'profile']);
  const { signOut, pending } = useSignOut();
  const photo = useQuery(headerPhotoQueryOptions()).data;
  const { open, drawers } = useProfileDrawers();

  return (
    <>
      <Menu position="bottom-end" width={240} withinPortal>
        <Menu.Target>
          <UnstyledButton
            aria-label={t('profile.menu')}
            p={4}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            <Group gap="xs" wrap="nowrap">
              <Avatar color="brand" radius="xl" size={34} aria-hidden src={photo ? fileUrl(photo) : null}>
                {initials(user.fullName)}
              </Avatar>
              <Text size="sm" fw={600} visibleFrom="sm" maw={180} truncate>
                {user.fullName}
              </Text>
              <IconChevronDown size={14} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('profile.signedInAs')}</Menu.Label>
          <div style={{ padding: '0 var(--mantine-spacing-sm) var(--mantine-spacing-xs)' }}>
            <Text fw={600} size="sm">
              {user.fullName}
            </Text>
            <Text size="xs" c="dimmed">
              {user.username} · {t(`roles.${user.role}`)}
            </Text>
          </div>
          <Menu.Divider />
          <Menu.Item leftSection={<IconUserEdit size={16} aria-hidden />} onClick={() => open('profile')}>
            {t('profile:menu.edit')}
          </Menu.Item>
          <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={() => open('password')}>
            {t('profile:menu.password')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={16} aria-hidden />}
            disabled={pending}
            onClick={() => signOut(paths.login.href())}
          >
            {t('actions.signOut')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {drawers}
    </>
  );
}
