import { createHash } from 'node:crypto';
import {
  BROWSER_SESSION_MESSAGES,
  EXTENSION_MESSAGES,
  EXTENSION_RECORDING,
  type ExtensionStep,
  type PageState,
  RECORDING_FORMAT_VERSION,
  type UserAction,
} from '@proctor/contracts';
import type { Database } from '@proctor/db';
import { imageSize } from '@proctor/recording';
import { signRecordingToken, verifyRecordingToken } from '../auth/recordingTokens';
import type { TokenService } from '../auth/tokens';
import { sessionBlobPrefix } from '../environments/recordingWriter';
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized } from '../kernel/http/errors';
import type { BlobStore } from '../kernel/storage/blobs';
import { findRecordedBrowserSession, type RecordedBrowserSession } from '../repositories/extensionRecordings';
import { insertSteps, type NewStepRow } from '../repositories/recordings';

export interface ExtensionRecordingParts {
  db: Database;
  tokens: TokenService;
  blobs: BlobStore;
}

/** Statuses of a recorded session that is still being recorded. */
const RECORDING_STATUSES = new Set(['created', 'run_queued', 'run_started', 'run_setup_completed']);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const FILE_EXTENSION = { 'image/jpeg': 'jpg', 'image/png': 'png' } as const;

const tooLarge = (detail: string) => new HttpError(413, detail);

function refuseEnded(row: RecordedBrowserSession): void {
  if (row.session.endedAt || !RECORDING_STATUSES.has(row.session.status))
    throw conflict(BROWSER_SESSION_MESSAGES.notRunning('closed'));
}

/**
 * The capability the Chrome extension uploads a trainer session's steps with: handed to the person who opened
 * the session (another organization's answers 404), while it records.
 */
export async function issueRecordingToken(
  { db, tokens }: ExtensionRecordingParts,
  publicId: string,
  caller: { organizationId: number; userId: number | null },
): Promise<{ token: string; expiresAt: string }> {
  // A person records, never an API key.
  if (caller.userId === null) throw forbidden(EXTENSION_MESSAGES.notYours);
  const row = await findRecordedBrowserSession(db, publicId);
  if (!row || row.organizationId !== caller.organizationId) throw notFound(BROWSER_SESSION_MESSAGES.notFound);
  if (row.userId !== caller.userId) throw forbidden(EXTENSION_MESSAGES.notYours);
  if (row.type !== 'trainer') throw conflict(EXTENSION_MESSAGES.notTrainer);
  refuseEnded(row);
  const { token, expiresAt } = await signRecordingToken(
    tokens,
    publicId,
    EXTENSION_RECORDING.ingestTokenTtlSeconds,
  );
  return { token, expiresAt: expiresAt.toISOString() };
}

/**
 * Appends the steps the extension recorded to the trainer session its capability names: 401 without a valid
 * one, 404 for a session outside the capability's organization, 403 for another session of it, 409 once the
 * session has ended, 413 past the limits. A step number already stored is left as it is (a batch sent again).
 */
export async function appendExtensionSteps(
  { db, tokens, blobs }: ExtensionRecordingParts,
  publicId: string,
  token: string | undefined,
  steps: readonly ExtensionStep[],
): Promise<number> {
  const holderId = token ? await verifyRecordingToken(tokens, token) : null;
  if (!holderId) throw unauthorized(EXTENSION_MESSAGES.tokenInvalid);
  const [target, holder] = await Promise.all([
    findRecordedBrowserSession(db, publicId),
    holderId === publicId ? undefined : findRecordedBrowserSession(db, holderId),
  ]);
  const holderOrganization = holderId === publicId ? target?.organizationId : holder?.organizationId;
  if (!target || holderOrganization !== target.organizationId)
    throw notFound(BROWSER_SESSION_MESSAGES.notFound);
  if (holderId !== publicId) throw forbidden(EXTENSION_MESSAGES.tokenForAnotherSession);
  refuseEnded(target);
  if (steps.length > EXTENSION_RECORDING.maxStepsPerBatch) throw tooLarge(EXTENSION_MESSAGES.tooManySteps);

  const earliest = (target.session.startedAt ?? target.session.createdAt).getTime();
  const latest = Date.now() + EXTENSION_RECORDING.clockSkewMs;
  const screenshots = steps.map((step) => {
    if (step.idx >= EXTENSION_RECORDING.maxStepsPerSession) throw tooLarge(EXTENSION_MESSAGES.sessionFull);
    if (step.timestamp < earliest - EXTENSION_RECORDING.clockSkewMs || step.timestamp > latest)
      throw badRequest(EXTENSION_MESSAGES.timestampOutside);
    return step.screenshot === undefined ? null : decodeScreenshot(step.screenshot);
  });

  const rows: NewStepRow[] = [];
  for (const [at, step] of steps.entries()) {
    const image = screenshots[at] ?? null;
    let screenshot: PageState['screenshot'] = null;
    if (image) {
      const name = `${createHash('sha256').update(image.data).digest('hex').slice(0, 32)}.${FILE_EXTENSION[image.mime]}`;
      await blobs.put(`${sessionBlobPrefix(target.session.publicId)}/${name}`, image.data);
      screenshot = {
        key: name,
        mime: image.mime,
        width: image.width,
        height: image.height,
        bytes: image.data.byteLength,
      };
    }
    const element = 'target' in step.action ? step.action.target : null;
    rows.push({
      sessionId: target.session.id,
      idx: step.idx,
      action: recordedAction(step),
      beforeState: {
        current_url: step.url,
        screenshot,
        metadata: { bboxes: element?.bbox ? [element.bbox] : [] },
      },
      afterState: null,
      mutationsBefore: 0,
      mutationsAfter: 0,
      page: `tab-${step.tab}`,
      formatVersion: RECORDING_FORMAT_VERSION,
    });
  }
  await insertSteps(db, rows);
  return rows.length;
}

/** A screenshot's bytes, a JPEG or PNG by its first bytes (400 otherwise), at most the cap (413). */
function decodeScreenshot(base64: string) {
  if (!BASE64.test(base64)) throw badRequest(EXTENSION_MESSAGES.screenshotNotImage);
  if (Math.floor((base64.length * 3) / 4) > EXTENSION_RECORDING.maxScreenshotBytes + 2)
    throw tooLarge(EXTENSION_MESSAGES.screenshotTooLarge);
  const data = Buffer.from(base64, 'base64');
  if (data.byteLength > EXTENSION_RECORDING.maxScreenshotBytes)
    throw tooLarge(EXTENSION_MESSAGES.screenshotTooLarge);
  const size = imageSize(data);
  if (!size) throw badRequest(EXTENSION_MESSAGES.screenshotNotImage);
  return { data, ...size };
}

/** The step's action in the recording's format: the extension's tab steps are the person's own. */
function recordedAction(step: ExtensionStep): UserAction {
  const base = {
    id: `extension-${step.idx}`,
    timestamp: step.timestamp,
    is_simulator_action: false,
    metadata: { start_seq_id: step.idx, end_seq_id: step.idx, frame_url: step.url },
  };
  return { ...base, ...step.action };
}
