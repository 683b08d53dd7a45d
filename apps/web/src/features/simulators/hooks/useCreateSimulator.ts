import { type EndpointBody, endpoints } from '@proctor/contracts';
import { useEndpointMutation } from '../../../api';
import { CATALOGUE_READS } from './simulatorReads';

export type CreateSimulatorBody = EndpointBody<typeof endpoints.createSimulator>;

export function useCreateSimulator() {
  return useEndpointMutation(endpoints.createSimulator, {
    request: (body: CreateSimulatorBody) => ({ body }),
    invalidates: CATALOGUE_READS,
  });
}
