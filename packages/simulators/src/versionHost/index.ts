import { fileURLToPath } from 'node:url';

/**
 * Running a hub-built version's instances in a process of their own (the server puts it in its sandbox): the
 * program, what it and the server say to each other, and the server's side of it.
 */
export type { FromVersionHost, ToVersionHost } from './protocol';
export { RemoteInstance, VersionHost, type VersionHostReady } from './remote';

/** The program: `node --import tsx <VERSION_HOST_PROGRAM> --folder DIR` from PROCTOR_ROOT, the output on stdin. */
export const VERSION_HOST_PROGRAM = fileURLToPath(new URL('./program.ts', import.meta.url));
