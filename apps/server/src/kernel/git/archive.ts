import { spawn } from 'node:child_process';
import { gitEnv } from './httpBackend';

const FULL_OID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/**
 * Writes a commit's tree into a folder (which must exist): `git archive` of the bare repository piped into `tar`,
 * since a bare repository has no working tree to copy. The commit is a full hash, never a name git could read as
 * an option. Rejects with git's or tar's own words.
 */
export function exportCommit(gitdir: string, commit: string, into: string): Promise<void> {
  if (!FULL_OID.test(commit)) return Promise.reject(new Error(`Not a commit hash: ${commit}`));
  return new Promise((resolve, reject) => {
    const env = gitEnv(into);
    const archive = spawn('git', ['--git-dir', gitdir, 'archive', '--format=tar', commit], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tar = spawn('tar', ['-x', '-C', into, '--no-same-owner', '--no-same-permissions'], {
      env,
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    const stderr = { git: '', tar: '' };
    archive.stderr.on('data', (chunk) => {
      stderr.git += chunk;
    });
    tar.stderr.on('data', (chunk) => {
      stderr.tar += chunk;
    });
    archive.stdout.pipe(tar.stdin);
    // tar exiting early closes its stdin; git then sees EPIPE, and the exit codes tell the story.
    tar.stdin.on('error', () => undefined);
    const codes = new Promise<[number | null, number | null]>((done) => {
      let gitCode: number | null | undefined;
      let tarCode: number | null | undefined;
      const settle = () => {
        if (gitCode !== undefined && tarCode !== undefined) done([gitCode, tarCode]);
      };
      archive.on('close', (code) => {
        gitCode = code;
        settle();
      });
      tar.on('close', (code) => {
        tarCode = code;
        settle();
      });
    });
    archive.on('error', reject);
    tar.on('error', reject);
    codes.then(([gitCode, tarCode]) => {
      if (gitCode !== 0) reject(new Error(`git archive failed: ${stderr.git.trim() || `exit ${gitCode}`}`));
      else if (tarCode !== 0) reject(new Error(`tar failed: ${stderr.tar.trim() || `exit ${tarCode}`}`));
      else resolve();
    });
  });
}
