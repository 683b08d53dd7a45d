import type { RunGroup } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { Viewer } from '../kernel/access/viewer';
import { notFound } from '../kernel/http/errors';
import { findAgentById } from '../repositories/agents';
import { findRunGroup, runGroupProgress } from '../repositories/runs';

const RUN_GROUP_NOT_FOUND = 'Run group not found';

/** A run group of the viewer's organization with its progress (platform admins: any); 404 otherwise. */
export async function runGroupView(db: Database, viewer: Viewer, publicId: string): Promise<RunGroup> {
  const group = await findRunGroup(db, publicId, viewer.isAdmin ? null : viewer.organizationId);
  if (!group) throw notFound(RUN_GROUP_NOT_FOUND);
  const progress = await runGroupProgress(db, group.id);
  const agent = group.agentArtifactId ? await findAgentById(db, group.agentArtifactId) : undefined;
  const { total, queued, running, failed } = progress;
  return {
    id: group.publicId,
    name: group.name,
    kind: group.kind as RunGroup['kind'],
    agent: agent ? { id: agent.id, alias: agent.alias } : null,
    version: group.version,
    runs: group.runs,
    concurrency: group.concurrency,
    total,
    queued,
    running,
    completed: total - queued - running - failed,
    failed,
    scored: progress.scored,
    passed: progress.passed,
    finished: group.finishedAt !== null,
    createdAt: group.createdAt.toISOString(),
  };
}
