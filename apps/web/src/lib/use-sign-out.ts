import { notifications } from '@mantine/notifications';
import { useErrorText } from './error-text';
import { useLogout } from './session';

/**
 * Signs out and loads `target` afresh (see useLogout); a failure is shown as a toast. `pending`:
 * the request is on its way (the sign-out button waits meanwhile).
 */
export function useSignOut(): { signOut: (target: string) => void; pending: boolean } {
  const errorText = useErrorText();
  const logout = useLogout();
  return {
    signOut: (target) =>
      logout.mutate(target, {
        onError: (error) => {
          notifications.show({ color: 'red', message: errorText(error) });
        },
      }),
    pending: logout.isPending,
  };
}
