import { Alert, Anchor, Button, Card, FileInput, Select, Stack, Text } from '@mantine/core';
import { HAR_UPLOAD, HAR_UPLOAD_MESSAGES, type HarUploadResponse } from '@proctor/contracts';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorDetail } from '../../../api';
import { PageHeader } from '../../../components/PageHeader';
import { paths } from '../../../paths';
import { useEnvironmentSimulators } from '../../environments';
import { type HarForm, harFormProblem } from '../harForm';
import { useUploadHar } from '../hooks/useUploadHar';

const EMPTY: HarForm = { file: null, simulatorId: null };

/**
 * /upload-har (002 §2.13): pick a simulator and a .har file; 'Create Session' makes a session of its requests
 * (secrets redacted on the server before anything is stored) and links to it.
 */
export function UploadHarPage() {
  const [form, setForm] = useState<HarForm>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<HarUploadResponse | null>(null);
  const simulators = useEnvironmentSimulators();
  const uploadHar = useUploadHar();

  const submit = () => {
    const found = harFormProblem(form);
    setProblem(found);
    setCreated(null);
    if (found || !form.file || !form.simulatorId) return;
    uploadHar.mutate(
      { file: form.file, simulatorId: form.simulatorId },
      {
        onSuccess: (answer) => {
          setCreated(answer);
          setForm(EMPTY);
        },
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Upload HAR"
        description="A browser's HAR export becomes a session: its requests, with credentials and tokens redacted."
      />
      <Card withBorder maw={560}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <Select
              label="Simulator"
              placeholder={simulators.isPending ? 'Loading simulators…' : 'Choose a simulator'}
              searchable
              data={(simulators.data ?? []).map((simulator) => ({
                value: String(simulator.id),
                label: simulator.name,
              }))}
              value={form.simulatorId}
              onChange={(simulatorId) => setForm((current) => ({ ...current, simulatorId }))}
              comboboxProps={{ withinPortal: true }}
            />
            {simulators.isError && (
              <Alert color="red" variant="light" title={HAR_UPLOAD_MESSAGES.loadSimulators}>
                {errorDetail(simulators.error)}
              </Alert>
            )}
            <FileInput
              label="HAR file"
              placeholder="Choose a .har file"
              accept={HAR_UPLOAD.accept}
              leftSection={<IconFileUpload size={16} />}
              value={form.file}
              onChange={(file) => setForm((current) => ({ ...current, file }))}
              clearable
            />
            {problem && (
              <Alert color="red" variant="light" data-testid="har-form-problem">
                {problem}
              </Alert>
            )}
            {uploadHar.isError && (
              <Alert color="red" variant="light" title={HAR_UPLOAD_MESSAGES.failed}>
                {errorDetail(uploadHar.error)}
              </Alert>
            )}
            {created && (
              <Alert color="green" variant="light" title="Session created" data-testid="har-session-created">
                <Text size="sm">
                  {created.requests_count} requests.{' '}
                  <Anchor component={Link} to={paths.session(created.session_id)}>
                    Open the session
                  </Anchor>
                </Text>
              </Alert>
            )}
            <Button type="submit" loading={uploadHar.isPending} style={{ alignSelf: 'flex-start' }}>
              Create Session
            </Button>
          </Stack>
        </form>
      </Card>
    </>
  );
}
