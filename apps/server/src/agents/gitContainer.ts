import { type ChildProcess, spawn } from 'node:child_process';
import { AGENT_STEP_TIMEOUT_MS, type AgentObservation } from '@proctor/contracts';
import type { OutboundGuardOptions } from '../kernel/outbound/outboundGuard';
import { checkoutAgent, type GitAgentSource, manifestCommand, STDERR_TAIL } from './gitCheckout';
import { AGENT_SANDBOX_LIMITS, type SandboxSettings, SPAWN_BARE, sandboxCommand } from './sandbox';
import { type MemoryGuard, memoryGuard } from './sandboxMemory';
import { actionLoop } from './stepProtocol';
import type { RunDriver } from './types';

/**
 * `git_container` agents (001 §5): a repository at a commit that Proctor fetches and runs itself, speaking the
 * step protocol (docs/agent-protocol.md) as JSON lines on its standard input and output. Agents' code is hostile,
 * so the repository is cloned over http(s) only through the outbound guard, with git's other transports and the
 * host's git configuration off (gitCheckout.ts), and the agent runs in a bubblewrap sandbox that shows it its
 * checkout and `/usr` read-only and nothing else of the machine (no network, no environment of Proctor's, no other
 * process), under limits on its processes, disk and CPU (sandbox.ts) and its memory (sandboxMemory.ts). An agent
 * that needs a hosted model needs the network, which the sandbox does not give: such an agent is a `dev` agent.
 */

/** The longest line an agent may answer (an action is a few hundred bytes; a typed text may be long). */
const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * One started sandboxed agent: `ask` writes an observation as a line and reads the answer's line. Ends with the
 * reason when the agent exits, reaches its memory limit, answers too long a line, or takes longer than the step
 * timeout.
 */
export class SandboxedAgent {
  readonly #child: ChildProcess;
  readonly #memory: MemoryGuard;
  readonly #memoryLimitBytes: number;
  #buffer = '';
  readonly #lines: string[] = [];
  #waiting: { resolve: (line: string) => void; reject: (error: Error) => void } | undefined;
  #ended: Error | undefined;
  #stderr = '';

  constructor(checkout: string, command: readonly string[], settings: SandboxSettings) {
    const limits = settings.limits ?? AGENT_SANDBOX_LIMITS;
    this.#memoryLimitBytes = settings.memoryLimitBytes;
    this.#memory = memoryGuard(
      { memoryBytes: settings.memoryLimitBytes, processes: limits.processes },
      settings.memoryGuard,
    );
    const { file, args } = sandboxCommand(checkout, command, {
      limits,
      cgroupProcs: this.#memory.procsFiles,
    });
    this.#child = spawn(file, args, { stdio: ['pipe', 'pipe', 'pipe'], ...SPAWN_BARE });
    if (this.#child.pid !== undefined) this.#memory.start(this.#child.pid, () => this.kill());
    this.#child.stdout!.setEncoding('utf8').on('data', (chunk: string) => this.#read(chunk));
    this.#child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      this.#stderr = (this.#stderr + chunk).slice(-STDERR_TAIL);
    });
    // A write to an agent that has exited fails here; the exit says why.
    this.#child.stdin!.on('error', () => undefined);
    this.#child.on('error', (error) => {
      this.#end(new Error(`The agent could not be started: ${error.message}`));
      void this.#memory.release();
    });
    this.#child.on('close', (code, signal) => {
      // Asked before the cgroup goes: its OOM count says whether the limit was reached.
      const how = this.#memory.exceeded()
        ? `was stopped at its memory limit of ${Math.round(this.#memoryLimitBytes / 1024 ** 2)} MiB (all its processes together)`
        : signal === 'SIGXCPU'
          ? 'used up its CPU time'
          : signal
            ? `was ended by ${signal}`
            : `exited with ${code}`;
      this.#end(new Error(`The agent ${how}${this.#stderrNote()}`));
      void this.#memory.release();
    });
  }

  /** How its memory is limited: its own cgroup, or the watchdog where the machine gives none. */
  get memoryGuard(): MemoryGuard['kind'] {
    return this.#memory.kind;
  }

  #stderrNote(): string {
    const tail = this.#stderr.trim();
    return tail ? `; its last words on standard error: ${tail}` : '';
  }

  #read(chunk: string): void {
    this.#buffer += chunk;
    let newline = this.#buffer.indexOf('\n');
    while (newline >= 0) {
      const line = this.#buffer.slice(0, newline).trim();
      this.#buffer = this.#buffer.slice(newline + 1);
      if (line) this.#deliver(line);
      newline = this.#buffer.indexOf('\n');
    }
    if (this.#buffer.length > MAX_ANSWER_BYTES) {
      this.#end(new Error(`The agent wrote a line longer than ${MAX_ANSWER_BYTES} bytes`));
      this.kill();
    }
  }

  #deliver(line: string): void {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    if (waiting) waiting.resolve(line);
    else this.#lines.push(line);
  }

  #end(error: Error): void {
    this.#ended ??= error;
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.reject(this.#ended);
  }

  async ask(observation: AgentObservation, timeoutMs: number = AGENT_STEP_TIMEOUT_MS): Promise<unknown> {
    // An answer already written counts even when the agent has exited since.
    if (this.#ended && this.#lines.length === 0) throw this.#ended;
    if (!this.#ended) this.#child.stdin!.write(`${JSON.stringify(observation)}\n`);
    const line = await new Promise<string>((resolve, reject) => {
      const queued = this.#lines.shift();
      if (queued !== undefined) return resolve(queued);
      if (this.#ended) return reject(this.#ended);
      const timer = setTimeout(() => {
        this.#waiting = undefined;
        reject(
          new Error(
            `The agent did not answer step ${observation.step} within ${timeoutMs / 1000} s${this.#stderrNote()}`,
          ),
        );
      }, timeoutMs);
      this.#waiting = {
        resolve: (answer) => {
          clearTimeout(timer);
          resolve(answer);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
    });
    try {
      return JSON.parse(line);
    } catch {
      throw new Error(`The agent's answer at step ${observation.step} is not JSON: ${line.slice(0, 200)}`);
    }
  }

  kill(): void {
    if (this.#child.exitCode === null && this.#child.signalCode === null) this.#child.kill('SIGKILL');
  }
}

/** A git container agent as the driver of a run: fetched, started in its sandbox, asked step by step. */
export function gitContainerDriver(
  source: GitAgentSource,
  guard: OutboundGuardOptions,
  sandbox: SandboxSettings,
): RunDriver {
  return async (context) => {
    const checkout = await checkoutAgent(source, guard, context.signal);
    const agent = new SandboxedAgent(checkout, await manifestCommand(checkout), sandbox);
    const stop = () => agent.kill();
    context.signal.addEventListener('abort', stop, { once: true });
    try {
      return await actionLoop((observation) => agent.ask(observation))(context);
    } finally {
      context.signal.removeEventListener('abort', stop);
      agent.kill();
    }
  };
}
