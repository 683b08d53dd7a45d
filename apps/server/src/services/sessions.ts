import type { Database } from '@proctor/db';
import type { Principal } from '../kernel/access/principal';
import { notFound } from '../kernel/http/errors';
import { archiveSession, findLiveSession, type SessionRow, setSessionPublic } from '../repositories/sessions';

const SESSION_NOT_FOUND = 'Session not found';

/** A session of the caller's own organization (to change it); 404 otherwise. */
export async function ownSession(db: Database, principal: Principal, publicId: string): Promise<SessionRow> {
  const session = await findLiveSession(db, publicId);
  const own = session && principal.organization && session.organizationId === principal.organization.id;
  if (!session || !(own || principal.permissions.is_admin)) throw notFound(SESSION_NOT_FOUND);
  return session;
}

/** Archives a session of the caller's organization: it leaves every list and its link answers 404. */
export async function archiveOwnSession(db: Database, principal: Principal, publicId: string): Promise<void> {
  const session = await ownSession(db, principal, publicId);
  await archiveSession(db, session.id);
}

/** Makes a session readable by anyone through its link, or private again. */
export async function setOwnSessionPublic(
  db: Database,
  principal: Principal,
  publicId: string,
  isPublic: boolean,
): Promise<void> {
  const session = await ownSession(db, principal, publicId);
  await setSessionPublic(db, session.id, isPublic);
}
