import { Alert, Button, Center, Loader, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorDetail } from '../api/ApiError';

/** What QueryView needs of a query: its answer, its state and a way to ask again. */
export interface ViewedQuery<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** A load that failed: the title, the server's detail, and "Try again". */
export function QueryError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => unknown;
}) {
  return (
    <Alert color="red" variant="light" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorDetail(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={() => void onRetry()}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * One query's three states: a placeholder while it loads (skeleton rows for a table, or a labelled loader),
 * the error with "Try again", and the answer. A failed refresh keeps the answer on screen (000 §8).
 */
export function QueryView<T>({
  query,
  errorTitle,
  loading = { rows: 3 },
  children,
}: {
  query: ViewedQuery<T>;
  errorTitle: string;
  loading?: { rows: number; height?: number } | { label: string };
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) return <QueryError title={errorTitle} error={query.error} onRetry={query.refetch} />;
  if (!query.isPending) return null;
  if ('label' in loading)
    return (
      <Center py={80}>
        <Loader aria-label={loading.label} />
      </Center>
    );
  return (
    <Paper withBorder radius="md" p="md" aria-busy="true">
      <Stack gap="sm">
        {Array.from({ length: loading.rows }, (_, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to tell them apart
          <Skeleton key={row} height={loading.height ?? 32} />
        ))}
      </Stack>
    </Paper>
  );
}
