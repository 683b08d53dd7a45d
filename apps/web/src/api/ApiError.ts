/** A failed API call: the HTTP status and the server's `{detail}` (status 0 when the server was not reached). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    /** The call failed because the session could not be renewed; the user has already been signed out. */
    readonly sessionExpired = false,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show for any error thrown by a call. */
export function errorDetail(error: unknown): string {
  if (error instanceof ApiError) return error.detail;
  if (error instanceof Error) return error.message;
  return 'Unexpected error';
}

/** A streamed call stopped by its caller (leaving the page, another run). */
const REQUEST_ABORTED = 'Request was aborted';

/** "Request failed with status {status}: {statusText}" (001 §7, 002 §7.13), with the server's reason when it gave one. */
export function requestFailure(status: number, detail: string): string {
  return status === 0 ? detail : `Request failed with status ${status}: ${detail}`;
}

/** What a streamed call that failed says: its refusal as requestFailure, a stop, or the broken line's error. */
export function streamFailure(error: unknown): string {
  if (error instanceof DOMException && error.name === 'AbortError') return REQUEST_ABORTED;
  if (error instanceof ApiError) return requestFailure(error.status, error.detail);
  return errorDetail(error);
}
