import { ProctorApiError } from '../errors.js';
import { Proctor } from '../proctor.js';
import { type GitCredentials, gitClone, gitVersion } from './git.js';

/** A failure the CLI explains in one line and exits 1 for. */
export class CliError extends Error {
  override name = 'CliError';
}

export interface HubCloneOptions {
  simulator: string;
  /** Where to clone; default: the repository's name in `cwd`. */
  directory?: string;
  baseUrl: string;
  apiKey: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
  log: (line: string) => void;
}

/** `proctor hub clone {simulator}`: the simulator's repository, cloned with the caller's hub credentials. */
export async function hubClone(options: HubCloneOptions): Promise<number> {
  const { simulator, log } = options;
  if ((await gitVersion(options.env)) === null)
    throw new CliError('git is not installed (no `git` command on PATH): install git and run this again');

  const proctor = new Proctor({ baseUrl: options.baseUrl, apiKey: options.apiKey });
  const hubAddress = `${proctor.baseUrl}/hub`;
  const hub = await refusalsExplained(() => proctor.hub.simulators());
  const listed = hub.simulators.find((candidate) => candidate.name === simulator);
  if (!listed)
    throw new CliError(`No simulator named "${simulator}" in your organization's plan (see ${hubAddress})`);
  if (!listed.has_repository)
    throw new CliError(
      `"${simulator}" has no repository yet: an admin creates it with Create Repository on ${hubAddress}`,
    );
  if (!hub.git_available)
    throw new CliError(hub.git_detail ?? 'Git is not installed on the Proctor server: nothing can be cloned');

  const repository = await refusalsExplained(() => proctor.hub.repository(simulator));
  const credentials = await gitCredentialsOf(proctor, options.apiKey);
  const directory = options.directory ?? repository.name;
  const url = proctor.hub.gitUrl(repository);
  log(`Cloning ${repository.full_name} from ${url} into ${directory}`);
  const code = await gitClone({ url, directory, credentials, env: options.env, cwd: options.cwd });
  if (code === 0) log(`Cloned "${simulator}" into ${directory}`);
  return code;
}

/**
 * The caller's own git credentials (my-info). A caller my-info has no person for (the organization's API
 * key) clones with the key itself as the password, which the hub accepts with any user name.
 */
async function gitCredentialsOf(proctor: Proctor, apiKey: string): Promise<GitCredentials> {
  try {
    return await proctor.hub.gitCredentials();
  } catch (error) {
    if (error instanceof ProctorApiError && error.status !== 401 && error.status < 500)
      return { username: 'api-key', password: apiKey };
    throw explained(error);
  }
}

async function refusalsExplained<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw explained(error);
  }
}

/** The API's refusals as what the person should do about them; other errors as they are. */
function explained(error: unknown): unknown {
  if (!(error instanceof ProctorApiError)) return error;
  if (error.status === 401)
    return new CliError(`Proctor refused the API key (401: ${error.detail}): check PROCTOR_API_KEY`);
  if (error.status === 403) return new CliError(`Proctor refused this (403): ${error.detail}`);
  return error;
}
