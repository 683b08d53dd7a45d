import { endpoints } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

export function useContactMessages() {
  return useEndpointQuery(endpoints.contactMessages, { select: (response) => response.messages });
}
