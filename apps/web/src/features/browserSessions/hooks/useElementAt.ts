import { endpoints } from '@proctor/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../api';

/**
 * The element at a point of the browser session's page (picked in its live view): an act's locator and an extract
 * field's selector in the builder, a field's text in the trainer.
 */
export function useElementAt(browserSessionId: string | null) {
  return useMutation({
    mutationFn: (point: { x: number; y: number }) => {
      if (!browserSessionId) throw new Error('The browser is not ready yet');
      return call(endpoints.elementAt, { params: { publicId: browserSessionId }, body: point });
    },
  });
}
