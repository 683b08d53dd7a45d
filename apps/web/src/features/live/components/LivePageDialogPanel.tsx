import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { LIVE_VIEW, type LiveDialogAnswer, type LivePageDialog } from '@proctor/contracts';
import { useState } from 'react';

const TITLES: Record<LivePageDialog['kind'], string> = {
  alert: 'The page says',
  confirm: 'The page asks',
  prompt: 'The page asks',
  beforeunload: 'Leave this page? Changes you made may not be saved.',
};

/**
 * The page's `alert`, `confirm`, `prompt` or `beforeunload` dialog over the live view: the page waits until
 * it is answered. A watch-only viewer sees it without the buttons.
 */
export function LivePageDialogPanel({
  dialog,
  control,
  onAnswer,
}: {
  dialog: LivePageDialog;
  control: boolean;
  onAnswer: (answer: LiveDialogAnswer) => void;
}) {
  const [promptText, setPromptText] = useState(dialog.defaultPrompt);
  const answer = (accept: boolean) =>
    onAnswer({ type: 'dialog', accept, ...(dialog.kind === 'prompt' && accept ? { promptText } : {}) });
  const leaving = dialog.kind === 'beforeunload';

  return (
    <Paper role="dialog" aria-label="Page dialog" shadow="md" radius="md" p="md" w={420} maw="90%">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          answer(true);
        }}
      >
        <Stack gap="sm">
          <Text fw={600} size="sm">
            {TITLES[dialog.kind]}
          </Text>
          {!leaving && dialog.message && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {dialog.message}
            </Text>
          )}
          {dialog.kind === 'prompt' && (
            <TextInput
              aria-label="Answer"
              value={promptText}
              maxLength={LIVE_VIEW.maxDialogChars}
              disabled={!control}
              data-autofocus
              autoFocus
              onChange={(event) => setPromptText(event.currentTarget.value)}
            />
          )}
          {control ? (
            <Group justify="flex-end" gap="xs">
              {dialog.kind !== 'alert' && (
                <Button variant="default" onClick={() => answer(false)}>
                  {leaving ? 'Stay' : 'Cancel'}
                </Button>
              )}
              <Button type="submit" autoFocus={dialog.kind !== 'prompt'}>
                {leaving ? 'Leave' : 'OK'}
              </Button>
            </Group>
          ) : (
            <Text size="xs" c="dimmed">
              Waiting for the person in control to answer.
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
