import { type FSWatcher, watch } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath } from '@proctor/environments';
import { filterMutations, type Mutation, type Row as MutationRow } from '@proctor/scoring';
import type { Browser } from 'playwright-core';
import { bundleSimulator } from '../build/bundle';
import { importSimulatorBundle } from '../build/load';
import type { SimulatorDefinition } from '../definition';
import type { SimulatorInstance } from '../runtime/instance';
import { prepareSimulator } from '../runtime/prepare';
import { readBody, SimulatorHost } from '../web/host';
import { launchChromium } from './chromium';
import { proveSimulator, type TestCaseProof } from './prove';
import { testCaseProblems } from './testCase';

/**
 * `proctor hub sandbox`: a kit project's working tree (src/index.ts defining a simulator, as a hub repository holds
 * it) served on this machine at http://{name}.sandbox.localhost:{port}, each mutation printed as a request makes it,
 * rebuilt when src/ changes; or, with --prove, its test cases proven in Chromium as the hub proves a push. It runs
 * the developer's own code on their own machine, so unlike the hub's build it is not sandboxed.
 */

/** The label under `localhost` every sandboxed simulator is served below: {name}.sandbox.localhost. */
export const SANDBOX_LABEL = 'sandbox';

/** How long src/ must be quiet before a rebuild: an editor's save is often several writes. */
const REBUILD_QUIET_MS = 150;

export interface KitBuild {
  definition: SimulatorDefinition;
  /** The bundle's folder (a temporary one), removed when the build is replaced or the sandbox closes. */
  out: string;
}

/** Bundles the project into a new temporary folder and loads it (a new folder each time: a module loads once per URL). */
export async function buildKitProject(project: string): Promise<KitBuild> {
  const out = await mkdtemp(join(tmpdir(), 'proctor-sandbox-'));
  try {
    await bundleSimulator(project, out);
    return { definition: await importSimulatorBundle(out), out };
  } catch (error) {
    await rm(out, { recursive: true, force: true });
    throw error;
  }
}

const json = (row: MutationRow | null) => JSON.stringify(row ?? {});

/** One mutation as a line: the action, table and key, then the row (INSERT, DELETE) or the changed columns (UPDATE). */
export function formatMutation(mutation: Mutation): string {
  const where = `${mutation.action} ${mutation.table_name} ${mutation.pk}`;
  if (mutation.action !== 'UPDATE') return `${where} ${json(mutation.new ?? mutation.old)}`;
  const changed = Object.keys({ ...mutation.old, ...mutation.new }).filter(
    (column) => JSON.stringify(mutation.old?.[column]) !== JSON.stringify(mutation.new?.[column]),
  );
  const pick = (row: MutationRow | null) =>
    Object.fromEntries(changed.map((column) => [column, row?.[column] ?? null]));
  return `${where} ${JSON.stringify(pick(mutation.old))} -> ${JSON.stringify(pick(mutation.new))}`;
}

export interface KitSandboxOptions {
  project: string;
  /** TCP port on loopback; 0 picks a free one. */
  port: number;
  /** Rebuild and restart the instance when a file under src/ changes. */
  watch: boolean;
  log: (line: string) => void;
}

/** A kit project served from its working tree: one instance at a time, printing its mutations as they happen. */
export class KitSandbox {
  readonly #options: KitSandboxOptions;
  readonly #server: Server;
  #host: SimulatorHost | undefined;
  #build: KitBuild | undefined;
  #instance: SimulatorInstance | undefined;
  /** How many of the instance's logged mutations have been printed. */
  #printed = 0;
  #watcher: FSWatcher | undefined;
  #quiet: NodeJS.Timeout | undefined;
  #rebuilding: Promise<void> = Promise.resolve();
  #closed = false;

  private constructor(options: KitSandboxOptions) {
    this.#options = options;
    this.#server = createServer((req, res) => {
      this.#serve(req, res).catch((error: unknown) => {
        options.log(`request ${req.method} ${req.url} failed: ${(error as Error).stack ?? String(error)}`);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Internal error');
      });
    });
  }

  /** Builds the project and serves it; throws (SimulatorBuildError or the definition's own error) when it cannot. */
  static async start(options: KitSandboxOptions): Promise<KitSandbox> {
    const sandbox = new KitSandbox(options);
    const build = await buildKitProject(options.project);
    try {
      await new Promise<void>((resolve, reject) => {
        sandbox.#server.once('error', reject);
        sandbox.#server.listen(options.port, '127.0.0.1', () => {
          sandbox.#server.off('error', reject);
          resolve();
        });
      });
      // The host only routes and names origins; this server listens, so each request's mutations can be printed.
      sandbox.#host = new SimulatorHost({ port: (sandbox.#server.address() as AddressInfo).port });
      sandbox.#run(build);
    } catch (error) {
      await sandbox.close();
      await rm(build.out, { recursive: true, force: true });
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
        throw new Error(`port ${options.port} is in use: pass --port with another (0 picks a free one)`);
      throw error;
    }
    if (options.watch) sandbox.#watch();
    return sandbox;
  }

  /** The simulator being served, as its project defines it (its own name, not the host name's). */
  get definition(): SimulatorDefinition {
    return this.#build!.definition;
  }

  get url(): string {
    return `${this.#instance!.origin}/`;
  }

  /** Stops watching and serving; removes the bundle. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#watcher?.close();
    clearTimeout(this.#quiet);
    await this.#rebuilding;
    this.#instance?.destroy();
    if (this.#server.listening) {
      this.#server.closeAllConnections();
      await new Promise<void>((resolve) => this.#server.close(() => resolve()));
    }
    if (this.#build) await rm(this.#build.out, { recursive: true, force: true });
  }

  /** Starts a fresh instance of the build, at {name}.sandbox.localhost (the definition renamed for its host name). */
  #run(build: KitBuild): void {
    const definition = { ...build.definition, name: SANDBOX_LABEL };
    // Seeded first: a seed that throws leaves the running instance as it was.
    prepareSimulator(definition);
    this.#instance?.destroy();
    this.#instance = this.#host!.createInstance(definition, { id: build.definition.name });
    this.#build = build;
    this.#printed = 0;
  }

  #watch(): void {
    const src = join(this.#options.project, 'src');
    this.#watcher = watch(src, { recursive: true }, () => {
      clearTimeout(this.#quiet);
      this.#quiet = setTimeout(() => {
        // One rebuild at a time; a change during one starts the next after it.
        this.#rebuilding = this.#rebuilding.then(() => this.#rebuild());
      }, REBUILD_QUIET_MS);
    });
  }

  async #rebuild(): Promise<void> {
    if (this.#closed) return;
    const { log } = this.#options;
    log('src/ changed: rebuilding');
    let build: KitBuild;
    try {
      build = await buildKitProject(this.#options.project);
    } catch (error) {
      log(`the rebuild failed, still serving the previous build: ${(error as Error).message}`);
      return;
    }
    const previous = this.#build!;
    try {
      this.#run(build);
    } catch (error) {
      log(
        `the rebuilt simulator did not start, still serving the previous build: ${(error as Error).message}`,
      );
      await rm(build.out, { recursive: true, force: true });
      return;
    }
    await rm(previous.out, { recursive: true, force: true });
    log(`rebuilt and restarted from the seed: ${this.url}`);
  }

  async #serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const receivedAt = Date.now();
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(req.headers))
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    const instance = this.#instance!;
    if (this.#host!.resolve(headers.host) !== instance) {
      // A request for another host name (e.g. plain localhost): say where the simulator is.
      await drain(req);
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`Proctor's sandbox serves ${this.definition.name} at ${this.url}\n`);
      return;
    }
    const body = await readBody(req);
    if (body === null) {
      res.writeHead(413, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('The request body is larger than this server accepts.');
      return;
    }
    const response = await instance.dispatch({
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers,
      body,
      receivedAt,
    });
    res.writeHead(response.status, response.headers);
    res.end(response.body);
    if (instance === this.#instance && !instance.destroyed) this.#printMutations(`${req.method} ${req.url}`);
  }

  /** Prints the mutations logged since the last print, after the simulator's ignore rules, each with its request. */
  #printMutations(request: string): void {
    const instance = this.#instance!;
    const count = instance.mutationCount();
    // Fewer than printed: the simulator reset itself; its log starts again.
    if (count < this.#printed) this.#printed = 0;
    if (count === this.#printed) return;
    const logged = instance.mutations(this.#printed);
    this.#printed = count;
    for (const mutation of filterMutations(logged, instance.simulator.definition.config))
      this.#options.log(`${request}: ${formatMutation(mutation)}`);
  }
}

async function drain(req: IncomingMessage): Promise<void> {
  for await (const _ of req) {
    // Read and dropped, so the connection can carry the answer.
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** One run of a proof as a line: passed or failed, the test case, which script, how long, and why when it failed. */
export function formatProof(proof: TestCaseProof): string {
  const script = proof.variant === 'solve' ? 'reference solution' : 'wrong variant';
  const line = `${proof.passed ? 'passed' : 'failed'}  ${proof.testCase.key} (${script}, ${seconds(proof.durationMs)})`;
  return proof.passed ? line : `${line}: ${proof.explanation}`;
}

/**
 * Proves the project's test cases as the hub proves a push: each reference solution satisfies its test case and
 * each wrong variant does not, in Chromium. Prints a line per run and answers whether every run passed.
 */
export async function proveKitProject(project: string, log: (line: string) => void): Promise<boolean> {
  const build = await buildKitProject(project);
  const host = new SimulatorHost();
  let browser: Browser | undefined;
  try {
    const simulator = build.definition;
    log(`proving ${simulator.name} ${simulator.version}: ${simulator.testCases.length} test case(s)`);
    const problems = simulator.testCases.flatMap(testCaseProblems);
    for (const problem of problems) log(`failed  test case ${problem}`);
    if (problems.length > 0) return false;
    if (simulator.testCases.length === 0) return true;
    [browser] = await Promise.all([launchChromium(chromiumPath()), host.listen()]);
    const proof = await proveSimulator(simulator, {
      browser,
      host,
      onRun: (run) => log(formatProof(run)),
    });
    const failed = proof.runs.filter((run) => !run.passed).length;
    log(
      failed === 0 ? `all ${proof.runs.length} runs passed` : `${failed} of ${proof.runs.length} runs failed`,
    );
    return proof.passed;
  } finally {
    await browser?.close().catch(() => undefined);
    await host.close();
    await rm(build.out, { recursive: true, force: true });
  }
}
