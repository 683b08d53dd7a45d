import { BROWSER_SESSION_PERMISSIONS, EXTENSION_TOKEN_HEADER, endpoints } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { appendExtensionSteps, issueRecordingToken } from '../services/extensionRecording';
import { access, defineRoute } from './route';

/**
 * Recording a trainer session in the person's own Chrome (see packages/contracts/src/extensionRecording.ts).
 * The upload is public to access control: its capability header is the credential, checked by the service.
 */
export function extensionRecordingRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    endpoints.extensionRecordingToken,
    access.member({ anyPermission: [...BROWSER_SESSION_PERMISSIONS] }),
    ({ app: ctx, principal, params }) =>
      issueRecordingToken(ctx, params.publicId, {
        organizationId: principal.organization.id,
        userId: principal.user?.id ?? null,
      }),
  );

  defineRoute(app, endpoints.extensionSteps, access.public, async ({ app: ctx, params, body, request }) => {
    const header = request.headers[EXTENSION_TOKEN_HEADER];
    const token = typeof header === 'string' ? header : undefined;
    return { stored: await appendExtensionSteps(ctx, params.publicId, token, body.steps) };
  });
}
