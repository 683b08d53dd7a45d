import { spawn } from 'node:child_process';

/**
 * git's credential helper for one command: it answers git's `get` from two environment variables of the git
 * process and ignores `store` and `erase`. The command line names only the variables, so the password stays
 * out of every process's argv, out of the printed output and out of the clone's .git/config (`git -c` is not
 * written to the repository, unlike `git clone -c`).
 */
export const GIT_CREDENTIAL_HELPER =
  '!f() { test "$1" = get || exit 0; echo "username=$PROCTOR_GIT_USERNAME"; echo "password=$PROCTOR_GIT_PASSWORD"; }; f';

export interface GitCredentials {
  username: string;
  password: string;
}

/** The installed git's version line, or null when there is no `git` command. */
export function gitVersion(env: NodeJS.ProcessEnv): Promise<string | null> {
  return new Promise((resolve) => {
    const git = spawn('git', ['--version'], { env, stdio: ['ignore', 'pipe', 'ignore'] });
    let output = '';
    git.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    git.on('error', () => resolve(null));
    git.on('close', (code) => resolve(code === 0 ? output.trim() : null));
  });
}

/** Runs `git clone url directory` with the credentials, git's own progress and errors on this terminal. */
export function gitClone(options: {
  url: string;
  directory: string;
  credentials: GitCredentials;
  env: NodeJS.ProcessEnv;
  cwd: string;
}): Promise<number> {
  const args = [
    // An empty value first clears helpers from the user's config (a keychain would store the token).
    '-c',
    'credential.helper=',
    '-c',
    `credential.helper=${GIT_CREDENTIAL_HELPER}`,
    'clone',
    '--',
    options.url,
    options.directory,
  ];
  return new Promise((resolve, reject) => {
    const git = spawn('git', args, {
      cwd: options.cwd,
      stdio: 'inherit',
      env: {
        ...options.env,
        // Wrong credentials fail at once instead of git asking on the terminal.
        GIT_TERMINAL_PROMPT: '0',
        PROCTOR_GIT_USERNAME: options.credentials.username,
        PROCTOR_GIT_PASSWORD: options.credentials.password,
      },
    });
    git.on('error', reject);
    git.on('close', (code) => resolve(code ?? 1));
  });
}
