import type { Database } from '@proctor/db';
import { JOBS, type JobHandler, PermanentJobError } from '../kernel/queue/catalog';
import type { BlobStore } from '../kernel/storage/blobs';
import { encodeSlideshow, type VideoEncoder } from '../kernel/video/ffmpeg';
import { recordedSteps } from '../repositories/recordings';
import { findSessionById } from '../repositories/sessions';
import { sessionVideoPlan } from '../services/sessionVideos';

/** The render-session-video job: the session's plan read again from its recording, encoded, kept under its key. */
export function renderSessionVideoHandler(
  db: Database,
  blobs: BlobStore,
  encoder: VideoEncoder,
): JobHandler<'renderSessionVideo'> {
  return {
    run: async ({ sessionId }, { signal }) => {
      if (encoder.path === null) throw new PermanentJobError(encoder.problem);
      const session = await findSessionById(db, sessionId);
      if (!session) throw new PermanentJobError('The session no longer exists');
      const plan = sessionVideoPlan(session, await recordedSteps(db, sessionId));
      if ('problem' in plan) throw new PermanentJobError(plan.problem);
      if ((await blobs.size(plan.key)) !== undefined) return { blobKey: plan.key };
      const frames = await Promise.all(
        plan.frames.map(async ({ blobKey, extension, durationMs }) => {
          const data = await blobs.get(blobKey);
          if (!data) throw new PermanentJobError(`A screenshot of the session is missing (${blobKey})`);
          return { data, extension, durationMs };
        }),
      );
      const video = await encodeSlideshow(encoder.path, frames, plan.size, {
        signal,
        timeoutMs: JOBS.renderSessionVideo.timeoutMs,
      });
      await blobs.put(plan.key, video);
      return { blobKey: plan.key };
    },
    // The route's next ask says why.
    failed: async () => undefined,
  };
}
