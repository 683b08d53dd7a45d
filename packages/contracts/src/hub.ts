import { z } from 'zod';
import { Timestamp } from './common';
import { HUB_BUILD_STATUSES } from './hubBuild';

/**
 * The simulator hub (002 §2.5, §7.3): git repositories kept inside Proctor, served over smart HTTP at
 * `/git/{owner}/{name}.git` and browsed through `/api/gitea/*`. `owner` is the owning organization's public id;
 * `name` is the repository's name (a built-in simulator's repository is named after the simulator).
 */
export const HUB = {
  /** The branch a created repository starts on, and the first one the page selects. */
  defaultBranch: 'main',
  /** Branches the page selects first, in this order, when the repository has them (issue 28, item 3). */
  preferredBranches: ['main', 'master', 'default'],
  /** A file up to this size (bytes) comes with its content; a larger one answers `too_large` and a download. */
  previewMaxBytes: 1024 * 1024,
  /** The largest push (request body, bytes) accepted by default (HUB_MAX_PUSH_BYTES); a larger one answers 413. */
  maxPushBytes: 100 * 1024 * 1024,
  /** The realm git shows when it asks for credentials. */
  realm: 'Proctor',
  /** A build's log keeps at most this many bytes (UTF-8): its last lines, after a line saying earlier ones went. */
  buildLogMaxBytes: 256 * 1024,
} as const;

/** Server-side texts the hub answers with, as `{detail}` or a field; the page's own texts are 002 §8 "Hub". */
export const HUB_MESSAGES = {
  gitMissing: 'Git is not installed on this server: the hub needs the git command-line tool',
  noRepository: 'This simulator has no repository yet',
  repositoryExists: 'A repository already exists for this simulator',
  repositoryNotFound: 'Repository not found',
  pathNotFound: 'No such file or folder in this repository',
  refNotFound: 'No such branch, tag or commit in this repository',
  buildNotFound: 'No build of this commit in this repository',
  pushTooLarge: (limit: number) => `The push is larger than the hub's limit of ${limit} bytes`,
} as const;

/** Repository names: what a URL path segment and a folder name can both carry safely. */
export const HUB_REPOSITORY_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** The git smart-HTTP address of a repository, relative to the server's origin. */
export const hubGitPath = (owner: string, name: string) =>
  `/git/${encodeURIComponent(owner)}/${encodeURIComponent(name)}.git`;

/**
 * Where a file's bytes are downloaded (a raw GET, same auth as the API calls), for a file over the preview
 * limit or a binary one. `file-content` answers this path as `download_path`.
 */
export const hubRawPath = (owner: string, name: string, path: string, ref?: string) =>
  `/api/gitea/repositories/${encodeURIComponent(owner)}/${encodeURIComponent(name)}/raw?path=${encodeURIComponent(path)}${
    ref ? `&ref=${encodeURIComponent(ref)}` : ''
  }`;

/** `GET /api/gitea/my-info`: git credentials for the hub (HTTP Basic). The password is a revocable token. */
export const HubGitInfo = z.object({
  username: z.string(),
  password: z.string(),
});
export type HubGitInfo = z.infer<typeof HubGitInfo>;

/** A hub repository as every call returns it. `size` is the repository's on-disk size in bytes. */
export const HubRepository = z.object({
  id: z.number().int(),
  owner: z.string(),
  name: z.string(),
  full_name: z.string(),
  simulator_id: z.number().int().nullable(),
  simulator_name: z.string().nullable(),
  default_branch: z.string(),
  /** The clone address: `{PUBLIC_URL}/git/{owner}/{name}.git`. */
  clone_url: z.string(),
  /** True until the first commit lands. */
  empty: z.boolean(),
  size: z.number().int().nonnegative(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type HubRepository = z.infer<typeof HubRepository>;

export const HubRepositoriesResponse = z.object({ repositories: z.array(HubRepository) });
export type HubRepositoriesResponse = z.infer<typeof HubRepositoriesResponse>;

/** One row of the hub's simulator list: green dot when `has_repository`, amber otherwise. */
export const HubSimulator = z.object({
  id: z.number().int(),
  name: z.string(),
  img_url: z.string().nullable(),
  /** A built-in simulator, whose source 'Create Repository' seeds the repository with. */
  built_in: z.boolean(),
  has_repository: z.boolean(),
  /** The caller's organization's repository for this simulator, when it has one. */
  repository: z.object({ owner: z.string(), name: z.string() }).nullable(),
});
export type HubSimulator = z.infer<typeof HubSimulator>;

export const HubSimulatorsResponse = z.object({
  simulators: z.array(HubSimulator),
  /** False when the server has no `git` command: repositories can still be listed, not cloned or pushed. */
  git_available: z.boolean(),
  /** Why the hub is limited (HUB_MESSAGES.gitMissing), or null. */
  git_detail: z.string().nullable(),
  /** Whether the caller may create, delete and push repositories (is_admin or create_simulator). */
  can_write: z.boolean(),
});
export type HubSimulatorsResponse = z.infer<typeof HubSimulatorsResponse>;

export const HubBranch = z.object({
  name: z.string(),
  is_default: z.boolean(),
  commit: z.object({
    sha: z.string(),
    message: z.string(),
    author_name: z.string(),
    /** ISO 8601. */
    date: z.string(),
  }),
});
export type HubBranch = z.infer<typeof HubBranch>;

/** Branches by name; the page picks main, master, default, else the first (HUB.preferredBranches). */
export const HubBranchesResponse = z.object({ branches: z.array(HubBranch) });
export type HubBranchesResponse = z.infer<typeof HubBranchesResponse>;

export const HubContentEntry = z.object({
  name: z.string(),
  /** From the repository's root, no leading slash. */
  path: z.string(),
  type: z.enum(['file', 'dir']),
  /** Bytes for a file; 0 for a folder. */
  size: z.number().int().nonnegative(),
  sha: z.string(),
});
export type HubContentEntry = z.infer<typeof HubContentEntry>;

/**
 * A folder's listing (folders first, then files, each by name). For a file's path `type` is 'file' and
 * `entries` holds that one file. An empty repository answers `empty: true` with no entries.
 */
export const HubContentsResponse = z.object({
  path: z.string(),
  ref: z.string(),
  type: z.enum(['file', 'dir']),
  empty: z.boolean(),
  entries: z.array(HubContentEntry),
});
export type HubContentsResponse = z.infer<typeof HubContentsResponse>;

/**
 * One file. Text up to HUB.previewMaxBytes comes as `encoding: 'utf-8'` content; a binary one up to that size as
 * base64; a larger one with `too_large: true`, `content: null` and only `download_path`.
 */
export const HubFileContent = z.object({
  path: z.string(),
  name: z.string(),
  ref: z.string(),
  size: z.number().int().nonnegative(),
  sha: z.string(),
  encoding: z.enum(['utf-8', 'base64']).nullable(),
  content: z.string().nullable(),
  binary: z.boolean(),
  too_large: z.boolean(),
  download_path: z.string(),
});
export type HubFileContent = z.infer<typeof HubFileContent>;

const RepositoryNameText = z
  .string()
  .trim()
  .regex(HUB_REPOSITORY_NAME, 'Repository names use letters, digits, dots, dashes and underscores')
  .refine((name) => !name.endsWith('.git'), 'A repository name must not end in .git');

/**
 * `POST /api/gitea/repositories`: for a simulator (named; seeded with its source when it is a built-in one)
 * or, with only `name`, an empty repository. Answers 201 with the repository, 409 when it exists.
 */
export const CreateHubRepositoryRequest = z
  .object({
    simulator_name: z.string().trim().min(1).max(200).optional(),
    name: RepositoryNameText.optional(),
  })
  .refine((body) => body.simulator_name !== undefined || body.name !== undefined, {
    message: 'Give simulator_name or name',
  });
export type CreateHubRepositoryRequest = z.infer<typeof CreateHubRepositoryRequest>;

export const HubRepositoryParam = z.object({
  owner: z.string().trim().min(1).max(100),
  name: z.string().trim().min(1).max(100),
});

/** `?path` (default: the root) and `?ref` (default: the repository's default branch). */
export const HubContentsQuery = z.object({
  path: z.string().max(4096).optional(),
  ref: z.string().max(255).optional(),
});

/** `?file_path` and `?ref` (default: the repository's default branch). */
export const HubFileContentQuery = z.object({
  file_path: z.string().min(1).max(4096),
  ref: z.string().max(255).optional(),
});

/**
 * A version built from a push to a simulator repository's default branch (issue 28 item 4), as the hub page
 * lists them, newest first. `commit` is the pushed commit's hash (the version); `dataset` the seed snapshot's
 * hash once seeded; `ended_at` null while building.
 */
export const HubBuild = z.object({
  commit: z.string(),
  status: z.enum(HUB_BUILD_STATUSES),
  created_at: Timestamp,
  ended_at: Timestamp.nullable(),
  dataset: z.string().nullable(),
  /** Why a failed build failed (its first problem); null unless failed. */
  reason: z.string().nullable(),
  has_log: z.boolean(),
});
export type HubBuild = z.infer<typeof HubBuild>;
export const HubBuildsResponse = z.object({ builds: z.array(HubBuild) });
export type HubBuildsResponse = z.infer<typeof HubBuildsResponse>;

export const HubBuildParam = HubRepositoryParam.extend({
  commit: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/, 'A commit hash: 40 (or 64) hex digits'),
});

/** One build's log: its lines as they came, at most HUB.buildLogMaxBytes (the last ones kept). */
export const HubBuildLogResponse = z.object({
  commit: z.string(),
  status: z.enum(HUB_BUILD_STATUSES),
  reason: z.string().nullable(),
  log: z.string(),
});
export type HubBuildLogResponse = z.infer<typeof HubBuildLogResponse>;
