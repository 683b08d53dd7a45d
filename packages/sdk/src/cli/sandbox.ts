import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CliError } from './hubClone.js';

/** The port `proctor hub sandbox` serves on unless told (`--port`; 0 picks a free one). */
export const SANDBOX_DEFAULT_PORT = 4300;

/** The kit project's entry, which defines the simulator (as the hub's Create Repository writes it). */
const SIMULATOR_ENTRY = 'src/index.ts';

export interface HubSandboxOptions {
  /** The kit project's folder, relative to `cwd`; default `cwd` itself. */
  directory?: string;
  port: number;
  /** Prove the test cases instead of serving. */
  prove: boolean;
  /** Rebuild and restart when src/ changes (serving only). */
  watch: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

interface Kit {
  /** The sandbox program of @proctor/simulators (TypeScript). */
  program: string;
  /** tsx's loader beside it, as a URL for `node --import`. */
  loader: string;
}

/**
 * The simulator kit of a Proctor install: the one this command belongs to (a Proctor checkout), else one the project
 * resolves. The kit is Proctor's own TypeScript, not part of the published SDK, so a sandbox needs a checkout.
 */
function findKit(project: string): Kit | null {
  for (const base of [import.meta.url, pathToFileURL(join(project, 'package.json')).href]) {
    try {
      const index = createRequire(base).resolve('@proctor/simulators');
      const program = join(dirname(index), 'testing', 'sandboxProgram.ts');
      const loader = createRequire(index).resolve('tsx');
      if (existsSync(program)) return { program, loader: pathToFileURL(loader).href };
    } catch {
      // Not resolvable from here: try the next place.
    }
  }
  return null;
}

/**
 * `proctor hub sandbox [directory]`: the kit project's working tree served at {name}.sandbox.localhost:{port} with
 * each mutation printed, or with `prove` its test cases proven in Chromium. Runs the kit's program as a child
 * process of this one (with tsx, the kit being TypeScript), passing on its output and Ctrl-C; answers its exit code.
 */
export async function hubSandbox(options: HubSandboxOptions): Promise<number> {
  const project = resolve(options.cwd, options.directory ?? '.');
  if (!existsSync(join(project, SIMULATOR_ENTRY)))
    throw new CliError(
      `${project} has no ${SIMULATOR_ENTRY}: run this in a kit project's folder (a simulator's repository, e.g. from proctor hub clone)`,
    );
  const kit = findKit(project);
  if (!kit)
    throw new CliError(
      "the sandbox needs Proctor's simulator kit, which comes with a Proctor checkout, not with this package: run the checkout's command instead (node <checkout>/packages/sdk/bin/proctor.js hub sandbox, after npm ci there)",
    );

  const args = ['--import', kit.loader, kit.program, '--project', project, '--port', String(options.port)];
  if (options.prove) args.push('--prove');
  else if (options.watch) args.push('--watch');
  const child = spawn(process.execPath, args, {
    cwd: project,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => options.stdout(chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => options.stderr(chunk.toString('utf8')));
  // Ctrl-C and a kill stop the sandbox, which closes its server and removes its bundle before it exits.
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  try {
    return await new Promise<number>((done, fail) => {
      child.on('error', fail);
      child.on('close', (code) => done(code ?? 1));
    });
  } finally {
    process.off('SIGINT', forward);
    process.off('SIGTERM', forward);
  }
}
