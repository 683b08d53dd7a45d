import { errors, jwtVerify, SignJWT } from 'jose';
import type { TokenService } from './tokens';

const ISSUER = 'proctor';
/** Its own type: never an access token, never an environment's capability. */
const TYPE = 'recording_steps';

const keyOf = (tokens: TokenService) => new TextEncoder().encode(tokens.secret);

/**
 * A capability to append recorded steps to one browser session (the Chrome extension's uploads), signed like
 * every other token of the server. It names the session only: whoever holds it may add steps there, nothing else.
 */
export async function signRecordingToken(
  tokens: TokenService,
  browserSessionId: string,
  ttlSeconds: number,
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  const token = await new SignJWT({ typ: TYPE })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(browserSessionId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(tokens));
  return { token, expiresAt };
}

/** The browser session a valid recording capability names, or null. */
export async function verifyRecordingToken(tokens: TokenService, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(tokens), { issuer: ISSUER, algorithms: ['HS256'] });
    return payload.typ === TYPE && typeof payload.sub === 'string' ? payload.sub : null;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
