import { endpoints } from '@proctor/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../api';

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: string) => call(endpoints.contactForm, { body: { message } }),
  });
}
