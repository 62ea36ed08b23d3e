import { notifications } from '@mantine/notifications';
import { describeError } from './errors';

/** Toasts in one place, so every feature shows them the same way. A failure is worded by describeError. */
export function notifyError(error: unknown, fallback?: string) {
  notifications.show({ color: 'red', message: describeError(error, fallback), withBorder: true });
}

export function notifySuccess(message: string) {
  notifications.show({ color: 'teal', message, withBorder: true });
}

export function notifyInfo(message: string, autoClose?: number) {
  notifications.show({
    color: 'blue',
    message,
    withBorder: true,
    ...(autoClose ? { autoClose } : {}),
  });
}

export function notifyWarning(message: string, autoClose?: number) {
  notifications.show({
    color: 'yellow',
    message,
    withBorder: true,
    ...(autoClose ? { autoClose } : {}),
  });
}
