import { notifications } from '@mantine/notifications';

/** Snackbars; they hide after TIMING.snackbarMs (set once on <Notifications>). */
export const notify = {
  success(message: string, title?: string): void {
    notifications.show({ color: 'teal', title, message });
  },
  error(message: string, title?: string): void {
    notifications.show({ color: 'red', title, message });
  },
  info(message: string, title?: string): void {
    notifications.show({ color: 'indigo', title, message });
  },
};
