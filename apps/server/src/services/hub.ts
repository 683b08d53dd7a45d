import { rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import {
  HUB,
  HUB_MESSAGES,
  HUB_REPOSITORY_NAME,
  type HubBranchesResponse,
  type HubBuildLogResponse,
  type HubBuildsResponse,
  type HubContentsResponse,
  type HubFileContent,
  type HubRepository,
  type HubSimulatorsResponse,
  hubGitPath,
  hubRawPath,
} from '@proctor/contracts';
import type { Database, DatabaseKind } from '@proctor/db';
import type { FastifyBaseLogger } from 'fastify';
import { basicCredentials, principalForHubCredentials } from '../auth/hubCredentials';
import type { MemberPrincipal, Principal } from '../kernel/access/principal';
import { viewerOf } from '../kernel/access/viewer';
import type { ServerConfig } from '../kernel/config';
import { gitAvailable, runHttpBackend } from '../kernel/git/httpBackend';
import { runUploadPack } from '../kernel/git/uploadPack';
import { conflict, forbidden, notFound } from '../kernel/http/errors';
import type { JobQueue } from '../kernel/queue/queue';
import {
  deleteHubRepository,
  findHubRepository,
  findHubRepositoryForSimulator,
  findHubRepositoryOfVisibleSimulator,
  type HubRepositoryRecord,
  insertHubRepository,
  listHubRepositories,
  lockHubRepository,
} from '../repositories/hub';
import { findRepositoryBuild, listRepositoryBuilds, recordHubBuild } from '../repositories/hubBuilds';
import { findVisibleSimulator, listVisibleSimulators, type SimulatorRow } from '../repositories/simulators';
import {
  commitFiles,
  forgetRepository,
  type GitCache,
  gitCacheFor,
  headCommit,
  initBare,
  isText,
  listBranches,
  listContents,
  readFile,
  repositorySize,
  resolveCommit,
} from './hubGit';
import { builtInSeed, hasBuiltInSource } from './hubSeed';

/**
 * The simulator hub: repositories of an organization, kept bare under HUB_DIR/{owner}/{name}.git, where
 * `owner` is the organization's public id. Reading is for members of the owning organization; creating,
 * deleting and pushing need is_admin or create_simulator. Another organization's repository, or one that
 * does not exist, answers 404 alike.
 */

export interface HubContext {
  db: Database;
  databaseKind: DatabaseKind;
  config: ServerConfig;
  /** The server's secret, from which git passwords are derived. */
  secret: string;
  log: FastifyBaseLogger;
  /** Where a push's version build is queued. */
  queue: JobQueue;
}

/** Whether this caller may create, delete and push repositories. */
export const mayWriteHub = (principal: Principal) =>
  principal.permissions.is_admin || principal.permissions.create_simulator;

const SIMULATOR_NOT_FOUND = 'Simulator not found';
const PUSH_PERMISSION_DETAIL = 'Pushing to the hub needs is_admin or the create_simulator permission';

const gitdirOf = (config: ServerConfig, repository: { owner: string; name: string }) =>
  join(config.hubDir, repository.owner, `${repository.name}.git`);

/** A repository as every call answers it; `size` and `empty` are read from its folder. */
async function present(ctx: HubContext, repository: HubRepositoryRecord): Promise<HubRepository> {
  const gitdir = gitdirOf(ctx.config, repository);
  const [head, size] = await Promise.all([
    headCommit(gitdir, repository.defaultBranch),
    repositorySize(gitdir),
  ]);
  return {
    id: repository.id,
    owner: repository.owner,
    name: repository.name,
    full_name: `${repository.owner}/${repository.name}`,
    simulator_id: repository.simulatorId,
    simulator_name: repository.simulatorName,
    default_branch: repository.defaultBranch,
    clone_url: `${ctx.config.publicUrl}${hubGitPath(repository.owner, repository.name)}`,
    empty: head === null,
    size,
    created_by: repository.createdByEmail,
    created_at: repository.createdAt.toISOString(),
  };
}

/** The caller's organization's repository of this owner and name; 404 for anyone else's or none. */
async function readableRepository(
  ctx: HubContext,
  principal: MemberPrincipal,
  owner: string,
  name: string,
): Promise<HubRepositoryRecord> {
  const repository = await findHubRepository(ctx.db, owner, name);
  if (!repository || repository.organizationId !== principal.organization.id)
    throw notFound(HUB_MESSAGES.repositoryNotFound);
  return repository;
}

async function visibleSimulator(
  ctx: HubContext,
  principal: MemberPrincipal,
  name: string,
): Promise<SimulatorRow> {
  const simulator = await findVisibleSimulator(ctx.db, viewerOf(principal), name);
  if (!simulator) throw notFound(SIMULATOR_NOT_FOUND);
  return simulator;
}

async function simulatorRepository(
  ctx: HubContext,
  principal: MemberPrincipal,
  simulatorName: string,
): Promise<HubRepositoryRecord> {
  const found = await findHubRepositoryOfVisibleSimulator(ctx.db, viewerOf(principal), simulatorName);
  if (!found.simulator) throw notFound(SIMULATOR_NOT_FOUND);
  if (!found.repository) throw notFound(HUB_MESSAGES.noRepository);
  return found.repository;
}

/** Where a repository is named: by owner and name, or by the simulator it belongs to. */
export type RepositoryRef = { owner: string; name: string } | { simulator: string };

async function repositoryOf(ctx: HubContext, principal: MemberPrincipal, ref: RepositoryRef) {
  return 'simulator' in ref
    ? simulatorRepository(ctx, principal, ref.simulator)
    : readableRepository(ctx, principal, ref.owner, ref.name);
}

export async function listHubSimulators(
  ctx: HubContext,
  principal: MemberPrincipal,
): Promise<HubSimulatorsResponse> {
  const [simulators, repositories] = await Promise.all([
    listVisibleSimulators(ctx.db, viewerOf(principal)),
    listHubRepositories(ctx.db, principal.organization.id),
  ]);
  const bySimulator = new Map(repositories.map((repository) => [repository.simulatorId, repository]));
  const available = gitAvailable();
  return {
    simulators: simulators.map((simulator) => {
      const repository = bySimulator.get(simulator.id);
      return {
        id: simulator.id,
        name: simulator.name,
        img_url: simulator.imgUrl,
        built_in: simulator.builtIn && hasBuiltInSource(simulator.name),
        has_repository: repository !== undefined,
        repository: repository ? { owner: repository.owner, name: repository.name } : null,
      };
    }),
    git_available: available,
    git_detail: available ? null : HUB_MESSAGES.gitMissing,
    can_write: mayWriteHub(principal),
  };
}

export async function listMyRepositories(ctx: HubContext, principal: MemberPrincipal) {
  const repositories = await listHubRepositories(ctx.db, principal.organization.id);
  return { repositories: await Promise.all(repositories.map((repository) => present(ctx, repository))) };
}

export async function getRepository(ctx: HubContext, principal: MemberPrincipal, ref: RepositoryRef) {
  return present(ctx, await repositoryOf(ctx, principal, ref));
}

/** A simulator's name as a repository name: lower case, other characters as dashes. */
function repositoryNameFor(simulator: SimulatorRow): string {
  const slug = simulator.name
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .replace(/\.git$/, '')
    .slice(0, 100);
  return HUB_REPOSITORY_NAME.test(slug) ? slug : `simulator-${simulator.id}`;
}

/**
 * Creates a repository: a simulator's (seeded with a built-in one's source, in one commit on `main` authored
 * by Proctor) or an empty one by name. 409 when the organization already has it.
 */
export async function createRepository(
  ctx: HubContext,
  principal: MemberPrincipal,
  request: { simulatorName?: string; name?: string },
): Promise<HubRepository> {
  if (!mayWriteHub(principal)) throw forbidden('Creating a repository needs is_admin or create_simulator');
  const simulator =
    request.simulatorName !== undefined
      ? await visibleSimulator(ctx, principal, request.simulatorName)
      : null;
  const name = request.name ?? repositoryNameFor(simulator!);
  const organization = principal.organization;
  if (simulator && (await findHubRepositoryForSimulator(ctx.db, organization.id, simulator.id)))
    throw conflict(HUB_MESSAGES.repositoryExists);
  const row = await insertHubRepository(ctx.db, {
    organizationId: organization.id,
    simulatorId: simulator?.id ?? null,
    name,
    defaultBranch: HUB.defaultBranch,
    createdBy: principal.user?.id ?? null,
  });
  if (!row)
    throw conflict(simulator ? HUB_MESSAGES.repositoryExists : `A repository named ${name} already exists`);
  const gitdir = gitdirOf(ctx.config, { owner: organization.publicId, name });
  try {
    // A folder left by an earlier repository of this name (its row is gone) is not this one's history.
    forgetRepository(gitdir);
    await rm(gitdir, { recursive: true, force: true });
    await initBare(gitdir, HUB.defaultBranch);
    if (simulator?.builtIn && hasBuiltInSource(simulator.name)) {
      const files = await builtInSeed(simulator.name, {
        owner: organization.publicId,
        publicUrl: ctx.config.publicUrl,
        repository: name,
      });
      await commitFiles(gitdir, HUB.defaultBranch, files, `The ${simulator.name} simulator's source`, {
        name: 'Proctor',
        email: 'hub@proctor.invalid',
      });
    }
  } catch (error) {
    await deleteHubRepository(ctx.db, row.id);
    await rm(gitdir, { recursive: true, force: true });
    throw error;
  }
  const record = await findHubRepository(ctx.db, organization.publicId, name);
  return present(ctx, record!);
}

export async function createSimulatorRepository(
  ctx: HubContext,
  principal: MemberPrincipal,
  simulatorName: string,
) {
  return createRepository(ctx, principal, { simulatorName });
}

export async function removeRepository(
  ctx: HubContext,
  principal: MemberPrincipal,
  owner: string,
  name: string,
): Promise<void> {
  const repository = await readableRepository(ctx, principal, owner, name);
  if (!mayWriteHub(principal)) throw forbidden('Deleting a repository needs is_admin or create_simulator');
  // Under the push lock: a push running now finishes before its folder goes.
  await withPushLock(ctx, repository, async () => {
    await deleteHubRepository(ctx.db, repository.id);
    forgetRepository(gitdirOf(ctx.config, repository));
    await rm(gitdirOf(ctx.config, repository), { recursive: true, force: true });
  });
}

/** The commit a request's `ref` names (default: the default branch); an empty repository gives null. */
async function commitFor(
  gitdir: string,
  repository: HubRepositoryRecord,
  ref: string | undefined,
  cache: GitCache,
): Promise<{ ref: string; commit: string | null }> {
  const name = ref?.trim() || repository.defaultBranch;
  if (!ref?.trim() && (await headCommit(gitdir, name)) === null) return { ref: name, commit: null };
  return { ref: name, commit: await resolveCommit(gitdir, name, cache) };
}

export async function repositoryContents(
  ctx: HubContext,
  principal: MemberPrincipal,
  ref: RepositoryRef,
  query: { path?: string; ref?: string },
): Promise<HubContentsResponse> {
  const repository = await repositoryOf(ctx, principal, ref);
  const gitdir = gitdirOf(ctx.config, repository);
  const cache = gitCacheFor(gitdir);
  const at = await commitFor(gitdir, repository, query.ref, cache);
  const path = (query.path ?? '').replace(/^\/+|\/+$/g, '');
  if (at.commit === null) {
    if (path) throw notFound(HUB_MESSAGES.pathNotFound);
    return { path: '', ref: at.ref, type: 'dir', empty: true, entries: [] };
  }
  const listing = await listContents(gitdir, at.commit, path, cache);
  return { path, ref: at.ref, type: listing.type, empty: false, entries: listing.entries };
}

export async function repositoryBranches(
  ctx: HubContext,
  principal: MemberPrincipal,
  ref: RepositoryRef,
): Promise<HubBranchesResponse> {
  const repository = await repositoryOf(ctx, principal, ref);
  const gitdir = gitdirOf(ctx.config, repository);
  const branches = await listBranches(gitdir, repository.defaultBranch, gitCacheFor(gitdir));
  return { branches };
}

async function fileAt(
  ctx: HubContext,
  principal: MemberPrincipal,
  ref: RepositoryRef,
  path: string,
  requestedRef: string | undefined,
) {
  const repository = await repositoryOf(ctx, principal, ref);
  const gitdir = gitdirOf(ctx.config, repository);
  const cache = gitCacheFor(gitdir);
  const at = await commitFor(gitdir, repository, requestedRef, cache);
  if (at.commit === null) throw notFound(HUB_MESSAGES.pathNotFound);
  const file = await readFile(gitdir, at.commit, path, cache);
  return { repository, ref: at.ref, file };
}

export async function repositoryFileContent(
  ctx: HubContext,
  principal: MemberPrincipal,
  ref: RepositoryRef,
  query: { file_path: string; ref?: string },
): Promise<HubFileContent> {
  const { repository, ref: at, file } = await fileAt(ctx, principal, ref, query.file_path, query.ref);
  const size = file.bytes.length;
  const tooLarge = size > HUB.previewMaxBytes;
  const binary = !isText(tooLarge ? file.bytes.subarray(0, 8000) : file.bytes);
  return {
    path: file.path,
    name: file.name,
    ref: at,
    size,
    sha: file.oid,
    encoding: tooLarge ? null : binary ? 'base64' : 'utf-8',
    content: tooLarge
      ? null
      : binary
        ? Buffer.from(file.bytes).toString('base64')
        : new TextDecoder().decode(file.bytes),
    binary,
    too_large: tooLarge,
    download_path: hubRawPath(repository.owner, repository.name, file.path, query.ref),
  };
}

/** A file's bytes for a download. */
export async function repositoryRawFile(
  ctx: HubContext,
  principal: MemberPrincipal,
  ref: RepositoryRef,
  path: string,
  requestedRef: string | undefined,
) {
  const { file } = await fileAt(ctx, principal, ref, path, requestedRef);
  return file;
}

// Pushes ------------------------------------------------------------------------------------------------

/** Pushes waiting or running in this process, per repository: PGlite is one session, so this serialises. */
const localPushes = new Map<number, Promise<unknown>>();

/**
 * Runs `work` while no other push to the repository runs: an in-process queue, and on PostgreSQL also an
 * advisory lock held by a transaction, so replicas sharing HUB_DIR take turns too.
 */
async function withPushLock<T>(
  ctx: HubContext,
  repository: { id: number },
  work: () => Promise<T>,
): Promise<T> {
  const before = localPushes.get(repository.id) ?? Promise.resolve();
  const run = before
    .catch(() => undefined)
    .then(() =>
      ctx.databaseKind === 'postgres'
        ? ctx.db.transaction(async (tx) => {
            await lockHubRepository(tx, repository.id);
            return work();
          })
        : work(),
    );
  const settled = run.catch(() => undefined);
  localPushes.set(repository.id, settled);
  try {
    return await run;
  } finally {
    if (localPushes.get(repository.id) === settled) localPushes.delete(repository.id);
  }
}

/**
 * Called after a push moved the repository's default branch. A simulator's repository gets the commit recorded as
 * a version of the simulator, building, and its build queued (jobs/buildHubVersion.ts); a hash the simulator has
 * a version of already is not built again. A repository made by name holds no simulator: nothing is built.
 */
export async function onPushed(
  ctx: HubContext,
  repository: HubRepositoryRecord,
  ref: string,
  newHash: string,
): Promise<void> {
  const where = { hubRepository: `${repository.owner}/${repository.name}`, ref, commit: newHash };
  ctx.log.info(where, 'hub: the default branch was pushed');
  if (repository.simulatorId === null) {
    ctx.log.info(where, 'hub: the repository holds no simulator, so no version is built');
    return;
  }
  if (!ctx.config.hubBuilds) {
    ctx.log.info(where, 'hub: versions are not built from pushes here (HUB_BUILDS=false)');
    return;
  }
  const versionId = await recordHubBuild(ctx.db, {
    simulatorId: repository.simulatorId,
    commit: newHash,
    hubRepositoryId: repository.id,
    organizationId: repository.organizationId,
    description: 'Built from a hub push',
  });
  if (versionId === undefined) {
    ctx.log.info(where, 'hub: this commit is a version of the simulator already; not built again');
    return;
  }
  await ctx.queue.add('buildHubVersion', { versionId });
  ctx.log.info({ ...where, versionId }, 'hub: the version build is queued');
}

/** The versions built from pushes to the repository, newest first. */
export async function repositoryBuilds(
  ctx: HubContext,
  principal: MemberPrincipal,
  ref: { owner: string; name: string },
): Promise<HubBuildsResponse> {
  const repository = await readableRepository(ctx, principal, ref.owner, ref.name);
  const builds = await listRepositoryBuilds(ctx.db, repository.id);
  return {
    builds: builds.map((build) => ({
      commit: build.commit,
      status: build.status,
      created_at: build.createdAt.toISOString(),
      ended_at: build.endedAt?.toISOString() ?? null,
      dataset: build.dataset,
      reason: build.reason,
      has_log: build.hasLog,
    })),
  };
}

/** One build's log; 404 for a commit the repository has no build of. */
export async function repositoryBuildLog(
  ctx: HubContext,
  principal: MemberPrincipal,
  ref: { owner: string; name: string; commit: string },
): Promise<HubBuildLogResponse> {
  const repository = await readableRepository(ctx, principal, ref.owner, ref.name);
  const build = await findRepositoryBuild(ctx.db, repository.id, ref.commit);
  if (!build) throw notFound(HUB_MESSAGES.buildNotFound);
  return { commit: build.commit, status: build.status, reason: build.reason, log: build.log };
}

/**
 * What the git transport answers when it cannot serve: plain text to git, which shows it (`remote: ...`), and
 * `{detail}` as every API answer to anyone else.
 */
function answerRefusal(
  raw: IncomingMessage,
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  const toGit = /^git\//.test(raw.headers['user-agent'] ?? '');
  res.writeHead(status, {
    'content-type': toGit ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
    'cache-control': 'no-cache',
    ...headers,
  });
  res.end(toGit ? `${message}\n` : JSON.stringify({ detail: message }));
}

/** The smart-HTTP paths served (git's dumb protocol is not). */
const SERVICES = ['info/refs', 'git-upload-pack', 'git-receive-pack'] as const;
const OWNER = /^[A-Za-z0-9][A-Za-z0-9-]{0,99}$/;
/** Bytes of a push's body beyond the pack: the ref update commands and capabilities. */
const PUSH_COMMANDS_ROOM = 1024 * 1024;

export interface GitRequest {
  owner: string;
  /** The repository segment as the URL has it, `{name}.git`. */
  repository: string;
  /** The rest: `info/refs`, `git-upload-pack` or `git-receive-pack`. */
  service: string;
  query: string;
  raw: IncomingMessage;
  remoteAddr: string;
  /** Who the API's own credentials (a bearer token, an API key) say is calling, when git sends no Basic ones. */
  principal: Principal | null;
}

/**
 * One request of git's smart HTTP: HTTP Basic credentials (a hub password or the organization's API key),
 * then `git http-backend`. No or bad credentials: 401 and git asks for them. Another organization's or an
 * unknown repository: 404. Pushing without is_admin or create_simulator: 403. Pushes to one repository run
 * one at a time; one that moves the default branch calls `onPushed`.
 */
export async function serveGit(ctx: HubContext, request: GitRequest, res: ServerResponse): Promise<void> {
  const refuse = (status: number, message: string, headers?: Record<string, string>) =>
    answerRefusal(request.raw, res, status, message, headers);
  if (!gitAvailable()) return refuse(503, HUB_MESSAGES.gitMissing);
  const name = request.repository.endsWith('.git') ? request.repository.slice(0, -'.git'.length) : '';
  const params = new URLSearchParams(request.query);
  const isPush =
    request.service === 'git-receive-pack' ||
    (request.service === 'info/refs' && params.get('service') === 'git-receive-pack');
  const credentials = basicCredentials(request.raw.headers.authorization);
  const wellFormed =
    OWNER.test(request.owner) &&
    HUB_REPOSITORY_NAME.test(name) &&
    (SERVICES as readonly string[]).includes(request.service);
  // Both looked up at once (on PostgreSQL, on two connections): each of a clone's requests asks both. A request
  // without credentials (git's first) answers 401 without a lookup.
  const [principal, repository] = await Promise.all([
    credentials ? principalForHubCredentials(ctx.db, ctx.secret, credentials) : request.principal,
    wellFormed && (credentials || request.principal)
      ? findHubRepository(ctx.db, request.owner, name)
      : undefined,
  ]);
  if (!principal)
    return refuse(401, credentials ? 'Invalid git credentials' : 'Authentication required', {
      'www-authenticate': `Basic realm="${HUB.realm}"`,
    });
  if (!repository || !principal.organization || repository.organizationId !== principal.organization.id)
    return refuse(404, HUB_MESSAGES.repositoryNotFound);
  if (isPush && !mayWriteHub(principal)) return refuse(403, PUSH_PERMISSION_DETAIL);

  const gitdir = gitdirOf(ctx.config, repository);
  const serve = () =>
    runHttpBackend(
      {
        projectRoot: ctx.config.hubDir,
        pathInfo: `/${repository.owner}/${repository.name}.git/${request.service}`,
        method: request.raw.method ?? 'GET',
        query: request.query,
        remoteUser: principal.user?.email ?? `api-key:${repository.owner}`,
        remoteAddr: request.remoteAddr,
        body: request.raw,
        headers: request.raw.headers,
        // The pack is most of a push's body; past the limit and the ref commands' room, the body is cut (413).
        maxBodyBytes: ctx.config.hubMaxPushBytes + PUSH_COMMANDS_ROOM,
        tooLargeMessage: HUB_MESSAGES.pushTooLarge(ctx.config.hubMaxPushBytes),
        config: {
          // Authorisation is decided above; http-backend's own switch follows it.
          'http.receivepack': isPush ? 'true' : 'false',
          'http.getanyfile': 'false',
          'core.hooksPath': '/dev/null',
          'receive.fsckObjects': 'true',
          'gc.autoDetach': 'false',
          // git's own refusal of a pack over the limit, which git shows (`remote: fatal: pack exceeds...`).
          'receive.maxInputSize': String(ctx.config.hubMaxPushBytes),
        },
      },
      res,
    );

  // A fetch or clone: upload-pack run straight, one git process instead of http-backend's two.
  const isFetch =
    request.service === 'git-upload-pack' ||
    (request.service === 'info/refs' && params.get('service') === 'git-upload-pack');
  if (isFetch) {
    const result = await runUploadPack(
      {
        gitdir,
        advertise: request.service === 'info/refs',
        raw: request.raw,
        maxBodyBytes: ctx.config.hubMaxPushBytes + PUSH_COMMANDS_ROOM,
      },
      res,
    );
    if (result.status >= 500) ctx.log.warn({ stderr: result.stderr }, 'hub: git upload-pack failed');
    return;
  }
  if (request.service !== 'git-receive-pack') {
    const result = await serve();
    if (result.status >= 500) ctx.log.warn({ stderr: result.stderr }, 'hub: git http-backend failed');
    return;
  }
  const moved = await withPushLock(ctx, repository, async () => {
    const before = await headCommit(gitdir, repository.defaultBranch);
    const result = await serve();
    if (result.tooLarge)
      ctx.log.info(
        { hubRepository: `${repository.owner}/${repository.name}` },
        'hub: a push over the limit was cut',
      );
    else if (result.status >= 500) ctx.log.warn({ stderr: result.stderr }, 'hub: git receive-pack failed');
    const after = await headCommit(gitdir, repository.defaultBranch);
    // Its size changed; a repacked repository's old packs are gone (their cached indexes would be stale).
    forgetRepository(gitdir);
    return after && after !== before ? after : null;
  });
  // After the lock is let go: the hook may need the database, whose connections waiting pushes may hold.
  if (moved)
    await onPushed(ctx, repository, `refs/heads/${repository.defaultBranch}`, moved).catch((error) =>
      ctx.log.error({ err: error }, 'hub: the push hook failed'),
    );
}
