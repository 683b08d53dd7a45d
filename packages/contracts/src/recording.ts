import { z } from 'zod';

/**
 * What a session's recording holds (000 §2.5, §3 Snapshot step), in the current format. Older formats are
 * modernized step by step by `@proctor/recording`; this file is the one shape everything else reads.
 *
 * A step is one user action with the page before and after it. Whoever drives the page (an agent over CDP, a
 * person in the live view, the SDK), the recorder sees the same DOM events, so the steps look the same.
 */

/** The recording format every writer produces today. `@proctor/recording` upgrades older ones to it. */
export const RECORDING_FORMAT_VERSION = 2;

/** Limits the recorder keeps to (bytes and counts, per session unless said otherwise). */
export const RECORDING = {
  /** A request or response body larger than this is stored cut to it, with `truncated: true`. */
  maxNetworkBodyBytes: 64 * 1024,
  /** Typed text of one `type` action, after which a new action starts. */
  maxTypedTextLength: 2_000,
  /** Mouse positions kept in one mouse_move action. */
  maxMousePositions: 200,
  /** A step's after-state is taken once the page has been quiet this long after the action. */
  settleMs: 150,
  /** rrweb events are written in chunks of at most this many. */
  rrwebChunkSize: 200,
  /** What the value of a secret header, query parameter or body field is stored as (`isSecretName`). */
  redacted: '[redacted]',
  /** What each character typed into a password field is stored as; keys such as [Enter] stay as they are. */
  passwordMask: '•',
} as const;

/** An element's box in CSS pixels of the viewport at the time of the action. */
export const BoundingBox = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});
export type BoundingBox = z.infer<typeof BoundingBox>;

/** The element an action targeted: enough to show it, find it again, and draw its box. */
export const ActionTarget = z.object({
  /** The element's id attribute, or null. */
  id: z.string().nullable(),
  /** A CSS selector that found the element when it was recorded. */
  selector: z.string(),
  tag: z.string(),
  /** Its visible text or accessible name, cut to 100 characters. */
  text: z.string(),
  bbox: BoundingBox.nullable(),
});
export type ActionTarget = z.infer<typeof ActionTarget>;

const ActionBase = z.object({
  /** Unique within the session. */
  id: z.string(),
  /** Milliseconds since the epoch, when the action happened. */
  timestamp: z.number(),
  /** True for what the platform did itself (the navigation of a reset), false for the driver's actions. */
  is_simulator_action: z.boolean(),
  metadata: z.object({
    /** The first and last recorder sequence numbers the action was made from. */
    start_seq_id: z.number().int(),
    end_seq_id: z.number().int(),
    /** The frame the action happened in: its URL (the top frame's URL for the page itself). */
    frame_url: z.string().optional(),
  }),
});

export const ClickAction = ActionBase.extend({
  type: z.literal('click'),
  x: z.number(),
  y: z.number(),
  button: z.enum(['left', 'middle', 'right']),
  target: ActionTarget.nullable(),
});
export const ScrollAction = ActionBase.extend({
  type: z.literal('scroll'),
  direction: z.enum(['up', 'down', 'left', 'right']),
  dx: z.number(),
  dy: z.number(),
  target: ActionTarget.nullable(),
});
export const TypeAction = ActionBase.extend({
  type: z.literal('type'),
  /**
   * Printable characters as typed; other keys in brackets: "hello[Backspace]o[Enter]". Into a password field
   * each character is `RECORDING.passwordMask`: "••••[Enter]".
   */
  text: z.string(),
  target: ActionTarget.nullable(),
});
export const SubmitAction = ActionBase.extend({
  type: z.literal('submit'),
  target: ActionTarget.nullable(),
});
/** Options chosen in a `<select>` (a change event): from its pop-up, by keys, or by an agent's selectOption. */
export const SelectAction = ActionBase.extend({
  type: z.literal('select'),
  /** The chosen options' values, in document order (several for a multiple select, none when cleared). */
  values: z.array(z.string()),
  /** The chosen options' visible labels, in the same order. */
  labels: z.array(z.string()),
  target: ActionTarget.nullable(),
});
export const UrlChangeAction = ActionBase.extend({
  type: z.literal('url_change'),
  url: z.string(),
});
export const MouseMoveAction = ActionBase.extend({
  type: z.literal('mouse_move'),
  /** Positions in viewport CSS pixels; `t` is milliseconds since the epoch. */
  positions: z.array(z.object({ x: z.number(), y: z.number(), t: z.number() })),
});

export const UserAction = z.discriminatedUnion('type', [
  ClickAction,
  ScrollAction,
  TypeAction,
  SubmitAction,
  SelectAction,
  UrlChangeAction,
  MouseMoveAction,
]);
export type UserAction = z.infer<typeof UserAction>;
export type UserActionType = UserAction['type'];
export const USER_ACTION_TYPES = [
  'click',
  'scroll',
  'type',
  'submit',
  'select',
  'url_change',
  'mouse_move',
] as const;

/** A stored screenshot: a key in the blob store, never the bytes themselves. */
export const ScreenshotRef = z.object({
  key: z.string(),
  mime: z.enum(['image/jpeg', 'image/png']),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type ScreenshotRef = z.infer<typeof ScreenshotRef>;

/** The page at one moment: where it was, what it looked like, where the acted element was. */
export const PageState = z.object({
  current_url: z.string(),
  screenshot: ScreenshotRef.nullable(),
  metadata: z.object({ bboxes: z.array(BoundingBox) }),
});
export type PageState = z.infer<typeof PageState>;

/** One recorded step, in the current format. */
export const RecordedStep = z.object({
  idx: z.number().int().min(0),
  action: UserAction,
  /** Null for steps recorded without screenshots (mouse_move). */
  before_state: PageState.nullable(),
  after_state: PageState.nullable(),
  /** How many of the instance's mutations had happened when the step began and when it settled. */
  mutations: z.object({ before: z.number().int(), after: z.number().int() }),
  /**
   * The tab the step acted in (its CDP target id, as the rrweb chunks name their tab), so the replay can follow
   * it; absent in recordings made before steps carried it.
   */
  page: z.string().optional(),
});
export type RecordedStep = z.infer<typeof RecordedStep>;

/** One network request the browser made (recorded when the environment asked for it). */
export const RecordedRequest = z.object({
  request_id: z.string(),
  method: z.string(),
  url: z.string(),
  resource_type: z.string().nullable(),
  status: z.number().int().nullable(),
  content_type: z.string().nullable(),
  request_headers: z.record(z.string(), z.string()),
  response_headers: z.record(z.string(), z.string()),
  request_body: z.string().nullable(),
  /** base64, as the spec sends it; null when there was none or it could not be read. */
  response_body: z.string().nullable(),
  truncated: z.boolean(),
  /** Milliseconds since the epoch. */
  started_at: z.number(),
  /** Milliseconds from start to the end of loading (or failure); null while unfinished. */
  duration_ms: z.number().nullable(),
  failed: z.string().nullable(),
  /** The step index during which the request started (the last step begun), or null before the first. */
  step_idx: z.number().int().nullable(),
});
export type RecordedRequest = z.infer<typeof RecordedRequest>;
