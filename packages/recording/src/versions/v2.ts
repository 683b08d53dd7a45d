import { RecordedRequest, RecordedStep } from '@proctor/contracts';
import { z } from 'zod';
import { RECORDING_DOCUMENT_FORMAT } from '../format';

/**
 * Version 2, the current format: a step is `RecordedStep` of `@proctor/contracts` (an `idx`, actions with
 * `metadata` and a `target`, page states with a ScreenshotRef instead of bytes, mutation counts).
 *
 * While version 2 is current, its steps are contracts' schemas. Before changing RecordedStep for version 3,
 * copy its version 2 form here, so that this file keeps reading what version 2 wrote.
 */

/** The first version whose steps count mutations; the steps of older recordings say 0/0. */
export const MUTATION_COUNTS_SINCE_VERSION = 2;

/**
 * Whether the steps' `mutations` were counted ('recorded') or are the 0/0 of a recording made before
 * version 2 ('unknown'): a reader must not take those zeros for "this step changed nothing".
 */
export const MutationCounts = z.enum(['recorded', 'unknown']);
export type MutationCounts = z.infer<typeof MutationCounts>;

/** A whole recording: what an export file holds. */
export const RecordingDocumentV2 = z
  .object({
    format: z.literal(RECORDING_DOCUMENT_FORMAT),
    version: z.literal(2),
    /** The version the recording was written in, when it was upgraded to this one. */
    upgraded_from: z.number().int().min(1).optional(),
    /** Absent means 'recorded'. */
    mutation_counts: MutationCounts.optional(),
    /** Whatever describes the session (ids, simulator, test case, agent); not interpreted here. */
    session: z.record(z.string(), z.unknown()).optional(),
    steps: z.array(RecordedStep),
    rrweb_events: z.array(z.unknown()).optional(),
    network: z.array(RecordedRequest).optional(),
    logs: z.array(z.unknown()).optional(),
    /**
     * Screenshot bytes, base64, by ScreenshotRef key. Optional (the server keeps them in its blob store),
     * but when present it holds every screenshot the steps refer to.
     */
    attachments: z.record(z.string(), z.base64()).optional(),
  })
  .superRefine((document, ctx) => {
    const { attachments } = document;
    if (!attachments) return;
    document.steps.forEach((step, i) => {
      for (const state of ['before_state', 'after_state'] as const) {
        const key = step[state]?.screenshot?.key;
        if (key !== undefined && !Object.hasOwn(attachments, key))
          ctx.addIssue({
            code: 'custom',
            path: ['steps', i, state, 'screenshot', 'key'],
            message: `No attachment ${JSON.stringify(key)} in the recording's attachments`,
          });
      }
    });
  });
export type RecordingDocumentV2 = z.output<typeof RecordingDocumentV2>;
