import type { LoginRequest, RegisterRequest, TokenResponse } from '@proctor/contracts';
import { noPermissions, PERMISSION_FLAGS, type Permissions } from '@proctor/contracts';
import { type Database, newPublicId } from '@proctor/db';
import type { UserRow } from '../kernel/access/principal';
import { conflict, forbidden, unauthorized } from '../kernel/http/errors';
import {
  countUsers,
  findUserByEmail,
  insertUser,
  lockAccountCreation,
  recordAudit,
} from '../repositories/users';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import type { TokenService } from './tokens';

/** The first account of a fresh install runs it: platform admin with every flag. */
const allPermissions = (): Permissions =>
  Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, true])) as Permissions;

/**
 * Creates an account. The first one on a fresh install becomes platform admin (README says so);
 * a lock makes "first" exact even when two sign-ups race.
 */
export async function createAccount(
  db: Database,
  input: {
    email: string;
    name: string;
    passwordHash: string | null;
    oidcSubject?: string;
    imageUrl?: string | null;
  },
  options: { registrationOpen: boolean },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    await lockAccountCreation(tx);
    if (await findUserByEmail(tx, input.email)) throw conflict('An account with this e-mail already exists');
    const first = (await countUsers(tx)) === 0;
    if (!first && !options.registrationOpen) throw forbidden('Registration is closed on this server');
    const user = await insertUser(tx, {
      publicId: newPublicId(),
      email: input.email,
      name: input.name,
      imageUrl: input.imageUrl ?? null,
      passwordHash: input.passwordHash,
      oidcSubject: input.oidcSubject ?? null,
      permissions: first ? allPermissions() : noPermissions(),
      hasBetaAccess: first,
    });
    if (first) await recordAudit(tx, { actorUserId: user.id, action: 'install.first_admin' });
    return user;
  });
}

export async function register(
  db: Database,
  tokens: TokenService,
  body: RegisterRequest,
  options: { registrationOpen: boolean },
): Promise<TokenResponse> {
  const user = await createAccount(
    db,
    { email: body.email, name: body.name, passwordHash: await hashPassword(body.password) },
    options,
  );
  return tokens.issue(user.id);
}

export async function login(db: Database, tokens: TokenService, body: LoginRequest): Promise<TokenResponse> {
  const user = await findUserByEmail(db, body.email);
  const valid = await verifyPassword(body.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user?.passwordHash || !valid) throw unauthorized('Invalid e-mail or password');
  return tokens.issue(user.id);
}
