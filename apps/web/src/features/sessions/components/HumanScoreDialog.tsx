import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { LAYOUT, MAX_HUMAN_SCORE_REASON } from '@proctor/contracts';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import type { AnnotatorTimer } from '../hooks/useAnnotatorTimer';
import { useRefreshAfterHumanScore } from '../hooks/useRefreshAfterHumanScore';
import { useScoreSessionAsHuman } from '../hooks/useSessionMutations';

export const HUMAN_SCORE_SAVED = 'Your score was saved';

type Verdict = 'correct' | 'fail';

const VERDICTS: Array<{ value: Verdict; label: string; color: string; icon: typeof IconCheck }> = [
  { value: 'correct', label: 'Correct', color: 'green', icon: IconCheck },
  { value: 'fail', label: 'Fail', color: 'red', icon: IconX },
];

/**
 * Human score dialog (000 §2.6): Correct or Fail (Save stays disabled until one is chosen) and an optional
 * reason. After the save the timer stops and the page reads the scores again until the new one shows.
 */
export function HumanScoreDialog({
  opened,
  onClose,
  sessionId,
  snapshotId,
  title,
  timer,
}: {
  opened: boolean;
  onClose: () => void;
  sessionId: string;
  /** The recording the person judged, kept with the score. */
  snapshotId: string;
  title: string;
  /** The annotator's timer, whose seconds go with the score; null when it does not run. */
  timer: AnnotatorTimer | null;
}) {
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useScoreSessionAsHuman(sessionId);
  const refresh = useRefreshAfterHumanScore(sessionId);

  const close = () => {
    setVerdict(null);
    setReason('');
    setError(null);
    save.reset();
    onClose();
  };

  const submit = () => {
    if (verdict === null) return;
    setError(null);
    save.mutate(
      {
        correct: verdict === 'correct',
        snapshot_id: snapshotId,
        reason: reason.trim() || undefined,
        session_time: timer?.seconds(),
      },
      {
        onSuccess: () => {
          timer?.complete();
          notify.success(HUMAN_SCORE_SAVED);
          close();
          void refresh();
        },
        onError: (failure) => setError(errorDetail(failure)),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={title} size={LAYOUT.dialogWidths.small}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Radio.Group
            label="Did the session complete the task?"
            withAsterisk
            value={verdict}
            onChange={(value) => setVerdict(value as Verdict)}
          >
            <Group grow mt="xs" gap="sm">
              {VERDICTS.map(({ value, label, color, icon: Icon }) => (
                <Radio.Card key={value} value={value} radius="md" p="md">
                  <Group gap="sm" wrap="nowrap">
                    <Radio.Indicator color={color} />
                    <Icon size={18} color={`var(--mantine-color-${color}-6)`} aria-hidden />
                    <Text fw={600}>{label}</Text>
                  </Group>
                </Radio.Card>
              ))}
            </Group>
          </Radio.Group>
          <Textarea
            label="Reason"
            description="Optional: what you saw that decided it"
            autosize
            minRows={3}
            maxRows={10}
            maxLength={MAX_HUMAN_SCORE_REASON}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          {error && (
            <Alert color="red" variant="light" title="Failed to save the score" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={verdict === null} loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
