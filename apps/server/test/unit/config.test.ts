import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/kernel/config';
import { parseComputerUse, parseScoring } from '../../src/kernel/config/models';
import { parseTrustProxy } from '../../src/kernel/config/serving';
import { parseBlobStore } from '../../src/kernel/config/storage';

describe('TRUST_PROXY', () => {
  it('should trust no proxy unless told to', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
  });

  it('should accept a comma-separated list of addresses, CIDRs and named ranges', () => {
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,fd00::/8, 172.16.0.0/255.240.0.0,loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'fd00::/8',
      '172.16.0.0/255.240.0.0',
      'loopback',
    ]);
  });

  it('should refuse a hop count and anything that is not an address, naming the culprits', () => {
    expect(() => parseTrustProxy('1')).toThrow(/cannot be a hop count/);
    expect(() => parseTrustProxy('10.0.0.1,proxy.internal,10.0.0.0/33')).toThrow(
      /not "proxy\.internal", "10\.0\.0\.0\/33"$/,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
});

describe('BLOB_STORE_*', () => {
  const complete = {
    BLOB_STORE_URL: 'http://127.0.0.1:9000/proctor-blobs',
    BLOB_STORE_ACCESS_KEY_ID: 'proctor',
    BLOB_STORE_SECRET_ACCESS_KEY: 'very-secret-value',
  };

  it('should keep blobs in files unless BLOB_STORE_URL is set', () => {
    expect(loadConfig({}).blobStore).toBeUndefined();
    expect(loadConfig({ BLOB_STORE_URL: '', BLOB_STORE_REGION: ' ' }).blobStore).toBeUndefined();
  });

  it('should read the endpoint and bucket from the URL, with us-east-1 and path-style by default', () => {
    expect(loadConfig(complete).blobStore).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'proctor-blobs',
      region: 'us-east-1',
      accessKeyId: 'proctor',
      secretAccessKey: 'very-secret-value',
      prefix: undefined,
      addressing: 'path',
    });
    expect(
      parseBlobStore({
        ...complete,
        BLOB_STORE_URL: 'https://gateway.example.com/s3/proctor-blobs/',
        BLOB_STORE_REGION: 'auto',
        BLOB_STORE_PREFIX: '/installs/eu/',
        BLOB_STORE_ADDRESSING: 'virtual-hosted',
      }),
    ).toMatchObject({
      endpoint: 'https://gateway.example.com/s3',
      bucket: 'proctor-blobs',
      region: 'auto',
      prefix: 'installs/eu',
      addressing: 'virtual-hosted',
    });
  });

  it('should refuse a partial configuration, naming what is set and what is missing but never the secret', () => {
    expect(() => loadConfig({ BLOB_STORE_URL: complete.BLOB_STORE_URL })).toThrow(
      /BLOB_STORE_URL is set but BLOB_STORE_ACCESS_KEY_ID and BLOB_STORE_SECRET_ACCESS_KEY are not/,
    );
    expect(() => loadConfig({ BLOB_STORE_SECRET_ACCESS_KEY: 'very-secret-value' })).toThrow(
      /BLOB_STORE_SECRET_ACCESS_KEY is set but BLOB_STORE_URL and BLOB_STORE_ACCESS_KEY_ID are not/,
    );
    expect(() => loadConfig({ BLOB_STORE_REGION: 'eu-west-1' })).toThrow(
      /BLOB_STORE_REGION is set but BLOB_STORE_URL/,
    );
    const message = (() => {
      try {
        loadConfig({ ...complete, BLOB_STORE_URL: '' });
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(/^Invalid configuration: an S3-compatible blob store needs/);
    expect(message).not.toContain('very-secret-value');
  });

  it('should refuse a URL without a bucket, with credentials in it, or a bad prefix or addressing', () => {
    expect(() => loadConfig({ ...complete, BLOB_STORE_URL: 'http://127.0.0.1:9000' })).toThrow(
      /must name the bucket/,
    );
    expect(() => loadConfig({ ...complete, BLOB_STORE_URL: 'minio:9000/bucket' })).toThrow(
      /must be http or https/,
    );
    expect(() =>
      loadConfig({ ...complete, BLOB_STORE_URL: 'http://key:very-secret-value@127.0.0.1/b1' }),
    ).toThrow(/must not hold credentials/);
    expect(() => loadConfig({ ...complete, BLOB_STORE_PREFIX: 'a b' })).toThrow(
      /BLOB_STORE_PREFIX: invalid blob key/,
    );
    expect(() => loadConfig({ ...complete, BLOB_STORE_ADDRESSING: 'dns' })).toThrow(
      /BLOB_STORE_ADDRESSING must be path or virtual-hosted/,
    );
  });
});

describe('scoring settings', () => {
  it('should leave the language model unset, and reach no private address, unless told to', () => {
    expect(loadConfig({}).scoring).toEqual({ llm: undefined, allowedAddresses: [] });
    expect(
      parseScoring({
        SCORING_LLM_URL: 'http://127.0.0.1:11434/v1',
        SCORING_LLM_MODEL: 'llama3.1',
        OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1, 10.0.0.0/8',
      }),
    ).toEqual({
      llm: { baseUrl: 'http://127.0.0.1:11434/v1', apiKey: undefined, model: 'llama3.1' },
      allowedAddresses: ['127.0.0.1', '10.0.0.0/8'],
    });
  });

  it('should refuse half a model setting, a URL that is not one, and addresses that are not addresses', () => {
    expect(() => parseScoring({ SCORING_LLM_URL: 'https://api.openai.com/v1' })).toThrow(/needed together/);
    expect(() => parseScoring({ SCORING_LLM_URL: 'openai', SCORING_LLM_MODEL: 'gpt' })).toThrow(
      /must be a URL/,
    );
    expect(() => parseScoring({ SCORING_LLM_URL: 'ftp://x/v1', SCORING_LLM_MODEL: 'gpt' })).toThrow(
      /http or https/,
    );
    expect(() => parseScoring({ OUTBOUND_ALLOWED_ADDRESSES: 'localhost,10.0.0.0/40' })).toThrow(
      /not "localhost", "10\.0\.0\.0\/40"$/,
    );
  });
});

describe('computer-use models', () => {
  it('should leave both agents unconfigured unless their URL is set, and default the models', () => {
    expect(loadConfig({}).computerUse).toEqual({ openai: undefined, anthropic: undefined });
    expect(
      parseComputerUse({ OPENAI_CUA_URL: 'https://api.openai.com/v1', OPENAI_CUA_API_KEY: ' sk-1 ' }),
    ).toEqual({
      openai: { baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-1', model: 'computer-use-preview' },
      anthropic: undefined,
    });
    expect(
      loadConfig({
        ANTHROPIC_CUA_URL: 'http://127.0.0.1:8080/v1',
        ANTHROPIC_CUA_MODEL: 'claude-opus-4-1',
      }).computerUse,
    ).toEqual({
      openai: undefined,
      anthropic: { baseUrl: 'http://127.0.0.1:8080/v1', apiKey: undefined, model: 'claude-opus-4-1' },
    });
    expect(parseComputerUse({ ANTHROPIC_CUA_URL: 'https://api.anthropic.com/v1' }).anthropic?.model).toBe(
      'claude-sonnet-4-5',
    );
  });

  it('should refuse a key or model without its URL, and a URL that is not an http(s) one', () => {
    expect(() => parseComputerUse({ OPENAI_CUA_API_KEY: 'sk-1' })).toThrow(
      'Invalid configuration: OPENAI_CUA_API_KEY is set but OPENAI_CUA_URL is not (set it, e.g. https://api.openai.com/v1, or unset them)',
    );
    expect(() => parseComputerUse({ ANTHROPIC_CUA_API_KEY: 'k', ANTHROPIC_CUA_MODEL: 'm' })).toThrow(
      /ANTHROPIC_CUA_API_KEY and ANTHROPIC_CUA_MODEL are set but ANTHROPIC_CUA_URL is not/,
    );
    expect(() => parseComputerUse({ ANTHROPIC_CUA_URL: 'anthropic' })).toThrow(
      'Invalid configuration: ANTHROPIC_CUA_URL must be a URL such as https://api.anthropic.com/v1',
    );
    expect(() => parseComputerUse({ OPENAI_CUA_URL: 'ftp://x/v1' })).toThrow(
      'Invalid configuration: OPENAI_CUA_URL must be http or https',
    );
  });
});

describe('WORKER_URL', () => {
  it("should leave a worker without a door unless told where the servers reach it, and listen on the URL's port", () => {
    expect(loadConfig({}).jobs).toMatchObject({ workerUrl: undefined, workerPort: undefined });
    expect(loadConfig({ WORKER_URL: 'http://10.0.0.5:4100/' }).jobs).toMatchObject({
      workerUrl: 'http://10.0.0.5:4100',
      workerPort: undefined,
    });
    expect(loadConfig({ WORKER_URL: 'https://worker-1.internal', WORKER_PORT: '8443' }).jobs).toMatchObject({
      workerUrl: 'https://worker-1.internal',
      workerPort: 8443,
    });
  });

  it('should refuse a URL with a path, another scheme, or no host', () => {
    for (const url of ['http://10.0.0.5:4100/live', 'ftp://10.0.0.5', 'http://'])
      expect(() => loadConfig({ WORKER_URL: url }), url).toThrow(/WORKER_URL must be an http\(s\) origin/);
  });
});

describe('AGENT_MEMORY_LIMIT_MB', () => {
  it("should limit a git container agent's memory to 2 GiB unless told otherwise, and refuse too little", () => {
    expect(loadConfig({}).agentSandbox).toEqual({ memoryLimitBytes: 2048 * 1024 ** 2 });
    expect(loadConfig({ AGENT_MEMORY_LIMIT_MB: '256' }).agentSandbox).toEqual({
      memoryLimitBytes: 256 * 1024 ** 2,
    });
    expect(() => loadConfig({ AGENT_MEMORY_LIMIT_MB: '16' })).toThrow(/AGENT_MEMORY_LIMIT_MB/);
  });
});

describe('environment shares', () => {
  it("should give one organization half of the machine's environments, rounded up, unless told otherwise", () => {
    expect(loadConfig({ MAX_ENVIRONMENTS: '7' }).environments).toMatchObject({
      maxEnvironments: 7,
      maxPerOrganization: 4,
      keepaliveMaxMinutes: 480,
      memoryLimitMb: 1536,
    });
    expect(loadConfig({ MAX_ENVIRONMENTS: '1' }).environments.maxPerOrganization).toBe(1);
    expect(
      loadConfig({
        MAX_ENVIRONMENTS: '7',
        MAX_ENVIRONMENTS_PER_ORGANIZATION: '7',
        KEEPALIVE_MAX_MINUTES: '60',
        ENVIRONMENT_MEMORY_LIMIT_MB: '600',
      }).environments,
    ).toMatchObject({ maxPerOrganization: 7, keepaliveMaxMinutes: 60, memoryLimitMb: 600 });
    expect(() => loadConfig({ MAX_ENVIRONMENTS_PER_ORGANIZATION: '0' })).toThrow(
      /MAX_ENVIRONMENTS_PER_ORGANIZATION/,
    );
    expect(() => loadConfig({ ENVIRONMENT_MEMORY_LIMIT_MB: '100' })).toThrow(/ENVIRONMENT_MEMORY_LIMIT_MB/);
  });
});
