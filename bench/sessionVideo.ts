/**
 * Session video benchmark: how long a 5-minute session's video takes from the first ask to ready (issue 29's goal:
 * at most 60 s), and what the ffmpeg it runs costs in CPU. Usage: bench/README.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { UserAction } from '@proctor/contracts';
import { newPublicId, newSecret, organizations, sessions } from '@proctor/db';
import { API_KEY_PREFIX } from '../apps/server/src/auth/authenticate';
import { SessionRecordingWriter } from '../apps/server/src/environments/recordingWriter';
import { createProctor, loadConfig } from '../apps/server/src/index';
import { runBenchmark } from './support/main';

const GOAL_MS = 60_000;
const { values: options } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    minutes: { type: 'string', default: '5' },
    'steps-per-minute': { type: 'string', default: '60' },
  },
});
const minutes = Number(options.minutes) || 5;
const stepCount = Math.max(1, Math.round(minutes * (Number(options['steps-per-minute']) || 60)));
const progress = (line: string) => process.stderr.write(`${line}\n`);

/** CPU time of this process's waited-for children (ffmpeg), from /proc: cutime + cstime, in milliseconds. */
function childrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // After ") ": field 3 (state) is index 0, so cutime (16) and cstime (17) are indexes 13 and 14.
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
}

interface Results {
  sessionSeconds: number;
  steps: number;
  screenshotBytes: number;
  readyMs: number;
  ffmpegCpuMs: number;
  videoBytes: number;
  videoSeconds: number;
}

await runBenchmark<Results>({
  progress,
  json: options.json,
  closing: 'Proctor and its data folder',
  run: async (teardown) => {
    const dir = mkdtempSync(join(tmpdir(), 'proctor-bench-video-'));
    teardown.add('data folder', async () => rmSync(dir, { recursive: true, force: true }));
    progress(`Making ${stepCount} distinct 1280x720 JPEG screenshots (ffmpeg's testsrc2)…`);
    const shots = join(dir, 'shots');
    execFileSync('mkdir', ['-p', shots]);
    execFileSync('ffmpeg', [
      ...['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=1'],
      ...['-frames:v', String(stepCount), '-q:v', '8', join(shots, 'shot-%05d.jpg')],
    ]);
    const pictures = readdirSync(shots)
      .sort()
      .map((name) => readFileSync(join(shots, name)));

    const config = loadConfig({
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'error',
      BROWSER_POOL_SIZE: '0',
    });
    progress('Starting Proctor (in-memory PGlite, blobs under a temporary DATA_DIR)…');
    const proctor = await createProctor(config, { database: { kind: 'pglite' } });
    teardown.add('Proctor', () => proctor.close());
    const { db, blobs, videos } = proctor.ctx;
    const [organization] = await db
      .insert(organizations)
      .values({
        publicId: newPublicId(),
        name: 'Video bench',
        purpose: 'benchmark',
        apiKey: newSecret(API_KEY_PREFIX),
      })
      .returning();
    const sessionMs = minutes * 60_000;
    const startedAt = new Date(Date.now() - sessionMs - 60_000);
    const [session] = await db
      .insert(sessions)
      .values({
        publicId: newPublicId(),
        status: 'run_completed',
        organizationId: organization!.id,
        startedAt,
        endedAt: new Date(startedAt.getTime() + sessionMs),
        sessionDuration: sessionMs / 3_600_000,
      })
      .returning();
    progress(`Recording a ${minutes}-minute session of ${stepCount} steps…`);
    const writer = new SessionRecordingWriter(db, blobs, session!, () => [], undefined);
    const stepMs = sessionMs / (stepCount + 1);
    pictures.forEach((picture, idx) => {
      const at = startedAt.getTime() + Math.round(stepMs * (idx + 1));
      const action: UserAction = {
        type: 'click',
        id: `a${idx}`,
        timestamp: at,
        is_simulator_action: false,
        metadata: { start_seq_id: idx * 2, end_seq_id: idx * 2 + 1 },
        x: 100,
        y: 100,
        button: 'left',
        target: null,
      } as UserAction;
      const state = {
        current_url: `http://shop.localhost/page-${idx}`,
        screenshot: { data: picture, mime: 'image/jpeg' as const, width: 1280, height: 720 },
        metadata: { bboxes: [] },
      };
      writer.step({
        idx,
        action,
        before_state: state,
        after_state: state,
        mutations: { before: 0, after: 0 },
      });
    });
    await writer.finish();

    progress('Asking for its video and asking again until it is ready…');
    const cpuBefore = childrenCpuMs();
    const asked = performance.now();
    let answer = await videos.screenRecording(session!);
    while (answer.status === 'rendering') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await videos.screenRecording(session!);
    }
    const readyMs = performance.now() - asked;
    if (answer.status !== 'ready') throw new Error(`The video was not made: ${answer.detail}`);
    const ffmpegCpuMs = childrenCpuMs() - cpuBefore;
    const file = answer.url!.slice(answer.url!.lastIndexOf('/') + 1);
    const video = (await blobs.get(`sessions/${session!.publicId}/videos/${file}`))!;
    const videoPath = join(dir, 'video.webm');
    writeFileSync(videoPath, video);
    const probed = execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', videoPath],
      { encoding: 'utf8' },
    );
    return {
      sessionSeconds: sessionMs / 1000,
      steps: stepCount,
      screenshotBytes: pictures.reduce((sum, picture) => sum + picture.byteLength, 0),
      readyMs,
      ffmpegCpuMs,
      videoBytes: video.byteLength,
      videoSeconds: Number(probed.trim()),
    };
  },
  goals: (results) => [
    {
      goal: `a ${minutes}-minute session's video ready <= ${GOAL_MS / 1000} s after it is asked for`,
      measured: `${(results.readyMs / 1000).toFixed(1)} s`,
      met: results.readyMs <= GOAL_MS,
    },
    {
      goal: 'the video lasts as long as the session (within 1 s)',
      measured: `${results.videoSeconds.toFixed(2)} s for ${results.sessionSeconds} s`,
      met: Math.abs(results.videoSeconds - results.sessionSeconds) < 1,
    },
  ],
  report: (results, goals) => {
    const MiB = 1024 * 1024;
    console.log(
      `Session: ${results.sessionSeconds} s, ${results.steps} steps, screenshots ${(results.screenshotBytes / MiB).toFixed(1)} MiB`,
    );
    console.log(
      `Ask to ready: ${(results.readyMs / 1000).toFixed(2)} s; ffmpeg CPU ${(results.ffmpegCpuMs / 1000).toFixed(2)} s (one thread)`,
    );
    console.log(
      `Video: ${(results.videoBytes / MiB).toFixed(2)} MiB WebM (VP8), ${results.videoSeconds.toFixed(2)} s`,
    );
    for (const goal of goals) console.log(`${goal.met ? 'MET   ' : 'MISSED'} ${goal.goal}: ${goal.measured}`);
  },
});
