import { Alert, FileInput, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { INTEGRATION_UPLOAD, type IntegrationSource, LAYOUT } from '@proctor/contracts';
import { IconFileUpload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { errorDetail } from '../../../api';
import { DialogActions } from '../../../components/DialogActions';
import { notify } from '../../../components/notify';
import { useInstallSource } from '../hooks/useIntegrations';

type From = 'url' | 'upload';

/**
 * Install HTTP API (OpenAPI): the document's URL (the server reads it through its outbound guard, up to 5 MB)
 * or a JSON or YAML file from this computer. The server validates it and answers the parser's reason when it is not.
 */
export function InstallSourceDialog({
  opened,
  onClose,
  onInstalled,
}: {
  opened: boolean;
  onClose: () => void;
  onInstalled: (source: IntegrationSource) => void;
}) {
  const [from, setFrom] = useState<From>('url');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const install = useInstallSource();

  const close = () => {
    setUrl('');
    setFile(null);
    setProblem(null);
    install.reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    let body: { url: string } | { document: string };
    if (from === 'url') {
      if (!url.trim()) return setProblem('Give the URL of the OpenAPI document');
      body = { url: url.trim() };
    } else {
      if (!file) return setProblem('Choose an OpenAPI document (JSON or YAML)');
      const document = await file.text();
      if (document.length > INTEGRATION_UPLOAD.maxChars)
        return setProblem(`${file.name} is longer than ${INTEGRATION_UPLOAD.maxChars} characters`);
      body = { document };
    }
    install.mutate(body, {
      onSuccess: (source) => {
        notify.success(`${source.name} installed: ${source.methods.length} methods`);
        setUrl('');
        setFile(null);
        onInstalled(source);
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Install HTTP API (OpenAPI)"
      size={LAYOUT.dialogWidths.small}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Its GET, POST, PUT and DELETE operations become methods you call with your API key.
          </Text>
          <SegmentedControl
            value={from}
            onChange={(value) => setFrom(value as From)}
            data={[
              { value: 'url', label: 'From a URL' },
              { value: 'upload', label: 'Upload a file' },
            ]}
          />
          {from === 'url' ? (
            <TextInput
              label="OpenAPI document URL"
              type="url"
              required
              placeholder="https://api.example.com/openapi.json"
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
            />
          ) : (
            <FileInput
              label="OpenAPI document (JSON or YAML)"
              placeholder="Choose a .json or .yaml file"
              accept="application/json,.json,application/yaml,.yaml,.yml"
              leftSection={<IconFileUpload size={16} />}
              value={file}
              onChange={setFile}
              clearable
            />
          )}
          {problem && (
            <Alert color="red" variant="light">
              {problem}
            </Alert>
          )}
          {install.isError && (
            <Alert
              color="red"
              variant="light"
              title="The document was not installed"
              data-testid="install-error"
            >
              <Text
                size="sm"
                style={{ whiteSpace: 'pre-wrap', fontFamily: 'var(--mantine-font-family-monospace)' }}
              >
                {errorDetail(install.error)}
              </Text>
            </Alert>
          )}
          <DialogActions submitLabel="Install" onCancel={close} pending={install.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
