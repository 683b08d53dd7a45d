import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { endpoints, RECORDER_OUTPUT_MESSAGES, type TestCase } from '@proctor/contracts';
import { IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { errorDetail, useEndpointMutation } from '../../../api';

/**
 * The answer the person records for a test case scored on its output (000 §2.8): JSON typed by hand, or free
 * text that Format turns into JSON through the configured model, held to the test case's output schema.
 */
export function OutputEditor({
  testCase,
  value,
  onChange,
  error,
  onError,
  disabled,
}: {
  testCase: TestCase;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  onError: (error: string | null) => void;
  disabled: boolean;
}) {
  const convert = useEndpointMutation(endpoints.convertTextToStructuredData);
  const [formatFailure, setFormatFailure] = useState<string | null>(null);

  const format = () => {
    setFormatFailure(null);
    if (!value.trim()) {
      onError(RECORDER_OUTPUT_MESSAGES.formatNeedsText);
      return;
    }
    onError(null);
    convert.mutate(
      { body: { text: value, outputSchema: testCase.outputSchema } },
      {
        onSuccess: (answer) => {
          onChange(JSON.stringify(answer.output, null, 2));
          onError(
            answer.schema_errors.length > 0
              ? RECORDER_OUTPUT_MESSAGES.validationErrors(answer.schema_errors)
              : null,
          );
        },
        onError: (failure) => setFormatFailure(errorDetail(failure)),
      },
    );
  };

  return (
    <Stack gap={6}>
      {/* Not Mantine's JsonInput: free text is a valid start here (Format turns it into JSON). */}
      <Textarea
        label="Expected output"
        description="Your answer to the task, as JSON; or write it out and press Format."
        autosize
        minRows={4}
        maxRows={12}
        ff="monospace"
        value={value}
        onChange={(event) => {
          onChange(event.currentTarget.value);
          onError(null);
        }}
        error={error}
        disabled={disabled}
        data-testid="recorder-output"
      />
      <Group justify="flex-end">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconWand size={14} />}
          onClick={format}
          loading={convert.isPending}
          disabled={disabled}
        >
          Format
        </Button>
      </Group>
      {formatFailure && (
        <Alert color="red" variant="light" title={RECORDER_OUTPUT_MESSAGES.formatFailed}>
          {formatFailure}
        </Alert>
      )}
    </Stack>
  );
}
