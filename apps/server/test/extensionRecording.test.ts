import {
  BROWSER_SESSION_MESSAGES,
  EXTENSION_MESSAGES,
  EXTENSION_RECORDING,
  EXTENSION_TOKEN_HEADER,
  type ExtensionStep,
  endpoints,
} from '@proctor/contracts';
import { SignJWT } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import { png } from '../../../packages/recording/test/images';
import { type Actor, describeEachDatabase } from './support/proctor';

const TASK = 'Find the cheapest product';
const FORMAT = { title: 'string' } as const;
const PAGE = 'https://shop.example/products';
const SCREENSHOT = png(16, 9).toString('base64');

/**
 * The Chrome extension's upload (002 §2.11): steps with screenshots appended to the trainer session its
 * capability names, shown like any session's; everything else refused with the status that says why.
 */
describeEachDatabase(
  'steps recorded by the Chrome extension',
  (proctor) => {
    let recorder: Actor;
    let colleague: Actor;
    let stranger: Actor;

    const openTrainer = async (as: Actor) => {
      const opened = await proctor().call(endpoints.createBrowserSession, {
        as,
        body: { type: 'trainer', task: TASK, response_format: FORMAT },
      });
      expect(opened.status, opened.body.detail).toBe(201);
      return opened.body;
    };
    const tokenFor = async (publicId: string, as: Actor = recorder) => {
      const asked = Date.now();
      const issued = await proctor().call(endpoints.extensionRecordingToken, { as, params: { publicId } });
      expect(issued.status, issued.body.detail).toBe(201);
      // It lives as long as the contract says, from when it was signed (in the call; a JWT counts whole seconds).
      const ttlMs = EXTENSION_RECORDING.ingestTokenTtlSeconds * 1000;
      const expiresAt = Date.parse(issued.body.expiresAt);
      expect(expiresAt).toBeGreaterThanOrEqual(asked + ttlMs - 1_000);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + ttlMs);
      return issued.body.token;
    };
    /** A JSON body, or the text of one as it is sent. */
    const upload = (publicId: string, token: string | undefined, payload: object | string) =>
      proctor().request({
        method: 'POST',
        url: `/api/browser-sessions/${publicId}/extension-steps`,
        headers: {
          'content-type': 'application/json',
          ...(token ? { [EXTENSION_TOKEN_HEADER]: token } : {}),
        },
        payload,
      });
    const step = (idx: number, overrides: Partial<ExtensionStep> = {}): ExtensionStep => ({
      idx,
      timestamp: Date.now(),
      tab: '7',
      url: PAGE,
      action: {
        type: 'click',
        x: 120,
        y: 48,
        button: 'left',
        target: {
          tag: 'button',
          id: 'buy',
          selector: '#buy',
          text: 'Buy',
          bbox: { x: 100, y: 40, width: 60, height: 20 },
        },
      },
      screenshot: SCREENSHOT,
      ...overrides,
    });

    let session: { publicId: string; sessionPublicId: string | null };
    let token: string;

    beforeAll(async () => {
      recorder = await proctor().actor({ permissions: { is_human_recorder: true } });
      colleague = await proctor().actor({
        organization: recorder.organization!,
        permissions: { is_human_recorder: true },
      });
      stranger = await proctor().actor({ permissions: { is_human_recorder: true } });
      session = await openTrainer(recorder);
      token = await tokenFor(session.publicId);
    });

    it('should store the steps with their screenshots and show them in the session', async () => {
      const steps: ExtensionStep[] = [
        step(0, { action: { type: 'url_change', url: PAGE }, screenshot: undefined }),
        step(1),
        step(2, {
          action: {
            type: 'type',
            text: 'shoes[Enter]',
            target: { tag: 'input', id: null, selector: 'input[name="q"]', text: '', bbox: null },
          },
        }),
        step(3, { action: { type: 'scroll', direction: 'down', dx: 0, dy: 400, target: null } }),
      ];
      const stored = await upload(session.publicId, token, { steps });
      expect(stored.statusCode, stored.body).toBe(200);
      expect(stored.json()).toEqual({ stored: 4 });
      // The same batch again (a retried upload) adds nothing.
      expect((await upload(session.publicId, token, { steps })).statusCode).toBe(200);

      const detail = await proctor().call(endpoints.getSession, {
        as: recorder,
        params: { id: session.sessionPublicId! },
      });
      expect(detail.status).toBe(200);
      const shown = detail.body.snapshot.snapshots;
      expect(shown.map((s) => s.action.type)).toEqual(['url_change', 'click', 'type', 'scroll']);
      const click = shown[1]!;
      expect(click.action).toMatchObject({ type: 'click', x: 120, y: 48, target: { text: 'Buy' } });
      expect(click.before_state?.current_url).toBe(PAGE);
      expect(click.before_state?.screenshot_size).toEqual({ width: 16, height: 9 });
      expect(shown[2]!.action).toMatchObject({ type: 'type', text: 'shoes[Enter]' });
      const image = await proctor().request({
        method: 'GET',
        url: click.before_state!.screenshot_url!,
        as: recorder,
      });
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.equals(png(16, 9))).toBe(true);
    });

    it('should refuse an upload without a valid capability (401)', async () => {
      const body = { steps: [step(10)] };
      for (const bad of [undefined, 'not-a-token', `${token}x`]) {
        const refused = await upload(session.publicId, bad, body);
        expect(refused.statusCode).toBe(401);
        expect(refused.json().detail).toBe(EXTENSION_MESSAGES.tokenInvalid);
      }
      // Signed right but expired, or signed as another kind of token (a person's access token).
      const key = new TextEncoder().encode(proctor().ctx.tokens.secret);
      const expired = await new SignJWT({ typ: 'recording_steps' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(session.publicId)
        .setIssuer('proctor')
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(key);
      expect((await upload(session.publicId, expired, body)).statusCode).toBe(401);
      const access = recorder.headers.authorization!.slice('Bearer '.length);
      expect((await upload(session.publicId, access, body)).statusCode).toBe(401);
    });

    it("should answer 404 for another organization's session and 403 for another session's capability", async () => {
      const strangers = await openTrainer(stranger);
      const other = await upload(strangers.publicId, token, { steps: [step(0)] });
      expect(other.statusCode).toBe(404);
      expect(other.json().detail).toBe(BROWSER_SESSION_MESSAGES.notFound);
      expect((await upload('no-such-session', token, { steps: [step(0)] })).statusCode).toBe(404);
      // Its token is not handed to another organization's member either.
      const asked = await proctor().call(endpoints.extensionRecordingToken, {
        as: recorder,
        params: { publicId: strangers.publicId },
      });
      expect(asked.status).toBe(404);

      const colleagues = await openTrainer(colleague);
      const crossed = await upload(colleagues.publicId, token, { steps: [step(0)] });
      expect(crossed.statusCode).toBe(403);
      expect(crossed.json().detail).toBe(EXTENSION_MESSAGES.tokenForAnotherSession);
      // A colleague's session's capability is its opener's alone.
      const notYours = await proctor().call(endpoints.extensionRecordingToken, {
        as: recorder,
        params: { publicId: colleagues.publicId },
      });
      expect(notYours.status).toBe(403);
      for (const opened of [strangers, colleagues])
        await proctor().call(endpoints.closeBrowserSession, {
          as: opened === strangers ? stranger : colleague,
          params: { publicId: opened.publicId },
        });
    });

    it('should refuse malformed and hostile steps', async () => {
      const malformed = await proctor().request({
        method: 'POST',
        url: `/api/browser-sessions/${session.publicId}/extension-steps`,
        headers: { [EXTENSION_TOKEN_HEADER]: token, 'content-type': 'application/json' },
        payload: '{"steps": [',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toHaveProperty('detail');

      const refusals: [string, object | string, number][] = [
        ['a javascript: URL', { steps: [step(20, { url: 'javascript:alert(1)' })] }, 400],
        [
          'a javascript: navigation',
          { steps: [step(20, { action: { type: 'url_change', url: 'javascript:alert(1)' } })] },
          400,
        ],
        // JSON's 1e400 parses as Infinity.
        [
          'a coordinate that is not finite',
          JSON.stringify({ steps: [step(20)] }).replace('"x":120', '"x":1e400'),
          400,
        ],
        [
          'text past the limit',
          {
            steps: [
              step(20, {
                action: {
                  type: 'type',
                  text: 'a'.repeat(EXTENSION_RECORDING.maxTextLength + 1),
                  target: null,
                },
              }),
            ],
          },
          400,
        ],
        [
          'a screenshot that is not an image',
          { steps: [step(20, { screenshot: Buffer.from('<svg/>').toString('base64') })] },
          400,
        ],
        ['a screenshot that is not base64', { steps: [step(20, { screenshot: '%%%' })] }, 400],
        [
          'a step from before the session',
          { steps: [step(20, { timestamp: Date.now() - 24 * 3600_000 })] },
          400,
        ],
        [
          'too many steps in a batch',
          {
            steps: Array.from({ length: EXTENSION_RECORDING.maxStepsPerBatch + 1 }, (_, i) =>
              step(20 + i, { screenshot: undefined }),
            ),
          },
          413,
        ],
        ['a step past the session limit', { steps: [step(EXTENSION_RECORDING.maxStepsPerSession)] }, 413],
        [
          'a screenshot past the limit',
          {
            steps: [
              step(20, {
                screenshot: Buffer.concat([
                  png(4, 4),
                  Buffer.alloc(EXTENSION_RECORDING.maxScreenshotBytes),
                ]).toString('base64'),
              }),
            ],
          },
          413,
        ],
        ['no steps', { steps: [] }, 400],
      ];
      for (const [what, payload, status] of refusals) {
        const refused = await upload(session.publicId, token, payload);
        expect({ what, status: refused.statusCode }).toEqual({ what, status });
        expect(refused.json()).toHaveProperty('detail');
      }
      const tooBig = await upload(session.publicId, token, {
        steps: [step(20, { screenshot: 'A'.repeat(EXTENSION_RECORDING.bodyLimit + 10) })],
      });
      expect(tooBig.statusCode).toBe(413);
      const detail = await proctor().call(endpoints.getSession, {
        as: recorder,
        params: { id: session.sessionPublicId! },
      });
      expect(detail.body.snapshot.snapshots.map((s) => s.idx)).toEqual([0, 1, 2, 3]);
    });

    it('should refuse steps once the session has ended (409), and a token for it', async () => {
      const ended = await openTrainer(recorder);
      const endedToken = await tokenFor(ended.publicId);
      await proctor().call(endpoints.closeBrowserSession, {
        as: recorder,
        params: { publicId: ended.publicId },
      });
      const refused = await upload(ended.publicId, endedToken, { steps: [step(0)] });
      expect(refused.statusCode).toBe(409);
      const asked = await proctor().call(endpoints.extensionRecordingToken, {
        as: recorder,
        params: { publicId: ended.publicId },
      });
      expect(asked.status).toBe(409);
    });
  },
  { env: { BROWSER_POOL_SIZE: '1', MAX_ENVIRONMENTS: '6' } },
);
