import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import type { RecordingDocument } from '../src';
import type { V1Document } from '../src/versions/v1';

/** A fixture file, parsed afresh (tests may change it). */
export function readFixture(name: 'v1-session' | 'v2-session' | 'v3-future'): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));
}

export const v1Session = () => readFixture('v1-session') as z.input<typeof V1Document>;
export const v2Session = () => readFixture('v2-session') as RecordingDocument;

/** The bytes of a v1 inline screenshot (base64, or a base64 data: URL). */
export function inlineBytes(screenshotBase64: string): Buffer {
  return Buffer.from(screenshotBase64.replace(/^data:[^,]*;base64,/, ''), 'base64');
}
