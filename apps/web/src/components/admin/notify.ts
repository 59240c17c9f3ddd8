import { notifications } from '@mantine/notifications';

/** A change went through: a short green toast (the text names what changed). */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message });
}

/** A change failed in a way no form field shows: a red toast with the error's text. */
export function notifyFailure(message: string): void {
  notifications.show({ color: 'red', message });
}
