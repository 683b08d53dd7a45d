import { createHash, randomBytes } from 'node:crypto';
import { AUTH, type TokenResponse } from '@proctor/contracts';
import { type Database, newSecret } from '@proctor/db';
import { errors, jwtVerify, SignJWT } from 'jose';
import { instanceSetting } from '../repositories/instance';
import {
  findRefreshToken,
  insertRefreshToken,
  revokeRefreshFamily,
  revokeUserRefreshTokens,
  spendRefreshToken,
} from '../repositories/users';

const ISSUER = 'proctor';
const SECRET_KEY = 'jwt_secret';

/**
 * 'stop': a server asks the worker holding an environment to end it (an admin's stop). 'public': a server
 * passes a request for a keepalive environment's public URL on to the worker holding it (its simulator only).
 * 'drive': a server passes a browser session's request (navigate, close, a web flow's node) to the worker holding it.
 */
export type EnvironmentTokenPurpose = 'cdp' | 'live' | 'stop' | 'public' | 'drive';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Loads the signing secret: JWT_SECRET when configured, else one generated once and kept in the database. */
async function loadSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const secret = await instanceSetting(db, SECRET_KEY, () => randomBytes(48).toString('base64url'));
  if (!secret) throw new Error('Could not load the token secret');
  return secret;
}

/**
 * Access tokens are short-lived JWTs (HS256) tied to a sign-in (a refresh-token family). Refresh tokens are
 * opaque, stored hashed, and rotate on use: presenting a spent one again is treated as theft and revokes
 * every token of its family, access tokens included.
 */
export class TokenService {
  private constructor(
    private readonly db: Database,
    private readonly key: Uint8Array,
    /** Also signs cookies (view-as). */
    readonly secret: string,
  ) {}

  static async create(db: Database, configuredSecret: string | undefined): Promise<TokenService> {
    const secret = await loadSecret(db, configuredSecret);
    return new TokenService(db, new TextEncoder().encode(secret), secret);
  }

  async issue(userId: number, familyId = newSecret('fam_', 12)): Promise<TokenResponse> {
    const refresh = newSecret('prt_');
    await insertRefreshToken(this.db, {
      tokenHash: sha256(refresh),
      familyId,
      userId,
      expiresAt: new Date(Date.now() + AUTH.refreshTokenTtlSeconds * 1000),
    });
    // `sid` names the sign-in (the refresh family) the token belongs to, so that revoking it ends the token.
    const access = await new SignJWT({ typ: 'access', sid: familyId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${AUTH.accessTokenTtlSeconds}s`)
      .sign(this.key);
    return {
      access_token: access,
      refresh_token: refresh,
      expires_in: AUTH.accessTokenTtlSeconds,
      token_type: 'Bearer',
    };
  }

  /** Spends a refresh token and returns new tokens of the same family, or null when it may not be used. */
  async rotate(refreshToken: string): Promise<TokenResponse | null> {
    const hash = sha256(refreshToken);
    const row = await findRefreshToken(this.db, hash);
    if (!row || row.revokedAt || row.expiresAt.getTime() < Date.now()) return null;
    if (!(await spendRefreshToken(this.db, row.id))) {
      await this.revokeFamily(row.familyId);
      return null;
    }
    return this.issue(row.userId, row.familyId);
  }

  async revokeFamily(familyId: string): Promise<void> {
    await revokeRefreshFamily(this.db, familyId);
  }

  /** Logout: the family of the given token if it is the user's, else every token of the user. */
  async revokeForLogout(userId: number, refreshToken: string | undefined): Promise<void> {
    if (refreshToken) {
      const row = await findRefreshToken(this.db, sha256(refreshToken));
      if (row && row.userId === userId) return this.revokeFamily(row.familyId);
    }
    await revokeUserRefreshTokens(this.db, userId);
  }

  /**
   * A capability for one environment: whoever holds it may connect to that environment's browser ('cdp') or
   * watch and drive it ('live'), and nothing else. It is handed only to callers who may use the environment,
   * lives minutes, and is checked when a connection opens (an open connection lasts).
   */
  async signEnvironmentToken(
    purpose: EnvironmentTokenPurpose,
    environmentId: string,
    ttlSeconds: number,
  ): Promise<{ token: string; expiresAt: Date }> {
    const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
    const token = await new SignJWT({ typ: `env_${purpose}` })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(environmentId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, expiresAt };
  }

  /** The environment a valid capability of this purpose names, or null. */
  async verifyEnvironmentToken(purpose: EnvironmentTokenPurpose, token: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      return payload.typ === `env_${purpose}` && typeof payload.sub === 'string' ? payload.sub : null;
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }

  /**
   * Whom a valid access token names and the sign-in (refresh family) it belongs to; null when it is not one of
   * ours. Whether that sign-in was revoked (logout, or a replayed refresh token) is the caller's to check, in the
   * statement that reads the person (`findSignedInUser`). Decision: that check costs part of one statement per
   * request, and buys an access token that dies with its sign-in instead of living out its 15 minutes.
   */
  async readAccess(token: string): Promise<{ userId: number; familyId: string } | null> {
    let payload: { sub?: string; typ?: unknown; sid?: unknown };
    try {
      ({ payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] }));
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
    const id = Number(payload.sub);
    if (payload.typ !== 'access' || !Number.isInteger(id) || typeof payload.sid !== 'string') return null;
    return { userId: id, familyId: payload.sid };
  }
}
