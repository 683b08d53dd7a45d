import { endpoints } from '@proctor/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api';
import { SIMULATORS_QUERY_KEY } from './useSimulators';

export function useSimulator(name: string) {
  return useQuery({
    queryKey: [...SIMULATORS_QUERY_KEY, 'detail', name],
    queryFn: ({ signal }) => call(endpoints.simulator, { params: { nameOrId: name }, signal }),
    select: (response) => response.simulator,
  });
}
