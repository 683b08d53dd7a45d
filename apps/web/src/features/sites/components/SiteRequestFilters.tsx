import { Button, Group, Paper, Select, TextInput } from '@mantine/core';
import type { SiteRequestFilterInput } from '../siteRequestFilter';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** The site requests filters (002 §2.6): origin, URL, method, content type and session. */
export function SiteRequestFilters({
  value,
  originUrls,
  filtered,
  onChange,
  onClear,
}: {
  value: SiteRequestFilterInput;
  originUrls: string[];
  filtered: boolean;
  onChange: (patch: Partial<SiteRequestFilterInput>) => void;
  onClear: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Origin"
          placeholder="All origins"
          data={originUrls}
          value={value.originUrl || null}
          onChange={(originUrl) => onChange({ originUrl: originUrl ?? '' })}
          searchable
          clearable
          w={260}
        />
        <TextInput
          label="URL"
          placeholder="contains…"
          value={value.url}
          onChange={(event) => onChange({ url: event.currentTarget.value })}
          w={240}
        />
        <Select
          label="Method"
          placeholder="Any"
          data={METHODS}
          value={value.method || null}
          onChange={(method) => onChange({ method: method ?? '' })}
          clearable
          w={120}
        />
        <TextInput
          label="Content type"
          placeholder="contains…"
          value={value.contentType}
          onChange={(event) => onChange({ contentType: event.currentTarget.value })}
          w={180}
        />
        <TextInput
          label="Session ID"
          placeholder="A session's id"
          value={value.sessionPublicId}
          onChange={(event) => onChange({ sessionPublicId: event.currentTarget.value })}
          w={220}
        />
        <Button variant="subtle" color="gray" disabled={!filtered} onClick={onClear}>
          Clear Filters
        </Button>
      </Group>
    </Paper>
  );
}
