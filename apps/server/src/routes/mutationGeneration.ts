import { PassThrough } from 'node:stream';
import {
  endpoints,
  GenerateMutationsRequest,
  GenerateMutationsSingleRequest,
  type MutationGenerationEvent,
} from '@proctor/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { viewerOf } from '../kernel/access/viewer';
import { presentTestCase } from '../presenters/testCase';
import { mergedMutations } from '../services/mutationComparison';
import {
  generateMutationsConfig,
  requestMutationGeneration,
  testCasesToGenerate,
} from '../services/mutationGeneration';
import { findEditableTestCase, findVisibleTestCase } from '../services/testCases';
import { access, defineRawRoute, defineRoute } from './route';

/**
 * Expected-mutation generation (001 §2.11–2.12, §7). Generating changes a test case, so it needs
 * create_test_cases and a test case the caller may edit (their organization's; public ones platform admins
 * only), checked before anything is streamed: a refusal is a plain JSON error with its status. Comparing
 * sessions only reads, so any member may, over sessions they may read.
 */
const authors = access.member({ permissions: ['create_test_cases'] });

/** Newline-delimited JSON, one event per line, flushed as it happens. The work goes on if the reader leaves. */
function eventStream(
  reply: FastifyReply,
  work: (send: (event: MutationGenerationEvent) => void) => Promise<void>,
) {
  const stream = new PassThrough();
  const send = (event: MutationGenerationEvent) => {
    if (!stream.writableEnded) stream.write(`${JSON.stringify(event)}\n`);
  };
  work(send)
    .catch((error: Error) => send({ type: 'error', status: 'error', message: error.message }))
    .finally(() => stream.end());
  return reply
    .type('application/x-ndjson; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(stream);
}

export function mutationGenerationRoutes(app: FastifyInstance) {
  defineRoute(app, endpoints.generateMutationsConfig, authors, async ({ app: ctx, principal, params }) => {
    const viewer = viewerOf(principal);
    const { testCase, result } = await generateMutationsConfig(ctx.db, ctx.queue, viewer, params.id);
    return { testCase: await presentTestCase(ctx.db, viewer, testCase), result };
  });

  defineRoute(app, endpoints.mergedMutations, access.member(), async ({ app: ctx, principal, body }) => {
    const viewer = viewerOf(principal);
    const testCase =
      body.test_case_id === undefined
        ? undefined
        : await findVisibleTestCase(ctx.db, viewer, String(body.test_case_id));
    return mergedMutations(ctx.db, viewer, { testCase, sessionIds: body.session_ids });
  });

  defineRawRoute(
    app,
    'POST',
    '/api/env/generate_mutations_single',
    authors,
    async ({ principal, request, reply }) => {
      const { db } = app.ctx;
      const viewer = viewerOf(principal);
      const body = request.body as z.output<typeof GenerateMutationsSingleRequest>;
      const testCase = await findEditableTestCase(db, viewer, String(body.test_case_id));
      return eventStream(reply, async (send) => {
        await requestMutationGeneration(app.ctx.queue, { viewer, testCases: [testCase], single: true }, send);
      });
    },
    { body: GenerateMutationsSingleRequest },
  );

  defineRawRoute(
    app,
    'POST',
    '/api/env/generate_mutations',
    authors,
    async ({ principal, request, reply }) => {
      const { db } = app.ctx;
      const viewer = viewerOf(principal);
      const rows = await testCasesToGenerate(
        db,
        viewer,
        request.body as z.output<typeof GenerateMutationsRequest>,
      );
      return eventStream(reply, async (send) => {
        await requestMutationGeneration(app.ctx.queue, { viewer, testCases: rows, single: false }, send);
      });
    },
    { body: GenerateMutationsRequest },
  );
}
