import { Alert, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import {
  BROWSER_SESSION_TASK,
  type BrowserSession,
  CreateBrowserSessionRequest,
  LAYOUT,
} from '@proctor/contracts';
import { errorDetail } from '../../../api';
import { useContractForm } from '../../../components/contractForm';
import { DialogActions } from '../../../components/DialogActions';
import { ResponseFormatEditor } from '../../../components/ResponseFormatEditor';
import {
  duplicateFieldName,
  newResponseFieldRow,
  type ResponseFieldRow,
  responseFormatOf,
} from '../../../components/responseFormatRows';
import { useStartTestSession } from '../hooks/useTrainerSession';

interface StartValues {
  start_url: string;
  task: string;
  fields: ResponseFieldRow[];
}

const START_URL_REQUIRED = 'Enter the page the session starts on';

/**
 * Start Test Session (002 §2.11): the start URL, the task and the response format (field name and type rows), checked
 * with the contract's rules; a 'trainer' browser session is opened on them and handed to `onStarted`. What the
 * server refuses (a start URL it may not reach, no browser free) is shown in the dialog, which stays open.
 */
export function StartTestSessionDialog({
  opened,
  onClose,
  onStarted,
}: {
  opened: boolean;
  onClose: () => void;
  onStarted: (session: BrowserSession) => void;
}) {
  const form = useContractForm(
    CreateBrowserSessionRequest,
    { start_url: '', task: '', fields: [newResponseFieldRow()] } as StartValues,
    {
      request: (values) => ({
        type: 'trainer',
        start_url: values.start_url,
        task: values.task,
        response_format: responseFormatOf(values.fields),
      }),
      check: (values): Record<string, string> => {
        const problems: Record<string, string> = {};
        // The live view has no address bar: the session starts where the trainer works.
        if (!values.start_url.trim()) problems.start_url = START_URL_REQUIRED;
        const duplicate = duplicateFieldName(values.fields);
        if (duplicate) problems.response_format = duplicate;
        return problems;
      },
    },
  );
  const start = useStartTestSession();

  const close = () => {
    form.reset();
    start.reset();
    onClose();
  };

  const submit = form.submit((request) =>
    start.mutate(request, {
      onSuccess: (session) => {
        form.reset();
        start.reset();
        onStarted(session);
      },
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title="Start Test Session" size={LAYOUT.dialogWidths.small}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label="Start URL"
            required
            placeholder="https://example.com"
            {...form.field('start_url')}
            data-autofocus
          />
          <Textarea
            label="Task"
            required
            autosize
            minRows={3}
            maxLength={BROWSER_SESSION_TASK.maxTaskLength}
            placeholder="What should be done on the site, and what to report"
            {...form.field('task')}
          />
          <ResponseFormatEditor
            rows={form.values.fields}
            onChange={(fields) => form.set({ fields })}
            error={form.errors.response_format}
            disabled={start.isPending}
          />
          {start.isError && (
            <Alert color="red" variant="light" title="Failed to start the test session" role="alert">
              {errorDetail(start.error)}
            </Alert>
          )}
          <DialogActions submitLabel="Start" onCancel={close} pending={start.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
