import { RECORDING_FORMAT_VERSION, RecordedStep } from '@proctor/contracts';
import { parseOrThrow, RecordingFormatError } from './errors';
import { RECORDING_DOCUMENT_FORMAT } from './format';
import { MODERNIZERS } from './modernizers';
import type { Modernizer } from './modernizers/modernizer';
import { MUTATION_COUNTS_SINCE_VERSION, type MutationCounts, RecordingDocumentV2 } from './versions/v2';

/** The recording format version this Proctor writes, and the newest it reads. */
export const CURRENT_RECORDING_VERSION = RECORDING_FORMAT_VERSION;

/** The schema of a recording document in the current version. */
export const RecordingDocument = RecordingDocumentV2;
export type RecordingDocument = RecordingDocumentV2;

/** A step read from the server's storage, in the current format. */
export interface ModernizedStep {
  step: RecordedStep;
  /** Screenshot bytes taken out of an old step, by ScreenshotRef key, for the blob store; {} for current steps. */
  attachments: Record<string, Buffer>;
  /** 'unknown' when the step was recorded before mutations were counted: its `mutations` are a 0/0 filler. */
  mutationCounts: MutationCounts;
}

/**
 * Reads a recording document of any version Proctor has written and returns it in the current version.
 * Throws a RecordingFormatError when it is not a recording, is newer than this Proctor, or is malformed (the
 * message names the path of the first problem).
 */
export function modernizeRecording(document: unknown): RecordingDocument {
  const fromVersion = versionOfDocument(document);
  let upgraded = document;
  for (let version = fromVersion; version < CURRENT_RECORDING_VERSION; version++)
    upgraded = modernizerFrom(version).document(upgraded);
  return parseOrThrow(
    RecordingDocument,
    upgraded,
    validationFailure('Proctor recording', fromVersion),
    fromVersion,
  );
}

/**
 * The same for one step as the server stores it (one row, with its `idx`, in the session's recording
 * version). Screenshots an old step held inline come back as attachments, to be put in the blob store under
 * their keys.
 */
export function modernizeStep(raw: unknown, fromVersion: number): ModernizedStep {
  checkReadable(fromVersion);
  let upgraded = raw;
  const attachments: Record<string, Buffer> = {};
  for (let version = fromVersion; version < CURRENT_RECORDING_VERSION; version++) {
    const result = modernizerFrom(version).step(upgraded);
    upgraded = result.step;
    Object.assign(attachments, result.attachments);
  }
  return {
    step: parseOrThrow(RecordedStep, upgraded, validationFailure('recorded step', fromVersion), fromVersion),
    attachments,
    mutationCounts: fromVersion < MUTATION_COUNTS_SINCE_VERSION ? 'unknown' : 'recorded',
  };
}

function validationFailure(what: string, fromVersion: number): string {
  return fromVersion === CURRENT_RECORDING_VERSION
    ? `Invalid ${what} (format version ${fromVersion})`
    : `Invalid ${what} after upgrading it from format version ${fromVersion} to ${CURRENT_RECORDING_VERSION}`;
}

/** The version a document says it is in, once it is sure to be a recording this Proctor can read. */
function versionOfDocument(document: unknown): number {
  const notARecording = (why: string) => new RecordingFormatError(`Not a Proctor recording: ${why}`, null);
  if (typeof document !== 'object' || document === null || Array.isArray(document))
    throw notARecording(
      `expected a JSON object, got ${Array.isArray(document) ? 'an array' : describe(document)}`,
    );
  const { format, version } = document as Record<string, unknown>;
  if (format !== RECORDING_DOCUMENT_FORMAT)
    throw notARecording(
      format === undefined
        ? `it has no "format" (expected "${RECORDING_DOCUMENT_FORMAT}")`
        : `"format" is ${describe(format)}, expected "${RECORDING_DOCUMENT_FORMAT}"`,
    );
  if (version === undefined) throw notARecording('it has no "version"');
  if (!isVersionNumber(version))
    throw notARecording(`"version" must be a whole number from 1, got ${describe(version)}`);
  checkReadable(version);
  return version;
}

function checkReadable(version: number): void {
  if (!isVersionNumber(version))
    throw new RecordingFormatError(
      `Not a Proctor recording version: ${describe(version)} (versions are whole numbers from 1)`,
      null,
    );
  if (version > CURRENT_RECORDING_VERSION)
    throw new RecordingFormatError(
      `This recording is in format version ${version}, newer than this Proctor reads (format version ` +
        `${CURRENT_RECORDING_VERSION} and older). Upgrade Proctor to open it.`,
      version,
    );
}

function isVersionNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1;
}

function modernizerFrom(version: number): Modernizer {
  const modernizer = MODERNIZERS[version];
  // Only when RECORDING_FORMAT_VERSION was raised without adding its modernizer (see modernizers/index.ts).
  if (!modernizer) throw new Error(`No recording modernizer from version ${version} to ${version + 1}`);
  return modernizer;
}

function describe(value: unknown): string {
  const json = JSON.stringify(value);
  return json === undefined ? String(value) : json.length > 60 ? `${json.slice(0, 57)}...` : json;
}
