import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { errorDetail, isApiError } from '../../../api';
import { paths } from '../../../paths';

/** A simulator's page while its record loads (the simulator page and its editor). */
export function SimulatorPending({ headerHeight }: { headerHeight: number }) {
  return (
    <Stack gap="lg">
      <Skeleton height={headerHeight} width={360} />
      <Skeleton height={300} />
    </Stack>
  );
}

/** A simulator's page when its record cannot be read: one the caller cannot see, or an error. */
export function SimulatorUnavailable({ name, error }: { name: string; error: unknown }) {
  const missing = isApiError(error) && error.status === 404;
  return (
    <Alert
      color={missing ? 'gray' : 'red'}
      variant="light"
      title={missing ? 'Simulator not found' : 'Error loading data'}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {missing ? `There is no simulator named "${name}" that you can see.` : errorDetail(error)}
        </Text>
        <Button component={Link} to={paths.simulators} size="xs" variant="light">
          Back to Simulators
        </Button>
      </Stack>
    </Alert>
  );
}
