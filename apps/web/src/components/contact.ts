import { endpoints } from '@proctor/contracts';
import { useEndpointQuery } from '../api';

export interface ContactLinks {
  email: string;
  contactUrl: string;
  bookDemoUrl: string;
}

/**
 * Where visitors reach the people who run this Proctor server: the server's CONTACT_EMAIL setting.
 * Null while loading or when the server has none — then pages offer no mail links rather than an
 * address nobody reads.
 */
export function useContactLinks(): ContactLinks | null {
  const { data } = useEndpointQuery(endpoints.authConfig, { staleTime: Number.POSITIVE_INFINITY });
  const email = data?.contact_email;
  if (!email) return null;
  return {
    email,
    contactUrl: `mailto:${email}`,
    bookDemoUrl: `mailto:${email}?subject=${encodeURIComponent('Book a Proctor demo')}`,
  };
}
