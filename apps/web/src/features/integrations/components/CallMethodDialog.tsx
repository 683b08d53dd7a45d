import { Alert, Badge, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type IntegrationMethod, LAYOUT } from '@proctor/contracts';
import { type FormEvent, useState } from 'react';
import { errorDetail } from '../../../api';
import { HeadersTable } from '../../../components/HeadersTable';
import { JsonViewer } from '../../../components/JsonViewer';
import { useCallIntegrationMethod } from '../hooks/useIntegrations';

/** A parameter's text as the API takes it: numbers and booleans as such when the document says so. */
function parameterValue(type: string, text: string): string | number | boolean {
  if ((type === 'integer' || type === 'number') && text.trim() !== '' && Number.isFinite(Number(text)))
    return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** Calling a method: a field per parameter; the answer's status, headers and body as the API gave them. */
export function CallMethodDialog({
  integrationId,
  method,
  onClose,
}: {
  integrationId: number;
  method: IntegrationMethod;
  onClose: () => void;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const call = useCallIntegrationMethod(integrationId, method.id);
  const send = (event: FormEvent) => {
    event.preventDefault();
    const parameters = Object.fromEntries(
      method.parameters
        .filter((parameter) => (values[parameter.name] ?? '') !== '')
        .map((parameter) => [parameter.name, parameterValue(parameter.type, values[parameter.name]!)]),
    );
    call.mutate({ parameters });
  };
  return (
    <Modal opened onClose={onClose} title={`Call ${method.name}`} size={LAYOUT.dialogWidths.medium}>
      <form noValidate onSubmit={send}>
        <Stack gap="md">
          <Group gap="xs">
            <Badge variant="light">{method.method}</Badge>
            <Text ff="monospace" size="sm">
              {method.urlTemplate}
            </Text>
          </Group>
          {method.parameters.length === 0 && (
            <Text size="sm" c="dimmed">
              No parameters.
            </Text>
          )}
          {method.parameters.map((parameter) => (
            <TextInput
              key={`${parameter.in} ${parameter.name}`}
              label={parameter.name}
              description={`${parameter.type}, in ${parameter.in}`}
              required={parameter.required}
              value={values[parameter.name] ?? ''}
              onChange={(event) => {
                const text = event.currentTarget.value;
                setValues((current) => ({ ...current, [parameter.name]: text }));
              }}
            />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={call.isPending}>
              Send
            </Button>
          </Group>
          {call.isError && (
            <Alert color="red" variant="light" title="The call failed">
              {errorDetail(call.error)}
            </Alert>
          )}
          {call.data && (
            <Stack gap="sm" data-testid="call-answer">
              <Group gap="xs">
                <Text fw={500}>Status</Text>
                <Badge color={call.data.status < 400 ? 'green' : 'red'} variant="light">
                  {call.data.status}
                </Badge>
              </Group>
              <HeadersTable headers={call.data.headers} label="Response headers" />
              <JsonViewer value={call.data.body} label="Response body" />
            </Stack>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
