import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BackupEnvironmentResponse,
  EnvironmentStateResponse,
  EnvironmentStatusResponse,
  EvaluateEnvironmentResponse,
  endpoints,
  KeepaliveJobGroup,
  MakeEnvironmentRequest,
  ResetEnvironmentRequest,
  ResetEnvironmentResponse,
  TIMING,
  WorkerReadyResponse,
} from '@proctor/contracts';
import { simulators, testCases } from '@proctor/db';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pythonSample } from '../../web/src/features/home/quickStart';
import { builtInRegistrations } from '../src/kernel/builtIns';
import { PYTHON_CLIENT_PATH } from '../src/routes/sdk';
import { testDatabases } from './support/databases';
import { freePort } from './support/network';
import { startTestProctor, type TestProctor } from './support/proctor';

/**
 * The Python client (clients/python) against a real Proctor listening on a port: its own unittest suite,
 * the sample the simulator page shows, and its copy of the API's shapes held to the contract, as
 * packages/sdk/test/contract.test.ts holds the TypeScript SDK's. Needs `python3` (3.9 or later) on the PATH.
 */
const REPOSITORY = fileURLToPath(new URL('../../..', import.meta.url));
const CLIENT = join(REPOSITORY, 'clients', 'python');

/** Runs python3 and answers its exit code with everything it printed, for the failure message. */
function python(
  args: string[],
  options: { cwd: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<{ code: number | null; output: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('python3', args, {
      cwd: options.cwd,
      // No __pycache__ left in the repository; no proxy between the client and this local server.
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1', NO_PROXY: '127.0.0.1,localhost', ...options.env },
      timeout: options.timeoutMs ?? 60_000,
    });
    let output = '';
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      stdout += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.on('error', (error) =>
      reject(new Error(`python3 could not run (${error.message}): install Python 3.9+`)),
    );
    child.on('close', (code) => resolve({ code, output, stdout }));
  });
}

/** The JSON fields an object schema reads, nested objects (in arrays, optional or not) as their own fields. */
type Fields = { [field: string]: Fields | null };

function fieldsOf(schema: z.ZodType): Fields | null {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return fieldsOf(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodArray) return fieldsOf(schema.element as z.ZodType);
  if (schema instanceof z.ZodObject)
    return Object.fromEntries(
      Object.entries(schema.shape).map(([name, field]) => [name, fieldsOf(field as z.ZodType)]),
    );
  return null;
}

const sortedKeys = (schema: z.ZodType) => Object.keys(fieldsOf(schema) ?? {}).sort();

/** What the client copies from the contract, as it prints it: routes, timings, answer fields, option names. */
const DESCRIBE_CLIENT = `
import dataclasses, inspect, json, typing
import proctor

def fields(kind):
    if dataclasses.is_dataclass(kind):
        hints = typing.get_type_hints(kind)
        return {field.name: fields(hints[field.name]) for field in dataclasses.fields(kind)}
    if typing.get_origin(kind) is typing.Union:
        (inner,) = [arg for arg in typing.get_args(kind) if arg is not type(None)]
        return fields(inner)
    if typing.get_origin(kind) is list:
        return fields(typing.get_args(kind)[0])
    return None

def keywords(function):
    return sorted(name for name, parameter in inspect.signature(function).parameters.items()
                  if parameter.kind is inspect.Parameter.KEYWORD_ONLY or name == "test_case_public_id")

answers = ["EnvironmentStatusResponse", "WorkerReadyResponse", "EnvironmentStateResponse",
           "ResetEnvironmentResponse", "EvaluateEnvironmentResponse", "BackupEnvironmentResponse",
           "KeepaliveJobGroup"]
print(json.dumps({
    "routes": {name: {"method": method, "path": path} for name, (method, path) in proctor.ROUTES.items()},
    "timing": {"ready": proctor.READY_TIMEOUT, "pollStart": proctor.POLL_START, "pollMax": proctor.POLL_MAX,
               "heartbeat": proctor.HEARTBEAT_INTERVAL},
    "answers": {name: fields(getattr(proctor, name)) for name in answers},
    "make": keywords(proctor.Environments.make),
    "reset": keywords(proctor.Environment.reset),
}))
`;

/**
 * Playwright for Python stood in, as a user's machine would have it (`pip install playwright`; this one has no
 * PyPI). `connect_over_cdp` reads the endpoint's page list over HTTP, as Playwright does when it connects, so
 * the page title the sample prints is the real browser's.
 */
const PLAYWRIGHT_STAND_IN = `
import contextlib, json, urllib.request

class Page:
    def __init__(self, title):
        self._title = title
    def title(self):
        return self._title

class Browser:
    def __init__(self, pages):
        self.contexts = [type("Context", (), {"pages": pages})()]
    def close(self):
        pass

class Chromium:
    def connect_over_cdp(self, endpoint_url):
        assert endpoint_url.startswith("ws://"), endpoint_url
        with urllib.request.urlopen("http://" + endpoint_url[len("ws://"):] + "/json/list") as response:
            targets = json.load(response)
        return Browser([Page(target["title"]) for target in targets if target["type"] == "page"])

@contextlib.contextmanager
def sync_playwright():
    yield type("Playwright", (), {"chromium": Chromium()})()
`;

describe('the Python client', () => {
  let proctor: TestProctor;
  let baseUrl: string;
  let apiKey: string;

  beforeAll(async () => {
    // The CDP addresses the server hands out are built on PUBLIC_URL: make it the real one.
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    proctor = await startTestProctor(testDatabases()[0]!, {
      builtInSimulators: builtInRegistrations(),
      env: { BROWSER_POOL_SIZE: '1', PUBLIC_URL: baseUrl },
    });
    await proctor.app.listen({ port, host: '127.0.0.1' });
    // The key acts with its account admins' permissions: one who may start environments.
    const allowed = await proctor.ctx.db.select({ id: simulators.id }).from(simulators);
    const organization = await proctor.organization({
      plan: { allowed_simulators: allowed.map((s) => s.id) },
    });
    await proctor.actor({ organization, permissions: { is_account_admin: true, playground_access: true } });
    apiKey = organization.apiKey;
  });
  afterAll(() => proctor?.close());

  it('should pass its own tests against this Proctor', async () => {
    const run = await python(['-m', 'unittest', 'discover', '-s', 'clients/python/tests', '-v'], {
      cwd: REPOSITORY,
      env: { PROCTOR_URL: baseUrl, PROCTOR_API_KEY: apiKey },
    });
    expect(run.code, run.output).toBe(0);
    // The live tests ran rather than skipped.
    expect(run.output).toMatch(/test_runs_a_shop_environment_through_a_test_case .*\.\.\. ok/);
    expect(run.output).not.toContain('skipped');
  });

  it("should run the simulator page's Python sample, with the client fetched from this server", async () => {
    const [testCase] = await proctor.ctx.db
      .select({ publicId: testCases.publicId, prompt: testCases.prompt })
      .from(testCases)
      .innerJoin(simulators, eq(testCases.simulatorId, simulators.id))
      .where(and(eq(simulators.name, 'shop'), isNull(testCases.organizationId)))
      .limit(1);
    const project = mkdtempSync(join(tmpdir(), 'proctor-python-user-'));
    try {
      const served = await fetch(`${baseUrl}${PYTHON_CLIENT_PATH}`);
      expect(served.status).toBe(200);
      writeFileSync(join(project, 'proctor.py'), await served.text());
      mkdirSync(join(project, 'playwright'));
      writeFileSync(join(project, 'playwright', '__init__.py'), '');
      writeFileSync(join(project, 'playwright', 'sync_api.py'), PLAYWRIGHT_STAND_IN);
      writeFileSync(join(project, 'agent.py'), pythonSample(baseUrl, 'shop'));

      const run = await python(['agent.py', testCase!.publicId], {
        cwd: project,
        env: { PROCTOR_API_KEY: apiKey },
      });
      expect(run.code, run.output).toBe(0);
      expect(run.stdout).toContain(`Task: ${testCase!.prompt}\nPage: `);
      // The page's title, as the environment's browser has it.
      expect(run.stdout).toMatch(/^Page: \S/m);
      // Nothing was done: the test case's expected changes are missing.
      expect(run.stdout).toMatch(/^Failed: \S/m);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it("should show the home page's Python sample in its README", () => {
    const readme = readFileSync(join(CLIENT, 'README.md'), 'utf8');
    const sample = /## An agent's run\n\n```python\n([\s\S]*?)\n```/.exec(readme)?.[1];
    expect(sample).toBe(pythonSample('http://localhost:3000'));
  });

  it('should call the contract endpoints, on its timings, reading the fields the API answers', async () => {
    const run = await python(['-c', DESCRIBE_CLIENT], { cwd: CLIENT });
    expect(run.code, run.output).toBe(0);
    const client = JSON.parse(run.stdout);

    const environmentEndpoints = Object.entries(endpoints).filter(([, e]) => e.tag === 'environments');
    expect(client.routes).toEqual(
      Object.fromEntries(environmentEndpoints.map(([name, e]) => [name, { method: e.method, path: e.path }])),
    );
    expect(client.timing).toEqual({
      ready: TIMING.envReadyTimeoutMs / 1000,
      pollStart: TIMING.envPollStartMs / 1000,
      pollMax: TIMING.envPollMaxMs / 1000,
      heartbeat: TIMING.heartbeatMs / 1000,
    });
    expect(client.answers).toEqual({
      EnvironmentStatusResponse: fieldsOf(EnvironmentStatusResponse),
      WorkerReadyResponse: fieldsOf(WorkerReadyResponse),
      EnvironmentStateResponse: fieldsOf(EnvironmentStateResponse),
      ResetEnvironmentResponse: fieldsOf(ResetEnvironmentResponse),
      EvaluateEnvironmentResponse: fieldsOf(EvaluateEnvironmentResponse),
      BackupEnvironmentResponse: fieldsOf(BackupEnvironmentResponse),
      KeepaliveJobGroup: fieldsOf(KeepaliveJobGroup),
    });
    expect(client.make).toEqual(sortedKeys(MakeEnvironmentRequest).filter((name) => name !== 'env_id'));
    expect(client.reset).toEqual(sortedKeys(ResetEnvironmentRequest));
  });
});
