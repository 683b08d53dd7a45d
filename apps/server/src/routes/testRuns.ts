import { endpoints, TestRunDumpFileRequest, TestRunIdParam } from '@proctor/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../kernel/http/errors';
import { presentTestRun, presentTestRunDump } from '../presenters/testRuns';
import {
  dumpDownload,
  findTestRunOr404,
  listDumpFolder,
  listTestRunRows,
  readDumpFile,
  startTestRun,
} from '../services/testRuns';
import type { AppContext } from './context';
import { access, defineRawRoute, defineRoute } from './route';

/** Test runs and their dumps (002 §2.3, §2.4, §7.2): platform admins only, under view-as too (access.admin). */
export function testRunRoutes(app: FastifyInstance) {
  defineRoute(app, endpoints.adminStartTestRun, access.admin, async ({ app: ctx, principal, body }) => {
    const { row, tests } = await startTestRun(ctx, principal.user.id, body);
    const summary = presentTestRun(row);
    return { run_id: row.publicId, status: summary.status, tests, simulators: summary.simulators };
  });

  defineRoute(app, endpoints.adminTestRun, access.admin, async ({ app: ctx, params }) =>
    presentTestRun(await findTestRunOr404(ctx.db, params.id)),
  );

  defineRoute(app, endpoints.adminTestRunDumps, access.admin, async ({ app: ctx }) => ({
    dumps: (await listTestRunRows(ctx.db)).map(presentTestRunDump),
  }));

  const runIdOf = (params: unknown) => {
    const parsed = TestRunIdParam.safeParse(params);
    if (!parsed.success) throw badRequest('Expected a test run id');
    return parsed.data.id;
  };

  /** A dump's file, streamed with its content type; a PNG is an image the dashboard shows as is. */
  const sendFile = async (ctx: AppContext, reply: FastifyReply, runId: string, path: string) => {
    const file = await readDumpFile(ctx, runId, path);
    return reply
      .type(file.contentType)
      .header('Content-Length', file.size)
      .header('Content-Disposition', `inline; filename="${file.name.replace(/[^A-Za-z0-9_.-]/g, '_')}"`)
      .header('Cache-Control', 'private, max-age=3600')
      .header('X-Content-Type-Options', 'nosniff')
      .send(file.stream);
  };

  // The contract's read: a file's bytes, or with list_directory the folder's entries as JSON.
  defineRawRoute(
    app,
    'POST',
    endpoints.adminTestRunDumpFile.path,
    access.admin,
    async ({ request, reply }) => {
      const runId = runIdOf(request.params);
      const body = request.body as TestRunDumpFileRequest;
      if (body.list_directory)
        return reply.send({ files: await listDumpFolder(app.ctx, runId, body.file_path) });
      return sendFile(app.ctx, reply, runId, body.file_path);
    },
    { body: TestRunDumpFileRequest },
  );

  // The same file by GET, for the dashboard's fetchBlob (thumbnails, the image dialog, logs).
  const FileQuery = z.object({ path: z.string().max(4096) });
  defineRawRoute(
    app,
    'GET',
    '/api/admin/test-run-dumps/:id/file',
    access.admin,
    async ({ request, reply }) => {
      const runId = runIdOf(request.params);
      const query = FileQuery.safeParse(request.query);
      if (!query.success) throw badRequest('Expected ?path= of a file in the dump');
      return sendFile(app.ctx, reply, runId, query.data.path);
    },
  );

  // The whole zip, streamed from the blob store as it is read.
  defineRawRoute(
    app,
    'GET',
    '/api/admin/test-run-dumps/:id/download',
    access.admin,
    async ({ request, reply }) => {
      const runId = runIdOf(request.params);
      const { stream, size } = await dumpDownload(app.ctx, runId);
      return reply
        .type('application/zip')
        .header('Content-Length', size)
        .header(
          'Content-Disposition',
          `attachment; filename="test-run-${runId.replace(/[^A-Za-z0-9_-]/g, '_')}.zip"`,
        )
        .header('X-Content-Type-Options', 'nosniff')
        .send(stream);
    },
  );
}
