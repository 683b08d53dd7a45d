import { endpoints } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { proposeFromPrompt, proposeFromSteps, proposeOutcomeSchema } from '../services/testCaseGeneration';
import { access, defineRoute } from './route';

/**
 * Test case proposals from the configured model (001 §7). They fill the create form, so they are for those who
 * may create test cases (create_test_cases, 001 §6); a session is read only within the caller's organization.
 * Without a model each answers 503 with the sentence the dashboard shows.
 */
const authors = access.member({ permissions: ['create_test_cases'] });

export function testCaseGenerationRoutes(app: FastifyInstance) {
  defineRoute(app, endpoints.generatePrediction, authors, ({ app: ctx, body }) =>
    proposeFromPrompt(ctx.config, body),
  );

  defineRoute(app, endpoints.generatePredictionFromSteps, authors, ({ app: ctx, principal, body }) =>
    proposeFromSteps(ctx, principal, body),
  );

  defineRoute(app, endpoints.generateOutcomeSchema, authors, ({ app: ctx, body }) =>
    proposeOutcomeSchema(ctx.config, body),
  );
}
