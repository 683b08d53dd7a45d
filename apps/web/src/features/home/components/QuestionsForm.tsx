import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { CONTACT_SUCCESS_MESSAGE, ContactFormRequest } from '@proctor/contracts';
import { IconCircleCheck } from '@tabler/icons-react';
import { errorDetail } from '../../../api';
import { useContractForm } from '../../../components/contractForm';
import { useSendContactMessage } from '../hooks/useSendContactMessage';

/** One required message, sent as a contact message (000 §2.3, §5). */
export function QuestionsForm() {
  const send = useSendContactMessage();
  const form = useContractForm(ContactFormRequest, { message: '' });
  const submit = form.submit((request) => send.mutate(request.message, { onSuccess: form.reset }));
  const message = form.field('message');

  return (
    <Paper withBorder radius="md" p="lg" maw={760}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={4}>Questions?</Title>
            <Text size="sm" c="dimmed">
              Ask the team that runs this Proctor server anything: setting up simulators, scoring, your plan.
            </Text>
          </Stack>
          {send.isSuccess && (
            <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
              {CONTACT_SUCCESS_MESSAGE}
            </Alert>
          )}
          {send.isError && (
            <Alert color="red" variant="light" role="alert">
              {errorDetail(send.error)}
            </Alert>
          )}
          <Textarea
            label="Message"
            placeholder="How do I…"
            required
            autosize
            minRows={3}
            maxRows={10}
            value={message.value}
            onChange={(event) => {
              message.onChange(event);
              if (send.isSuccess || send.isError) send.reset();
            }}
            error={message.error}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              Send message
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
