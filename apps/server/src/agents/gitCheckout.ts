import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, lstat, mkdir, mkdtemp, open, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMMIT_ID } from '@proctor/contracts';
import { z } from 'zod';
import { type OutboundGuardOptions, resolveOutboundUrl } from '../kernel/outbound/outboundGuard';

/**
 * A git container agent's repository on this machine: fetched over http(s) only, through the outbound guard, with
 * git's other transports and the host's git configuration off; and the command its manifest names.
 */

export interface GitAgentSource {
  repoUrl: string;
  branch: string;
  commit: string;
}

/** The file in the repository's root that says how to start the agent. */
export const AGENT_MANIFEST = 'proctor-agent.json';

const Manifest = z.object({
  command: z.array(z.string().min(1).max(4_096)).min(1).max(64),
});

/** How long fetching a repository may take. */
const CLONE_TIMEOUT_MS = 120_000;
/** The largest manifest read. */
const MAX_MANIFEST_BYTES = 64 * 1024;
/** Characters of a process's standard error kept for a failure's reason (git's here, the agent's too). */
export const STDERR_TAIL = 4_096;

/** Where checkouts are kept: a directory of this user's that the sandbox user can read, and nobody else write. */
async function checkoutsRoot(): Promise<string> {
  const root = join(tmpdir(), `proctor-agent-checkouts-${process.getuid?.() ?? 'user'}`);
  await mkdir(root, { recursive: true, mode: 0o755 });
  const info = await lstat(root);
  const uid = process.getuid?.();
  if (!info.isDirectory() || (uid !== undefined && info.uid !== uid) || (info.mode & 0o022) !== 0)
    throw new Error(`${root} is not a directory of this user's that only it may write: remove it`);
  return root;
}

function runGit(args: readonly string[], cwd: string, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      cwd,
      signal,
      // No system or user configuration: no credential helper, proxy, or url rewrite of the host's applies.
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: cwd,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_TERMINAL_PROMPT: '0',
        LANG: 'C',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(stdout.trim()) : reject(new Error(stderr.trim() || `git exited with ${code}`)),
    );
  });
}

/** Lets the sandbox user read the checkout (git writes with this process's umask). */
async function makeReadable(path: string): Promise<void> {
  const info = await lstat(path);
  if (info.isSymbolicLink()) return;
  if (info.isDirectory()) {
    await chmod(path, 0o755);
    for (const entry of await readdir(path)) await makeReadable(join(path, entry));
  } else await chmod(path, info.mode & 0o100 ? 0o755 : 0o644);
}

const fetching = new Map<string, Promise<string>>();

/**
 * The agent's checkout at its commit, fetched when this machine has none yet. Only the named branch is fetched,
 * so the commit must be on it; a checkout is kept per repository and commit and shared by the runs that need it.
 * Throws with a reason a person can act on: the URL refused, the branch or commit not found.
 */
export function checkoutAgent(
  source: GitAgentSource,
  guard: OutboundGuardOptions,
  signal: AbortSignal,
): Promise<string> {
  if (!COMMIT_ID.test(source.commit))
    return Promise.reject(new Error(`"${source.commit}" is not a commit id`));
  const key = createHash('sha256')
    .update(`${source.repoUrl}\n${source.branch}\n${source.commit}`)
    .digest('hex');
  const pending = fetching.get(key);
  if (pending) return pending;
  const work = fetchCheckout(source, key.slice(0, 32), guard, signal).finally(() => fetching.delete(key));
  fetching.set(key, work);
  return work;
}

async function fetchCheckout(
  source: GitAgentSource,
  key: string,
  guard: OutboundGuardOptions,
  signal: AbortSignal,
): Promise<string> {
  const root = await checkoutsRoot();
  const final = join(root, key);
  // A checkout is moved there whole once complete; nothing in it is read (it may link anywhere).
  if (
    await lstat(final).then(
      (info) => info.isDirectory(),
      () => false,
    )
  )
    return final;
  const { url, host, addresses } = await resolveOutboundUrl(source.repoUrl, guard);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const pinned = addresses.map((address) => (address.includes(':') ? `[${address}]` : address)).join(',');
  const work = await mkdtemp(join(root, 'fetching-'));
  const timeout = AbortSignal.any([signal, AbortSignal.timeout(CLONE_TIMEOUT_MS)]);
  try {
    try {
      await runGit(
        [
          '-c',
          'protocol.allow=never',
          '-c',
          'protocol.http.allow=always',
          '-c',
          'protocol.https.allow=always',
          '-c',
          'http.followRedirects=false',
          '-c',
          `http.curloptResolve=${host}:${port}:${pinned}`,
          'clone',
          '--quiet',
          '--no-checkout',
          '--single-branch',
          '--branch',
          source.branch,
          '--',
          url.href,
          'repository',
        ],
        work,
        timeout,
      );
    } catch (error) {
      throw new Error(
        `Could not fetch branch "${source.branch}" of ${source.repoUrl}: ${(error as Error).message}`,
      );
    }
    const checkout = join(work, 'repository');
    try {
      await runGit(
        ['-c', 'advice.detachedHead=false', 'checkout', '--quiet', '--detach', source.commit],
        checkout,
        timeout,
      );
    } catch {
      throw new Error(`Commit ${source.commit} is not on branch "${source.branch}" of ${source.repoUrl}`);
    }
    await makeReadable(checkout);
    await rename(checkout, final).catch(async (error: NodeJS.ErrnoException) => {
      // Another process fetched the same commit meanwhile: keep theirs.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
    return final;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * The command the repository's manifest names, with the reason when there is none or it is not valid. The manifest
 * must be a file of the checkout: a symbolic link (which could lead anywhere on this machine) is not followed.
 */
export async function manifestCommand(checkout: string): Promise<string[]> {
  let text: string;
  try {
    text = await readManifest(join(checkout, AGENT_MANIFEST));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new Error(
        `The repository has no ${AGENT_MANIFEST} in its root: it names the command that starts the agent, e.g. {"command": ["python3", "agent.py"]}`,
      );
    if (code === 'ELOOP')
      throw new Error(`${AGENT_MANIFEST} is a symbolic link: it must be a file of the repository`);
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${AGENT_MANIFEST} is not JSON`);
  }
  const manifest = Manifest.safeParse(parsed);
  if (!manifest.success)
    throw new Error(`${AGENT_MANIFEST} must name the command as {"command": ["program", "argument", …]}`);
  return manifest.data.command;
}

async function readManifest(path: string): Promise<string> {
  // O_NONBLOCK: opening a FIFO does not wait for a writer.
  const file = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const info = await file.stat();
    if (!info.isFile()) throw new Error(`${AGENT_MANIFEST} is not a file`);
    if (info.size > MAX_MANIFEST_BYTES)
      throw new Error(`${AGENT_MANIFEST} is larger than ${MAX_MANIFEST_BYTES / 1024} KiB`);
    const buffer = Buffer.alloc(MAX_MANIFEST_BYTES);
    const { bytesRead } = await file.read(buffer, 0, MAX_MANIFEST_BYTES, 0);
    return buffer.toString('utf8', 0, bytesRead);
  } finally {
    await file.close();
  }
}
