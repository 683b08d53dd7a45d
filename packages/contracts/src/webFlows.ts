import { z } from 'zod';
import {
  IdParam,
  OkResponse,
  PageNumber,
  Pagination,
  pageSizeInUrl,
  QueryText,
  RecordIdInUrl,
  Timestamp,
} from './common';
import { endpoint } from './http';
import { linearPatternProblem } from './linearRegExp';

/**
 * Web flows (002 §2.8–2.9, §3, §4, §7.5): a saved list of nodes run on a browser session's page. An act node clicks
 * or types into one element, found by the locator recorded when it was picked in the live view (role and name
 * first, then test id, text, CSS); an extract node reads fields out of the page as JSON. A run streams one event
 * per line (NDJSON) and is kept as a web flow run. Everything is the caller's organization's: another
 * organization's flows, runs and browser sessions answer 404.
 *
 * Who may call: the spec's roles (002 §6) name none for web flows. Every member of an organization reads its flows
 * and runs (API keys too); saving, running and driving a browser session's page need WEB_FLOW_EDIT_PERMISSIONS,
 * as the builder is a dashboard page.
 */

/**
 * Who saves, runs and tests flows: dashboard access, account or platform admins. Picking an element (element-at) is
 * for whoever may hold the browser session (BROWSER_SESSION_PERMISSIONS): it reads what the live view shows.
 */
export const WEB_FLOW_EDIT_PERMISSIONS = ['dashboard_access', 'is_account_admin', 'is_admin'] as const;

/** A new flow's name until its author gives another (002 §5, §9). */
export const WEB_FLOW_DEFAULT_NAME = 'New Web Flow';

export const WEB_FLOW_LIMITS = {
  nodes: 200,
  /** Fields of one extract node, and sub-parameters of one field. */
  fields: 50,
  /** How deep sub-parameters nest (a top-level field is depth 1). */
  fieldDepth: 4,
  filters: 20,
  parameters: 50,
  /** Longest wait for an act's element to be there exactly once, and for its click or typing. */
  actTimeoutMs: 10_000,
  /** The whole of one extract's work in the page, enforced by the DevTools protocol (Runtime.evaluate timeout). */
  extractTimeoutMs: 5_000,
  /** The longest a node may take, whatever it does, healing by a model included. */
  nodeTimeoutMs: 60_000,
  /** The longest a whole run may take, navigation included (the `webflow.run` job's limit). */
  runTimeoutMs: 10 * 60_000,
  /** Values one extract may return (rows × fields, nested ones included): more fails the node. */
  extractValues: 100_000,
} as const;

export const WEB_FLOW_MESSAGES = {
  flowNotFound: 'Web flow not found',
  runNotFound: 'Web flow run not found',
  elementNotFound: (elementHint: string) => `Element not found: ${elementHint}`,
  missingParameter: (name: string) => `Missing parameter: ${name}`,
  nodeTimedOut: (seconds: number) => `The node did not finish in ${seconds} s`,
  runTimedOut: (seconds: number) => `The run did not finish in ${seconds} s`,
  textRequired: 'Text to type is required for a type action',
  elementHintRequired: 'Element hint is required',
  duplicateNodeId: 'Node ids must be unique within a flow',
  runStopped: 'The run was stopped: its caller went away',
  /** A run its server stopped in the middle of (a crash, a restart): nothing runs it any more. */
  runAbandoned: 'The run was abandoned: its server stopped before it ended',
  /** 409: one driver at a time on a browser session's page. */
  sessionBusy: 'The browser session is busy with a web flow or a task: wait for it to end',
  noElementAt: 'No element at that point',
} as const;

const text = (max: number) => z.string().max(max, { error: `At most ${max} characters` });
const required = (error: string, max: number) => z.string({ error }).trim().min(1, { error }).max(max);
const NodeId = z
  .string()
  .trim()
  .min(1, { error: 'A node id is required' })
  .max(100, { error: 'A node id has at most 100 characters' });

/**
 * How an act finds its element, recorded when the element was clicked in the live view. Tried in this order,
 * the first that matches exactly one element wins: role with accessible name, test id, text, CSS.
 */
export const WebFlowLocator = z.object({
  role: text(100).optional(),
  name: text(1000).optional(),
  testId: text(500).optional(),
  text: text(1000).optional(),
  css: text(2000).optional(),
});
export type WebFlowLocator = z.infer<typeof WebFlowLocator>;

/**
 * An act: click an element, or type into it. `text` may hold `[Enter]`-style key presses (`[Tab]`, `[Escape]`, any
 * key name Playwright knows) and `{{name}}` parameters filled from the run's parameters. Without a locator, or when
 * it does not match exactly one element, the element hint is what a configured model looks for; without a model
 * the node fails 'Element not found: {elementHint}'.
 */
export const ActNode = z
  .object({
    id: NodeId,
    type: z.literal('act'),
    description: text(2000).default(''),
    actionType: z.enum(['click', 'type']),
    elementHint: required(WEB_FLOW_MESSAGES.elementHintRequired, 1000),
    locator: WebFlowLocator.nullable().optional(),
    text: text(10_000).optional(),
  })
  .refine((node) => node.actionType !== 'type' || (node.text ?? '') !== '', {
    error: WEB_FLOW_MESSAGES.textRequired,
    path: ['text'],
  });
export type ActNode = z.infer<typeof ActNode>;

export const ExtractFilterOperator = z.enum(['exists', 'equals', 'contains', 'regex']);
export type ExtractFilterOperator = z.infer<typeof ExtractFilterOperator>;

/**
 * Keeps the elements a field matched where this holds. `element`: a CSS selector inside the matched element
 * (empty: the element itself); `attribute`: the attribute compared (empty: its text). `exists` needs only the
 * element (and attribute) to be there. `regex` runs on RE2, in linear time: lookaround and backreferences are
 * refused when the flow is saved.
 */
export const ExtractFilter = z
  .object({
    element: text(2000).default(''),
    attribute: text(200).default(''),
    operator: ExtractFilterOperator,
    value: text(2000).default(''),
  })
  .superRefine((filter, ctx) => {
    if (filter.operator !== 'regex') return;
    const problem = linearPatternProblem(filter.value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: `The regex filter ${problem}` });
  });
export type ExtractFilter = z.infer<typeof ExtractFilter>;

export const ExtractFieldType = z.enum(['string', 'number', 'boolean', 'object']);
export type ExtractFieldType = z.infer<typeof ExtractFieldType>;

export interface ExtractField {
  id: string;
  /** The key of its value in the extract's output (and in the object of its parent field). */
  name: string;
  type: ExtractFieldType;
  /** Every element matched, as a list; otherwise the first. */
  isArray: boolean;
  /** CSS selector of its elements, inside each element of the parent field (top level: the page). Absent: the parent's element itself. */
  selector?: string | undefined;
  /** Read this attribute (`href`, `value`, ...) instead of the element's text. */
  attribute?: string | undefined;
  filters: ExtractFilter[];
  /** The fields of an `object` value, each read inside the field's element. */
  subParameters: ExtractField[];
}

/**
 * One field of an extract. Values are coerced to `type`: a number is read out of the text (`$1,234.50` → 1234.5)
 * or null; a boolean is a checkbox's state, else false for empty, `false`, `no`, `0`, `off`, true for other text.
 */
export const ExtractField: z.ZodType<ExtractField, unknown> = z
  .lazy(
    () =>
      z.object({
        id: NodeId,
        name: required('A field name is required', 200),
        type: ExtractFieldType,
        isArray: z.boolean().default(false),
        selector: text(2000).optional(),
        attribute: text(200).optional(),
        filters: z.array(ExtractFilter).max(WEB_FLOW_LIMITS.filters).default([]),
        subParameters: z.array(ExtractField).max(WEB_FLOW_LIMITS.fields).default([]),
      }),
    // Named: the API description refers to it from inside itself, as a component.
  )
  .meta({ id: 'WebFlowExtractField' });

function fieldDepth(fields: ExtractField[]): number {
  return fields.reduce((deepest, field) => Math.max(deepest, 1 + fieldDepth(field.subParameters)), 0);
}

/** An extract: its fields' values make one JSON object, merged into the run's response. */
export const ExtractNode = z.object({
  id: NodeId,
  type: z.literal('extract'),
  description: text(2000).default(''),
  schema: z.object({
    fields: z
      .array(ExtractField)
      .max(WEB_FLOW_LIMITS.fields)
      .refine((fields) => fieldDepth(fields) <= WEB_FLOW_LIMITS.fieldDepth, {
        error: `Sub-parameters nest at most ${WEB_FLOW_LIMITS.fieldDepth} deep`,
      }),
  }),
});
export type ExtractNode = z.infer<typeof ExtractNode>;

export const WebFlowNode = z.discriminatedUnion('type', [ActNode, ExtractNode]);
export type WebFlowNode = z.infer<typeof WebFlowNode>;

/** A parameter of a flow: a run's `parameters[name]` fills `{{name}}` in its act nodes' text. */
export const WebFlowParameter = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,99}$/, {
      error: 'A parameter name is letters, digits and underscores, not starting with a digit',
    }),
  type: z.enum(['string', 'number', 'boolean']).default('string'),
  description: text(2000).default(''),
});
export type WebFlowParameter = z.infer<typeof WebFlowParameter>;

/** A saved flow. The editor's unsaved flow has no `created_at` yet: it is new until saved (002 §3). */
export const WebFlow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  start_url: z.string(),
  icon_url: z.string().nullable(),
  nodes: z.array(WebFlowNode),
  parameters: z.array(WebFlowParameter),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type WebFlow = z.infer<typeof WebFlow>;

/** Where a run starts: an http(s) URL, a path on the session's current site, or empty to stay where it is. */
const StartUrl = text(4000)
  .trim()
  .refine((url) => url === '' || url.startsWith('/') || /^https?:\/\/[^\s]+$/i.test(url), {
    error: 'Start URL must be an http(s) URL or a path starting with /',
  });

const nodeIdsUnique = (nodes: WebFlowNode[] | undefined) =>
  nodes === undefined || new Set(nodes.map((node) => node.id)).size === nodes.length;

/** A blank name is the default one. */
const FlowName = z
  .string()
  .trim()
  .max(200, { error: 'A name has at most 200 characters' })
  .transform((name) => name || WEB_FLOW_DEFAULT_NAME);

const WebFlowFields = z.object({
  name: FlowName.default(WEB_FLOW_DEFAULT_NAME),
  description: text(5000).default(''),
  start_url: StartUrl.default(''),
  icon_url: text(4000).nullable().default(null),
  nodes: z.array(WebFlowNode).max(WEB_FLOW_LIMITS.nodes).default([]),
  parameters: z.array(WebFlowParameter).max(WEB_FLOW_LIMITS.parameters).default([]),
});

/** POST /api/web-flows (201 with the saved flow): a blank name is saved as 'New Web Flow'. */
export const CreateWebFlowRequest = WebFlowFields.refine((flow) => nodeIdsUnique(flow.nodes), {
  error: WEB_FLOW_MESSAGES.duplicateNodeId,
  path: ['nodes'],
});
export type CreateWebFlowRequest = z.input<typeof CreateWebFlowRequest>;

/** PUT /api/web-flows/{id}: the fields given replace the saved ones (`nodes` as a whole). */
export const UpdateWebFlowRequest = z
  .object({
    name: FlowName.optional(),
    description: text(5000).optional(),
    start_url: StartUrl.optional(),
    icon_url: text(4000).nullable().optional(),
    nodes: z.array(WebFlowNode).max(WEB_FLOW_LIMITS.nodes).optional(),
    parameters: z.array(WebFlowParameter).max(WEB_FLOW_LIMITS.parameters).optional(),
  })
  .refine((flow) => nodeIdsUnique(flow.nodes), { error: WEB_FLOW_MESSAGES.duplicateNodeId, path: ['nodes'] });
export type UpdateWebFlowRequest = z.input<typeof UpdateWebFlowRequest>;

/** GET /api/web-flows: the organization's flows, last changed first; `search` keeps names containing it. */
export const WebFlowsQuery = z.object({ search: QueryText });
export const WebFlowsResponse = z.object({
  flows: z.array(WebFlow),
  /**
   * The start URL a new flow begins with (the install's WEB_FLOW_START_URL); null when it has none, and a new
   * flow's start URL is empty until its author types one.
   */
  default_start_url: z.string().nullable(),
});
export type WebFlowsResponse = z.infer<typeof WebFlowsResponse>;

/** A run's parameters by name: strings, numbers or booleans, written into `{{name}}` as text. */
export const WebFlowRunParameters = z
  .record(z.string().max(100), z.union([z.string().max(10_000), z.number(), z.boolean()]))
  .refine((parameters) => Object.keys(parameters).length <= WEB_FLOW_LIMITS.parameters, {
    error: `At most ${WEB_FLOW_LIMITS.parameters} parameters`,
  });
export type WebFlowRunParameters = z.infer<typeof WebFlowRunParameters>;

const BrowserSessionId = z.string().trim().min(1, { error: 'browser_session_id is required' }).max(100);

/**
 * POST /api/web-flows/{id}/run: runs the saved flow on the browser session's page, answering
 * `application/x-ndjson`, one WebFlowRunEvent a line. A refusal before the run starts (unknown flow or browser
 * session, bad body) is a plain JSON `{detail}` with its status.
 */
export const RunWebFlowRequest = z.object({
  browser_session_id: BrowserSessionId,
  parameters: WebFlowRunParameters.default({}),
});
export type RunWebFlowRequest = z.input<typeof RunWebFlowRequest>;

export const WebFlowRunState = z.enum(['pending', 'running', 'completed', 'failed']);
export type WebFlowRunState = z.infer<typeof WebFlowRunState>;

/** A run's state colours on /web-flow-runs (002 §4). */
export const WEB_FLOW_RUN_STATE_COLORS = {
  completed: 'success',
  pending: 'warning',
  running: 'primary',
  failed: 'danger',
} as const satisfies Record<WebFlowRunState, string>;

/** What one node did: an extract's `output` is the object its fields made; `error` says why a node failed. */
export const WebFlowNodeResult = z.object({
  nodeId: z.string(),
  ok: z.boolean(),
  output: z.record(z.string(), z.unknown()).optional(),
  error: z.string().optional(),
  /** An act whose recorded locator failed and that a model found again: the locator now saved with the flow. */
  healedLocator: WebFlowLocator.optional(),
});
export type WebFlowNodeResult = z.infer<typeof WebFlowNodeResult>;

/**
 * One line of a run's answer. node_end of an extract carries its output, which the run merges into its response;
 * run_end is always the last line, also when the run failed (`error` says why).
 */
export const WebFlowRunEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('node_start'), nodeId: z.string() }),
  WebFlowNodeResult.extend({ type: z.literal('node_end') }),
  z.object({
    type: z.literal('run_end'),
    runId: z.string(),
    state: WebFlowRunState,
    response: z.record(z.string(), z.unknown()),
    error: z.string().optional(),
  }),
]);
export type WebFlowRunEvent = z.infer<typeof WebFlowRunEvent>;

/** A kept run (002 §3 Web flow run). `parameters` is the request, `response` the merged extract outputs. */
export const WebFlowRun = z.object({
  id: z.number().int(),
  publicId: z.string(),
  state: WebFlowRunState,
  started_at: Timestamp.nullable(),
  completed_at: Timestamp.nullable(),
  parameters: z.record(z.string(), z.unknown()),
  response: z.record(z.string(), z.unknown()).nullable(),
  /** Why a failed run failed. */
  error: z.string().nullable(),
  web_flow: z.object({ id: z.number().int(), name: z.string() }),
  created_at: Timestamp,
});
export type WebFlowRun = z.infer<typeof WebFlowRun>;

export const WEB_FLOW_RUNS_PAGE_SIZE = { default: 50, max: 500 } as const;

/** GET /api/web-flow-runs: the organization's runs, newest first; `web_flow_id` keeps one flow's. */
export const WebFlowRunsQuery = z.object({
  web_flow_id: RecordIdInUrl.optional(),
  page: PageNumber,
  page_size: pageSizeInUrl(WEB_FLOW_RUNS_PAGE_SIZE.max).default(WEB_FLOW_RUNS_PAGE_SIZE.default),
});
export const WebFlowRunsResponse = z.object({ runs: z.array(WebFlowRun), pagination: Pagination });
export type WebFlowRunsResponse = z.infer<typeof WebFlowRunsResponse>;

export const WebFlowRunParam = z.object({ publicId: z.string().min(1).max(100) });
export const BrowserSessionPageParam = z.object({ publicId: z.string().min(1).max(100) });

/** POST /api/browser-sessions/{publicId}/run-node: one node on the session's page (the builder's test tab). */
export const RunWebFlowNodeRequest = z.object({
  node: WebFlowNode,
  parameters: WebFlowRunParameters.default({}),
});
export type RunWebFlowNodeRequest = z.input<typeof RunWebFlowNodeRequest>;

/**
 * POST /api/browser-sessions/{publicId}/element-at: the element at (x, y), in CSS pixels of the session's page
 * (the live view's 1600x900 frame), as an act records it and as an extract field's selector. 404 when there is none.
 */
export const ElementAtRequest = z.object({
  x: z.number().min(0).max(100_000),
  y: z.number().min(0).max(100_000),
});
export type ElementAtRequest = z.infer<typeof ElementAtRequest>;

export const ElementAtResponse = z.object({
  locator: WebFlowLocator,
  /** A CSS selector of the element that does not depend on its position among its kind (for extract fields). */
  selector: z.string(),
  /** Words for the act's element hint: its accessible name or text, else its tag. */
  elementHint: z.string(),
  tagName: z.string(),
  text: z.string(),
  /** Whether typing makes sense there (an input, a text area, an editable element). */
  editable: z.boolean(),
});
export type ElementAtResponse = z.infer<typeof ElementAtResponse>;

/** The web flow routes, spread into `endpoints`. The run is a stream, registered apart (see its request above). */
export const webFlowEndpoints = {
  listWebFlows: endpoint({
    method: 'GET',
    path: '/api/web-flows',
    tag: 'web-flows',
    summary: "The organization's web flows, last changed first",
    query: WebFlowsQuery,
    response: WebFlowsResponse,
  }),
  createWebFlow: endpoint({
    method: 'POST',
    path: '/api/web-flows',
    tag: 'web-flows',
    summary: "Save a new web flow (a blank name becomes 'New Web Flow')",
    body: CreateWebFlowRequest,
    response: WebFlow,
    status: 201,
  }),
  webFlow: endpoint({
    method: 'GET',
    path: '/api/web-flows/:id',
    tag: 'web-flows',
    summary: 'One web flow',
    params: IdParam,
    response: WebFlow,
  }),
  updateWebFlow: endpoint({
    method: 'PUT',
    path: '/api/web-flows/:id',
    tag: 'web-flows',
    summary: "Change a web flow's fields (nodes as a whole)",
    params: IdParam,
    body: UpdateWebFlowRequest,
    response: WebFlow,
  }),
  deleteWebFlow: endpoint({
    method: 'DELETE',
    path: '/api/web-flows/:id',
    tag: 'web-flows',
    summary: 'Delete a web flow and its runs',
    params: IdParam,
    response: OkResponse,
  }),
  runWebFlowNode: endpoint({
    method: 'POST',
    path: '/api/browser-sessions/:publicId/run-node',
    tag: 'web-flows',
    summary: "Run one node on a browser session's page (the builder's test tab)",
    params: BrowserSessionPageParam,
    body: RunWebFlowNodeRequest,
    response: WebFlowNodeResult,
  }),
  elementAt: endpoint({
    method: 'POST',
    path: '/api/browser-sessions/:publicId/element-at',
    tag: 'web-flows',
    summary: "The element at a point of a browser session's page, as a locator and a CSS selector",
    params: BrowserSessionPageParam,
    body: ElementAtRequest,
    response: ElementAtResponse,
  }),
  webFlowRuns: endpoint({
    method: 'GET',
    path: '/api/web-flow-runs',
    tag: 'web-flows',
    summary: "The organization's web flow runs, newest first",
    query: WebFlowRunsQuery,
    response: WebFlowRunsResponse,
  }),
  webFlowRun: endpoint({
    method: 'GET',
    path: '/api/web-flow-runs/:publicId',
    tag: 'web-flows',
    summary: 'One web flow run: state, times, parameters and response',
    params: WebFlowRunParam,
    response: WebFlowRun,
  }),
} as const;

/** The run's path (a stream: see RunWebFlowRequest). */
export const RUN_WEB_FLOW_PATH = '/api/web-flows/:id/run';
