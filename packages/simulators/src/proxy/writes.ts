import type { Mutation, MutationAction } from '@proctor/contracts';
import { pathPattern } from './match';
import { bodyFields } from './requestBody';

/** The request methods that write, and the mutation each one logs: a proxy simulator has no tables of its own. */
export const WRITE_ACTIONS: Readonly<Record<string, MutationAction>> = {
  POST: 'INSERT',
  PUT: 'UPDATE',
  PATCH: 'UPDATE',
  DELETE: 'DELETE',
};

export interface WriteRequest {
  method: string;
  url: string;
  body: Uint8Array;
  contentType: string | undefined;
}

/**
 * The mutation a write to a replayed site stands for: the table is the path's pattern (/api/items/:id), the
 * key the path's last record id (the write's number in the session without one), the row the JSON or form
 * body (`new`; `old` for DELETE). Null for a request that does not write.
 */
export function writeMutation(request: WriteRequest, number: number, at: Date): Mutation | null {
  const action = WRITE_ACTIONS[request.method.toUpperCase()];
  if (!action) return null;
  const { pathname } = new URL(request.url);
  const table = pathPattern(pathname);
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const ids = table.split('/').filter((segment) => segment !== '');
  const idAt = ids.lastIndexOf(':id');
  const row = bodyFields(request.body, request.contentType) ?? {};
  return {
    action,
    table_name: table,
    pk: idAt >= 0 ? (segments[idAt] as string) : String(number),
    old: action === 'DELETE' ? row : null,
    new: action === 'DELETE' ? null : row,
    action_timestamp: at.toISOString(),
  };
}
