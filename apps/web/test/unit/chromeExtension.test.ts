import { EXTENSION_BRIDGE, EXTENSION_MESSAGES } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { commandExtension, pingExtension, startRecording } from '../../src/features/trainer/chromeExtension';

type Posted = { source: string; id: string; type: string; payload: unknown };

/**
 * A page's window for the dashboard's side of the extension: what the page posts goes to `bridge`, which may answer
 * on it (as the extension's bridge does), from it or from elsewhere.
 */
function fakeWindow(
  bridge: (posted: Posted, answer: (data: unknown, from?: unknown, origin?: string) => void) => void,
) {
  const target = new EventTarget() as EventTarget & {
    location: { origin: string };
    postMessage: (data: unknown) => void;
  };
  const origin = 'https://proctor.example';
  target.location = { origin };
  const deliver = (data: unknown, source: unknown, from: string) =>
    target.dispatchEvent(Object.assign(new Event('message'), { data, source, origin: from }));
  target.postMessage = (data) => {
    deliver(data, target, origin);
    const posted = data as Posted;
    if (posted.source === EXTENSION_BRIDGE.pageSource)
      queueMicrotask(() =>
        bridge(posted, (answer, from = target, answerOrigin = origin) => deliver(answer, from, answerOrigin)),
      );
  };
  return target as unknown as Window;
}

describe("the dashboard's side of the Chrome extension", () => {
  it('should read the answer to PING: available, and what it records', async () => {
    const page = fakeWindow((posted, answer) =>
      answer({
        source: EXTENSION_BRIDGE.extensionSource,
        id: posted.id,
        ok: true,
        result: { recording: 'abc' },
      }),
    );
    expect(await pingExtension(page)).toEqual({ available: true, recording: 'abc' });
  });

  it('should say the extension is not available when nothing answers in time', async () => {
    const page = fakeWindow(() => undefined);
    await expect(commandExtension('PING', undefined, 20, page)).rejects.toThrow(
      EXTENSION_MESSAGES.notAvailable,
    );
  });

  it('should take no answer from another window, another origin or for another command', async () => {
    const page = fakeWindow((posted, answer) => {
      const reply = { source: EXTENSION_BRIDGE.extensionSource, id: posted.id, ok: true };
      answer(reply, {});
      answer(reply, undefined, 'https://evil.example');
      answer({ ...reply, id: 'another' });
    });
    await expect(commandExtension('PING', undefined, 50, page)).rejects.toThrow(
      EXTENSION_MESSAGES.notAvailable,
    );
  });

  it('should report a refused command as a failure to communicate with the extension', async () => {
    const page = fakeWindow((posted, answer) =>
      answer({ source: EXTENSION_BRIDGE.extensionSource, id: posted.id, ok: false, error: 'no window' }),
    );
    await expect(
      startRecording({ sessionId: 's', startUrl: 'https://example.com/', task: 't', token: 'x' }, page),
    ).rejects.toThrow(EXTENSION_MESSAGES.communicationFailed);
  });
});
