import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { endpoints } from '@proctor/contracts';
import { newPublicId, sessions } from '@proctor/db';
import type { CapturedStep } from '@proctor/environments';
import { afterAll, expect, it } from 'vitest';
import { createProctor } from '../src/app/server';
import { SessionRecordingWriter, sessionBlobPrefix } from '../src/environments/recordingWriter';
import { loadConfig } from '../src/kernel/config';
import { testDatabases } from './support/databases';
import { describeEachDatabase } from './support/proctor';
import { startS3StandIn } from './support/s3StandIn';

/** A real 1x1 JPEG: what the recorder stores for a screenshot. */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
);
const PREFIX = 'proctor-test';

// The stand-in runs before the servers start, since their configuration names its address.
const s3 = await startS3StandIn({ pageSize: 2 });
afterAll(() => s3.close());

const s3Env = {
  BLOB_STORE_URL: s3.url,
  BLOB_STORE_ACCESS_KEY_ID: s3.accessKeyId,
  BLOB_STORE_SECRET_ACCESS_KEY: s3.secretAccessKey,
  BLOB_STORE_REGION: s3.region,
  BLOB_STORE_PREFIX: PREFIX,
};
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

describeEachDatabase(
  'blob store: S3-compatible, when BLOB_STORE_URL is set',
  (proctor) => {
    it("should store a recording's screenshots in the bucket and serve them from there", async () => {
      const member = await proctor().actor();
      const { db, blobs } = proctor().ctx;
      const [session] = await db
        .insert(sessions)
        .values({
          publicId: newPublicId(),
          status: 'run_completed',
          organizationId: member.organization!.id,
          userId: member.user.id,
        })
        .returning();
      const writer = new SessionRecordingWriter(
        db,
        blobs,
        { id: session!.id, publicId: session!.publicId },
        () => [],
        undefined,
      );
      const state = {
        current_url: 'http://shop.localhost/',
        screenshot: { data: JPEG, mime: 'image/jpeg' as const, width: 1, height: 1 },
        metadata: { bboxes: [] },
      };
      const step: CapturedStep = {
        idx: 0,
        action: {
          type: 'url_change',
          id: 'a0',
          timestamp: Date.now(),
          is_simulator_action: false,
          metadata: { start_seq_id: 1, end_seq_id: 1 },
          url: 'http://shop.localhost/',
        },
        before_state: state,
        after_state: state,
        mutations: { before: 0, after: 0 },
      };
      writer.step(step);
      await writer.finish();

      const detail = await proctor().call(endpoints.getSession, {
        params: { id: session!.publicId },
        as: member,
      });
      expect(detail.status, detail.body.detail).toBe(200);
      const url = detail.body.snapshot.snapshots[0]!.after_state!.screenshot_url!;
      const key = url.slice(url.lastIndexOf('/') + 1);

      const objectKey = `${PREFIX}/${sessionBlobPrefix(session!.publicId)}/${key}`;
      expect(s3.objects.get(objectKey)).toEqual(JPEG);
      // Nothing went to the file store.
      expect(existsSync(join(proctor().ctx.config.dataDir, 'blobs'))).toBe(false);

      const operationsBefore = s3.operations.length;
      expect(url).toBe(`/api/session/${session!.publicId}/screenshots/${key}`);
      // A screenshot is an image, which no endpoint of the contract describes.
      const screenshot = await proctor().request({ method: 'GET', url, as: member });
      expect(screenshot.statusCode, screenshot.body).toBe(200);
      expect(screenshot.headers['content-type']).toBe('image/jpeg');
      expect(screenshot.rawPayload).toEqual(JPEG);
      expect(s3.operations.slice(operationsBefore)).toEqual(['GetObject']);

      const missing = await proctor().request({
        method: 'GET',
        url: `/api/session/${session!.publicId}/screenshots/${'0'.repeat(32)}.jpg`,
        as: member,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'Screenshot not found' });
    });

    it('should say at start which store it uses, without the secret', () => {
      const line = logLines.map((text) => JSON.parse(text)).find((entry) => entry.blobStore);
      expect(line.msg).toBe(
        `blob store: S3 bucket ${s3.bucket} at ${s3.endpoint} (path-style, keys under ${PREFIX}/)`,
      );
      expect(logLines.join('')).not.toContain(s3.secretAccessKey);
    });
  },
  { env: s3Env, logStream },
);

it('should refuse to start when the blob store refuses its credentials', async () => {
  const database = testDatabases()[0]!;
  const created = await database.create();
  try {
    const config = loadConfig({
      ...process.env,
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
      REDIS_URL: '',
      BROWSER_POOL_SIZE: '0',
      ...s3Env,
      BLOB_STORE_SECRET_ACCESS_KEY: 'a-wrong-secret-for-the-stand-in',
    });
    await expect(createProctor(config, { database: created.config, builtInSimulators: [] })).rejects.toThrow(
      /^S3 ListObjectsV2 "proctor-test\/" in bucket proctor-blobs failed: 403 SignatureDoesNotMatch/,
    );
  } finally {
    await created.drop();
  }
});
