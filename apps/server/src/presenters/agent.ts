import type { AgentArtifact } from '@proctor/contracts';
import { type RunnableSettings, whyNotRunnable } from '../agents/runnable';
import type { AgentRow } from '../repositories/agents';

/** An agent as the API shows it: its data without the icon's blob key, and whether Proctor can run it here. */
export function presentAgent(row: AgentRow, settings: RunnableSettings): AgentArtifact {
  const { icon_key: _iconKey, ...data } = row.data;
  return {
    id: row.id,
    alias: row.alias,
    createdAt: row.createdAt.toISOString(),
    userId: row.userId,
    organizationId: row.organizationId,
    archived: row.archived,
    notRunnableReason: whyNotRunnable(row, settings),
    data,
  };
}
