import type { Mutation } from '@proctor/contracts';
import type { SimulatorConfig } from '@proctor/scoring';
import type { SimulatorRequest } from '../web/pipeline';
import type { SimulatorResponse } from '../web/response';

/**
 * What the server and a version host (program.ts: one hub-built version's instances, in a sandbox) say to each
 * other over Node's IPC channel, with `serialization: 'advanced'` so that bodies travel as bytes. Messages on
 * the channel keep their order, which is what makes a reset, a request and a destroy happen in the order sent.
 */

export type ToVersionHost =
  | { type: 'create'; id: string; origin: string }
  | { type: 'request'; seq: number; id: string; request: SimulatorRequest }
  | { type: 'reset'; id: string }
  | { type: 'backup'; id: string }
  | { type: 'destroy'; id: string };

export type FromVersionHost =
  | {
      type: 'ready';
      simulator: string;
      /** The seed's fingerprint as the build gives a version's dataset (sha256 of the snapshot, 16 hex). */
      dataset: string;
      /** What scoring leaves out of its mutations (the definition's config). */
      config: SimulatorConfig;
    }
  | { type: 'failed'; reason: string }
  | {
      type: 'response';
      seq: number;
      response: SimulatorResponse;
      /** The instance's mutations logged since the last ones sent, in the reset epoch they belong to. */
      mutations: Mutation[];
      epoch: number;
      /** The instance's virtual time after the request (ISO). */
      clock: string;
    };
