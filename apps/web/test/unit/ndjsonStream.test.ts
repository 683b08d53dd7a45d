import { beforeEach, describe, expect, it, vi } from 'vitest';
import { splitNdjsonLines } from '../../src/api/ndjsonLines';

/** localStorage for Node: the API layer needs nothing else from the browser. */
class MemoryStorage {
  private readonly values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

async function loadApi() {
  vi.resetModules();
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('window', new EventTarget());
  const api = await import('../../src/api');
  api.tokenStore.set({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 900 });
  return api;
}

/** An answer whose body arrives in these byte chunks. */
function streamed(chunks: Uint8Array[], status = 200) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'Content-Type': 'application/x-ndjson' } });
}

const schema = {
  parse(value: unknown) {
    if (typeof value !== 'object' || value === null || !('type' in value)) throw new Error('not an event');
    return value as { type: string; name?: string };
  },
};

describe('newline-delimited JSON lines', () => {
  it('should cut whole lines and keep the unfinished tail for the next chunk', () => {
    expect(splitNdjsonLines('', '{"a":1}\n{"b":')).toEqual({ lines: ['{"a":1}'], pending: '{"b":' });
    expect(splitNdjsonLines('{"b":', '2}\n')).toEqual({ lines: ['{"b":2}'], pending: '' });
    expect(splitNdjsonLines('', '{"c":3}')).toEqual({ lines: [], pending: '{"c":3}' });
  });

  it('should skip blank lines and drop the carriage return of CRLF line ends', () => {
    expect(splitNdjsonLines('', '\n{"a":1}\r\n\r\n  \n{"b":2}\n')).toEqual({
      lines: ['{"a":1}', '{"b":2}'],
      pending: '',
    });
  });
});

describe('streamNdjson', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });

  it('should hand over each event as it is read, across chunks that split lines and characters', async () => {
    const bytes = new TextEncoder().encode(
      '{"type":"init"}\n{"type":"progress","name":"Crème brûlée"}\n{"type":"result"}',
    );
    // Cut inside the line and inside the two-byte "è".
    const cut = bytes.indexOf(0xc3) + 1;
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      streamed([bytes.slice(0, 5), bytes.slice(5, cut), bytes.slice(cut)]),
    );
    vi.stubGlobal('fetch', fetchMock);
    const api = await loadApi();

    const events: unknown[] = [];
    await api.streamNdjson('/api/env/generate_mutations', { simulatorId: 1 }, schema, (event) =>
      events.push(event),
    );

    expect(events).toEqual([
      { type: 'init' },
      { type: 'progress', name: 'Crème brûlée' },
      { type: 'result' },
    ]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/env/generate_mutations');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"simulatorId":1}');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer access-1');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('should throw the status and detail of a refusal before reading anything', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ detail: 'No test cases found to process' }), {
            status: 404,
            statusText: 'Not Found',
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    const api = await loadApi();
    const onEvent = vi.fn();
    await expect(api.streamNdjson('/api/env/generate_mutations', {}, schema, onEvent)).rejects.toMatchObject({
      status: 404,
      detail: 'No test cases found to process',
    });
    expect(onEvent).not.toHaveBeenCalled();
  });

  it('should stop at a line that is not an event', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streamed([new TextEncoder().encode('{"type":"init"}\n{"nope":1}\n{"type":"x"}\n')])),
    );
    const api = await loadApi();
    const onEvent = vi.fn();
    await expect(api.streamNdjson('/api/env/generate_mutations', {}, schema, onEvent)).rejects.toThrow(
      'not an event',
    );
    expect(onEvent).toHaveBeenCalledTimes(1);
  });

  it('should say so when an ok answer has no body to read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 200 })),
    );
    const api = await loadApi();
    await expect(api.streamNdjson('/api/env/generate_mutations', {}, schema, vi.fn())).rejects.toThrow(
      'Failed to get response stream',
    );
  });

  it('should never send the token outside this server API', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const api = await loadApi();
    await expect(api.streamNdjson('https://elsewhere.example/api/x', {}, schema, vi.fn())).rejects.toThrow(
      /Not an address of this server's API/,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
