import { notifications } from '@mantine/notifications';
import { TIMING } from '@proctor/contracts';

/** The hub's copy toast, which hides sooner than the dashboard's other snackbars (002 §9: 2000 ms). */
export const hubToast = {
  success(message: string): void {
    notifications.show({ color: 'teal', message, autoClose: TIMING.hubToastMs });
  },
  error(message: string): void {
    notifications.show({ color: 'red', message, autoClose: TIMING.hubToastMs });
  },
};

/** Copies the text, then says whether it worked (the clipboard may be refused, e.g. on plain http). */
export async function copyWithToast(text: string, copied: string, failed: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    hubToast.success(copied);
  } catch {
    hubToast.error(failed);
  }
}
