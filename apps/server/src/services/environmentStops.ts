import type { Database } from '@proctor/db';
import type { EnvironmentManager } from '../environments/manager';
import { conflict, notFound } from '../kernel/http/errors';
import { findOpenEnvironment } from '../repositories/environments';
import { recordAudit } from '../repositories/users';

/** What a stopped environment's session says it failed with. */
export const stoppedByAdmin = (reason: string | undefined) =>
  `Stopped by an admin: ${reason ?? 'no reason given'}`;

/**
 * A platform admin stops a live environment of any organization: it ends as failed, its session run_failed with
 * the admin's reason (kept as its failure reason and in its log), and the stop is audited. Only the process
 * holding the environment can end its browser: one another process holds is refused, naming that process.
 */
export async function stopEnvironment(
  deps: { db: Database; environments: EnvironmentManager },
  admin: { id: number },
  environmentId: string,
  reason: string | undefined,
): Promise<string> {
  const message = stoppedByAdmin(reason);
  const environment = deps.environments.byId(environmentId);
  if (!environment) {
    const row = await findOpenEnvironment(deps.db, environmentId);
    if (!row) throw notFound('Environment not found');
    throw conflict(
      `The environment is held by worker ${row.workerId ?? 'unknown'}, not by this server, which cannot stop it`,
    );
  }
  await deps.environments.failEnvironment(environment, message);
  await recordAudit(deps.db, {
    actorUserId: admin.id,
    action: 'environment.stop',
    details: { environment: environmentId, reason: message },
  });
  return message;
}
