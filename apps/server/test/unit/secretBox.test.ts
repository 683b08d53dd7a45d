import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/kernel/config';
import {
  openSecret,
  parseSecretsKey,
  SecretUnreadableError,
  sealSecret,
  secretsKeyOf,
} from '../../src/kernel/secrets/secretBox';

describe('secret box (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('should open what it sealed, and seal the same text differently each time', () => {
    const sealed = sealSecret(key, 'sk-live-42', 'integration-api-key:7');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('sk-live-42');
    expect(sealSecret(key, 'sk-live-42', 'integration-api-key:7')).not.toBe(sealed);
    expect(openSecret(key, sealed, 'integration-api-key:7')).toBe('sk-live-42');
  });

  it('should refuse a sealed value that was changed, moved to another context, or sealed under another key', () => {
    const sealed = sealSecret(key, 'sk-live-42', 'integration-api-key:7');
    const [version, iv, tag, ciphertext] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    const tampered = [version, iv, tag, flipped.toString('base64url')].join('.');
    expect(() => openSecret(key, tampered, 'integration-api-key:7')).toThrow(SecretUnreadableError);
    expect(() => openSecret(key, sealed, 'integration-api-key:8')).toThrow(SecretUnreadableError);
    expect(() => openSecret(randomBytes(32), sealed, 'integration-api-key:7')).toThrow(SecretUnreadableError);
    expect(() =>
      openSecret(key, [version, iv, tag.slice(4), ciphertext].join('.'), 'integration-api-key:7'),
    ).toThrow(SecretUnreadableError);
    expect(() => openSecret(key, 'sk-live-42', 'integration-api-key:7')).toThrow(SecretUnreadableError);
  });

  it('should read SECRETS_KEY as 32 bytes of hex or base64 and refuse anything else at start', () => {
    const bytes = randomBytes(32);
    expect(parseSecretsKey(bytes.toString('hex'))).toEqual(bytes);
    expect(parseSecretsKey(bytes.toString('base64'))).toEqual(bytes);
    expect(parseSecretsKey('short')).toMatch(/must be 32 bytes/);
    expect(loadConfig({ SECRETS_KEY: bytes.toString('base64') }).secretsKey).toEqual(bytes);
    expect(loadConfig({}).secretsKey).toBeUndefined();
    expect(() => loadConfig({ SECRETS_KEY: 'not-a-key' })).toThrow(/SECRETS_KEY must be 32 bytes/);
  });

  it('should make a key once into the data folder, readable by its owner only, when SECRETS_KEY is not set', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'proctor-secrets-'));
    try {
      const made = secretsKeyOf({ secretsKey: undefined, dataDir });
      expect(made).toHaveLength(32);
      const file = join(dataDir, 'secrets.key');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(parseSecretsKey(await readFile(file, 'utf8'))).toEqual(made);
      expect(secretsKeyOf({ secretsKey: undefined, dataDir })).toEqual(made);
      const configured = randomBytes(32);
      expect(secretsKeyOf({ secretsKey: configured, dataDir })).toBe(configured);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
