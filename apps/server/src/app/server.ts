import { join } from 'node:path';
import type { BuiltInCrossAppTestCaseDefinition, BuiltInSimulatorDefinition } from '@proctor/contracts';
import { type Database, type DatabaseConfig, openDatabase } from '@proctor/db';
import { BrowserPool } from '@proctor/environments';
import type { ScoringServices } from '@proctor/scoring';
import { builtInSimulators } from '@proctor/simulators';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { OidcLogin } from '../auth/oidc';
import { TokenService } from '../auth/tokens';
import { ownBrowserPrefix } from '../environments/browserFolders';
import { runHubBuild } from '../environments/hubBuild';
import { EnvironmentManager, POOL_WINDOW } from '../environments/manager';
import { resumeHubBuilds } from '../jobs/buildHubVersion';
import { jobHandlers } from '../jobs/handlers';
import { requeueUnscoredSessions } from '../jobs/scoreSession';
import { resumeTestRuns } from '../jobs/testRunEnvironment';
import { builtInCrossAppRegistrations, builtInRegistrations } from '../kernel/builtIns';
import type { ServerConfig } from '../kernel/config';
import type { Resolver } from '../kernel/outbound/outboundGuard';
import { InProcessQueue, type JobQueue } from '../kernel/queue/queue';
import { RedisQueue } from '../kernel/queue/redisQueue';
import { type BlobStore, FileBlobStore } from '../kernel/storage/blobs';
import { S3BlobStore } from '../kernel/storage/s3BlobStore';
import { findVideoEncoder, type VideoEncoder } from '../kernel/video/ffmpeg';
import type { AppContext } from '../routes/context';
import { classifyUnclassified } from '../scoring/classification';
import { scoringServices } from '../scoring/services';
import { ensureBuiltInAgents } from '../services/agents';
import { harPlaceholder } from '../services/harUpload';
import { registerBuiltInSimulators } from '../services/registration';
import { RunScheduler } from '../services/runScheduler';
import { SessionVideos } from '../services/sessionVideos';
import { buildApp } from './app';

export interface Proctor {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

export function databaseConfigFor(config: ServerConfig): DatabaseConfig {
  return config.databaseUrl
    ? {
        kind: 'postgres',
        url: config.databaseUrl,
        onIdleError: (error) =>
          process.stderr.write(
            `${JSON.stringify({ level: 40, msg: 'idle database connection lost', err: error.message })}\n`,
          ),
      }
    : { kind: 'pglite', dataDir: `${config.dataDir}/pglite` };
}

/**
 * The S3-compatible store when BLOB_STORE_URL is set, files under DATA_DIR/blobs otherwise. An S3 store is
 * tried at once (one listing), so that wrong credentials or a missing bucket stop the start with S3's own
 * error instead of losing every screenshot to a logged one.
 */
export async function openBlobStore(config: ServerConfig): Promise<BlobStore> {
  if (!config.blobStore) return new FileBlobStore(join(config.dataDir, 'blobs'));
  const store = new S3BlobStore(config.blobStore);
  await store.verifyAccess();
  return store;
}

/** The environments of this process: the built-in simulators, and browsers from a pool of its own. */
export function environmentManagerFor(
  config: ServerConfig,
  db: Database,
  blobs: BlobStore,
  scoring: ScoringServices,
  /** Where ended sessions' scoring jobs go. */
  queue: JobQueue,
  /** Each environment's browser on a network of its own: always, but for a benchmark's baseline (in process only). */
  network = true,
  /** The server's secret, which proxy simulators' placeholders for secrets are made with; without it they do not run. */
  secret?: string,
  /** How browser sessions' open web resolves names: the system's resolver unless a test maps names to a stand-in. */
  openWebResolve?: Resolver,
): EnvironmentManager {
  return new EnvironmentManager({
    db,
    blobs,
    definitions: builtInSimulators,
    pool: new BrowserPool({
      chromiumPath: config.environments.chromiumPath,
      size: config.environments.poolSize,
      userDataDirPrefix: ownBrowserPrefix(),
      windowWidth: POOL_WINDOW.width,
      windowHeight: POOL_WINDOW.height,
      network,
    }),
    chromiumPath: config.environments.chromiumPath,
    simulatorPort: config.environments.simulatorPort,
    maxEnvironments: config.environments.maxEnvironments,
    maxEnvironmentsPerOrganization: config.environments.maxPerOrganization,
    keepaliveMaxMinutes: config.environments.keepaliveMaxMinutes,
    memoryLimitMb: config.environments.memoryLimitMb,
    scoringServices: scoring,
    scoreEnded: (sessionId) => queue.add('scoreSession', { sessionId }),
    ...(secret
      ? {
          proxy: {
            placeholder: harPlaceholder(secret),
            allowedAddresses: config.proxyRecording.allowedAddresses,
          },
        }
      : {}),
    openWeb: {
      allowedAddresses: config.browserSessions.allowedAddresses,
      ...(openWebResolve ? { resolve: openWebResolve } : {}),
    },
    // Hub-built versions run from the outputs their builds kept, each in a sandbox with the builds' memory limit.
    hubVersions: {
      buildsDir: hubBuildsDir(config),
      memoryLimitBytes: config.agentSandbox.memoryLimitBytes,
    },
    ...(config.jobs.workerId ? { workerId: config.jobs.workerId } : {}),
    ...(config.jobs.workerUrl ? { workerUrl: config.jobs.workerUrl } : {}),
  });
}

/** Where hub builds keep their outputs (one folder per version), for environments to start them. */
const hubBuildsDir = (config: ServerConfig) => join(config.dataDir, 'hub', 'builds');

/**
 * What the job handlers need of the configuration: how agents are driven, how sessions are scored, where
 * test runs keep their screenshots, logs and dumps, the Chromium that prints their reports, and where hub
 * versions are built (in the git-container agents' sandbox, with its memory limit), and the ffmpeg that makes
 * sessions' videos (looked for at start unless the caller already did).
 */
export function jobSettingsFor(
  config: ServerConfig,
  scoring: ScoringServices,
  blobs: BlobStore,
  videoEncoder: VideoEncoder = findVideoEncoder(config.sessionVideo.ffmpegPath),
) {
  return {
    config,
    videoEncoder,
    hubBuild: {
      hubDir: config.hubDir,
      buildsDir: hubBuildsDir(config),
      memoryLimitBytes: config.agentSandbox.memoryLimitBytes,
      run: runHubBuild,
    },
    blobs,
    chromiumPath: config.environments.chromiumPath,
    drivers: {
      guard: { allowedAddresses: config.scoring.allowedAddresses },
      chatModel: config.agentLlm,
      computerUse: config.computerUse,
      sandbox: config.agentSandbox,
    },
    scoring,
  };
}

/** BullMQ on Redis when REDIS_URL is set; the in-process queue otherwise. */
export function jobQueueFor(config: ServerConfig): JobQueue {
  return config.jobs.redisUrl
    ? new RedisQueue({
        url: config.jobs.redisUrl,
        prefix: config.jobs.redisPrefix,
        stallMs: config.jobs.stallMs,
      })
    : new InProcessQueue();
}

/** Opens the database, applies migrations and builds the HTTP app; does not listen. */
export async function createProctor(
  config: ServerConfig,
  options: {
    database?: DatabaseConfig;
    fastify?: FastifyServerOptions;
    /** The simulators registered at start; the shipped ones unless a test chooses otherwise. */
    builtInSimulators?: readonly BuiltInSimulatorDefinition[];
    /**
     * The test cases across apps registered after them: the shipped ones with the shipped simulators; when a test
     * chooses its simulators, only those it chooses too.
     */
    builtInCrossAppTestCases?: readonly BuiltInCrossAppTestCaseDefinition[];
    /**
     * false: environments' browsers without a network of their own, reaching whatever this machine reaches. Only
     * for measuring what that network costs (bench:environments); no setting or request can turn it off.
     */
    environmentNetwork?: boolean;
    /** How browser sessions' open web resolves names (tests map a name to a local stand-in); the system's otherwise. */
    openWebResolve?: Resolver;
  } = {},
): Promise<Proctor> {
  const database = await openDatabase(options.database ?? databaseConfigFor(config));
  try {
    const registered = await registerBuiltInSimulators(
      database.db,
      options.builtInSimulators ?? builtInRegistrations(),
      options.builtInCrossAppTestCases ??
        (options.builtInSimulators ? undefined : builtInCrossAppRegistrations()),
    );
    await ensureBuiltInAgents(database.db);
    const tokens = await TokenService.create(database.db, config.jwtSecret);
    const oidc = config.oidc
      ? await OidcLogin.discover(config.oidc, { db: database.db, publicUrl: config.publicUrl })
      : undefined;
    const blobs = await openBlobStore(config);
    const scoring = scoringServices(config.scoring);
    const queue = jobQueueFor(config);
    const videoEncoder = findVideoEncoder(config.sessionVideo.ffmpegPath);
    const environments = environmentManagerFor(
      config,
      database.db,
      blobs,
      scoring,
      queue,
      options.environmentNetwork ?? true,
      tokens.secret,
      options.openWebResolve,
    );
    // The scheduler logs through the app's logger, made below with the app.
    let runs: RunScheduler | undefined;
    const ctx: AppContext = {
      config,
      db: database.db,
      databaseKind: database.kind,
      tokens,
      oidc,
      environments,
      blobs,
      scoring,
      queue,
      videos: new SessionVideos({ db: database.db, blobs, queue, encoder: videoEncoder }),
      get runs() {
        if (!runs) throw new Error('The run scheduler is not ready');
        return runs;
      },
    };
    const app = await buildApp(ctx, options.fastify);
    runs = new RunScheduler(database.db, queue, app.log, {
      environmentsPerOrganization: config.environments.maxPerOrganization,
    });
    await environments.start(app.log);
    // This process is the embedded default's one worker (runs take its environment slots); with Redis,
    // JOBS_IN_SERVER=false leaves the runs to `proctor worker` processes.
    if (config.jobs.inServer || !config.jobs.redisUrl)
      queue.work(
        jobHandlers(database.db, environments, jobSettingsFor(config, scoring, blobs, videoEncoder)),
        {
          runSession: config.environments.maxEnvironments,
        },
      );
    await runs.resume();
    await resumeTestRuns(database.db, blobs, queue, app.log);
    // Hub versions a previous process left building are built again.
    await resumeHubBuilds(database.db, queue, app.log);
    // Ended sessions a previous process left unscored are scored now.
    const unscored = await requeueUnscoredSessions(database.db, queue);
    if (unscored > 0) app.log.warn({ sessions: unscored }, 'scoring again sessions left unscored');
    // Sessions scored before their classification was stored (scoring/classification.ts) get it now.
    const classifying = classifyUnclassified(database.db).then(
      (count) => {
        if (count > 0) app.log.info({ sessions: count }, `classified ${count} sessions from their scores`);
      },
      (error: unknown) => app.log.error({ err: error }, 'classifying sessions from their scores failed'),
    );
    app.log.info({ blobStore: blobs.location }, `blob store: ${blobs.location}`);
    if (videoEncoder.problem !== null) app.log.warn(videoEncoder.problem);
    app.log.info(
      { simulators: registered.simulators.map((s) => s.name), testCases: registered.testCases },
      'built-in simulators registered',
    );
    return {
      app,
      ctx,
      close: async () => {
        await classifying;
        await runs?.close();
        await app.close();
        await queue.close();
        await environments.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
