import { endpoints } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { nextForAnnotator, presentScore, userScores } from '../presenters/scores';
import { addHumanScore } from '../services/scores';
import { access, defineRoute } from './route';

/**
 * People's scores (000 §7.2). Each is a person's own judgement, so these calls need a signed-in person, not an
 * organization's API key. Who may score is decided in services/scores.ts; who reads which scores and is handed
 * which session, in presenters/scores.ts.
 */
export function scoreRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    endpoints.scoreSessionAsHuman,
    access.signedIn,
    async ({ app: ctx, principal, params, body }) =>
      presentScore(await addHumanScore(ctx.db, principal, params.id, body)),
  );

  defineRoute(app, endpoints.userScores, access.signedIn, ({ app: ctx, principal, query }) =>
    userScores(ctx.db, principal, query.user_id),
  );

  defineRoute(app, endpoints.nextForAnnotator, access.signedIn, ({ app: ctx, principal, query }) =>
    nextForAnnotator(ctx.db, principal, query.exclude_session_id),
  );
}
