import { useState, type ReactNode } from 'react';
import { PasswordDrawer, ProfileDrawer } from './profile-drawers';

type Open = 'profile' | 'password' | null;

/** The profile menu's two drawers (edit profile, change password) and how to open them. */
export function useProfileDrawers(): { open: (which: 'profile' | 'password') => void; drawers: ReactNode } {
  const [opened, setOpened] = useState<Open>(null);
  const close = () => setOpened(null);
  return {
    open: setOpened,
    drawers:
      opened === 'profile' ? (
        <ProfileDrawer onClose={close} />
      ) : opened === 'password' ? (
        <PasswordDrawer onClose={close} />
      ) : null,
  };
}
