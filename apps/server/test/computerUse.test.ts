import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BUILT_IN_AGENTS, endpoints, LAYOUT } from '@proctor/contracts';
import { sessionLogs, sessions, simulators, testCases } from '@proctor/db';
import { builtInSimulators, SimulatorHost } from '@proctor/simulators';
import { launchChromium } from '@proctor/simulators/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SCREENSHOT_LEFT_OUT } from '../src/agents/anthropicComputerUse';
import { NO_ANTHROPIC_COMPUTER_USE, NO_OPENAI_COMPUTER_USE } from '../src/agents/runnable';
import { builtInRegistrations } from '../src/kernel/builtIns';
import { recordedSteps } from '../src/repositories/recordings';
import { type Actor, describeEachDatabase, type TestProctor } from './support/proctor';
import { until } from './support/until';

/**
 * The built-in computer-use agents (OpenAI's computer_use_preview, Claude's computer tool) against stand-ins
 * for the two APIs that speak their real wire formats. The stand-ins cannot see the pages, so the test first
 * reads where the tracker's sign-in fields and its Team link are, in a page of the same size as an environment's
 * (LAYOUT.keepaliveInterface), and the stand-ins click there: they sign in, open the team page and answer with
 * the Infrastructure lead's email ("Email of the Infrastructure lead"), which Proctor scores.
 */

const tracker = builtInSimulators.find((simulator) => simulator.name === 'tracker')!;
const task = tracker.testCases.find((testCase) => testCase.key === 'infrastructure-lead-email')!;
const { email } = task.expectedOutput as { email: string };

/** The page every run's environment opens, in CSS pixels. */
const screen = LAYOUT.keepaliveInterface;
type Point = { x: number; y: number };
/** Where the stand-ins click: the middle of each element, in viewport pixels. */
const at: { email: Point; password: Point; team: Point } = {
  email: { x: 0, y: 0 },
  password: { x: 0, y: 0 },
  team: { x: 0, y: 0 },
};

beforeAll(async () => {
  const host = new SimulatorHost();
  const [browser] = await Promise.all([launchChromium(), host.listen()]);
  const instance = host.createInstance(tracker, { id: 'layout' });
  try {
    const page = await (await browser.newContext({ viewport: screen })).newPage();
    const middle = async (locator: ReturnType<typeof page.getByLabel>) => {
      const box = (await locator.boundingBox())!;
      return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
    };
    await page.goto(instance.url(task.startUrl));
    at.email = await middle(page.getByLabel('Email'));
    at.password = await middle(page.getByLabel('Password'));
    await page.getByLabel('Email').fill(tracker.auth.user);
    await page.getByLabel('Password').fill(tracker.auth.password);
    await page.getByLabel('Password').press('Enter');
    const team = page.getByRole('link', { name: 'Team', exact: true });
    await team.waitFor();
    at.team = await middle(team);
  } finally {
    await browser.close();
    instance.destroy();
    await host.close();
  }
});

/** What a PNG says of its size (its IHDR chunk), after checking its signature. */
function pngSize(base64: string): { width: number; height: number } {
  const bytes = Buffer.from(base64, 'base64');
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

interface Received {
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

interface StandIn {
  server: Server;
  url: string;
  received: Received[];
  /** While set, every request is answered with this error instead. */
  failing: { status: number; body: unknown } | null;
}

/** A stand-in API: answers each JSON POST to `path` with `answer(body)` and keeps what it was sent. */
async function standIn(path: string, answer: (body: Record<string, unknown>) => unknown): Promise<StandIn> {
  const received: Received[] = [];
  const stand: Omit<StandIn, 'server' | 'url'> = { received, failing: null };
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== path) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: `No route ${request.method} ${request.url}` } }));
        return;
      }
      const body = JSON.parse(text) as Record<string, unknown>;
      received.push({ headers: request.headers, body });
      const { status, body: reply } = stand.failing ?? { status: 200, body: answer(body) };
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(stand, {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
  });
}

/**
 * OpenAI's Responses API: each run is one chain of responses (`resp_<run>_<turn>`), and the turn a request
 * continues says what to answer. Its first action is a key OpenAI's model never names (Proctor must say it
 * failed); one call carries a safety check that Proctor must acknowledge.
 */
let openAiRuns = 0;
const openAiScript: Array<Record<string, unknown> | string> = [
  { type: 'keypress', keys: ['HYPER'] },
  { type: 'click', button: 'left', target: 'email' },
  { type: 'type', text: tracker.auth.user },
  { type: 'click', button: 'left', target: 'password' },
  { type: 'type', text: tracker.auth.password },
  { type: 'keypress', keys: ['ENTER'] },
  { type: 'click', button: 'left', target: 'team' },
  `\`\`\`json\n{"email": "${email}"}\n\`\`\``,
];
/** A scripted action with its `target` (a key of `at`) as the coordinates the API would send. */
function located(action: Record<string, unknown>): Record<string, unknown> {
  const { target, ...rest } = action;
  return typeof target === 'string' ? { ...rest, ...at[target as keyof typeof at] } : rest;
}
const openAi = await standIn('/v1/responses', (body) => {
  const previous = typeof body.previous_response_id === 'string' ? body.previous_response_id : null;
  const [, run, last] = previous ? previous.split('_').map(Number) : [0, ++openAiRuns, -1];
  const next = last! + 1;
  const step = openAiScript[next]!;
  const id = `resp_${run}_${next}`;
  const output =
    typeof step === 'string'
      ? [
          {
            type: 'message',
            id: `msg_${run}`,
            role: 'assistant',
            status: 'completed',
            content: [{ type: 'output_text', text: step, annotations: [] }],
          },
        ]
      : [
          { type: 'reasoning', id: `rs_${run}_${next}`, summary: [] },
          {
            type: 'computer_call',
            id: `cu_${run}_${next}`,
            call_id: `call_${run}_${next}`,
            action: located(step),
            pending_safety_checks:
              next === 2
                ? [{ id: 'cu_sc_1', code: 'malicious_instructions', message: 'Check the page' }]
                : [],
            status: 'completed',
          },
        ];
  return { id, object: 'response', status: 'completed', model: body.model, error: null, output };
});

/**
 * Anthropic's Messages API: stateless, so the turn is read from the conversation's length. One turn asks for
 * two actions at once, one for an action the tool does not have (Proctor must answer with an error), one for
 * the cursor's position.
 */
const claudeScript: Array<Array<Record<string, unknown>> | string> = [
  [{ action: 'left_click', target: 'email' }],
  [{ action: 'type', text: tracker.auth.user }],
  [
    { action: 'left_click', target: 'password' },
    { action: 'type', text: tracker.auth.password },
  ],
  [{ action: 'key', text: 'Return' }],
  [{ action: 'zoom', region: [0, 0, 100, 100] }],
  [{ action: 'left_click', target: 'team' }],
  [{ action: 'cursor_position' }],
  `{"email": "${email}"}`,
];
/** A scripted input with its `target` as the `coordinate` Claude would send. */
function claudeInput({ target, ...input }: Record<string, unknown>): Record<string, unknown> {
  const point = typeof target === 'string' ? at[target as keyof typeof at] : undefined;
  return point ? { ...input, coordinate: [point.x, point.y] } : input;
}
let toolUses = 0;
const claude = await standIn('/v1/messages', (body) => {
  const messages = body.messages as unknown[];
  const turn = (messages.length - 1) / 2;
  const step = claudeScript[turn]!;
  const content =
    typeof step === 'string'
      ? [{ type: 'text', text: step }]
      : [
          { type: 'text', text: `Turn ${turn}.` },
          ...step.map((input) => ({
            type: 'tool_use',
            id: `toolu_${++toolUses}`,
            name: 'computer',
            input: claudeInput(input),
          })),
        ];
  return {
    id: `msg_${turn}`,
    type: 'message',
    role: 'assistant',
    model: body.model,
    content,
    stop_reason: typeof step === 'string' ? 'end_turn' : 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1 },
  };
});
afterAll(async () => {
  for (const { server } of [openAi, claude])
    await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** What the tests need of a Proctor: a member who may run the tracker, its test case, runs and their ends. */
function harness(proctor: () => TestProctor) {
  async function runner(): Promise<Actor> {
    const allowed = await proctor().ctx.db.select({ id: simulators.id }).from(simulators);
    return proctor().actor({
      permissions: { record_testcases: true },
      plan: { allowed_simulators: allowed.map((s) => s.id) },
    });
  }
  async function trackerTestCase() {
    const [row] = await proctor()
      .ctx.db.select({ id: testCases.id, prompt: testCases.prompt })
      .from(testCases)
      .where(eq(testCases.builtInKey, `tracker/${task.key}`));
    return row!;
  }
  async function agents(as: Actor) {
    const response = await proctor().call(endpoints.agentArtifacts, { as });
    expect(response.status).toBe(200);
    return response.body.artifacts;
  }
  async function startRun(as: Actor, kind: keyof typeof BUILT_IN_AGENTS) {
    const agent = (await agents(as)).find((candidate) => candidate.alias === BUILT_IN_AGENTS[kind].alias)!;
    return proctor().call(endpoints.startRun, {
      as,
      body: { testCaseId: (await trackerTestCase()).id, agentArtifactId: agent.id },
    });
  }
  async function ended(as: Actor, batchId: string) {
    return until(
      async () => {
        const response = await proctor().call(endpoints.runGroup, { params: { id: batchId }, as });
        return response.body.runGroup;
      },
      (group) => group.finished && group.scored + group.failed === group.total,
      `run group ${batchId} to end and be scored`,
    );
  }
  /** The session's answer, its log and its recorded clicks. */
  async function session(publicId: string) {
    const { db } = proctor().ctx;
    const [row] = await db.select().from(sessions).where(eq(sessions.publicId, publicId));
    const logs = await db.select().from(sessionLogs).where(eq(sessionLogs.sessionId, row!.id));
    const steps = await recordedSteps(db, row!.id);
    return {
      output: row!.output,
      log: logs.map((log) => (log.logData as { message: string }).message),
      clicks: steps.flatMap(({ action }) => (action.type === 'click' ? [{ x: action.x, y: action.y }] : [])),
      urls: steps.flatMap(({ action }) => (action.type === 'url_change' ? [action.url] : [])),
    };
  }
  return { runner, trackerTestCase, agents, startRun, ended, session };
}

describeEachDatabase(
  'the built-in computer-use agents',
  (proctor) => {
    const { runner, trackerTestCase, agents, startRun, ended, session } = harness(proctor);

    it('should list both as runnable when their APIs are configured', async () => {
      const listed = await agents(await runner());
      for (const kind of ['openai_cua', 'anthropic_cua'] as const) {
        const agent = listed.find((candidate) => candidate.alias === BUILT_IN_AGENTS[kind].alias);
        expect(agent).toMatchObject({ notRunnableReason: null, data: { type: 'builtin', builtin: kind } });
      }
    });

    it("should run OpenAI's computer-use model: screenshots in, clicks and keys done in the page, the answer scored", async () => {
      const person = await runner();
      const before = openAi.received.length;
      const response = await startRun(person, 'openai_cua');
      expect(response.status, response.body.detail).toBe(201);
      const run = response.body;
      expect(await ended(person, run.batch_id)).toMatchObject({ total: 1, scored: 1, passed: 1, failed: 0 });

      const sent = openAi.received.slice(before);
      expect(sent).toHaveLength(openAiScript.length);
      const tools = [
        {
          type: 'computer_use_preview',
          display_width: screen.width,
          display_height: screen.height,
          environment: 'browser',
        },
      ];
      for (const { headers, body } of sent) {
        expect(headers.authorization).toBe('Bearer sk-openai-stand-in');
        expect(body).toMatchObject({ model: 'computer-use-preview', tools, truncation: 'auto' });
      }
      // The first turn: the task (with the answer's schema) and the page as it looked at the start.
      const [first] = sent[0]!.body.input as Array<{ role: string; content: Array<Record<string, string>> }>;
      expect(sent[0]!.body.previous_response_id).toBeUndefined();
      expect(first!.role).toBe('user');
      expect(first!.content[0]!.text).toContain(`Task: ${(await trackerTestCase()).prompt}`);
      expect(first!.content[0]!.text).toContain('"email"');
      expect(first!.content[1]!.image_url).toMatch(/^data:image\/png;base64,/);
      expect(pngSize(first!.content[1]!.image_url!.split(',')[1]!)).toEqual(screen);
      // Every later turn continues the previous response and answers its call with a screenshot.
      const chain = String(sent[1]!.body.previous_response_id).split('_')[1];
      const outputs = sent.slice(1).map(({ body }, index) => {
        const previous = `resp_${chain}_${index}`;
        expect(body.previous_response_id).toBe(previous);
        const [output, ...rest] = body.input as Array<Record<string, unknown>>;
        expect(output).toMatchObject({
          type: 'computer_call_output',
          call_id: previous.replace('resp_', 'call_'),
          output: { type: 'computer_screenshot' },
        });
        const image = (output!.output as { image_url: string }).image_url;
        expect(pngSize(image.replace(/^data:image\/png;base64,/, ''))).toEqual(screen);
        return { output: output as Record<string, unknown>, rest };
      });
      // The unknown key is told to the model beside its screenshot; the safety check is acknowledged.
      expect(outputs[0]!.rest).toEqual([
        {
          role: 'user',
          content: [{ type: 'input_text', text: 'Your last action could not be done: Unknown key "HYPER"' }],
        },
      ]);
      expect(outputs.slice(1).every(({ rest }) => rest.length === 0)).toBe(true);
      expect(outputs[2]!.output.acknowledged_safety_checks).toEqual([
        { id: 'cu_sc_1', code: 'malicious_instructions', message: 'Check the page' },
      ]);
      const urls = outputs.map(({ output }) => (output.output as { current_url: string }).current_url);
      expect(urls[0]).toMatch(/\/login/);
      expect(urls[5]).not.toMatch(/\/login/); // after Enter: signed in, on the page it led to
      expect(urls[6]).toMatch(/\/team$/);

      const recorded = await session(run.session_id);
      expect(recorded.output).toEqual({ email });
      expect(recorded.clicks).toEqual([at.email, at.password, at.team]);
      expect(recorded.urls.at(-1)).toMatch(/\/team$/);
    });

    it("should run Claude's computer tool: each tool use answered with its result, old screenshots left out", async () => {
      const person = await runner();
      const before = claude.received.length;
      const response = await startRun(person, 'anthropic_cua');
      expect(response.status, response.body.detail).toBe(201);
      const run = response.body;
      expect(await ended(person, run.batch_id)).toMatchObject({ total: 1, scored: 1, passed: 1, failed: 0 });

      const sent = claude.received.slice(before);
      expect(sent).toHaveLength(claudeScript.length);
      for (const { headers, body } of sent) {
        expect(headers).toMatchObject({
          'x-api-key': 'sk-ant-stand-in',
          'anthropic-version': '2023-06-01',
          'anthropic-beta': 'computer-use-2025-01-24',
        });
        expect(headers.authorization).toBeUndefined();
        expect(body).toMatchObject({
          model: 'claude-stand-in',
          max_tokens: 4096,
          tools: [
            {
              type: 'computer_20250124',
              name: 'computer',
              display_width_px: screen.width,
              display_height_px: screen.height,
            },
          ],
        });
      }
      type Block = Record<string, unknown> & { type: string };
      type Message = { role: string; content: Block[] };
      const last = sent.at(-1)!.body.messages as Message[];
      expect(last.map((message) => message.role)).toEqual(
        Array.from({ length: last.length }, (_, i) => (i % 2 === 0 ? 'user' : 'assistant')),
      );
      expect(last[0]!.content[0]!.text).toContain(`Task: ${(await trackerTestCase()).prompt}`);
      // Each user turn answers the tool uses of the assistant turn before it, in order.
      for (let index = 1; index + 1 < last.length; index += 2) {
        const uses = last[index]!.content.filter((block) => block.type === 'tool_use').map(
          (block) => block.id,
        );
        const results = last[index + 1]!.content.map((block) => block.tool_use_id);
        expect(results).toEqual(uses);
      }
      const results = last.flatMap((message) =>
        message.content.filter((block) => block.type === 'tool_result'),
      );
      expect(results).toHaveLength(8);
      const content = (block: Block) => block.content as Block[];
      // The unknown action is an error the model reads; cursor_position answers with text, where the Team click was.
      expect(results[5]).toMatchObject({
        is_error: true,
        content: [{ type: 'text', text: 'Unknown action "zoom"' }],
      });
      expect(results[7]).toMatchObject({
        content: [{ type: 'text', text: `X=${at.team.x},Y=${at.team.y}` }],
      });
      expect(results[7]!.is_error).toBeUndefined();
      // Only the last three screenshots travel; older ones are a note.
      const images = last.flatMap((message) =>
        message.content.flatMap((block) => (block.type === 'tool_result' ? content(block) : [block])),
      );
      const kept = images.filter((block) => block.type === 'image');
      expect(kept).toHaveLength(3);
      for (const image of kept) {
        expect(image.source).toMatchObject({ type: 'base64', media_type: 'image/png' });
        expect(pngSize((image.source as { data: string }).data)).toEqual(screen);
      }
      expect(images.filter((block) => block.text === SCREENSHOT_LEFT_OUT)).toHaveLength(4);
      // The first request carried the first screenshot itself.
      expect((sent[0]!.body.messages as Message[])[0]!.content[1]).toMatchObject({
        type: 'image',
        source: { media_type: 'image/png' },
      });

      const recorded = await session(run.session_id);
      expect(recorded.output).toEqual({ email });
      expect(recorded.clicks).toEqual([at.email, at.password, at.team]);
      expect(recorded.urls.at(-1)).toMatch(/\/team$/);
    });

    it.each([
      [
        'openai_cua' as const,
        openAi,
        401,
        {
          error: {
            message: 'Incorrect API key provided: sk-open*****d-in.',
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        },
        "OpenAI's Responses API answered HTTP 401 at step 0: Incorrect API key provided: sk-open*****d-in.",
      ],
      [
        'anthropic_cua' as const,
        claude,
        529,
        { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
        "Anthropic's Messages API answered HTTP 529 at step 0: Overloaded",
      ],
    ])(
      'should fail the task of %s when its API answers an error, with the error its API gave',
      async (kind, api, status, body, said) => {
        const person = await runner();
        api.failing = { status, body };
        try {
          const response = await startRun(person, kind);
          expect(response.status, response.body.detail).toBe(201);
          const run = response.body;
          // The agent's failure, not the infrastructure's: scored and failed.
          expect(await ended(person, run.batch_id)).toMatchObject({
            total: 1,
            scored: 1,
            passed: 0,
            failed: 0,
          });
          expect((await session(run.session_id)).log).toContainEqual(`The agent failed: ${said}`);
        } finally {
          api.failing = null;
        }
      },
    );
  },
  {
    builtInSimulators: builtInRegistrations(),
    env: {
      MAX_ENVIRONMENTS: '2',
      // The stand-ins listen on this machine: the outbound guard lets Proctor reach them.
      OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
      OPENAI_CUA_URL: openAi.url,
      OPENAI_CUA_API_KEY: 'sk-openai-stand-in',
      ANTHROPIC_CUA_URL: claude.url,
      ANTHROPIC_CUA_API_KEY: 'sk-ant-stand-in',
      ANTHROPIC_CUA_MODEL: 'claude-stand-in',
    },
  },
);

describeEachDatabase(
  'the built-in computer-use agents, unconfigured',
  (proctor) => {
    const { runner, agents, startRun } = harness(proctor);

    it('should list them as not configured and refuse to run them, saying so', async () => {
      const person = await runner();
      const listed = await agents(person);
      const reasons = {
        openai_cua: NO_OPENAI_COMPUTER_USE,
        anthropic_cua: NO_ANTHROPIC_COMPUTER_USE,
      } as const;
      for (const [kind, reason] of Object.entries(reasons) as Array<[keyof typeof reasons, string]>) {
        const agent = listed.find((candidate) => candidate.alias === BUILT_IN_AGENTS[kind].alias);
        expect(agent?.notRunnableReason).toBe(reason);
        const response = await startRun(person, kind);
        expect(response.status).toBe(400);
        expect(response.body.detail).toBe(reason);
      }
      expect(NO_OPENAI_COMPUTER_USE).toMatch(
        /^The OpenAI computer-use agent .*OPENAI_CUA_URL is not configured/,
      );
      const queued = await proctor().ctx.db.select({ id: sessions.id }).from(sessions);
      expect(queued).toEqual([]);
    });
  },
  { builtInSimulators: builtInRegistrations() },
);
