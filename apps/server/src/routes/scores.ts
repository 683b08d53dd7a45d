import { endpoints } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { addHumanScore, nextForAnnotator, userScores } from '../services/scores';
import { access, defineRoute } from './route';

/**
 * People's scores (000 §7.2). Each is a person's own judgement, so these calls need a signed-in person, not an
 * organization's API key. Who may score, read and be handed which session is decided in services/scores.ts.
 */
export function scoreRoutes(app: FastifyInstance) {
  defineRoute(app, endpoints.scoreSessionAsHuman, access.signedIn, ({ app: ctx, principal, params, body }) =>
    addHumanScore(ctx.db, principal, params.id, body),
  );

  defineRoute(app, endpoints.userScores, access.signedIn, ({ app: ctx, principal, query }) =>
    userScores(ctx.db, principal, query.user_id),
  );

  defineRoute(app, endpoints.nextForAnnotator, access.signedIn, ({ app: ctx, principal, query }) =>
    nextForAnnotator(ctx.db, principal, query.exclude_session_id),
  );
}
