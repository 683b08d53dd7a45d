import { endpoints } from '@proctor/contracts';
import { useEndpointMutation } from '../../../api';

export function useSendContactMessage() {
  return useEndpointMutation(endpoints.contactForm, {
    request: (message: string) => ({ body: { message } }),
  });
}
