import { spawn } from 'node:child_process';

/** What a git command printed and how it ended. */
export interface GitRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The machine's `git`, as a person's clone would run it: no system or global configuration of this machine's, no
 * prompt for credentials (a refusal fails at once), an identity for commits.
 */
export function git(args: string[], cwd: string): Promise<GitRun> {
  return new Promise((resolve) => {
    const child = spawn('git', ['-c', 'user.name=Tester', '-c', 'user.email=tester@example.test', ...args], {
      cwd,
      env: {
        PATH: process.env.PATH,
        HOME: cwd,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_TERMINAL_PROMPT: '0',
        GIT_ASKPASS: '/bin/false',
        LANG: 'C',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A git command that must succeed: its output, trimmed. */
export async function gitOk(args: string[], cwd: string): Promise<string> {
  const run = await git(args, cwd);
  if (run.code !== 0) throw new Error(`git ${args.join(' ')} failed (${run.code}): ${run.stderr}`);
  return run.stdout.trim();
}
