import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { AwsV4Signer } from 'aws4fetch';
import { type BlobStore, blobKeyProblem } from './blobs';

/** How long one request to the store may take, answer body included, before it fails. */
export const S3_REQUEST_TIMEOUT_MS = 30_000;
/** Tries of one request when the store is busy or unreachable (S3 asks clients to retry 500 and 503 SlowDown). */
const ATTEMPTS = 3;
const FIRST_RETRY_DELAY_MS = 100;
/** S3's largest ListObjectsV2 page, and the most keys one DeleteObjects request may name. */
const PAGE_SIZE = 1000;
const RETRYABLE_STATUS = new Set([429, 500, 502, 503, 504]);

export type S3Addressing = 'path' | 'virtual-hosted';

export interface S3BlobStoreOptions {
  /** The service's address without the bucket, e.g. `http://127.0.0.1:9000` (a base path is kept). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prepended to every key as `prefix/key`, so that one bucket can hold more than one installation. */
  prefix?: string;
  /**
   * `path` (the default): `<endpoint>/<bucket>/<key>`, what MinIO, Ceph, Garage, R2 and LocalStack accept.
   * `virtual-hosted`: `<bucket>.<endpoint host>/<key>`, what AWS prefers for new buckets.
   */
  addressing?: S3Addressing;
  timeoutMs?: number;
}

/** A refusal or failure of the store, named by the S3 operation and the code S3 gave (`SignatureDoesNotMatch`). */
export class S3BlobStoreError extends Error {
  constructor(
    message: string,
    readonly operation: string,
    readonly status: number | undefined,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'S3BlobStoreError';
  }
}

/**
 * Blobs in a bucket of any S3-compatible service, through its REST API signed with AWS Signature Version 4
 * (by aws4fetch; the bytes go through Node's fetch). Keys follow the same rules as the file store's, so a
 * key valid in one store is valid in the other. Every request has a time limit; errors name the operation,
 * the key or prefix and S3's error code and message, never the secret.
 */
export class S3BlobStore implements BlobStore {
  readonly location: string;
  readonly #options: Required<Omit<S3BlobStoreOptions, 'prefix'>> & { prefix: string };
  /** aws4fetch's cache of derived signing keys (one per day, region and service). */
  readonly #signingKeys = new Map<string, ArrayBuffer>();

  constructor(options: S3BlobStoreOptions) {
    const prefix = (options.prefix ?? '').replace(/^\/+|\/+$/g, '');
    if (prefix) {
      const problem = blobKeyProblem(prefix);
      if (problem) throw new Error(`S3 blob store key prefix: ${problem}`);
    }
    this.#options = {
      endpoint: options.endpoint.replace(/\/+$/, ''),
      bucket: options.bucket,
      region: options.region,
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      prefix,
      addressing: options.addressing ?? 'path',
      timeoutMs: options.timeoutMs ?? S3_REQUEST_TIMEOUT_MS,
    };
    this.location =
      `S3 bucket ${options.bucket} at ${this.#options.endpoint} (${this.#options.addressing === 'path' ? 'path-style' : 'virtual-hosted'}` +
      `${prefix ? `, keys under ${prefix}/` : ''})`;
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    const objectKey = this.#objectKey(key);
    await this.#request('PutObject', objectKey, {
      method: 'PUT',
      url: this.objectUrl(objectKey),
      body: data,
      headers: { 'content-type': 'application/octet-stream' },
    });
  }

  async get(key: string): Promise<Buffer | undefined> {
    const objectKey = this.#objectKey(key);
    return this.#request('GetObject', objectKey, {
      method: 'GET',
      url: this.objectUrl(objectKey),
      missing: 'NoSuchKey',
    });
  }

  async putStream(key: string, source: Readable): Promise<number> {
    const objectKey = this.#objectKey(key);
    // PutObject needs the length up front: the stream is spooled to a temporary file first (never to memory),
    // then sent from it; one PutObject takes up to 5 GB.
    const folder = await mkdtemp(join(tmpdir(), 'proctor-blob-upload-'));
    const spool = join(folder, 'blob');
    try {
      await pipeline(source, createWriteStream(spool));
      const length = (await stat(spool)).size;
      await this.#send(
        'PutObject',
        objectKey,
        {
          method: 'PUT',
          url: this.objectUrl(objectKey),
          upload: { open: () => createReadStream(spool), length },
          headers: { 'content-type': 'application/octet-stream' },
        },
        { readBody: true },
      );
      return length;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  async size(key: string): Promise<number | undefined> {
    const objectKey = this.#objectKey(key);
    const answer = await this.#send(
      'HeadObject',
      objectKey,
      { method: 'HEAD', url: this.objectUrl(objectKey), missing: 'NoSuchKey' },
      { readBody: true },
    );
    if (!answer) return undefined;
    const length = Number(answer.response.headers.get('content-length'));
    if (!Number.isSafeInteger(length) || length < 0)
      throw this.#malformed('HeadObject', objectKey, 'no Content-Length');
    return length;
  }

  async streamRange(key: string, range?: { start: number; end: number }): Promise<Readable | undefined> {
    const objectKey = this.#objectKey(key);
    if (range && range.end <= range.start)
      return (await this.size(key)) === undefined ? undefined : Readable.from([]);
    const answer = await this.#send(
      'GetObject',
      objectKey,
      {
        method: 'GET',
        url: this.objectUrl(objectKey),
        // HTTP ranges are inclusive; S3 cuts a range that runs past the end at the end.
        ...(range ? { headers: { range: `bytes=${range.start}-${range.end - 1}` } } : {}),
        missing: 'NoSuchKey',
      },
      { readBody: false },
    );
    if (!answer) return undefined;
    if (range && answer.response.status !== 206) {
      await answer.response.body?.cancel();
      throw this.#malformed(
        'GetObject',
        objectKey,
        `a ranged read answered ${answer.response.status}, not 206`,
      );
    }
    const body = answer.response.body;
    return body
      ? Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>)
      : Readable.from([]);
  }

  async deletePrefix(prefix: string): Promise<void> {
    // The same folder semantics as the file store: `sessions/a` removes `sessions/a/…`, never `sessions/ab/…`.
    const listed = `${this.#objectKey(prefix)}/`;
    let continuationToken: string | undefined;
    do {
      const page = await this.#list(listed, PAGE_SIZE, continuationToken);
      if (page.keys.length > 0) await this.#deleteObjects(listed, page.keys);
      continuationToken = page.nextContinuationToken;
    } while (continuationToken);
  }

  /**
   * Proves at start that the endpoint answers, the bucket exists and the credentials may list it (one
   * ListObjectsV2 of at most one key), so a misconfigured store stops the server instead of losing every
   * screenshot to a logged error.
   */
  async verifyAccess(): Promise<void> {
    await this.#list(this.#options.prefix ? `${this.#options.prefix}/` : '', 1, undefined);
  }

  /** The object's URL; a bucket URL when `objectKey` is empty. */
  objectUrl(objectKey: string, query = ''): string {
    const { endpoint, bucket, addressing } = this.#options;
    const path = objectKey.split('/').map(encodeRfc3986).join('/');
    if (addressing === 'path') return `${endpoint}/${bucket}${path ? `/${path}` : ''}${query}`;
    const url = new URL(endpoint);
    url.hostname = `${bucket}.${url.hostname}`;
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}/${path}${query}`;
  }

  #objectKey(key: string): string {
    const problem = blobKeyProblem(key);
    if (problem) throw new Error(problem);
    return this.#options.prefix ? `${this.#options.prefix}/${key}` : key;
  }

  async #list(
    prefix: string,
    maxKeys: number,
    continuationToken: string | undefined,
  ): Promise<{ keys: string[]; nextContinuationToken: string | undefined }> {
    const query = new URLSearchParams({ 'list-type': '2', prefix, 'max-keys': String(maxKeys) });
    if (continuationToken) query.set('continuation-token', continuationToken);
    const answer = await this.#request('ListObjectsV2', prefix, {
      method: 'GET',
      // URLSearchParams writes a space as `+`; S3 reads `+` in a query as itself.
      url: this.objectUrl('', `?${query.toString().replace(/\+/g, '%20')}`),
    });
    const xml = answer!.toString('utf8');
    const keys = [...xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].map((match) => {
      const key = xmlElement(match[1]!, 'Key');
      if (key === undefined) throw this.#malformed('ListObjectsV2', prefix, 'a listed object has no key');
      return key;
    });
    const truncated = xmlElement(xml, 'IsTruncated') === 'true';
    const nextContinuationToken = truncated ? xmlElement(xml, 'NextContinuationToken') : undefined;
    if (truncated && !nextContinuationToken)
      throw this.#malformed('ListObjectsV2', prefix, 'a truncated listing has no NextContinuationToken');
    return { keys, nextContinuationToken };
  }

  async #deleteObjects(prefix: string, keys: string[]): Promise<void> {
    const body = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><Delete><Quiet>true</Quiet>${keys
        .map((key) => `<Object><Key>${escapeXml(key)}</Key></Object>`)
        .join('')}</Delete>`,
    );
    const answer = await this.#request('DeleteObjects', prefix, {
      method: 'POST',
      url: this.objectUrl('', '?delete'),
      body,
      headers: {
        'content-type': 'application/xml',
        // S3 refuses a DeleteObjects request without a checksum of its body.
        'content-md5': createHash('md5').update(body).digest('base64'),
      },
    });
    // A 200 may still report keys it could not delete, one <Error> each.
    const failures = [...answer!.toString('utf8').matchAll(/<Error>([\s\S]*?)<\/Error>/g)].map((match) => ({
      key: xmlElement(match[1]!, 'Key'),
      code: xmlElement(match[1]!, 'Code'),
      message: xmlElement(match[1]!, 'Message'),
    }));
    if (failures.length > 0)
      throw new S3BlobStoreError(
        `S3 DeleteObjects "${prefix}" in bucket ${this.#options.bucket} could not delete ${failures.length} of ${keys.length} objects: ${failures
          .slice(0, 3)
          .map((failure) => `${failure.key}: ${failure.code}${failure.message ? ` ${failure.message}` : ''}`)
          .join('; ')}`,
        'DeleteObjects',
        200,
        failures[0]!.code,
      );
  }

  /**
   * Signs and sends one request, retrying a busy or unreachable store. Answers the body when it succeeded,
   * undefined when it is a 404 with the code `missing` (or with no code at all), and throws otherwise.
   */
  async #request(
    operation: string,
    subject: string,
    request: {
      method: string;
      url: string;
      body?: Uint8Array;
      headers?: Record<string, string>;
      missing?: string;
    },
  ): Promise<Buffer | undefined> {
    const answer = await this.#send(operation, subject, request, { readBody: true });
    return answer?.body;
  }

  /**
   * `#request`'s work. With `readBody` the body is read under the time limit; without it the answer comes
   * back as soon as its headers do, its body left to the caller to stream (a dump's entry, a whole dump), the
   * time limit then covering the wait for the headers only. `upload` sends a file's bytes as the body,
   * unsigned (S3's UNSIGNED-PAYLOAD), opened again for each attempt.
   */
  async #send(
    operation: string,
    subject: string,
    request: {
      method: string;
      url: string;
      body?: Uint8Array;
      upload?: { open: () => Readable; length: number };
      headers?: Record<string, string>;
      missing?: string;
    },
    options: { readBody: boolean },
  ): Promise<{ response: Response; body: Buffer | undefined } | undefined> {
    const { accessKeyId, secretAccessKey, region, timeoutMs, bucket } = this.#options;
    const what = `S3 ${operation} ${subject ? `"${subject}" ` : ''}in bucket ${bucket}`;
    for (let attempt = 1; ; attempt++) {
      const signed = await new AwsV4Signer({
        method: request.method,
        url: request.url,
        headers: {
          ...request.headers,
          ...(request.upload ? { 'content-length': String(request.upload.length) } : {}),
          // The payload's hash is signed (not UNSIGNED-PAYLOAD), so the store refuses bytes altered on the way;
          // a streamed upload is too big to hash twice and goes unsigned, over the same signed request.
          'x-amz-content-sha256': request.upload
            ? 'UNSIGNED-PAYLOAD'
            : createHash('sha256')
                .update(request.body ?? '')
                .digest('hex'),
        },
        accessKeyId,
        secretAccessKey,
        service: 's3',
        region,
        cache: this.#signingKeys,
      }).sign();
      let response: Response;
      const controller = new AbortController();
      const timer = setTimeout(
        () => controller.abort(new DOMException('timed out', 'TimeoutError')),
        timeoutMs,
      );
      try {
        response = await fetch(signed.url, {
          method: signed.method,
          headers: signed.headers,
          // Any byte view is sent as is; the lib type admits only views over an ArrayBuffer.
          body: request.upload
            ? (Readable.toWeb(request.upload.open()) as ReadableStream<Uint8Array>)
            : (request.body as Uint8Array<ArrayBuffer> | undefined),
          ...(request.upload ? { duplex: 'half' } : {}),
          signal: controller.signal,
        } as RequestInit);
        if (response.ok) {
          // Read under the same time limit, so a stalled body fails like a stalled answer.
          if (options.readBody) return { response, body: Buffer.from(await response.arrayBuffer()) };
          return { response, body: undefined };
        }
      } catch (error) {
        if (isTimeout(error))
          throw new S3BlobStoreError(
            `${what}: no answer within ${timeoutMs / 1000} s`,
            operation,
            undefined,
            undefined,
          );
        if (attempt < ATTEMPTS) {
          await sleep(retryDelay(attempt));
          continue;
        }
        throw new S3BlobStoreError(
          `${what}: could not reach ${this.#options.endpoint} (${networkCause(error)})`,
          operation,
          undefined,
          undefined,
        );
      } finally {
        clearTimeout(timer);
      }
      if (RETRYABLE_STATUS.has(response.status) && attempt < ATTEMPTS) {
        await response.body?.cancel();
        await sleep(retryDelay(attempt));
        continue;
      }
      const text = await response.text().catch(() => '');
      const code = xmlElement(text, 'Code');
      // A HEAD answer has no body, so no code: its 404 is the missing object's.
      if (response.status === 404 && request.missing && (code === request.missing || code === undefined))
        return undefined;
      const message = xmlElement(text, 'Message');
      throw new S3BlobStoreError(
        `${what} failed: ${response.status} ${code ?? response.statusText}${message ? `: ${message}` : ''}`,
        operation,
        response.status,
        code,
      );
    }
  }

  #malformed(operation: string, subject: string, problem: string): S3BlobStoreError {
    return new S3BlobStoreError(
      `S3 ${operation} "${subject}" in bucket ${this.#options.bucket}: unexpected answer (${problem})`,
      operation,
      undefined,
      undefined,
    );
  }
}

/** encodeURIComponent leaves `!'()*` alone; SigV4's canonical URI and S3 want them encoded. */
function encodeRfc3986(segment: string): string {
  return encodeURIComponent(segment).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text of the first `<tag>` element: S3's answers are flat enough that no XML parser is needed. */
function xmlElement(xml: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml);
  if (!match) return undefined;
  return match[1]!.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (entity, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return XML_ENTITIES[name] ?? entity;
  });
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

function networkCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

function retryDelay(attempt: number): number {
  return FIRST_RETRY_DELAY_MS * 2 ** (attempt - 1) * (0.5 + Math.random());
}
