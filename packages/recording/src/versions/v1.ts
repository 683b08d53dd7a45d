import { BoundingBox, RecordedRequest } from '@proctor/contracts';
import { z } from 'zod';
import { RECORDING_DOCUMENT_FORMAT } from '../format';
import { imageSize } from '../imageSize';

/**
 * Version 1 (its shape: "Version history" in the package README), frozen: read with these schemas forever.
 * Parsing normalises timestamps to epoch milliseconds and screenshots to bytes, so the modernizer need not guess.
 * BoundingBox and RecordedRequest are contracts' schemas: before changing one, copy its old form here.
 */

/** Below this a v1 timestamp is in seconds: 1e11 seconds is the year 5138, 1e11 milliseconds is 1973. */
const SECONDS_BELOW = 1e11;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]|$)/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A moment as v1 wrote it, as milliseconds since the epoch. */
export const V1Timestamp = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const millis =
    typeof value === 'number'
      ? value < SECONDS_BELOW
        ? value * 1000
        : value
      : ISO_DATE.test(value)
        ? Date.parse(value)
        : Number.NaN;
  if (Number.isFinite(millis) && millis >= 0) return Math.round(millis);
  ctx.addIssue({
    code: 'custom',
    message: `Expected epoch seconds, epoch milliseconds or an ISO 8601 date, got ${JSON.stringify(value)}`,
  });
  return z.NEVER;
});

/** An inline screenshot: base64 (a `data:` URL is tolerated), decoded; null or '' when there was none. */
export const V1Screenshot = z
  .string()
  .nullish()
  .transform((value, ctx): Buffer | null => {
    if (value == null || value === '') return null;
    const base64 = value.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
    const bytes = BASE64.test(base64) ? Buffer.from(base64, 'base64') : null;
    if (bytes && imageSize(bytes)) return bytes;
    ctx.addIssue({
      code: 'custom',
      message: bytes ? 'Not a JPEG or PNG image (by its first bytes)' : 'Not base64',
    });
    return z.NEVER;
  });

export const V1PageState = z.object({
  current_url: z.string(),
  screenshot_base64: V1Screenshot,
  metadata: z.object({ bboxes: z.array(BoundingBox) }),
});
export type V1PageState = z.output<typeof V1PageState>;

const V1ActionBase = z.object({
  id: z.string(),
  timestamp: V1Timestamp,
  is_simulator_action: z.boolean(),
  start_seq_id: z.number().int(),
  end_seq_id: z.number().int(),
});
/** The id attribute of the acted element; null, absent or '' when there was none or it had no id. */
const ElementId = z.string().nullish();

export const V1Action = z.discriminatedUnion('type', [
  V1ActionBase.extend({
    type: z.literal('click'),
    x: z.number(),
    y: z.number(),
    button: z.enum(['left', 'middle', 'right']).default('left'),
    element_id: ElementId,
  }),
  V1ActionBase.extend({ type: z.literal('type'), text: z.string(), element_id: ElementId }),
  V1ActionBase.extend({
    type: z.literal('scroll'),
    direction: z.enum(['up', 'down', 'left', 'right']),
    dx: z.number(),
    dy: z.number(),
    element_id: ElementId,
  }),
  V1ActionBase.extend({ type: z.literal('submit'), element_id: ElementId }),
  V1ActionBase.extend({ type: z.literal('url_change'), url: z.string() }),
  V1ActionBase.extend({
    type: z.literal('mouse_move'),
    positions: z.array(z.object({ x: z.number(), y: z.number(), t: V1Timestamp })),
  }),
]);
export type V1Action = z.output<typeof V1Action>;

export const V1Step = z.object({
  action: V1Action,
  before_state: V1PageState.nullish().transform((state) => state ?? null),
  after_state: V1PageState.nullish().transform((state) => state ?? null),
});
export type V1Step = z.output<typeof V1Step>;

/** A v1 step stored alone (one database row): the row supplies the position v1 steps do not carry. */
export const V1StoredStep = V1Step.extend({ idx: z.number().int().min(0) });
export type V1StoredStep = z.output<typeof V1StoredStep>;

export const V1Document = z.object({
  format: z.literal(RECORDING_DOCUMENT_FORMAT),
  version: z.literal(1),
  session: z.record(z.string(), z.unknown()).optional(),
  steps: z.array(V1Step),
  rrweb_events: z.array(z.unknown()).optional(),
  network: z.array(RecordedRequest).optional(),
  logs: z.array(z.unknown()).optional(),
  attachments: z.record(z.string(), z.base64()).optional(),
});
export type V1Document = z.output<typeof V1Document>;
