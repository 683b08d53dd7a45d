import { endpoints, RUN_PERMISSIONS } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { viewerOf } from '../kernel/access/viewer';
import { badRequest } from '../kernel/http/errors';
import { runGroupView } from '../presenters/runGroup';
import { listSimulatorIdsByName } from '../repositories/simulators';
import {
  builtInAgent,
  createRunGroup,
  DATASET_RUN_CONCURRENCY,
  findRunnableAgent,
  type RunGroupRequest,
  replayableSession,
  visibleDataset,
  visibleTestCasesByPublicId,
} from '../services/runs';
import { findVisibleTestCase } from '../services/testCases';
import { runnableSettings } from './agents';
import type { AppContext } from './context';
import { access, defineRoute } from './route';

/** The simulators whose test cases this Proctor can run (the built-in apps it has definitions for). */
async function runnableSimulatorIds(ctx: AppContext): Promise<Set<number>> {
  return new Set(await listSimulatorIdsByName(ctx.db, ctx.environments.simulatorNames));
}

/** Makes the run group and hands it to the scheduler. */
async function start(ctx: AppContext, request: Omit<RunGroupRequest, 'runnableSimulatorIds'>) {
  const made = await createRunGroup(ctx.db, {
    ...request,
    runnableSimulatorIds: await runnableSimulatorIds(ctx),
  });
  ctx.runs.schedule(made.group.id, made.group.concurrency);
  return made;
}

/**
 * Runs and the benchmarker (001 §7 Datasets, Benchmarker; issue 9 item 3). One run, a dataset's Run All and a
 * benchmark each make a run group of queued sessions that Proctor runs with the agent, `concurrency` at a time
 * (jobs/runs.ts). The benchmarker the spec puts on its own port is served here, by Proctor itself: its status
 * and its start call take the caller's identity like every route. Starting runs needs RUN_PERMISSIONS outside
 * annotator organizations; the runs are the caller's organization's sessions.
 */
export function runRoutes(app: FastifyInstance) {
  const runners = access.member({ anyPermission: [...RUN_PERMISSIONS], annotatorOrganization: false });

  defineRoute(app, endpoints.startRun, runners, async ({ app: ctx, principal, body }) => {
    const viewer = viewerOf(principal);
    const testCase = await findVisibleTestCase(ctx.db, viewer, String(body.testCaseId));
    const agent = await findRunnableAgent(
      ctx.db,
      viewer.organizationId,
      String(body.agentArtifactId),
      runnableSettings(ctx),
    );
    const { group, sessions } = await start(ctx, {
      viewer,
      kind: 'run',
      name: `${testCase.name} · ${agent.alias}`,
      agent,
      testCases: [testCase],
      runs: 1,
      concurrency: 1,
    });
    return { session_id: sessions[0]!.publicId, batch_id: group.publicId };
  });

  defineRoute(app, endpoints.startReplay, runners, async ({ app: ctx, principal, body }) => {
    const viewer = viewerOf(principal);
    const { session, replayOf, testCase } = await replayableSession(ctx.db, viewer, body.session_id);
    const { group, sessions } = await start(ctx, {
      viewer,
      kind: 'run',
      name: `Replay of ${testCase.name} (${session.publicId.slice(0, 8)})`,
      agent: await builtInAgent(ctx.db, 'replay'),
      testCases: [testCase],
      runs: 1,
      concurrency: 1,
      replayOfSessionId: replayOf,
    });
    return { session_id: sessions[0]!.publicId, batch_id: group.publicId };
  });

  defineRoute(app, endpoints.startBatchRun, runners, async ({ app: ctx, principal, body }) => {
    const viewer = viewerOf(principal);
    const dataset = await visibleDataset(ctx.db, viewer, body.testCaseSetId);
    const agent = await findRunnableAgent(
      ctx.db,
      viewer.organizationId,
      String(body.agentArtifactId),
      runnableSettings(ctx),
    );
    if (dataset.testCases.length === 0) throw badRequest(`"${dataset.set.name}" has no test cases to run`);
    const { group, sessions } = await start(ctx, {
      viewer,
      kind: 'batch',
      name: `${dataset.set.name} · ${agent.alias}`,
      agent,
      testCases: dataset.testCases,
      testCaseSetId: dataset.set.id,
      runs: 1,
      concurrency: DATASET_RUN_CONCURRENCY,
    });
    return { batch_id: group.publicId, total_runs: sessions.length };
  });

  defineRoute(app, endpoints.runGroup, runners, async ({ app: ctx, principal, params }) => ({
    runGroup: await runGroupView(ctx.db, viewerOf(principal), params.id),
  }));

  defineRoute(app, endpoints.benchmarkerStatus, runners, async ({ app: ctx }) => {
    const counts = await ctx.queue.counts('runSession');
    const { environments } = ctx;
    return {
      status: environments.available ? ('online' as const) : ('offline' as const),
      detail: environments.available ? null : (environments.unavailableReason ?? null),
      ...counts,
    };
  });

  defineRoute(app, endpoints.startBenchmark, runners, async ({ app: ctx, principal, body, request }) => {
    if (!ctx.environments.available)
      throw badRequest(`Benchmarker service is not available: ${ctx.environments.unavailableReason}`);
    if (body.base_url !== undefined && body.base_url !== '') {
      const own = `${request.protocol}://${request.host}/api`;
      const allowed = new Set([own, `${ctx.config.publicUrl}/api`]);
      if (!allowed.has(body.base_url.replace(/\/+$/, '')))
        throw badRequest(
          `base_url must be this Proctor's own API (${ctx.config.publicUrl}/api): the benchmarker runs here`,
        );
    }
    const viewer = viewerOf(principal);
    const agent = await findRunnableAgent(ctx.db, viewer.organizationId, body.agent, runnableSettings(ctx));
    const testCases = await visibleTestCasesByPublicId(ctx.db, viewer, body.testcase_ids);
    const label = body.version ? `${agent.alias} ${body.version}` : agent.alias;
    const { group, sessions } = await start(ctx, {
      viewer,
      kind: 'benchmark',
      name:
        testCases.length === 1
          ? `Benchmark of ${testCases[0]!.name} · ${label}`
          : `Benchmark of ${testCases.length} test cases · ${label}`,
      agent,
      testCases,
      runs: body.runs,
      concurrency: body.concurrency,
      version: body.version,
    });
    return { batch_id: group.publicId, total_runs: sessions.length };
  });
}
