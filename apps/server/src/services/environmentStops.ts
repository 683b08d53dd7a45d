import type { Database } from '@proctor/db';
import type { TokenService } from '../auth/tokens';
import type { EnvironmentManager } from '../environments/manager';
import { stopOnWorker } from '../environments/remote';
import { conflict, notFound } from '../kernel/http/errors';
import { findOpenEnvironment } from '../repositories/environments';
import { recordAudit } from '../repositories/users';

/** What a stopped environment's session says it failed with. */
export const stoppedByAdmin = (reason: string | undefined) =>
  `Stopped by an admin: ${reason ?? 'no reason given'}`;

/**
 * A platform admin stops a live environment of any organization: it ends as failed, its session run_failed with
 * the admin's reason (kept as its failure reason and in its log), and the stop is audited. Only the process
 * holding the environment can end its browser: one a worker holds is ended by that worker, asked through its
 * door with a short-lived capability for this environment alone.
 */
export async function stopEnvironment(
  deps: { db: Database; environments: EnvironmentManager; tokens: TokenService },
  admin: { id: number },
  environmentId: string,
  reason: string | undefined,
): Promise<string> {
  const message = stoppedByAdmin(reason);
  const environment = deps.environments.byId(environmentId);
  if (environment) await deps.environments.failEnvironment(environment, message);
  else {
    const row = await findOpenEnvironment(deps.db, environmentId);
    if (!row) throw notFound('Environment not found');
    if (!row.workerUrl)
      throw conflict(
        `The environment is held by ${row.workerId ? `worker ${row.workerId}` : 'another process'}, which has no door for this server to ask`,
      );
    const { token } = await deps.tokens.signEnvironmentToken('stop', environmentId, 60);
    await stopOnWorker(row.workerUrl, environmentId, token, message);
  }
  await recordAudit(deps.db, {
    actorUserId: admin.id,
    action: 'environment.stop',
    details: { environment: environmentId, reason: message },
  });
  return message;
}
