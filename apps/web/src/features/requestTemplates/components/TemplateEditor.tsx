import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { endpoints, type TryRequestTemplateResponse } from '@proctor/contracts';
import { IconPlayerPlay, IconPlus, IconTrash, IconVariable } from '@tabler/icons-react';
import { errorDetail, useEndpointMutation } from '../../../api';
import { CodeBlock } from '../../../components/CodeBlock';
import { HeadersTable } from '../../../components/HeadersTable';
import { parametersOf, type TemplateDraft, templateOf, withUrlParameters } from '../requestTemplate';

/**
 * A request made a template: method, URL, headers and body with `{{ parameter }}` placeholders, a value for each
 * parameter, and Try it, which renders it on the server and sends it through the outbound guard.
 */
export function TemplateEditor({
  draft,
  onChange,
  onClose,
}: {
  draft: TemplateDraft;
  onChange: (draft: TemplateDraft) => void;
  onClose: () => void;
}) {
  const attempt = useEndpointMutation(endpoints.tryRequestTemplate);
  const parameters = parametersOf(draft);
  const change = (patch: Partial<TemplateDraft>) => onChange({ ...draft, ...patch });
  const setHeader = (at: number, patch: Partial<{ name: string; value: string }>) =>
    change({ headers: draft.headers.map((header, i) => (i === at ? { ...header, ...patch } : header)) });

  const tryIt = () =>
    attempt.mutate({
      body: {
        template: templateOf(draft),
        parameters: Object.fromEntries(parameters.map((name) => [name, draft.values[name] ?? ''])),
      },
    });

  return (
    <Paper withBorder radius="md" p="md" aria-label="Request template">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Request template</Title>
          <Button variant="subtle" color="gray" onClick={onClose}>
            Close
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Write {'{{ name }}'} where a value should vary; each parameter gets a value below.
        </Text>
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            label="Method"
            value={draft.method}
            onChange={(event) => change({ method: event.currentTarget.value })}
            w={110}
          />
          <TextInput
            label="URL"
            value={draft.url}
            onChange={(event) => change({ url: event.currentTarget.value })}
            style={{ flex: 1 }}
            ff="monospace"
          />
          <Button
            variant="light"
            leftSection={<IconVariable size={16} />}
            onClick={() => onChange(withUrlParameters(draft))}
          >
            Parameterize URL
          </Button>
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Headers
          </Text>
          {draft.headers.map((header, at) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; names may repeat or be blank.
            <Group key={at} gap="xs" wrap="nowrap">
              <TextInput
                aria-label={`Header ${at + 1} name`}
                value={header.name}
                onChange={(event) => setHeader(at, { name: event.currentTarget.value })}
                w={220}
              />
              <TextInput
                aria-label={`Header ${at + 1} value`}
                value={header.value}
                onChange={(event) => setHeader(at, { value: event.currentTarget.value })}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Remove header ${header.name}`}
                onClick={() => change({ headers: draft.headers.filter((_, i) => i !== at) })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconPlus size={14} />}
              onClick={() => change({ headers: [...draft.headers, { name: '', value: '' }] })}
            >
              Add header
            </Button>
          </Group>
        </Stack>
        <Textarea
          label="Body"
          value={draft.body}
          onChange={(event) => change({ body: event.currentTarget.value })}
          autosize
          minRows={2}
          maxRows={12}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Parameters
          </Text>
          {parameters.length === 0 ? (
            <Text size="sm" c="dimmed">
              None yet
            </Text>
          ) : (
            parameters.map((name) => (
              <TextInput
                key={name}
                label={name}
                value={draft.values[name] ?? ''}
                onChange={(event) =>
                  change({ values: { ...draft.values, [name]: event.currentTarget.value } })
                }
              />
            ))
          )}
        </Stack>
        <Group>
          <Button leftSection={<IconPlayerPlay size={16} />} loading={attempt.isPending} onClick={tryIt}>
            Try it
          </Button>
        </Group>
        {attempt.isError && (
          <Alert color="red" title="The request was not sent or failed">
            {errorDetail(attempt.error)}
          </Alert>
        )}
        {attempt.data && !attempt.isPending && <TryResult result={attempt.data} />}
      </Stack>
    </Paper>
  );
}

function TryResult({ result }: { result: TryRequestTemplateResponse }) {
  const { request, response } = result;
  return (
    <Stack gap="sm" aria-label="Try it result">
      <Group gap="sm">
        <Badge color={response.status < 400 ? 'green' : 'red'} variant="light">
          {response.status}
        </Badge>
        <Text size="sm" ff="monospace">
          {request.method} {response.url}
        </Text>
      </Group>
      <HeadersTable headers={response.headers} label="Response headers" />
      <CodeBlock code={response.body} label="Response body" />
    </Stack>
  );
}
