import { Alert, Button, Checkbox, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import {
  formatByteSize,
  LIVE_VIEW,
  type LiveFileChooserAnswer,
  type LiveFileChooserMessage,
  type LiveUploadMessage,
  type LiveUploadResult,
  UploadFileName,
} from '@proctor/contracts';
import { useState } from 'react';
import { uploadPieces } from '../viewerInput';

type Chooser = NonNullable<LiveFileChooserMessage['chooser']>;

/**
 * The page's file chooser over the live view, answered with files of the environment's uploads folder. A file
 * from this computer is first uploaded into that folder (it then appears in the list, chosen).
 */
export function LiveFileChooserPanel({
  chooser,
  control,
  uploaded,
  onAnswer,
  onUpload,
}: {
  chooser: Chooser;
  control: boolean;
  uploaded: LiveUploadResult | null;
  onAnswer: (answer: LiveFileChooserAnswer) => void;
  onUpload: (piece: LiveUploadMessage) => void;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const refused = uploaded?.error ? `${uploaded.name} was not uploaded: ${uploaded.error}.` : null;

  const toggle = (name: string, checked: boolean) =>
    setChosen((before) => {
      if (!checked) return before.filter((other) => other !== name);
      return chooser.multiple ? [...before, name] : [name];
    });

  const upload = async (files: File[]) => {
    setError(null);
    for (const file of files) {
      if (!UploadFileName.safeParse(file.name).success) {
        setError(`${file.name} cannot be uploaded: rename it (no leading dot, at most 128 characters).`);
        return;
      }
      if (file.size > LIVE_VIEW.maxUploadBytes) {
        setError(`${file.name} is larger than ${formatByteSize(LIVE_VIEW.maxUploadBytes)}.`);
        return;
      }
      for (const piece of uploadPieces(file.name, new Uint8Array(await file.arrayBuffer()))) onUpload(piece);
      toggle(file.name, true);
    }
  };

  return (
    <Paper
      role="dialog"
      aria-label="Choose a file for the page"
      shadow="md"
      radius="md"
      p="md"
      w={460}
      maw="90%"
    >
      <Stack gap="sm">
        <Text fw={600} size="sm">
          {chooser.multiple ? 'The page asks for files' : 'The page asks for a file'}
        </Text>
        {chooser.files.length === 0 ? (
          <Text size="sm" c="dimmed">
            The environment's uploads folder is empty.
          </Text>
        ) : (
          <Stack gap={6} mah={220} style={{ overflowY: 'auto' }}>
            {chooser.files.map((file) => (
              <Checkbox
                key={file.name}
                label={`${file.name} (${formatByteSize(file.size)})`}
                checked={chosen.includes(file.name)}
                disabled={!control}
                onChange={(event) => toggle(file.name, event.currentTarget.checked)}
              />
            ))}
          </Stack>
        )}
        {(error ?? refused) && (
          <Alert color="red" p="xs">
            {error ?? refused}
          </Alert>
        )}
        {control ? (
          <Group justify="space-between" gap="xs">
            <FileButton
              onChange={(picked: File[] | File | null) => void upload(picked === null ? [] : [picked].flat())}
              multiple={chooser.multiple}
            >
              {(props) => (
                <Button variant="subtle" {...props}>
                  Upload from this computer…
                </Button>
              )}
            </FileButton>
            <Group gap="xs">
              <Button variant="default" onClick={() => onAnswer({ type: 'fileChooser', files: [] })}>
                Cancel
              </Button>
              <Button
                disabled={
                  chosen.length === 0 || chosen.some((name) => !chooser.files.some((f) => f.name === name))
                }
                onClick={() => onAnswer({ type: 'fileChooser', files: chosen })}
              >
                Choose
              </Button>
            </Group>
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            Waiting for the person in control to choose.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
