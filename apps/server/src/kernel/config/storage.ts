import { resolve } from 'node:path';
import { HAR_UPLOAD, HUB } from '@proctor/contracts';
import { z } from 'zod';
import { parseSecretsKey } from '../secrets/secretBox';
import { blobKeyProblem } from '../storage/blobs';
import type { S3Addressing, S3BlobStoreOptions } from '../storage/s3BlobStore';
import { listed } from './listed';

/** Where Proctor keeps what it knows: its data folder, the database, the blob store for recordings' bytes. */
export const StorageEnv = z.object({
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  BLOB_STORE_URL: z.string().optional(),
  BLOB_STORE_ACCESS_KEY_ID: z.string().optional(),
  BLOB_STORE_SECRET_ACCESS_KEY: z.string().optional(),
  BLOB_STORE_REGION: z.string().optional(),
  BLOB_STORE_PREFIX: z.string().optional(),
  BLOB_STORE_ADDRESSING: z.string().optional(),
  HAR_MAX_BYTES: z.coerce.number().int().positive().default(HAR_UPLOAD.maxBytes),
  HUB_DIR: z.string().optional(),
  HUB_MAX_PUSH_BYTES: z.coerce.number().int().positive().default(HUB.maxPushBytes),
  HUB_BUILDS: z.enum(['true', 'false']).default('true'),
  SECRETS_KEY: z.string().optional(),
});

export interface StorageSettings {
  dataDir: string;
  databaseUrl: string | undefined;
  /** An S3-compatible store for recordings' bytes (BLOB_STORE_*); files under DATA_DIR/blobs when absent. */
  blobStore: S3BlobStoreOptions | undefined;
  /** The largest HAR file an upload may send (bytes); a larger one answers 413. */
  harMaxBytes: number;
  /** Where the hub's bare git repositories live (HUB_DIR): DATA_DIR/git unless a shared volume is given. */
  hubDir: string;
  /** The largest push the hub accepts (bytes of the request body); a larger one answers 413. */
  hubMaxPushBytes: number;
  /**
   * Whether a push to a simulator repository's default branch builds and proves a version (HUB_BUILDS). false
   * keeps pushes without building them: for a server that must not spend its CPU on proofs.
   */
  hubBuilds: boolean;
  /**
   * The key secrets in the database (integrations' API keys) are sealed under (SECRETS_KEY, 32 bytes as hex or
   * base64). Unset: a key made once into DATA_DIR/secrets.key (0600), which every server must then share.
   */
  secretsKey: Buffer | undefined;
}

export function storageSettings(e: z.infer<typeof StorageEnv>): StorageSettings {
  return {
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    blobStore: parseBlobStore(e),
    harMaxBytes: e.HAR_MAX_BYTES,
    hubDir: e.HUB_DIR ? resolve(e.HUB_DIR) : resolve(e.DATA_DIR, 'git'),
    hubMaxPushBytes: e.HUB_MAX_PUSH_BYTES,
    hubBuilds: e.HUB_BUILDS === 'true',
    secretsKey: secretsKey(e.SECRETS_KEY),
  };
}

/** SECRETS_KEY parsed; a wrong one refuses the start, naming the setting and never its value. */
function secretsKey(value: string | undefined): Buffer | undefined {
  if (!value?.trim()) return undefined;
  const key = parseSecretsKey(value);
  if (typeof key === 'string') throw new Error(`Invalid configuration: SECRETS_KEY ${key}`);
  return key;
}

/** The settings that only mean something with BLOB_STORE_URL; the first three are needed together. */
const BLOB_STORE_REQUIRED = [
  'BLOB_STORE_URL',
  'BLOB_STORE_ACCESS_KEY_ID',
  'BLOB_STORE_SECRET_ACCESS_KEY',
] as const;
const BLOB_STORE_OPTIONAL = ['BLOB_STORE_REGION', 'BLOB_STORE_PREFIX', 'BLOB_STORE_ADDRESSING'] as const;
type BlobStoreSetting = (typeof BLOB_STORE_REQUIRED)[number] | (typeof BLOB_STORE_OPTIONAL)[number];
const S3_ADDRESSING: readonly S3Addressing[] = ['path', 'virtual-hosted'];
/** S3's bucket names, loosened to the upper case and underscores that older buckets and other services allow. */
const BUCKET = /^[A-Za-z0-9][A-Za-z0-9._-]{1,253}[A-Za-z0-9]$/;

/**
 * The S3-compatible blob store, or undefined for files under DATA_DIR/blobs. All or nothing: a URL without
 * its keys, or keys, region or prefix without a URL, is refused at start rather than quietly falling back to
 * files. BLOB_STORE_URL is the endpoint with the bucket as the last segment of its path
 * (`http://127.0.0.1:9000/proctor-blobs`). Messages name the settings, never the secret's value.
 */
export function parseBlobStore(
  env: Partial<Record<BlobStoreSetting, string>>,
): S3BlobStoreOptions | undefined {
  const value = (name: BlobStoreSetting) => env[name]?.trim() || undefined;
  const given = [...BLOB_STORE_REQUIRED, ...BLOB_STORE_OPTIONAL].filter((name) => value(name));
  if (given.length === 0) return undefined;
  const missing = BLOB_STORE_REQUIRED.filter((name) => !value(name));
  if (missing.length > 0)
    throw new Error(
      `Invalid configuration: an S3-compatible blob store needs BLOB_STORE_URL, BLOB_STORE_ACCESS_KEY_ID and BLOB_STORE_SECRET_ACCESS_KEY together; ${listed(given)} ${given.length === 1 ? 'is' : 'are'} set but ${listed(missing)} ${missing.length === 1 ? 'is' : 'are'} not (unset them all to keep blobs in files under DATA_DIR/blobs)`,
    );
  const problem = (message: string) => new Error(`Invalid configuration: ${message}`);
  let url: URL;
  try {
    url = new URL(value('BLOB_STORE_URL')!);
  } catch {
    throw problem('BLOB_STORE_URL must be a URL such as http://127.0.0.1:9000/proctor-blobs');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw problem('BLOB_STORE_URL must be http or https');
  if (url.username || url.password)
    throw problem(
      'BLOB_STORE_URL must not hold credentials; give them as BLOB_STORE_ACCESS_KEY_ID and BLOB_STORE_SECRET_ACCESS_KEY',
    );
  if (url.search || url.hash) throw problem('BLOB_STORE_URL must not have a query or a fragment');
  const segments = url.pathname.split('/').filter(Boolean);
  const bucket = segments.pop();
  if (!bucket)
    throw problem(
      'BLOB_STORE_URL must name the bucket as the last segment of its path, e.g. http://127.0.0.1:9000/proctor-blobs',
    );
  if (!BUCKET.test(bucket)) throw problem(`BLOB_STORE_URL: "${bucket}" is not a bucket name`);
  const prefix = value('BLOB_STORE_PREFIX')?.replace(/^\/+|\/+$/g, '');
  const prefixProblem = prefix ? blobKeyProblem(prefix) : null;
  if (prefixProblem) throw problem(`BLOB_STORE_PREFIX: ${prefixProblem}`);
  const addressing = value('BLOB_STORE_ADDRESSING') ?? 'path';
  if (!S3_ADDRESSING.includes(addressing as S3Addressing))
    throw problem(`BLOB_STORE_ADDRESSING must be ${S3_ADDRESSING.join(' or ')}`);
  return {
    endpoint: `${url.origin}${segments.map((segment) => `/${segment}`).join('')}`,
    bucket,
    region: value('BLOB_STORE_REGION') ?? 'us-east-1',
    accessKeyId: value('BLOB_STORE_ACCESS_KEY_ID')!,
    secretAccessKey: value('BLOB_STORE_SECRET_ACCESS_KEY')!,
    prefix: prefix || undefined,
    addressing: addressing as S3Addressing,
  };
}
