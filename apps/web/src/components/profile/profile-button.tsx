import { ActionIcon, Menu } from '@mantine/core';
import { IconKey, IconUserCircle, IconUserEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useProfileDrawers } from './use-profile-drawers';

/** The staff screens' profile menu (caller, operator, supervisor): edit the profile, change the password. */
export function ProfileButton() {
  const { t } = useTranslation('profile');
  const { open, drawers } = useProfileDrawers();
  return (
    <>
      <Menu position="bottom-end" width={220} withinPortal>
        <Menu.Target>
          <ActionIcon variant="default" size="lg" aria-label={t('menu.open')}>
            <IconUserCircle size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconUserEdit size={16} aria-hidden />} onClick={() => open('profile')}>
            {t('menu.edit')}
          </Menu.Item>
          <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={() => open('password')}>
            {t('menu.password')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {drawers}
    </>
  );
}
