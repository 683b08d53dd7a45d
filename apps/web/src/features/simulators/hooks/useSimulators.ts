import { endpoints, type Simulator, sortSimulatorsByStatus } from '@proctor/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api';

export const SIMULATORS_QUERY_KEY = ['simulators'] as const;

/** The simulators the user may see (admins: all; others: their organization's plan), by status order. */
export function useSimulators() {
  return useQuery({
    queryKey: SIMULATORS_QUERY_KEY,
    queryFn: ({ signal }) => call(endpoints.simulators, { signal }),
    select: (response): Simulator[] => sortSimulatorsByStatus(response.simulators),
  });
}
