import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Secrets kept in the database (integrations' API keys) are sealed with AES-256-GCM under one 32-byte key:
 * SECRETS_KEY, or on an install without it a key made once into DATA_DIR/secrets.key (README, configuration).
 * A sealed value is `v1.<iv>.<tag>.<ciphertext>` (base64url); `context` is bound as associated data, so a value
 * copied to another row (another organization's) does not open there.
 */

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value that does not open: tampered, moved, or sealed under another key. */
export class SecretUnreadableError extends Error {
  constructor(reason: string) {
    super(`The secret cannot be read: ${reason}`);
    this.name = 'SecretUnreadableError';
  }
}

export function sealSecret(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function openSecret(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined || rest.length)
    throw new SecretUnreadableError('not a sealed value of this version');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  const tagBytes = Buffer.from(tag, 'base64url');
  if (tagBytes.length !== TAG_BYTES) throw new SecretUnreadableError('its tag is cut');
  decipher.setAuthTag(tagBytes);
  decipher.setAAD(Buffer.from(context, 'utf8'));
  try {
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SecretUnreadableError('it was changed, moved, or sealed under another key');
  }
}

/** SECRETS_KEY's value: 32 bytes as 64 hex digits or base64; the reason, as text, when it is not. */
export function parseSecretsKey(text: string): Buffer | string {
  const trimmed = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)
      ? Buffer.from(trimmed, 'base64')
      : null;
  if (!bytes || bytes.length !== KEY_BYTES)
    return `must be ${KEY_BYTES} bytes as 64 hex digits or base64 (e.g. the output of \`openssl rand -base64 32\`)`;
  return bytes;
}

const KEY_FILE = 'secrets.key';
const madeKeys = new Map<string, Buffer>();

/**
 * The key secrets are sealed under: the configured one, else DATA_DIR/secrets.key, made on first use with
 * 0600 permissions (created exclusively, so two processes on one folder agree on one key).
 */
export function secretsKeyOf(config: { secretsKey: Buffer | undefined; dataDir: string }): Buffer {
  if (config.secretsKey) return config.secretsKey;
  const known = madeKeys.get(config.dataDir);
  if (known) return known;
  const file = join(config.dataDir, KEY_FILE);
  mkdirSync(config.dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = parseSecretsKey(readFileSync(file, 'utf8'));
  if (typeof key === 'string') throw new Error(`${file} ${key}`);
  madeKeys.set(config.dataDir, key);
  return key;
}
