import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an S3-compatible service, speaking S3's REST wire protocol for what Proctor uses:
 * PutObject, GetObject (whole or one byte range), HeadObject, DeleteObject, ListObjectsV2 (prefix, max-keys, continuation tokens) and DeleteObjects,
 * path-style (`/<bucket>/<key>`). Objects live in memory.
 *
 * Like S3 it checks every request's AWS Signature Version 4 by recomputing it from what arrived (method,
 * path, query, signed headers, payload hash), and answers S3's XML errors: a wrong secret gets 403
 * SignatureDoesNotMatch, altered bytes 400 XAmzContentSHA256Mismatch, a DeleteObjects without Content-MD5
 * 400 InvalidRequest. The signing here is written from AWS's description, independently of the client's
 * library, and is itself checked against AWS's published example signature.
 */

export interface S3StandInOptions {
  bucket?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Largest ListObjectsV2 page it answers (S3's is 1000); small values make listings span pages. */
  pageSize?: number;
}

export interface S3StandIn {
  /** The service's address, without the bucket. */
  endpoint: string;
  /** `endpoint/bucket`: the form BLOB_STORE_URL takes. */
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The bucket's objects by key. */
  objects: Map<string, Buffer>;
  /** The S3 operation of every request that passed the signature check, in order (a ranged GET: GetObjectRange). */
  operations: string[];
  /** The [start, end) of every ranged GetObject answered, in order. */
  ranges: [number, number][];
  /** Answers the next `count` requests with this error before looking at them (503 SlowDown, say). */
  failNext(count: number, error: { status: number; code: string; message?: string }): void;
  close(): Promise<void>;
}

/** What SigV4 signs of a request. */
export interface SignedRequestParts {
  method: string;
  /** The path as sent, percent-encoded. */
  path: string;
  /** The query string as sent, without `?`. */
  query: string;
  headers: IncomingHttpHeaders;
  /** Lowercase header names, in the order the Authorization header lists them. */
  signedHeaders: string[];
  /** The x-amz-content-sha256 value: the payload's SHA-256 in hex, or UNSIGNED-PAYLOAD. */
  payloadHash: string;
}

export interface SigningScope {
  secretAccessKey: string;
  /** `YYYYMMDDTHHMMSSZ`, as in x-amz-date. */
  amzDate: string;
  region: string;
  service: string;
}

/** AWS's UriEncode: every byte but `A-Za-z0-9-._~` as %XX, in upper case. */
function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The canonical request of SigV4 as S3 computes it (S3 neither normalizes the path nor encodes it twice). */
export function canonicalRequest(parts: SignedRequestParts): string {
  const canonicalUri = parts.path
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
  const canonicalQuery = parts.query
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const at = pair.indexOf('=');
      const [name, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
      return [uriEncode(decodeURIComponent(name)), uriEncode(decodeURIComponent(value))] as const;
    })
    .sort(([n1, v1], [n2, v2]) => (n1 < n2 ? -1 : n1 > n2 ? 1 : v1 < v2 ? -1 : v1 > v2 ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = parts.signedHeaders
    .map((name) => {
      const value = parts.headers[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  return [
    parts.method,
    canonicalUri,
    canonicalQuery,
    canonicalHeaders,
    parts.signedHeaders.join(';'),
    parts.payloadHash,
  ].join('\n');
}

/** The hex SigV4 signature of a request: HMAC chain over the date, region, service, then the string to sign. */
export function signatureV4(parts: SignedRequestParts, scope: SigningScope): string {
  const date = scope.amzDate.slice(0, 8);
  const credentialScope = `${date}/${scope.region}/${scope.service}/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    scope.amzDate,
    credentialScope,
    createHash('sha256').update(canonicalRequest(parts)).digest('hex'),
  ].join('\n');
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${scope.secretAccessKey}`, date), scope.region), scope.service),
    'aws4_request',
  );
  return createHmac('sha256', signingKey).update(stringToSign).digest('hex');
}

class S3Failure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;
const MAX_CLOCK_SKEW_MS = 15 * 60_000;

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
const unescapeXml = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name]!,
  );

function xml(res: ServerResponse, status: number, body: string): void {
  res
    .writeHead(status, { 'content-type': 'application/xml' })
    .end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
}

/** Parses x-amz-date (`20130524T000000Z`). */
function amzDateTime(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : Number.NaN;
}

export async function startS3StandIn(options: S3StandInOptions = {}): Promise<S3StandIn> {
  const bucket = options.bucket ?? 'proctor-blobs';
  const region = options.region ?? 'us-east-1';
  const accessKeyId = options.accessKeyId ?? 'PROCTORSTANDINKEY';
  const secretAccessKey = options.secretAccessKey ?? randomBytes(30).toString('base64');
  const pageSize = options.pageSize ?? 1000;
  const objects = new Map<string, Buffer>();
  const operations: string[] = [];
  const ranges: [number, number][] = [];
  const continuationTokens = new Map<string, string>();
  const injected: { status: number; code: string; message?: string }[] = [];

  function authenticate(
    method: string,
    path: string,
    query: string,
    headers: IncomingHttpHeaders,
    body: Buffer,
  ) {
    const authorization = headers.authorization;
    if (!authorization) throw new S3Failure(403, 'AccessDenied', 'Access Denied');
    const parsed = AUTHORIZATION.exec(authorization);
    if (!parsed)
      throw new S3Failure(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed');
    const [, keyId, date, scopeRegion, service, signedHeaderList, signature] = parsed as unknown as string[];
    if (keyId !== accessKeyId)
      throw new S3Failure(
        403,
        'InvalidAccessKeyId',
        'The AWS Access Key Id you provided does not exist in our records.',
      );
    if (scopeRegion !== region)
      throw new S3Failure(
        400,
        'AuthorizationHeaderMalformed',
        `The authorization header is malformed; the region '${scopeRegion}' is wrong; expecting '${region}'`,
      );
    if (service !== 's3')
      throw new S3Failure(
        400,
        'AuthorizationHeaderMalformed',
        `The authorization header is malformed; service '${service}'`,
      );
    const amzDate = String(headers['x-amz-date'] ?? '');
    const signedAt = amzDateTime(amzDate);
    if (Number.isNaN(signedAt) || amzDate.slice(0, 8) !== date)
      throw new S3Failure(
        403,
        'AccessDenied',
        'AWS authentication requires a valid Date or x-amz-date header',
      );
    if (Math.abs(Date.now() - signedAt) > MAX_CLOCK_SKEW_MS)
      throw new S3Failure(
        403,
        'RequestTimeTooSkewed',
        'The difference between the request time and the current time is too large.',
      );
    const signedHeaders = signedHeaderList!.split(';');
    const unsigned = Object.keys(headers).filter(
      (name) => (name === 'host' || name.startsWith('x-amz-')) && !signedHeaders.includes(name),
    );
    if (unsigned.length > 0)
      throw new S3Failure(
        403,
        'AccessDenied',
        `There were headers present in the request which were not signed: ${unsigned.join(', ')}`,
      );
    const payloadHash = headers['x-amz-content-sha256'];
    if (typeof payloadHash !== 'string')
      throw new S3Failure(
        400,
        'InvalidRequest',
        'Missing required header for this request: x-amz-content-sha256',
      );
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== createHash('sha256').update(body).digest('hex'))
      throw new S3Failure(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      );
    const expected = signatureV4(
      { method, path, query, headers, signedHeaders, payloadHash },
      { secretAccessKey, amzDate, region, service },
    );
    if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signature!)))
      throw new S3Failure(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      );
  }

  function listObjectsV2(res: ServerResponse, params: URLSearchParams) {
    operations.push('ListObjectsV2');
    const prefix = params.get('prefix') ?? '';
    const maxKeys = Math.min(Number(params.get('max-keys') ?? 1000), pageSize);
    const token = params.get('continuation-token');
    let after = '';
    if (token !== null) {
      const known = continuationTokens.get(token);
      if (known === undefined)
        throw new S3Failure(400, 'InvalidArgument', 'The continuation token provided is incorrect');
      after = known;
    }
    // S3 lists keys in the binary order of their UTF-8 bytes.
    const matching = [...objects.keys()]
      .filter((key) => key.startsWith(prefix) && Buffer.compare(Buffer.from(key), Buffer.from(after)) > 0)
      .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const page = matching.slice(0, maxKeys);
    const truncated = matching.length > page.length;
    let next = '';
    if (truncated) {
      // Real tokens are opaque base64 with `+`, `/` and `=`; these always hold all three, so that the
      // client's query encoding is exercised.
      const nextToken = `${randomBytes(9).toString('base64')}+/${continuationTokens.size}=`;
      continuationTokens.set(nextToken, page.at(-1)!);
      next = `<NextContinuationToken>${escapeXml(nextToken)}</NextContinuationToken>`;
    }
    xml(
      res,
      200,
      `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name>` +
        `<Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys>` +
        `<IsTruncated>${truncated}</IsTruncated>` +
        (token !== null ? `<ContinuationToken>${escapeXml(token)}</ContinuationToken>` : '') +
        next +
        page
          .map((key) => {
            const data = objects.get(key)!;
            return `<Contents><Key>${escapeXml(key)}</Key><LastModified>${new Date().toISOString()}</LastModified><ETag>"${createHash('md5').update(data).digest('hex')}"</ETag><Size>${data.byteLength}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
          })
          .join('') +
        '</ListBucketResult>',
    );
  }

  function deleteObjects(res: ServerResponse, headers: IncomingHttpHeaders, body: Buffer) {
    operations.push('DeleteObjects');
    const md5 = headers['content-md5'];
    if (typeof md5 !== 'string')
      throw new S3Failure(400, 'InvalidRequest', 'Missing required header for this request: Content-Md5');
    if (md5 !== createHash('md5').update(body).digest('base64'))
      throw new S3Failure(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
    const text = body.toString('utf8');
    if (!/<Delete(\s[^>]*)?>[\s\S]*<\/Delete>/.test(text))
      throw new S3Failure(400, 'MalformedXML', 'The XML you provided was not well-formed');
    const keys = [...text.matchAll(/<Object>\s*<Key>([\s\S]*?)<\/Key>[\s\S]*?<\/Object>/g)].map((m) =>
      unescapeXml(m[1]!),
    );
    if (keys.length === 0 || keys.length > 1000)
      throw new S3Failure(400, 'MalformedXML', 'The XML you provided was not well-formed');
    const quiet = /<Quiet>true<\/Quiet>/.test(text);
    for (const key of keys) objects.delete(key);
    xml(
      res,
      200,
      `<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${
        quiet ? '' : keys.map((key) => `<Deleted><Key>${escapeXml(key)}</Key></Deleted>`).join('')
      }</DeleteResult>`,
    );
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const method = req.method ?? 'GET';
      const rawUrl = req.url ?? '/';
      const at = rawUrl.indexOf('?');
      const path = at < 0 ? rawUrl : rawUrl.slice(0, at);
      const query = at < 0 ? '' : rawUrl.slice(at + 1);
      const [, bucketSegment = '', ...keySegments] = path.split('/');
      try {
        const key = decodeURIComponent(keySegments.join('/'));
        const failure = injected.shift();
        if (failure) throw new S3Failure(failure.status, failure.code, failure.message ?? failure.code);
        authenticate(method, path, query, req.headers, body);
        if (decodeURIComponent(bucketSegment) !== bucket)
          throw new S3Failure(404, 'NoSuchBucket', 'The specified bucket does not exist');
        // S3 reads `+` in a query as itself; URLSearchParams would make it a space.
        const params = new URLSearchParams(query.replace(/\+/g, '%2B'));
        if (key === '') {
          if (method === 'GET' && params.get('list-type') === '2') return listObjectsV2(res, params);
          if (method === 'POST' && params.has('delete')) return deleteObjects(res, req.headers, body);
          throw new S3Failure(501, 'NotImplemented', `The stand-in does not implement ${method} ${rawUrl}`);
        }
        if (method === 'PUT') {
          operations.push('PutObject');
          objects.set(key, body);
          res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
          return;
        }
        if (method === 'HEAD') {
          operations.push('HeadObject');
          const data = objects.get(key);
          // A HEAD answer has no body: S3 answers a bare 404.
          if (!data) return void res.writeHead(404).end();
          res.writeHead(200, { 'content-length': data.byteLength }).end();
          return;
        }
        if (method === 'GET') {
          const data = objects.get(key);
          const range = req.headers.range;
          operations.push(range ? 'GetObjectRange' : 'GetObject');
          if (!data) throw new S3Failure(404, 'NoSuchKey', 'The specified key does not exist.');
          if (range) {
            // One `bytes=first-last` range, as S3 takes it (the last byte cut at the end of the object).
            const m = /^bytes=(\d+)-(\d+)$/.exec(range);
            const first = m ? Number(m[1]) : Number.NaN;
            if (!m || first >= data.byteLength || Number(m[2]) < first)
              throw new S3Failure(416, 'InvalidRange', 'The requested range is not satisfiable');
            const last = Math.min(Number(m[2]), data.byteLength - 1);
            ranges.push([first, last + 1]);
            res
              .writeHead(206, {
                'content-type': 'application/octet-stream',
                'content-length': last + 1 - first,
                'content-range': `bytes ${first}-${last}/${data.byteLength}`,
              })
              .end(data.subarray(first, last + 1));
            return;
          }
          res
            .writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': data.byteLength })
            .end(data);
          return;
        }
        if (method === 'DELETE') {
          operations.push('DeleteObject');
          objects.delete(key);
          res.writeHead(204).end();
          return;
        }
        throw new S3Failure(
          405,
          'MethodNotAllowed',
          'The specified method is not allowed against this resource.',
        );
      } catch (thrown) {
        const error =
          thrown instanceof S3Failure ? thrown : new S3Failure(500, 'InternalError', String(thrown));
        xml(
          res,
          error.status,
          `<Error><Code>${error.code}</Code><Message>${escapeXml(error.message)}</Message>` +
            `<Resource>${escapeXml(path)}</Resource><RequestId>${randomBytes(8).toString('hex')}</RequestId></Error>`,
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    url: `${endpoint}/${bucket}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    operations,
    ranges,
    failNext(count, error) {
      for (let i = 0; i < count; i++) injected.push(error);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
