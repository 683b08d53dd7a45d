import { z } from 'zod';

/**
 * The step protocol of `dev` agents (issue 9 item 2; docs/agent-protocol.md): Proctor drives the environment
 * and, at each step, POSTs an observation to the agent's endpoint; the agent answers with one action. The
 * observation carries what BrowserGym agents already consume (goal, screenshot, URL, accessibility tree, open
 * tabs, step index, last action error). The run ends when the agent answers `done` (with its answer, when the
 * task asks for one), after MAX_AGENT_STEPS steps, or when it breaks the protocol.
 */
export const AGENT_PROTOCOL = 'proctor.step.v1';
/** Steps a dev agent gets per run. */
export const MAX_AGENT_STEPS = 30;
/** How long Proctor waits for one answer of the agent. */
export const AGENT_STEP_TIMEOUT_MS = 60_000;

export const AgentTab = z.object({ url: z.string(), title: z.string(), active: z.boolean() });

export const AgentObservation = z.object({
  protocol: z.literal(AGENT_PROTOCOL),
  session_id: z.string(),
  /** 0 for the first step. */
  step: z.number().int(),
  max_steps: z.number().int(),
  /** The task, as the test case's prompt says it. */
  goal: z.string(),
  url: z.string(),
  title: z.string(),
  /** The page as it looks now: a JPEG, base64 (no data: prefix). */
  screenshot: z.string(),
  screenshot_type: z.literal('image/jpeg'),
  /** The page's accessibility tree as Playwright's ARIA snapshot (YAML): roles, names, states. */
  axtree: z.string(),
  open_tabs: z.array(AgentTab),
  last_action: z.record(z.string(), z.unknown()).nullable(),
  /** Why the last action could not be done, null when it was. */
  last_action_error: z.string().nullable(),
});
export type AgentObservation = z.infer<typeof AgentObservation>;

/**
 * What an action acts on: a Playwright selector (CSS, `text=…`, …), a role with an accessible name as the
 * axtree shows them (`{"role": "button", "name": "Save"}`), or a point of the viewport in CSS pixels.
 */
const Target = z.object({
  selector: z.string().min(1).max(2_000).optional(),
  role: z.string().min(1).max(100).optional(),
  name: z.string().max(2_000).optional(),
  x: z.number().finite().optional(),
  y: z.number().finite().optional(),
});

export const AgentAction = z.discriminatedUnion('action', [
  Target.extend({ action: z.literal('click') }),
  Target.extend({
    action: z.literal('type'),
    text: z.string().max(100_000),
    /** Press Enter afterwards. */
    submit: z.boolean().optional(),
  }),
  z.object({ action: z.literal('press'), key: z.string().min(1).max(100) }),
  z.object({ action: z.literal('scroll'), dx: z.number().finite().default(0), dy: z.number().finite() }),
  /** A path or a URL on the environment's own origin. */
  z.object({ action: z.literal('navigate'), url: z.string().min(1).max(8_000) }),
  z.object({ action: z.literal('go_back') }),
  Target.extend({ action: z.literal('select'), value: z.union([z.string(), z.array(z.string())]) }),
  /** The task is done; `output` is the answer when the task asks for one. */
  z.object({ action: z.literal('done'), output: z.unknown().optional() }),
]);
export type AgentAction = z.infer<typeof AgentAction>;
