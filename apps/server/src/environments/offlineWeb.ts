import { PROXY_SIMULATOR, redactUrl } from '@proctor/contracts';
import type { Executor } from '@proctor/db';
import type { NetworkRequest, NetworkResponse } from '@proctor/environments';
import { bodyHash, bodyKeys, ExchangeIndex, ProxyInstance } from '@proctor/simulators';
import { type BlobStore, readAll } from '../kernel/storage/blobs';
import { type CapturedExchangeRow, capturedExchangesOf, capturedResponseBody } from '../repositories/sites';
import { simulatorFilters } from '../scoring/filters';
import type { EnvironmentStart } from './launcher';
import { flatHeaders, type ProxyLog, passedOn } from './proxySimulator';

/**
 * Offline browser sessions (002 §2.11, §5; issue 31 item 7): a browser whose every request is answered from the
 * organization's captured traffic of one origin (what its sessions recorded and its HARs imported, as
 * /api/sites/origin-urls lists them), in process, as a proxy simulator's replay answers from its recording: an
 * exact match first (repeats in captured order), else the closest captured request of the same method and host
 * scoring at least the proxy simulators' default threshold, else 404; each request not captured as it was asked
 * is logged on the session as `ood_request`. Nothing goes out: the network is cut.
 */
export const OFFLINE_REPLAY = {
  /** The newest captured exchanges of the origin that are indexed (the index is held while the session runs). */
  maxExchanges: 20_000,
  threshold: PROXY_SIMULATOR.defaultOodThreshold,
} as const;

export class OfflineReplay {
  private constructor(
    private readonly db: Executor,
    private readonly blobs: BlobStore,
    readonly origin: string,
    private readonly index: ExchangeIndex<CapturedExchangeRow>,
  ) {}

  /** The origin's captured traffic, ready to answer; undefined when the organization captured none of it. */
  static async load(
    db: Executor,
    blobs: BlobStore,
    organizationId: number,
    origin: string,
  ): Promise<OfflineReplay | undefined> {
    const rows = await capturedExchangesOf(db, organizationId, origin, OFFLINE_REPLAY.maxExchanges);
    if (rows.length === 0) return undefined;
    const index = new ExchangeIndex(
      rows.map((row, seq) => {
        const body = Buffer.from(row.requestBody ?? '', 'utf8');
        return {
          seq,
          request: {
            method: row.method,
            url: row.url,
            bodyHash: bodyHash(body),
            bodyKeys: bodyKeys(body, headerOf(row.requestHeaders, 'content-type')),
          },
          answer: row,
        };
      }),
    );
    return new OfflineReplay(db, blobs, origin, index);
  }

  get size(): number {
    return this.index.size;
  }

  /** The `answer` of the environment's network rules: every request, answered here. */
  answerFor(log: ProxyLog) {
    return async (request: NetworkRequest): Promise<NetworkResponse> => {
      // Captured URLs were redacted as the recorder redacts them; the request is read the same way to match.
      const url = redactUrl(request.url);
      const contentType = headerOf(flatHeaders(request.headers), 'content-type');
      const match = this.index.match(
        {
          method: request.method,
          url,
          bodyHash: bodyHash(request.body),
          bodyKeys: bodyKeys(request.body, contentType),
        },
        OFFLINE_REPLAY.threshold,
      );
      if (match.kind === 'exact') return this.#answer(match.exchange.answer);
      const closest = match.kind === 'closest' ? match : match.closest;
      const score = closest ? Math.round(closest.score * 1000) / 1000 : 0;
      const matchedUrl = closest?.exchange.answer.url ?? null;
      log({
        type: 'ood_request',
        message:
          match.kind === 'closest'
            ? `${request.method} ${url} was not captured; answered with ${matchedUrl} (score ${score})`
            : `${request.method} ${url} was not captured and nothing captured comes close enough: 404 (offline)`,
        url,
        matched_url: matchedUrl,
        score,
      });
      if (match.kind === 'closest') return this.#answer(match.exchange.answer);
      return {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
        body: Buffer.from(`Offline: ${request.method} ${url} was not captured`),
      };
    };
  }

  async #answer(row: CapturedExchangeRow): Promise<NetworkResponse> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(row.responseHeaders))
      headers[name.toLowerCase()] = String(value);
    return { status: row.status ?? 200, headers: passedOn(headers), body: await this.#body(row.id) };
  }

  /** Read when asked for, not kept: a session that browses long would otherwise hold every page it saw. */
  async #body(id: number): Promise<Buffer> {
    const row = await capturedResponseBody(this.db, id);
    if (row?.responseBody) return Buffer.from(row.responseBody, 'base64');
    if (row?.responseBodyBlob) {
      const stream = await this.blobs.streamRange(row.responseBodyBlob.key, row.responseBodyBlob);
      return stream ? readAll(stream) : Buffer.alloc(0);
    }
    return Buffer.alloc(0);
  }
}

function headerOf(headers: Record<string, unknown>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers))
    if (key.toLowerCase() === name) return typeof value === 'string' ? value : String(value);
  return undefined;
}

/** How an offline browser session's environment starts: every request answered by the replay, none sent out. */
export function offlineEnvironmentStart(replay: OfflineReplay): EnvironmentStart {
  return ({ publicId, log }) => ({
    instance: new ProxyInstance({ id: publicId, origin: replay.origin, config: simulatorFilters({}) }),
    rules: { origins: [], answer: replay.answerFor(log) },
  });
}
