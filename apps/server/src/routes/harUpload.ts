import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import { endpoints, HAR_UPLOAD_MESSAGES, mayCreateSimulators } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { viewerOf } from '../kernel/access/viewer';
import { badRequest, forbidden, HttpError } from '../kernel/http/errors';
import type { SimulatorRow } from '../repositories/simulators';
import { createHarSessionAndRecording, isAddToRecording } from '../services/harRecording';
import { harPlaceholder, harSimulator, type ImportedHar, readHar } from '../services/harUpload';
import { access, defineRoute } from './route';

/**
 * HAR upload: any member of an organization (000 §6 lists no flag for it; annotator organizations use it as
 * others do, 002 §1). Multipart is parsed for this route's scope only, the file streamed, never buffered.
 */
export async function harUploadRoutes(app: FastifyInstance) {
  const maxBytes = app.ctx.config.harMaxBytes;
  await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 4 } });
  // Read requests' rows wait on disk until the whole file has passed (see readHar).
  const spoolFolder = join(app.ctx.config.dataDir, 'tmp', 'har');
  const tooLarge = () => new HttpError(413, `The HAR file is larger than ${maxBytes} bytes (HAR_MAX_BYTES)`);

  defineRoute(app, endpoints.uploadHar, access.member(), async ({ principal, request, app: ctx }) => {
    if (!request.isMultipart())
      throw badRequest('Send the HAR file as multipart/form-data (har_file, simulator_id)');
    const viewer = viewerOf(principal);
    let simulator: SimulatorRow | undefined;
    let imported: ImportedHar | undefined;
    let addToRecording = false;
    try {
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'har_file') throw badRequest(`Unexpected file field: ${part.fieldname}`);
            if (imported) throw badRequest('Send one HAR file');
            // Past the limit the file stream just ends: the cut file must answer 413, not "not valid JSON".
            const read = readHar(part.file, harPlaceholder(ctx.tokens.secret), spoolFolder, ctx.blobs);
            imported = await read.catch((error) => {
              throw part.file.truncated ? tooLarge() : error;
            });
            if (part.file.truncated) throw tooLarge();
          } else if (part.fieldname === 'simulator_id') {
            // Sent before the file (as the dashboard does), a simulator outside the plan is refused unread.
            simulator = await harSimulator(ctx.db, viewer, String(part.value));
          } else if (part.fieldname === 'add_to_recording') {
            addToRecording = isAddToRecording(String(part.value));
            // A proxy simulator's recording is every organization's replay: changed by those who add simulators.
            if (addToRecording && !mayCreateSimulators(principal.permissions))
              throw forbidden("Adding to a proxy simulator's recording needs is_admin or create_simulator");
          }
        }
      } catch (error) {
        throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : error;
      }
      if (!simulator || !imported) throw badRequest(HAR_UPLOAD_MESSAGES.required);
      const session = await createHarSessionAndRecording(
        ctx.db,
        ctx.blobs,
        { organizationId: principal.organization.id, userId: principal.user?.id ?? null },
        simulator,
        imported,
        addToRecording,
      );
      await imported.discard();
      return { session_id: session.publicId, requests_count: imported.requestCount };
    } catch (error) {
      // No session was made (a field after the file may still refuse it): the file's bodies and rows go too.
      await imported?.abandon();
      throw error;
    }
  });
}
