import { Button, Grid, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListFooter, positionOf } from '../../../components/ListFooter';
import { PageHeader } from '../../../components/PageHeader';
import { QueryView } from '../../../components/QueryView';
import { paths } from '../../../paths';
import { WebFlowRunDetail } from '../components/WebFlowRunDetail';
import { WebFlowRunsTable } from '../components/WebFlowRunsTable';
import { useWebFlowRun, useWebFlowRuns } from '../hooks/useWebFlows';

const NOUN = { one: 'run', many: 'runs' };
/** The query parameter naming the run whose detail is open, so a link or a reload opens it again. */
const RUN_PARAM = 'run';

/** /web-flow-runs (002 §2.9): the organization's web flow runs, newest first, and the detail of the one chosen. */
export function WebFlowRunsPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useSearchParams();
  const selected = search.get(RUN_PARAM);
  const runs = useWebFlowRuns(page);
  const detail = useWebFlowRun(selected);

  const select = (publicId: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(RUN_PARAM, publicId);
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Web Flow Runs"
        description="Every run of your organization's web flows, newest first."
        actions={
          <Button component={Link} to={paths.builder} variant="default">
            Builder
          </Button>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: selected ? 7 : 12 }}>
          <QueryView query={runs} errorTitle="Failed to load web flow runs" loading={{ rows: 6 }}>
            {({ runs: list, pagination }) => (
              <Stack gap="xs">
                <WebFlowRunsTable runs={list} selected={selected} onSelect={select} />
                {pagination.total_count > 0 && (
                  <ListFooter
                    position={positionOf(pagination, list.length)}
                    noun={NOUN}
                    totalPages={pagination.total_pages}
                    page={page}
                    onPageChange={setPage}
                    testId="web-flow-runs-footer"
                  />
                )}
              </Stack>
            )}
          </QueryView>
        </Grid.Col>
        {selected && (
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <QueryView
              query={detail}
              errorTitle="Failed to load the run"
              loading={{ label: 'Loading the run' }}
            >
              {(run) => <WebFlowRunDetail run={run} />}
            </QueryView>
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}
