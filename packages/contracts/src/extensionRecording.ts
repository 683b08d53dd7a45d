import { z } from 'zod';
import { BROWSER_SESSION, BrowserSessionParam } from './browserSessions';
import { EXTENSION_PAGE_LIMITS, EXTENSION_TOKEN_HEADER } from './extensionBridge';
import { endpoint } from './http';

/**
 * Recording a trainer session in the person's own Chrome (002 §2.11, 001 §7): the Proctor extension
 * (apps/extension), paired with one Proctor origin, answers the dashboard's START_RECORDING / STOP_RECORDING,
 * records the window it opens and uploads its steps with a capability for that one session.
 */
export const EXTENSION_RECORDING = {
  /** How long the dashboard waits for the extension's answer to PING before saying it is not there. */
  pingTimeoutMs: 1_500,
  /** How long it waits for the answer to START_RECORDING / STOP_RECORDING. */
  commandTimeoutMs: 10_000,
  /**
   * The upload capability's life: longer than a person records one task (the page keeps the session open while
   * the extension records, and there is no way to hand the extension a new capability mid-recording); a session
   * that has ended refuses it anyway (409), so it bounds only a leaked capability's use while its session runs.
   */
  ingestTokenTtlSeconds: 8 * 60 * 60,
  maxStepsPerBatch: 20,
  /** Step numbers run from 0 below this: no session holds more steps from the extension. */
  maxStepsPerSession: 2_000,
  /** One screenshot, decoded (a 1600x900 JPEG at quality 60 is about 100 KB). */
  maxScreenshotBytes: 512 * 1024,
  /** A whole batch: every screenshot at its largest, base64, and the steps around them. */
  bodyLimit: 12 * 1024 * 1024,
  maxTextLength: EXTENSION_PAGE_LIMITS.maxTypedTextLength,
  maxUrlLength: BROWSER_SESSION.maxUrlLength,
  maxElementTextLength: EXTENSION_PAGE_LIMITS.maxElementTextLength,
  maxSelectorLength: EXTENSION_PAGE_LIMITS.maxSelectorLength,
  /** How far a step's time may be off the session's (the browser's clock against the server's). */
  clockSkewMs: 60_000,
  /** The largest coordinate or scroll distance taken, in CSS pixels. */
  maxCoordinate: 1_000_000,
} as const;

export const EXTENSION_MESSAGES = {
  notAvailable: 'Chrome extension is not available',
  communicationFailed: 'Failed to communicate with the Chrome extension',
  tokenInvalid: 'The recording token is missing, invalid or expired',
  tokenForAnotherSession: 'This recording token is for another session',
  notTrainer: 'Only a trainer session is recorded in Chrome',
  notYours: 'Only the person who opened this session may record it',
  tooManySteps: `A batch holds at most ${EXTENSION_RECORDING.maxStepsPerBatch} steps`,
  sessionFull: `A session holds at most ${EXTENSION_RECORDING.maxStepsPerSession} recorded steps`,
  screenshotTooLarge: `A screenshot may be at most ${EXTENSION_RECORDING.maxScreenshotBytes} bytes`,
  screenshotNotImage: 'A screenshot must be a JPEG or PNG image',
  timestampOutside: 'A step happened outside the session',
} as const;

const HttpUrl = z
  .string()
  .max(EXTENSION_RECORDING.maxUrlLength)
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }));

/** START_RECORDING's payload: what the extension needs to record one trainer session into Proctor. */
export const StartRecordingPayload = z.object({
  /** The browser session's public id. */
  sessionId: z.string().min(1).max(100),
  startUrl: HttpUrl,
  task: z.string().max(4_000),
  /** The upload capability for this session only. */
  token: z.string().min(1).max(2_000),
});
export type StartRecordingPayload = z.infer<typeof StartRecordingPayload>;

export const ExtensionRecordingToken = z.object({
  token: z.string(),
  expiresAt: z.string(),
});
export type ExtensionRecordingToken = z.infer<typeof ExtensionRecordingToken>;

const Coordinate = z
  .number()
  .refine(Number.isFinite, { error: 'must be a finite number' })
  .refine((value) => Math.abs(value) <= EXTENSION_RECORDING.maxCoordinate, { error: 'is too large' });

const ElementBox = z.object({ x: Coordinate, y: Coordinate, width: Coordinate, height: Coordinate });

/** The element an action targeted, as the page described it. */
export const RecordedElement = z.object({
  tag: z.string().max(50),
  id: z.string().max(200).nullable(),
  selector: z.string().max(EXTENSION_RECORDING.maxSelectorLength),
  text: z.string().max(EXTENSION_RECORDING.maxElementTextLength),
  bbox: ElementBox.nullable(),
});

const ExtensionAction = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('click'),
    x: Coordinate,
    y: Coordinate,
    button: z.enum(['left', 'middle', 'right']),
    target: RecordedElement.nullable(),
  }),
  /** Printable characters as typed, other keys in brackets: "hello[Enter]". */
  z.object({
    type: z.literal('type'),
    text: z.string().min(1).max(EXTENSION_RECORDING.maxTextLength),
    target: RecordedElement.nullable(),
  }),
  z.object({
    type: z.literal('scroll'),
    direction: z.enum(['up', 'down', 'left', 'right']),
    dx: Coordinate,
    dy: Coordinate,
    target: RecordedElement.nullable(),
  }),
  z.object({ type: z.literal('url_change'), url: HttpUrl }),
]);
export type ExtensionAction = z.infer<typeof ExtensionAction>;

/** One step as the extension uploads it. */
export const ExtensionStep = z.object({
  /** The step's number in the session, from 0: a batch sent again is not stored twice. */
  idx: z.number().int().min(0),
  /** Milliseconds since the epoch. */
  timestamp: z.number().int().min(0),
  /** The tab it happened in (the extension's tab id). */
  tab: z.string().max(50),
  /** The page's address when it happened. */
  url: HttpUrl,
  action: ExtensionAction,
  /**
   * The tab as the step found it: a JPEG or PNG, base64 (no data: prefix). Its size is checked once decoded
   * (413 past maxScreenshotBytes), its type by its first bytes.
   */
  screenshot: z.string().max(EXTENSION_RECORDING.bodyLimit).optional(),
});
export type ExtensionStep = z.infer<typeof ExtensionStep>;

export const ExtensionStepBatch = z.object({ steps: z.array(ExtensionStep).min(1) });
export type ExtensionStepBatch = z.infer<typeof ExtensionStepBatch>;

export const extensionRecordingEndpoints = {
  extensionRecordingToken: endpoint({
    method: 'POST',
    path: '/api/browser-sessions/:publicId/extension-token',
    tag: 'browser-sessions',
    summary:
      "A capability to upload steps to this running trainer session (its opener's only), handed to the Chrome extension",
    params: BrowserSessionParam,
    response: ExtensionRecordingToken,
    status: 201,
  }),
  extensionSteps: endpoint({
    method: 'POST',
    path: '/api/browser-sessions/:publicId/extension-steps',
    tag: 'browser-sessions',
    summary: `Steps the Chrome extension recorded, with screenshots; the capability in the ${EXTENSION_TOKEN_HEADER} header`,
    params: BrowserSessionParam,
    body: ExtensionStepBatch,
    response: z.object({ stored: z.number().int() }),
    bodyLimit: EXTENSION_RECORDING.bodyLimit,
  }),
} as const;
