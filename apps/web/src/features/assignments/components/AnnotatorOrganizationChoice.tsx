import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { type AdminOrganization, ASSIGNMENT_MESSAGES } from '@proctor/contracts';
import type { ReactNode } from 'react';
import { QueryView } from '../../../components/QueryView';
import { useAnnotatorOrganizations } from '../hooks/useTestCaseAssignment';

/** The annotator organizations to give work to, as checkboxes; each may carry a badge (what it already has). */
export function AnnotatorOrganizationChoice({
  testCaseId,
  chosen,
  onChange,
  badge,
}: {
  testCaseId?: number;
  chosen: number[];
  onChange: (ids: number[]) => void;
  badge?: (organization: AdminOrganization) => ReactNode;
}) {
  const organizations = useAnnotatorOrganizations(testCaseId, true);
  return (
    <QueryView query={organizations} errorTitle={ASSIGNMENT_MESSAGES.organizationsFailed}>
      {(list) =>
        list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {ASSIGNMENT_MESSAGES.noAnnotatorOrganizations}
          </Text>
        ) : (
          <Checkbox.Group
            label="Annotator organizations"
            value={chosen.map(String)}
            onChange={(values) => onChange(values.map(Number))}
          >
            <Stack gap="xs" mt="xs">
              {list.map((organization) => (
                <Group key={organization.id} gap="sm" wrap="nowrap">
                  <Checkbox value={String(organization.id)} label={organization.name} />
                  {badge?.(organization)}
                </Group>
              ))}
            </Stack>
          </Checkbox.Group>
        )
      }
    </QueryView>
  );
}
