import { Alert, Checkbox, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  BROWSER_SESSION_TASK,
  type BrowserSession,
  CreateBrowserSessionRequest,
  EXTENSION_MESSAGES,
  LAYOUT,
} from '@proctor/contracts';
import { useState } from 'react';
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
import { useChromeExtension, useStartChromeRecording } from '../hooks/useChromeExtension';
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
 * browser free) is shown in the dialog, which stays open. A trainer session is recorded in the person's own Chrome
 * when the Proctor extension answers here ("Record in Chrome"); without it the session runs in the live view.
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
  const extension = useChromeExtension();
  const chromeStart = useStartChromeRecording();
  const [recordInChrome, setRecordInChrome] = useState(true);
  const offersChrome = kind === 'trainer' && extension.data?.available === true;
  const inChrome = offersChrome && recordInChrome;
  const failed = inChrome ? chromeStart : start;

  const close = () => {
    form.reset();
    start.reset();
    chromeStart.reset();
    onClose();
  };

  const started = (session: BrowserSession) => {
    form.reset();
    start.reset();
    chromeStart.reset();
    onStarted(session);
  };
  const submit = form.submit((request) =>
    inChrome
      ? chromeStart.mutate({ ...request, start_url: request.start_url ?? '' }, { onSuccess: started })
      : start.mutate(request, { onSuccess: started }),
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
            disabled={start.isPending || chromeStart.isPending}
          />
          {offersChrome && (
            <Checkbox
              label="Record in Chrome"
              description="Human agent will start recording your actions in a new chrome window."
              checked={recordInChrome}
              onChange={(event) => setRecordInChrome(event.currentTarget.checked)}
            />
          )}
          {kind === 'trainer' && extension.data?.available === false && (
            <Text size="sm" c="red" data-testid="extension-unavailable">
              {EXTENSION_MESSAGES.notAvailable}: the session runs in the live view.
            </Text>
          )}
          {failed.isError && (
            <Alert
              color="red"
              variant="light"
              title={`Failed to start the ${offline ? 'offline' : 'test'} session`}
              role="alert"
            >
              {errorDetail(failed.error)}
            </Alert>
          )}
          <DialogActions
            submitLabel="Start"
            onCancel={close}
            pending={start.isPending || chromeStart.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
