import { createHash } from 'node:crypto';
import {
  IN_PROGRESS_SESSION_STATUSES,
  type RecordedStep,
  type ScreenRecordingResponse,
  type ScreenshotRef,
  SESSION_VIDEO,
} from '@proctor/contracts';
import type { Database } from '@proctor/db';
import { sessionBlobPrefix } from '../environments/recordingWriter';
import type { JobOutcome, JobQueue } from '../kernel/queue/queue';
import type { BlobStore } from '../kernel/storage/blobs';
import { type FrameSize, frameSizeOf, type VideoEncoder } from '../kernel/video/ffmpeg';
import { recordedSteps } from '../repositories/recordings';
import type { SessionRow } from '../repositories/sessions';

/** What a session's video shows: each picture (a blob) for its time, and where the video is kept. */
export interface VideoPlan {
  /** The video's blob key: a fingerprint of what it shows, so a recording that changed gets a new video. */
  key: string;
  /** The key's last segment, the file name in the video's url. */
  file: string;
  size: FrameSize;
  frames: Array<{ blobKey: string; extension: string; durationMs: number }>;
}

const extensionOf = (screenshot: ScreenshotRef) => screenshot.key.slice(screenshot.key.lastIndexOf('.') + 1);

/**
 * The video of an ended session from its recording: the first step's page before it acted from the session's
 * start, then each step's result (its after-state screenshot) until the next step, the last one until the
 * session ended. Pictures of another kind than the first (an old recording's PNG among JPEGs) are left out,
 * the one before staying on screen: ffmpeg's concat demuxer reads one kind of picture per video.
 */
export function sessionVideoPlan(
  session: Pick<
    SessionRow,
    'publicId' | 'status' | 'startedAt' | 'createdAt' | 'endedAt' | 'sessionDuration'
  >,
  steps: readonly RecordedStep[],
): VideoPlan | { problem: string } {
  if ((IN_PROGRESS_SESSION_STATUSES as readonly string[]).includes(session.status))
    return { problem: "A session's video is made once the session has ended" };
  // A queued run's start, after its wait for a slot, as the session page counts its steps' times.
  const startMs = (session.startedAt ?? session.createdAt).getTime();
  const pictures: Array<{ atMs: number; screenshot: ScreenshotRef }> = [];
  const first = steps.find((step) => step.before_state?.screenshot)?.before_state?.screenshot;
  if (first) pictures.push({ atMs: startMs, screenshot: first });
  for (const step of steps) {
    const screenshot = step.after_state?.screenshot ?? step.before_state?.screenshot;
    if (screenshot) pictures.push({ atMs: Math.max(startMs, step.action.timestamp), screenshot });
  }
  const kind = pictures[0] && extensionOf(pictures[0].screenshot);
  const shown = pictures.filter((picture) => extensionOf(picture.screenshot) === kind);
  const lastAt = shown.at(-1)?.atMs;
  if (lastAt === undefined) return { problem: 'This session recorded no screenshots to make a video of' };
  const recordedEnd =
    session.endedAt?.getTime() ??
    (session.sessionDuration === null ? undefined : startMs + session.sessionDuration * 3_600_000);
  const endMs =
    recordedEnd !== undefined && recordedEnd > lastAt ? recordedEnd : lastAt + SESSION_VIDEO.lastPictureMs;
  const prefix = sessionBlobPrefix(session.publicId);
  const frames = shown
    .map((picture, i) => ({
      blobKey: `${prefix}/${picture.screenshot.key}`,
      extension: kind!,
      durationMs: (shown[i + 1]?.atMs ?? endMs) - picture.atMs,
    }))
    // A picture replaced at the same moment is never seen.
    .filter((frame) => frame.durationMs > 0);
  const size = frameSizeOf(shown.map((picture) => picture.screenshot));
  const fingerprint = createHash('sha256')
    .update(JSON.stringify({ size, frames }))
    .digest('hex')
    .slice(0, 32);
  const file = `${fingerprint}.webm`;
  return { key: `${prefix}/videos/${file}`, file, size, frames };
}

/** Where the dashboard fetches a session's video from (the caller's access is checked there again). */
export const sessionVideoUrl = (sessionPublicId: string, file: string) =>
  `/api/session/${encodeURIComponent(sessionPublicId)}/screen-recording/${file}`;

/**
 * Session videos on demand: a video kept in the blob store is answered at once; otherwise a render job is queued
 * and the caller asks again. This process remembers the jobs it queued, so a second ask does not queue another
 * and a failure is told once (the next ask tries again).
 */
export class SessionVideos {
  readonly #rendering = new Map<string, { outcome: JobOutcome | null }>();

  constructor(
    private readonly parts: { db: Database; blobs: BlobStore; queue: JobQueue; encoder: VideoEncoder },
  ) {}

  async screenRecording(session: SessionRow): Promise<ScreenRecordingResponse> {
    const { encoder, blobs, queue } = this.parts;
    if (encoder.problem !== null) return { url: null, status: 'unavailable', detail: encoder.problem };
    const plan = sessionVideoPlan(session, await recordedSteps(this.parts.db, session.id));
    if ('problem' in plan) return { url: null, status: 'unavailable', detail: plan.problem };
    if ((await blobs.size(plan.key)) !== undefined) {
      this.#rendering.delete(plan.key);
      return { url: sessionVideoUrl(session.publicId, plan.file), status: 'ready' };
    }
    const rendering = this.#rendering.get(plan.key);
    if (rendering?.outcome?.status === 'failed') {
      this.#rendering.delete(plan.key);
      return {
        url: null,
        status: 'failed',
        detail: `The video could not be made: ${rendering.outcome.reason}`,
      };
    }
    if (!rendering || rendering.outcome?.status === 'completed') {
      const entry: { outcome: JobOutcome | null } = { outcome: null };
      this.#rendering.set(plan.key, entry);
      const job = await queue.add('renderSessionVideo', { sessionId: session.id });
      void job.finished.then((outcome) => {
        entry.outcome = outcome;
      });
    }
    return { url: null, status: 'rendering' };
  }
}
