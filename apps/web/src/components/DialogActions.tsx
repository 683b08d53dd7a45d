import { Button, Group } from '@mantine/core';

/**
 * The footer of a dialog that is a form: Cancel closes it without submitting, the other button submits the
 * form and spins while the request is pending.
 */
export function DialogActions({
  submitLabel,
  onCancel,
  pending,
  disabled,
}: {
  submitLabel: string;
  onCancel: () => void;
  pending: boolean;
  disabled?: boolean;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={pending} disabled={disabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}
