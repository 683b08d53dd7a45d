import { spawn } from 'node:child_process';

/**
 * Runs `script <flag> <spec as JSON>` in a child Node with this one's flags (tsx, --expose-gc) and reads its result,
 * JSON on stdout: how the benchmarks keep a measured client's CPU and memory apart from Proctor's.
 */
export function runInChild<Result>(script: string, flag: string, spec: unknown): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, script, flag, JSON.stringify(spec)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`The ${flag} process exited with ${code}`));
      try {
        resolve(JSON.parse(output) as Result);
      } catch (error) {
        reject(new Error(`The ${flag} process printed no result: ${(error as Error).message}\n${output}`));
      }
    });
  });
}
