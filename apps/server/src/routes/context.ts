import type { Database, DatabaseKind } from '@proctor/db';
import type { ScoringServices } from '@proctor/scoring';
import type { OidcLogin } from '../auth/oidc';
import type { TokenService } from '../auth/tokens';
import type { EnvironmentManager } from '../environments/manager';
import type { ServerConfig } from '../kernel/config';
import type { JobQueue } from '../kernel/queue/queue';
import type { BlobStore } from '../kernel/storage/blobs';
import type { RunScheduler } from '../services/runScheduler';
import type { SessionVideos } from '../services/sessionVideos';

/** What every route and service may use; built once per server and passed in, never imported. */
export interface AppContext {
  config: ServerConfig;
  db: Database;
  databaseKind: DatabaseKind;
  tokens: TokenService;
  /** Present when an identity provider is configured (OIDC_ISSUER). */
  oidc: OidcLogin | undefined;
  /** The live environments this process runs (browsers and simulator instances). */
  environments: EnvironmentManager;
  /** Recordings' bytes (screenshots): files under DATA_DIR/blobs, or an S3-compatible bucket (BLOB_STORE_URL). */
  blobs: BlobStore;
  /** What the score types that reach outside use: the outbound guard, the configured language model. */
  scoring: ScoringServices;
  /** Background jobs (jobs/catalog.ts): in this process by default. */
  queue: JobQueue;
  /** Sessions' videos: made on demand by a job, kept in the blob store. */
  videos: SessionVideos;
  /** Runs the queued runs of run groups, each group's concurrency at a time. */
  runs: RunScheduler;
}
