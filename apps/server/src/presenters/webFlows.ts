/** Web flows and their runs (002 §2.8–2.9) shaped for the API. */
import {
  paginate,
  WEB_FLOW_LIMITS,
  WEB_FLOW_MESSAGES,
  type WebFlow,
  type WebFlowRun,
  type WebFlowRunState,
  type WebFlowRunsResponse,
  type WebFlowsResponse,
} from '@proctor/contracts';
import type { Executor } from '@proctor/db';
import { notFound } from '../kernel/http/errors';
import {
  findWebFlow,
  findWebFlowRun,
  listWebFlowRuns,
  listWebFlows,
  type WebFlowRow,
  type WebFlowRunListing,
} from '../repositories/webFlows';

export function presentWebFlow(row: WebFlowRow): WebFlow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    start_url: row.startUrl,
    icon_url: row.iconUrl,
    nodes: row.nodes,
    parameters: row.parameters,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * A run still pending or running past its time limit (and a minute's grace) was left so by a server that
 * stopped in the middle: no process runs it any more (a live run always ends within its limit), so it is shown
 * failed, saying so. Read this way rather than swept, so that it holds however many servers there are.
 */
function abandoned(run: WebFlowRunListing['run'], now: number): boolean {
  return (
    (run.state === 'pending' || run.state === 'running') &&
    now - run.createdAt.getTime() > WEB_FLOW_LIMITS.runTimeoutMs + 60_000
  );
}

function presentRun({ run, flow }: WebFlowRunListing): WebFlowRun {
  if (abandoned(run, Date.now()))
    return presentRun({ run: { ...run, state: 'failed', error: WEB_FLOW_MESSAGES.runAbandoned }, flow });
  return {
    id: run.id,
    publicId: run.publicId,
    state: run.state as WebFlowRunState,
    started_at: run.startedAt?.toISOString() ?? null,
    completed_at: run.completedAt?.toISOString() ?? null,
    parameters: run.parameters,
    response: run.response,
    error: run.error,
    web_flow: flow,
    created_at: run.createdAt.toISOString(),
  };
}

export async function webFlowsOf(
  db: Executor,
  organizationId: number,
  search: string | undefined,
  defaultStartUrl: string | null,
): Promise<WebFlowsResponse> {
  return {
    flows: (await listWebFlows(db, organizationId, search)).map(presentWebFlow),
    default_start_url: defaultStartUrl,
  };
}

export async function webFlowOf(db: Executor, organizationId: number, id: number): Promise<WebFlow> {
  const flow = await findWebFlow(db, organizationId, id);
  if (!flow) throw notFound(WEB_FLOW_MESSAGES.flowNotFound);
  return presentWebFlow(flow);
}

export async function webFlowRunsOf(
  db: Executor,
  organizationId: number,
  query: { web_flow_id?: number | undefined; page: number; page_size: number },
): Promise<WebFlowRunsResponse> {
  const { rows, total } = await listWebFlowRuns(db, organizationId, {
    webFlowId: query.web_flow_id,
    page: query.page,
    pageSize: query.page_size,
  });
  return { runs: rows.map(presentRun), pagination: paginate(query.page, query.page_size, total) };
}

export async function webFlowRunOf(
  db: Executor,
  organizationId: number,
  publicId: string,
): Promise<WebFlowRun> {
  const run = await findWebFlowRun(db, organizationId, publicId);
  if (!run) throw notFound(WEB_FLOW_MESSAGES.runNotFound);
  return presentRun(run);
}
