import { endpoints } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { viewerOf } from '../kernel/access/viewer';
import { benchmarkResults, benchmarkSessions } from '../presenters/benchmarkResults';
import { access, defineRoute } from './route';

/**
 * Benchmark results (001 §2.5 Benchmarks, §2.9 /results, §7 benchmark sessions): read by members of
 * non-annotator organizations, as agents' results are (001 §6: they see Results). Everyone, platform admins
 * included, reads only their own organization's sessions; an admin looks at another one's through view-as.
 * Simulators outside the caller's plan answer 404, like unknown ones.
 */
export function resultRoutes(app: FastifyInstance) {
  const readers = access.member({ annotatorOrganization: false });

  defineRoute(app, endpoints.results, readers, ({ app: ctx, principal, query }) =>
    benchmarkResults(ctx.db, viewerOf(principal), query.simulators),
  );

  defineRoute(app, endpoints.benchmarkSessions, readers, ({ app: ctx, principal, params, query }) =>
    benchmarkSessions(ctx.db, principal, params.name, query),
  );
}
