import { execFile, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { SESSION_VIDEO } from '@proctor/contracts';

/** One picture of a slideshow and how long it stays on screen. */
export interface SlideshowFrame {
  data: Uint8Array;
  /** The picture's file extension (`jpg`, `png`): every frame of one slideshow has the same. */
  extension: string;
  durationMs: number;
}

/** ffmpeg found on this machine, or why it cannot make videos. */
export type VideoEncoder = { path: string; problem: null } | { path: null; problem: string };

const MISSING =
  'Session videos are made with ffmpeg, which is not installed on this machine (Debian: apt-get install ffmpeg, or set FFMPEG_PATH)';

/** What each program was found to be, once per process (every test server starts one). */
const found = new Map<string, VideoEncoder>();

/** Finds ffmpeg (FFMPEG_PATH: a path, or a name looked up on PATH) and checks that it runs and has a WebM encoder. */
export function findVideoEncoder(program: string): VideoEncoder {
  let encoder = found.get(program);
  if (!encoder) {
    encoder = probeVideoEncoder(program);
    found.set(program, encoder);
  }
  return encoder;
}

function probeVideoEncoder(program: string): VideoEncoder {
  const candidates = program.includes('/')
    ? [program]
    : (process.env.PATH ?? '/usr/bin:/bin').split(delimiter).map((dir) => join(dir, program));
  const path = candidates.find((candidate) => {
    try {
      accessSync(candidate, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  if (!path) return { path: null, problem: MISSING };
  const trial = spawnSync(path, ['-hide_banner', '-nostdin', '-encoders'], {
    encoding: 'utf8',
    timeout: 10_000,
  });
  if (trial.error || trial.status !== 0)
    return { path: null, problem: `ffmpeg at ${path} does not run: ${trial.error?.message ?? trial.stderr}` };
  if (!/\blibvpx\b/.test(trial.stdout))
    return { path: null, problem: `ffmpeg at ${path} has no VP8 encoder (libvpx), which WebM videos need` };
  return { path, problem: null };
}

/** The video's frame size: the largest picture's, within SESSION_VIDEO's and in even numbers (yuv420p needs them). */
export interface FrameSize {
  width: number;
  height: number;
}

/**
 * A WebM (VP8) slideshow: each picture shown for its duration, one video frame per picture (variable frame rate),
 * so a long session with few steps costs few frames. ffmpeg reads only files of a temporary folder of its own,
 * runs without a shell or stdin, on one thread (the machine also serves agents), and is killed at the deadline.
 */
export async function encodeSlideshow(
  ffmpegPath: string,
  frames: readonly SlideshowFrame[],
  size: FrameSize,
  options: { signal?: AbortSignal; timeoutMs: number },
): Promise<Buffer> {
  if (frames.length === 0) throw new Error('A video needs at least one picture');
  const dir = await mkdtemp(join(tmpdir(), 'proctor-video-'));
  try {
    const names = frames.map((frame, i) => `frame-${String(i).padStart(6, '0')}.${frame.extension}`);
    await Promise.all(frames.map((frame, i) => writeFile(join(dir, names[i]!), frame.data)));
    // The concat demuxer ignores the last entry's duration unless the entry is repeated.
    const list = [
      'ffconcat version 1.0',
      ...frames.flatMap((frame, i) => [
        `file '${names[i]}'`,
        `duration ${(frame.durationMs / 1000).toFixed(3)}`,
      ]),
      `file '${names.at(-1)}'`,
    ];
    await writeFile(join(dir, 'frames.txt'), `${list.join('\n')}\n`);
    const { width, height } = size;
    const args = [
      '-nostdin',
      '-hide_banner',
      '-loglevel',
      'error',
      '-threads',
      '1',
      '-f',
      'concat',
      '-i',
      'frames.txt',
      '-vf',
      `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,format=yuv420p`,
      '-fps_mode',
      'vfr',
      '-c:v',
      'libvpx',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      // Constant quality up to a bitrate cap: about half the bytes of a fixed 1 Mbit/s, text still legible.
      '-crf',
      '30',
      '-b:v',
      '1M',
      // A keyframe every few pictures, so that the player seeks without decoding the whole video.
      '-g',
      '10',
      '-threads',
      '1',
      '-an',
      '-f',
      'webm',
      'video.webm',
    ];
    await new Promise<void>((resolve, reject) => {
      execFile(
        ffmpegPath,
        args,
        { cwd: dir, timeout: options.timeoutMs, signal: options.signal, maxBuffer: 1024 * 1024, env: {} },
        (error, _stdout, stderr) => {
          if (error) reject(new Error(`ffmpeg failed: ${String(stderr).trim() || error.message}`));
          else resolve();
        },
      );
    });
    return await readFile(join(dir, 'video.webm'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The frame size for pictures of these sizes (see FrameSize). */
export function frameSizeOf(pictures: ReadonlyArray<{ width: number; height: number }>): FrameSize {
  const even = (value: number) => Math.max(2, Math.floor(value / 2) * 2);
  const width = Math.max(...pictures.map((picture) => picture.width), 2);
  const height = Math.max(...pictures.map((picture) => picture.height), 2);
  const scale = Math.min(1, SESSION_VIDEO.maxWidth / width, SESSION_VIDEO.maxHeight / height);
  return { width: even(width * scale), height: even(height * scale) };
}
