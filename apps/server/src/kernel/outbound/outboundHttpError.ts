import { badRequest, HttpError } from '../http/errors';
import { OutboundError, OutboundRefusedError } from './outboundGuard';

/**
 * What an exchange through the guard that failed means to the API's caller: an address refused is their input
 * (400); an exchange that failed (timeout, too large, no connection) is their upstream's (502), with why. Node
 * refuses a malformed method or header before anything is sent (400). Anything else is passed on as it is.
 */
export function outboundHttpError(error: unknown): unknown {
  if (error instanceof OutboundRefusedError) return badRequest(error.message);
  if (error instanceof OutboundError) return new HttpError(502, error.message);
  if (error instanceof TypeError) return badRequest(error.message);
  return error;
}
