import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpoints } from '@proctor/contracts';
import { newPublicId, sessions } from '@proctor/db';
import type { CapturedStep } from '@proctor/environments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionRecordingWriter } from '../src/environments/recordingWriter';
import { testDatabases } from './support/databases';
import { type Actor, describeEachDatabase, startTestProctor, type TestProctor } from './support/proctor';
import { clickAction } from './support/storedSessions';

/** Real screenshots of three colours (320x240 JPEGs), made by the ffmpeg the feature uses. */
function pictures(): Buffer[] {
  const dir = mkdtempSync(join(tmpdir(), 'proctor-video-test-'));
  try {
    return ['red', 'green', 'blue'].map((colour) => {
      const file = join(dir, `${colour}.jpg`);
      execFileSync('ffmpeg', [
        '-nostdin',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        `color=${colour}:s=320x240`,
        '-frames:v',
        '1',
        file,
      ]);
      return readFileSync(file);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The ended session's span: its steps at 1 s, 2.5 s and 4 s, its end at 6 s. */
const STEP_OFFSETS_MS = [1000, 2500, 4000];
const SESSION_MS = 6000;

/** An ended session of `owner`'s organization with three steps, as an environment would have written it. */
async function recordedSession(proctor: TestProctor, owner: Actor) {
  const { db, blobs } = proctor.ctx;
  const startedAt = new Date(Date.now() - 60_000);
  const [session] = await db
    .insert(sessions)
    .values({
      publicId: newPublicId(),
      status: 'run_completed',
      organizationId: owner.organization!.id,
      userId: owner.user.id,
      startedAt,
      endedAt: new Date(startedAt.getTime() + SESSION_MS),
      sessionDuration: SESSION_MS / 3_600_000,
    })
    .returning();
  const writer = new SessionRecordingWriter(db, blobs, session!, () => [], undefined);
  const shots = pictures();
  STEP_OFFSETS_MS.forEach((offset, idx) => {
    const state = (picture: Buffer) => ({
      current_url: `http://shop.localhost/page-${idx}`,
      screenshot: { data: picture, mime: 'image/jpeg' as const, width: 320, height: 240 },
      metadata: { bboxes: [] },
    });
    const step: CapturedStep = {
      idx,
      action: clickAction(`a${idx}`, startedAt.getTime() + offset),
      before_state: state(shots[idx]!),
      after_state: state(shots[(idx + 1) % shots.length]!),
      mutations: { before: 0, after: 0 },
    };
    writer.step(step);
  });
  await writer.finish();
  return session!;
}

/** Seconds of the WebM, read by ffprobe (from the same package as ffmpeg). */
function probedDuration(video: Buffer): number {
  const dir = mkdtempSync(join(tmpdir(), 'proctor-video-probe-'));
  try {
    const file = join(dir, 'video.webm');
    writeFileSync(file, video);
    const out = execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file],
      {
        encoding: 'utf8',
      },
    );
    return Number(out.trim());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describeEachDatabase('session videos', (proctor) => {
  it("should make an ended session's video as a job, keep its steps' times, serve it ranged, and hide it from other organizations", async () => {
    const member = await proctor().actor();
    const stranger = await proctor().actor();
    const session = await recordedSession(proctor(), member);
    const ask = (as?: Actor) =>
      proctor().call(endpoints.sessionScreenRecording, { params: { id: session.publicId }, as });

    const first = await ask(member);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ url: null, status: 'rendering' });
    let answer = first.body;
    await expect
      .poll(
        async () => {
          answer = (await ask(member)).body;
          return answer.status;
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe('ready');
    expect(answer.url).toMatch(
      new RegExp(`^/api/session/${session.publicId}/screen-recording/[a-f0-9]{32}\\.webm$`),
    );

    const video = await proctor().request({ method: 'GET', url: answer.url!, as: member });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/webm');
    expect(video.headers['accept-ranges']).toBe('bytes');
    expect(video.rawPayload.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    expect(Math.abs(probedDuration(video.rawPayload) - SESSION_MS / 1000)).toBeLessThan(1);

    const head = await proctor().request({
      method: 'GET',
      url: answer.url!,
      as: member,
      headers: { range: 'bytes=0-3' },
    });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-3/${video.rawPayload.length}`);
    expect(head.rawPayload.toString('hex')).toBe('1a45dfa3');

    // Asked again, the kept video is answered without another job.
    expect((await ask(member)).body).toEqual(answer);

    expect((await ask(stranger)).status).toBe(404);
    expect((await proctor().request({ method: 'GET', url: answer.url!, as: stranger })).statusCode).toBe(404);
    expect((await proctor().request({ method: 'GET', url: answer.url! })).statusCode).toBe(404);
  });

  it('should say why there is no video of a session that is still running or recorded no screenshots', async () => {
    const member = await proctor().actor();
    const { db } = proctor().ctx;
    const [running] = await db
      .insert(sessions)
      .values({ publicId: newPublicId(), status: 'run_started', organizationId: member.organization!.id })
      .returning();
    const [empty] = await db
      .insert(sessions)
      .values({ publicId: newPublicId(), status: 'run_completed', organizationId: member.organization!.id })
      .returning();
    const ask = (id: string) =>
      proctor().call(endpoints.sessionScreenRecording, { params: { id }, as: member });
    expect((await ask(running!.publicId)).body).toEqual({
      url: null,
      status: 'unavailable',
      detail: "A session's video is made once the session has ended",
    });
    expect((await ask(empty!.publicId)).body).toEqual({
      url: null,
      status: 'unavailable',
      detail: 'This session recorded no screenshots to make a video of',
    });
  });
});

describe('session videos without ffmpeg', () => {
  let proctor: TestProctor;
  beforeAll(async () => {
    proctor = await startTestProctor(testDatabases()[0]!, { env: { FFMPEG_PATH: '/nonexistent/ffmpeg' } });
  });
  afterAll(async () => {
    await proctor?.close();
  });

  it('should say that ffmpeg is not installed', async () => {
    const member = await proctor.actor();
    const session = await recordedSession(proctor, member);
    const answer = await proctor.call(endpoints.sessionScreenRecording, {
      params: { id: session.publicId },
      as: member,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      url: null,
      status: 'unavailable',
      detail:
        'Session videos are made with ffmpeg, which is not installed on this machine (Debian: apt-get install ffmpeg, or set FFMPEG_PATH)',
    });
  });
});
