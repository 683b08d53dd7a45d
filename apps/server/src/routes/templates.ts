import { endpoints, SITE_EDIT_PERMISSIONS } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { TemplateRenderer } from '../kernel/template/templateRenderer';
import { tryRequestTemplate } from '../services/requestTemplates';
import { access, defineRoute } from './route';
import { testReportRoutes } from './testReports';

/**
 * The request template builder's preview. The spec names no role for it, so any member of an organization may
 * render (API keys too): a render reaches nothing but the data sent with it.
 */
export function templateRoutes(app: FastifyInstance) {
  const renderer = new TemplateRenderer();
  app.addHook('onClose', () => renderer.close());
  defineRoute(app, endpoints.renderTemplate, access.member(), async ({ body }) => ({
    rendered: await renderer.render(body.template, body.data),
  }));
  // Sending reaches the web from Proctor's machine: those who may change sites (packages/contracts/src/requestTemplate.ts).
  defineRoute(
    app,
    endpoints.tryRequestTemplate,
    access.member({ anyPermission: [...SITE_EDIT_PERMISSIONS] }),
    ({ app: ctx, body }) =>
      tryRequestTemplate(renderer, { allowedAddresses: ctx.config.scoring.allowedAddresses }, body),
  );
  // Test reports are templates rendered over a test run (002 §7.10): the same pool renders them.
  testReportRoutes(app, renderer);
}
