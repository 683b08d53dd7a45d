import { createHash, randomBytes } from 'node:crypto';
import { AUTH, type TokenResponse } from '@proctor/contracts';
import { type Database, instanceSettings, newSecret, refreshTokens } from '@proctor/db';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'proctor';
const SECRET_KEY = 'jwt_secret';

export type EnvironmentTokenPurpose = 'cdp' | 'live';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Loads the signing secret: JWT_SECRET when configured, else one generated once and kept in the database. */
async function loadSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(instanceSettings)
    .values({ key: SECRET_KEY, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, SECRET_KEY));
  if (!row) throw new Error('Could not load the token secret');
  return row.value;
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
    await this.db.insert(refreshTokens).values({
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
    const [row] = await this.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
    if (!row || row.revokedAt || row.expiresAt.getTime() < Date.now()) return null;
    const [spent] = await this.db
      .update(refreshTokens)
      .set({ spentAt: new Date() })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.spentAt)))
      .returning({ id: refreshTokens.id });
    if (!spent) {
      await this.revokeFamily(row.familyId);
      return null;
    }
    return this.issue(row.userId, row.familyId);
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  /** Logout: the family of the given token if it is the user's, else every token of the user. */
  async revokeForLogout(userId: number, refreshToken: string | undefined): Promise<void> {
    if (refreshToken) {
      const [row] = await this.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
      if (row && row.userId === userId) return this.revokeFamily(row.familyId);
    }
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
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
   * The user id of a valid access token; null when it is not one of ours, or its sign-in was revoked
   * (logout, or a replayed refresh token). Decision: the revocation check costs one indexed lookup per
   * request, and buys an access token that dies with its sign-in instead of living out its 15 minutes.
   */
  async verifyAccess(token: string): Promise<number | null> {
    let payload: { sub?: string; typ?: unknown; sid?: unknown };
    try {
      ({ payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] }));
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
    const id = Number(payload.sub);
    if (payload.typ !== 'access' || !Number.isInteger(id) || typeof payload.sid !== 'string') return null;
    const [revoked] = await this.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, payload.sid), isNotNull(refreshTokens.revokedAt)))
      .limit(1);
    return revoked ? null : id;
  }
}
