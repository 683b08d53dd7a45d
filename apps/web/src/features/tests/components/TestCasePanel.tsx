import { Button, Code, Drawer, Group, Stack, Text, Textarea } from '@mantine/core';
import { canEditCatalogueItem, TEST_CASE_PANEL_WIDTH, type TestCase } from '@proctor/contracts';
import { IconExternalLink } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { paths } from '../../../paths';
import { useSignedInUser } from '../../auth';
import { useUpdateTestCase } from '../hooks/useTestCaseMutations';

export const TEST_CASE_UPDATED = 'Test case updated successfully';
export const TEST_CASE_UPDATE_FAILED = 'Failed to update test case';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.02em' }}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

const jsonText = (value: unknown) => JSON.stringify(value, null, 2);

/** The selected test case beside the tests list (001 §2.1): where it runs, its prompt (editable), what it expects. */
export function TestCasePanel({ testCase, onClose }: { testCase: TestCase | null; onClose: () => void }) {
  const user = useSignedInUser();
  const update = useUpdateTestCase();
  const [prompt, setPrompt] = useState(testCase?.prompt ?? '');
  useEffect(() => setPrompt(testCase?.prompt ?? ''), [testCase]);

  const editable = testCase !== null && canEditCatalogueItem(user, testCase.organizationId);
  const changed = testCase !== null && prompt !== testCase.prompt;

  const save = () => {
    if (!testCase) return;
    update.mutate(
      { id: testCase.id, body: { prompt } },
      {
        onSuccess: () => notify.success(TEST_CASE_UPDATED),
        onError: (error) => notify.error(errorDetail(error), TEST_CASE_UPDATE_FAILED),
      },
    );
  };

  return (
    <Drawer
      opened={testCase !== null}
      onClose={onClose}
      position="right"
      size={TEST_CASE_PANEL_WIDTH}
      title={testCase && <Text fw={600}>{testCase.name}</Text>}
      withOverlay={false}
      shadow="lg"
      lockScroll={false}
      closeButtonProps={{ 'aria-label': 'Close details' }}
    >
      {testCase && (
        <Stack gap="md" data-testid="test-case-panel">
          <Detail label="Site">
            <Text size="sm">{testCase.site?.name ?? testCase.simulator?.name ?? '—'}</Text>
          </Detail>
          <Detail label="URL">
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {testCase.startUrl || '—'}
            </Text>
          </Detail>
          <Detail label="Environment">
            <Text size="sm">{testCase.simulator?.name ?? '—'}</Text>
          </Detail>
          <Textarea
            label="Prompt"
            autosize
            minRows={4}
            maxRows={14}
            value={prompt}
            readOnly={!editable}
            onChange={(event) => setPrompt(event.currentTarget.value)}
          />
          <Detail label="Expected output">
            <Code block>{jsonText(testCase.correctOutputs)}</Code>
          </Detail>
          <Detail label="Output schema">
            <Code block>{jsonText(testCase.outputSchema)}</Code>
          </Detail>
          <Group justify="space-between">
            <Button
              component={Link}
              to={paths.testCase(testCase.publicId)}
              variant="subtle"
              rightSection={<IconExternalLink size={14} />}
            >
              Open test case
            </Button>
            {editable && (
              <Button onClick={save} disabled={!changed || !prompt.trim()} loading={update.isPending}>
                Save
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}
