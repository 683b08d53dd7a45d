import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsV4Signer } from 'aws4fetch';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { S3BlobStore, type S3BlobStoreOptions } from '../../src/kernel/storage/s3BlobStore';
import { type S3StandIn, signatureV4, startS3StandIn } from '../support/s3StandIn';

/** AWS's worked example "GET Object" from the Signature Version 4 documentation for S3. */
const AWS_EXAMPLE = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  amzDate: '20130524T000000Z',
  emptyPayloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  signature: 'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
};

describe('SigV4 signing', () => {
  it("should reproduce AWS's published GET Object example signature with the stand-in's verifier", () => {
    const signature = signatureV4(
      {
        method: 'GET',
        path: '/test.txt',
        query: '',
        headers: {
          host: 'examplebucket.s3.amazonaws.com',
          range: 'bytes=0-9',
          'x-amz-content-sha256': AWS_EXAMPLE.emptyPayloadHash,
          'x-amz-date': AWS_EXAMPLE.amzDate,
        },
        signedHeaders: ['host', 'range', 'x-amz-content-sha256', 'x-amz-date'],
        payloadHash: AWS_EXAMPLE.emptyPayloadHash,
      },
      {
        secretAccessKey: AWS_EXAMPLE.secretAccessKey,
        amzDate: AWS_EXAMPLE.amzDate,
        region: 'us-east-1',
        service: 's3',
      },
    );
    expect(signature).toBe(AWS_EXAMPLE.signature);
  });

  it("should reproduce AWS's published GET Object example signature with the client's signer", async () => {
    const signer = new AwsV4Signer({
      method: 'GET',
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      headers: { range: 'bytes=0-9', 'x-amz-content-sha256': AWS_EXAMPLE.emptyPayloadHash },
      accessKeyId: AWS_EXAMPLE.accessKeyId,
      secretAccessKey: AWS_EXAMPLE.secretAccessKey,
      service: 's3',
      region: 'us-east-1',
      datetime: AWS_EXAMPLE.amzDate,
      // The example signs Range, which aws4fetch leaves out unless asked to sign every header.
      allHeaders: true,
    });
    expect(await signer.authHeader()).toBe(
      `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=${AWS_EXAMPLE.signature}`,
    );
  });
});

describe('S3BlobStore against the S3 stand-in', () => {
  let s3: S3StandIn;
  const store = (options: Partial<S3BlobStoreOptions> = {}) =>
    new S3BlobStore({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: s3.region,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      ...options,
    });

  beforeAll(async () => {
    // Two keys a page, so that any listing of three or more keys spans pages.
    s3 = await startS3StandIn({ pageSize: 2 });
  });
  afterAll(() => s3.close());
  beforeEach(() => {
    s3.objects.clear();
    s3.operations.length = 0;
  });

  it('should store and read back binary bytes unchanged', async () => {
    const bytes = Buffer.from(Array.from({ length: 256 * 4 }, (_, i) => i % 256));
    await store().put('sessions/abc/shot-1.jpg', bytes);
    expect(s3.objects.get('sessions/abc/shot-1.jpg')).toEqual(bytes);
    expect(await store().get('sessions/abc/shot-1.jpg')).toEqual(bytes);
    expect(s3.operations).toEqual(['PutObject', 'GetObject']);
  });

  it('should answer undefined for a key that is not there', async () => {
    expect(await store().get('sessions/abc/missing.jpg')).toBeUndefined();
  });

  it('should keep keys under the configured prefix', async () => {
    const prefixed = store({ prefix: '/installs/test-1/' });
    await prefixed.put('sessions/abc/a.png', Buffer.from('a'));
    expect([...s3.objects.keys()]).toEqual(['installs/test-1/sessions/abc/a.png']);
    expect(await prefixed.get('sessions/abc/a.png')).toEqual(Buffer.from('a'));
    expect(await store().get('sessions/abc/a.png')).toBeUndefined();
    await prefixed.deletePrefix('sessions/abc');
    expect(s3.objects.size).toBe(0);
  });

  it('should delete exactly the keys under a prefix, across several list pages', async () => {
    const kept = ['sessions/ab/1.jpg', 'sessions/a.jpg', 'sessions/b/1.jpg', 'other/a/1.jpg'];
    const removed = [
      'sessions/a/1.jpg',
      'sessions/a/2.jpg',
      'sessions/a/3.png',
      'sessions/a/4.jpg',
      'sessions/a/x/5.jpg',
    ];
    for (const key of [...kept, ...removed]) await store().put(key, Buffer.from(key));
    s3.operations.length = 0;

    await store().deletePrefix('sessions/a');

    expect([...s3.objects.keys()].sort()).toEqual([...kept].sort());
    // Five keys at two a page: three pages, the later ones asked for by continuation tokens holding `+/=`.
    expect(s3.operations.filter((operation) => operation === 'ListObjectsV2')).toHaveLength(3);
    expect(s3.operations.filter((operation) => operation === 'DeleteObjects')).toHaveLength(3);
    // Nothing left: one listing, no deletion.
    s3.operations.length = 0;
    await store().deletePrefix('sessions/a');
    expect(s3.operations).toEqual(['ListObjectsV2']);
  });

  it('should refuse the keys the file store refuses, before asking S3', async () => {
    await expect(store().put('sessions/a b/1.jpg', Buffer.from('x'))).rejects.toThrow(
      /invalid blob key segment/,
    );
    await expect(store().get('sessions/ü/1.jpg')).rejects.toThrow(/invalid blob key segment/);
    await expect(store().deletePrefix('../sessions')).rejects.toThrow(/invalid blob key segment/);
    expect(s3.operations).toEqual([]);
  });

  it('should address objects path-style by default and virtual-hosted when asked, percent-encoding keys', () => {
    const options = { endpoint: 'https://s3.eu-west-1.amazonaws.com/' };
    expect(store(options).objectUrl('sessions/a b/ü(1).jpg')).toBe(
      `https://s3.eu-west-1.amazonaws.com/${s3.bucket}/sessions/a%20b/%C3%BC%281%29.jpg`,
    );
    expect(store({ ...options, addressing: 'virtual-hosted' }).objectUrl('sessions/x.jpg')).toBe(
      `https://${s3.bucket}.s3.eu-west-1.amazonaws.com/sessions/x.jpg`,
    );
    expect(store({ ...options, endpoint: 'http://gateway.test:8080/s3' }).objectUrl('k', '?delete')).toBe(
      `http://gateway.test:8080/s3/${s3.bucket}/k?delete`,
    );
  });

  it('should name the operation and S3 error code when the secret is wrong, and never show a secret', async () => {
    const wrongSecret = 'not-the-secret-at-all-0123456789';
    const failure = store({ secretAccessKey: wrongSecret }).put('sessions/abc/1.jpg', Buffer.from('x'));
    await expect(failure).rejects.toThrow(
      /^S3 PutObject "sessions\/abc\/1\.jpg" in bucket proctor-blobs failed: 403 SignatureDoesNotMatch: The request signature we calculated/,
    );
    const message = await failure.catch((error: Error) => error.message);
    expect(message).not.toContain(wrongSecret);
    expect(message).not.toContain(s3.secretAccessKey);
    await expect(store({ accessKeyId: 'AKIAUNKNOWN' }).verifyAccess()).rejects.toThrow(
      /S3 ListObjectsV2 in bucket proctor-blobs failed: 403 InvalidAccessKeyId/,
    );
    expect(s3.objects.size).toBe(0);
    expect(store({ secretAccessKey: wrongSecret }).location).not.toContain(wrongSecret);
  });

  it('should report a wrong region or a missing bucket instead of a missing blob', async () => {
    await expect(store({ region: 'eu-west-1' }).get('sessions/abc/1.jpg')).rejects.toThrow(
      /400 AuthorizationHeaderMalformed: .*the region 'eu-west-1' is wrong; expecting 'us-east-1'/,
    );
    await expect(store({ bucket: 'no-such-bucket' }).get('sessions/abc/1.jpg')).rejects.toThrow(
      /GetObject "sessions\/abc\/1\.jpg" in bucket no-such-bucket failed: 404 NoSuchBucket/,
    );
    await expect(store().verifyAccess()).resolves.toBeUndefined();
  });

  it('should retry a busy store and give up after three tries with its error', async () => {
    s3.failNext(2, { status: 503, code: 'SlowDown', message: 'Please reduce your request rate.' });
    await store().put('sessions/abc/1.jpg', Buffer.from('x'));
    expect(s3.objects.has('sessions/abc/1.jpg')).toBe(true);

    s3.failNext(3, { status: 503, code: 'SlowDown', message: 'Please reduce your request rate.' });
    await expect(store().get('sessions/abc/1.jpg')).rejects.toThrow(
      /GetObject .* failed: 503 SlowDown: Please reduce your request rate\./,
    );
  });

  it('should fail a request that gets no answer within the time limit', async () => {
    const silent = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      await expect(store({ endpoint, timeoutMs: 100 }).get('sessions/abc/1.jpg')).rejects.toThrow(
        /^S3 GetObject "sessions\/abc\/1\.jpg" in bucket proctor-blobs: no answer within 0\.1 s$/,
      );
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('should say which endpoint it could not reach', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    await expect(store({ endpoint }).put('sessions/abc/1.jpg', Buffer.from('x'))).rejects.toThrow(
      `S3 PutObject "sessions/abc/1.jpg" in bucket proctor-blobs: could not reach ${endpoint} (ECONNREFUSED)`,
    );
  });
});

describe('the S3 stand-in', () => {
  let s3: S3StandIn;
  beforeAll(async () => {
    s3 = await startS3StandIn();
  });
  afterAll(() => s3.close());

  /** Sends a request signed by aws4fetch, with the payload hash given or computed. */
  async function send(method: string, path: string, body: string, headers: Record<string, string> = {}) {
    const signed = await new AwsV4Signer({
      method,
      url: `${s3.url}${path}`,
      headers,
      body,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      service: 's3',
      region: s3.region,
    }).sign();
    const response = await fetch(signed.url, { method, headers: signed.headers, body: body || undefined });
    return { status: response.status, body: await response.text() };
  }

  it('should refuse what S3 refuses: altered bytes, a DeleteObjects without Content-MD5, an unsigned request', async () => {
    const altered = await send('PUT', '/k', 'the bytes sent', {
      'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    });
    expect(altered.status).toBe(400);
    expect(altered.body).toContain('<Code>XAmzContentSHA256Mismatch</Code>');

    const withoutDigest = await send('POST', '?delete', '<Delete><Object><Key>k</Key></Object></Delete>', {
      'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
    });
    expect(withoutDigest.status).toBe(400);
    expect(withoutDigest.body).toContain('Missing required header for this request: Content-Md5');

    const unsigned = await fetch(`${s3.url}/k`);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>');
    expect(s3.objects.size).toBe(0);
  });
});
