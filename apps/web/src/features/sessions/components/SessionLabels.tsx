import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { MAX_LABEL_LENGTH, type SessionLabel } from '@proctor/contracts';
import { useState } from 'react';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { QueryView } from '../../../components/QueryView';
import { useAddSessionLabel, useSessionLabels } from '../hooks/useSessionLabels';
import { formatSessionDate } from '../sessionFormat';

export const LABEL_SAVED = 'Label saved';

/** One saved label: its words, who wrote it and when; `outlier` marks one the analysis set apart. */
export function LabelCard({ label, outlier = false }: { label: SessionLabel; outlier?: boolean }) {
  return (
    <Paper
      withBorder
      radius="sm"
      p="xs"
      data-testid="session-label"
      data-outlier={outlier || undefined}
      bg={outlier ? 'var(--mantine-color-red-light)' : undefined}
      style={outlier ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {label.text}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {label.mine ? 'You' : (label.user?.name ?? 'A former member')} · {formatSessionDate(label.createdAt)}
      </Text>
    </Paper>
  );
}

/**
 * Label entry for a session of a sample test case (000 §2.6): the task the session carried out, in the
 * labeller's words; Save Label stays disabled while the text is blank after trimming. Below it the Saved
 * Labels, everyone's for account admins, each person's own for the others (the server decides which).
 */
export function SessionLabels({ sessionId }: { sessionId: string }) {
  const labels = useSessionLabels(sessionId);
  const add = useAddSessionLabel(sessionId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const save = () => {
    if (text.trim() === '') return;
    setError(null);
    add.mutate(text, {
      onSuccess: () => {
        setText('');
        notify.success(LABEL_SAVED);
      },
      onError: (failure) => setError(errorDetail(failure)),
    });
  };

  return (
    <Stack gap="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="xs">
          <Textarea
            label="Label"
            description="What task did this session carry out? Describe it in your own words."
            autosize
            minRows={3}
            maxRows={8}
            maxLength={MAX_LABEL_LENGTH}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          {error && (
            <Alert color="red" variant="light" title="Failed to save the label" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" disabled={text.trim() === ''} loading={add.isPending}>
              Save Label
            </Button>
          </Group>
        </Stack>
      </form>
      <QueryView query={labels} errorTitle="Failed to load labels" loading={{ rows: 2 }}>
        {(data) => (
          <Stack gap="xs" aria-label={data.everyone ? 'Saved Labels' : 'Your labels'} component="section">
            <Text size="sm" fw={600}>
              {data.everyone ? 'Saved Labels' : 'Your labels'} ({data.labels.length})
            </Text>
            {data.labels.length === 0 ? (
              <Text size="sm" c="dimmed">
                {data.everyone
                  ? 'No one has labelled this session yet'
                  : 'You have not labelled this session yet'}
              </Text>
            ) : (
              data.labels.map((label) => <LabelCard key={label.id} label={label} />)
            )}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
