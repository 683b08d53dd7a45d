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
