import { Alert, Button, Group, Loader, MultiSelect, Paper, Stack, Text } from '@mantine/core';
import { RESULTS_MESSAGES } from '@proctor/contracts';
import { IconChartBar } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorDetail } from '../../../api';
import { PageHeader } from '../../../components/PageHeader';
import { BenchmarkResults } from '../components/BenchmarkResults';
import { useBenchmarkResults } from '../hooks/useBenchmarkResults';
import { useEnvironmentChoices } from '../hooks/useEnvironmentChoices';

/** The query parameter that holds the compared simulators: comma-joined names (001 §2.9). */
const SIMULATORS_PARAM = 'simulators';

const namesIn = (value: string | null): string[] => [
  ...new Set(
    (value ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
  ),
];

function EnvironmentPicker({
  initial,
  loading,
  onLoad,
}: {
  initial: string[];
  loading: boolean;
  onLoad: (names: string[]) => void;
}) {
  const choices = useEnvironmentChoices();
  const [selected, setSelected] = useState(initial);
  // Names from the address stay selectable even before (or without) the list naming them.
  const options = [...new Set([...(choices.data ?? []), ...selected])];
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <MultiSelect
        label="Environments"
        placeholder={selected.length ? undefined : 'Select environments'}
        data={options}
        value={selected}
        onChange={setSelected}
        searchable
        clearable
        nothingFoundMessage={choices.isPending ? 'Loading…' : 'No environments'}
        miw={320}
        maw={720}
        style={{ flex: 1 }}
      />
      <Button
        leftSection={<IconChartBar size={16} />}
        onClick={() => onLoad(selected)}
        disabled={loading || selected.length === 0}
      >
        Load Results
      </Button>
    </Group>
  );
}

function Message({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm" py="lg">
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * /results (001 §2.9): success rates per agent family on the environments chosen. The address holds what was
 * loaded (?simulators=a,b), so a comparison can be shared and reopened; Load Results asks again even when the
 * choice has not changed, since sessions are scored all the time.
 */
export function ResultsPage() {
  const [search, setSearch] = useSearchParams();
  const loaded = namesIn(search.get(SIMULATORS_PARAM));
  const results = useBenchmarkResults(loaded);
  const loading = results.isFetching;

  const load = (names: string[]) => {
    if (names.join(',') === loaded.join(',')) {
      void results.refetch();
      return;
    }
    const next = new URLSearchParams(search);
    next.set(SIMULATORS_PARAM, names.join(','));
    setSearch(next);
  };

  let body: ReactNode;
  if (loaded.length === 0) {
    body = (
      <Message>
        <Text c="dimmed" data-testid="results-prompt">
          {RESULTS_MESSAGES.prompt}
        </Text>
      </Message>
    );
  } else if (loading) {
    body = (
      <Message>
        <Loader size="sm" />
        <Text c="dimmed" data-testid="results-loading">
          {RESULTS_MESSAGES.loading}
        </Text>
      </Message>
    );
  } else if (results.isError) {
    body = (
      <Alert color="red" variant="light" title="Error loading data" data-testid="results-error">
        {errorDetail(results.error)}
      </Alert>
    );
  } else if (!results.data || results.data.length === 0) {
    body = (
      <Message>
        <Text c="dimmed" data-testid="results-empty">
          {RESULTS_MESSAGES.empty}
        </Text>
      </Message>
    );
  } else {
    body = <BenchmarkResults families={results.data} withSimulator={loaded.length > 1} />;
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Results"
        description="Success rates of agent families on the environments you choose, from your organization's sessions."
      />
      <EnvironmentPicker key={loaded.join(',')} initial={loaded} loading={loading} onLoad={load} />
      {body}
    </Stack>
  );
}
