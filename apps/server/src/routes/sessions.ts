import { endpoints, SessionScreenshotParam, SessionVideoParam } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { sessionBlobPrefix } from '../environments/recordingWriter';
import { badRequest, notFound } from '../kernel/http/errors';
import { groupedReplays, searchReplayGroups } from '../presenters/replayGroups';
import { sessionRrwebEvents } from '../presenters/rrwebEvents';
import { sessionHumanResults, sessionScoreRecords } from '../presenters/scores';
import { sessionDetail, sessionNetworkRequests, sessionRrwebActions } from '../presenters/sessionDetail';
import { listSessions, readableSession } from '../presenters/sessions';
import { archiveOwnSession, setOwnSessionPublic } from '../services/sessions';
import { byteRange } from './byteRange';
import { access, defineRawRoute, defineRoute } from './route';

/**
 * Sessions (000 §7.2). Lists are for members of an organization (platform admins see every organization's,
 * annotators outside admin view see only what they may score). One session is readable by its organization,
 * by platform admins, and by anyone through its link once it is public; everything else answers 404.
 * Changing a session is for its organization's members (archive) and platform admins (public).
 */
export function sessionRoutes(app: FastifyInstance) {
  defineRoute(app, endpoints.listSessions, access.member(), ({ app: ctx, principal, query }) =>
    listSessions(ctx.db, principal, query),
  );

  /**
   * Replay groups (001 §2.10): for callers with dashboard_access outside annotator organizations (those see no
   * results, 001 §6), platform admins in one included. The sidebar offers the page only to platform admins with
   * dashboard_access, and the server refuses everyone without dashboard_access alike. Decision: an
   * organization's members with dashboard_access (and its API key, which carries it) may read their own
   * organization's groups, since replays are their own sessions, as in the sessions list; only platform admins
   * see every organization's. No organization ever sees another's private sessions (presenters/replayGroups.ts).
   */
  const replayReaders = access.member({ permissions: ['dashboard_access'], annotatorOrganization: false });

  defineRoute(app, endpoints.groupedReplays, replayReaders, ({ app: ctx, principal, query }) =>
    groupedReplays(ctx.db, principal, query),
  );

  defineRoute(app, endpoints.searchReplays, replayReaders, ({ app: ctx, principal, query }) =>
    searchReplayGroups(ctx.db, principal, query.session_ids),
  );

  defineRoute(app, endpoints.getSession, access.public, async ({ app: ctx, principal, params, query }) => {
    const row = await readableSession(ctx.db, principal, params.id);
    const [detail, human_results] = await Promise.all([
      sessionDetail(ctx.db, row, {
        viewer: principal,
        liveMutations: ctx.environments.liveMutationsOf(row.session.id),
        simulatorConfig: row.simulatorConfig,
        includeDomEvents: query.include === 'dom_events',
      }),
      sessionHumanResults(ctx.db, principal, row.session.id, query.admin_view === true),
    ]);
    return { ...detail, human_results };
  });

  defineRoute(app, endpoints.archiveSession, access.member(), async ({ app: ctx, principal, params }) => {
    await archiveOwnSession(ctx.db, principal, params.id);
    return { ok: true as const };
  });

  defineRoute(
    app,
    endpoints.setSessionPublic,
    access.admin,
    async ({ app: ctx, principal, params, body }) => {
      await setOwnSessionPublic(ctx.db, principal, params.id, body.is_public);
      return { isPublic: body.is_public };
    },
  );

  defineRoute(
    app,
    endpoints.sessionNetworkRequests,
    access.public,
    async ({ app: ctx, principal, params }) => {
      const { session } = await readableSession(ctx.db, principal, params.id);
      return sessionNetworkRequests(ctx.db, ctx.blobs, session);
    },
  );

  defineRoute(
    app,
    endpoints.sessionRrwebEvents,
    access.public,
    async ({ app: ctx, principal, params, query }) => {
      const { session } = await readableSession(ctx.db, principal, params.id);
      return sessionRrwebEvents(ctx.db, session, query);
    },
  );

  defineRoute(app, endpoints.sessionRrwebActions, access.public, async ({ app: ctx, principal, params }) => {
    const { session } = await readableSession(ctx.db, principal, params.id);
    return sessionRrwebActions(ctx.db, session);
  });

  // The session's video: made on demand by a job from its screenshots, answered once kept (services/sessionVideos.ts).
  defineRoute(
    app,
    endpoints.sessionScreenRecording,
    access.public,
    async ({ app: ctx, principal, params }) => {
      const { session } = await readableSession(ctx.db, principal, params.id);
      return ctx.videos.screenRecording(session);
    },
  );

  defineRoute(app, endpoints.sessionScores, access.public, async ({ app: ctx, principal, params, query }) => {
    const { session } = await readableSession(ctx.db, principal, params.id);
    return sessionScoreRecords(ctx.db, principal, session.id, query.admin_view === true);
  });

  defineRawRoute(
    app,
    'GET',
    '/api/session/:id/screenshots/:key',
    access.public,
    async ({ principal, request, reply }) => {
      const parsed = SessionScreenshotParam.safeParse(request.params);
      if (!parsed.success) throw badRequest('Expected a session id and a screenshot name');
      const { session } = await readableSession(app.ctx.db, principal, parsed.data.id);
      const bytes = await app.ctx.blobs.get(`${sessionBlobPrefix(session.publicId)}/${parsed.data.key}`);
      if (!bytes) throw notFound('Screenshot not found');
      return reply
        .type(parsed.data.key.endsWith('.png') ? 'image/png' : 'image/jpeg')
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(bytes);
    },
  );

  // A kept video, to the session's readers; ranged, so that the page's <video> seeks without reading it all.
  defineRawRoute(
    app,
    'GET',
    '/api/session/:id/screen-recording/:file',
    access.public,
    async ({ principal, request, reply }) => {
      const parsed = SessionVideoParam.safeParse(request.params);
      if (!parsed.success) throw badRequest('Expected a session id and a video name');
      const { session } = await readableSession(app.ctx.db, principal, parsed.data.id);
      const key = `${sessionBlobPrefix(session.publicId)}/videos/${parsed.data.file}`;
      const size = await app.ctx.blobs.size(key);
      if (size === undefined) throw notFound('Video not found');
      const range = byteRange(request.headers.range, size);
      if (range === 'unsatisfiable') return reply.code(416).header('Content-Range', `bytes */${size}`).send();
      const stream = await app.ctx.blobs.streamRange(key, range ?? undefined);
      if (!stream) throw notFound('Video not found');
      reply
        .type('video/webm')
        .header('Accept-Ranges', 'bytes')
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff');
      if (!range) return reply.header('Content-Length', size).send(stream);
      return reply
        .code(206)
        .header('Content-Range', `bytes ${range.start}-${range.end - 1}/${size}`)
        .header('Content-Length', range.end - range.start)
        .send(stream);
    },
  );
}
