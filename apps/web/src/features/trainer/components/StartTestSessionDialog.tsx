import { Alert, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
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
import { useSiteOriginUrls } from '../../sites';
import { useStartTestSession } from '../hooks/useTrainerSession';
import { TASK_SESSION_PAGES, type TaskSessionKind } from '../taskSessionKinds';

interface StartValues {
  start_url: string;
  task: string;
  fields: ResponseFieldRow[];
}

const START_URL_REQUIRED = 'Enter the page the session starts on';
const ORIGIN_REQUIRED = 'Choose an origin with captured traffic';

/**
 * Start Test Session and Start Offline Session (002 §2.11): the start URL, the task and the response format (field
 * name and type rows), checked with the contract's rules; a 'trainer' or 'offline' browser session is opened on
 * them and handed to `onStarted`. An offline session starts on one of the origins the organization captured
 * traffic of (002 §5), chosen from the server's list. What the server refuses (a start URL it may not reach, no
 * browser free) is shown in the dialog, which stays open.
 */
export function StartTestSessionDialog({
  kind,
  opened,
  onClose,
  onStarted,
  initial,
}: {
  kind: TaskSessionKind;
  opened: boolean;
  onClose: () => void;
  onStarted: (session: BrowserSession) => void;
  /** What the form starts with (a test case's start URL and prompt, from the dataset's panel). */
  initial?: { start_url: string; task: string };
}) {
  const offline = kind === 'offline';
  const origins = useSiteOriginUrls(offline);
  const form = useContractForm(
    CreateBrowserSessionRequest,
    { start_url: '', task: '', ...initial, fields: [newResponseFieldRow()] } as StartValues,
    {
      request: (values) => ({
        type: kind,
        start_url: values.start_url,
        task: values.task,
        response_format: responseFormatOf(values.fields),
      }),
      check: (values): Record<string, string> => {
        const problems: Record<string, string> = {};
        // The live view has no address bar: the session starts where the trainer works.
        if (!values.start_url.trim()) problems.start_url = offline ? ORIGIN_REQUIRED : START_URL_REQUIRED;
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
    <Modal
      opened={opened}
      onClose={close}
      title={TASK_SESSION_PAGES[kind].startLabel}
      size={LAYOUT.dialogWidths.small}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {offline ? (
            <Select
              label="Start URL"
              required
              placeholder={origins.isPending ? 'Loading…' : 'An origin with captured traffic'}
              data={origins.data ?? []}
              searchable
              nothingFoundMessage="No such origin"
              description={
                origins.data?.length === 0
                  ? 'Nothing captured yet: record a session on the site or upload a HAR of it first.'
                  : 'Its captured traffic answers the browser; nothing goes out.'
              }
              value={form.values.start_url || null}
              onChange={(value) => form.set({ start_url: value ?? '' })}
              error={form.errors.start_url ?? (origins.isError ? errorDetail(origins.error) : undefined)}
              data-autofocus
            />
          ) : (
            <TextInput
              label="Start URL"
              required
              placeholder="https://example.com"
              {...form.field('start_url')}
              data-autofocus
            />
          )}
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
            <Alert
              color="red"
              variant="light"
              title={`Failed to start the ${offline ? 'offline' : 'test'} session`}
              role="alert"
            >
              {errorDetail(start.error)}
            </Alert>
          )}
          <DialogActions submitLabel="Start" onCancel={close} pending={start.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
