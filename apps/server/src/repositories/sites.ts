/** Sites: the web addresses test cases start on, an organization's own or shared with all. */
import { type Executor, sites } from '@proctor/db';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';

/** A site the organization may put test cases on: its own, or one shared with every organization. */
export async function findUsableSite(db: Executor, organizationId: number, siteId: number) {
  const [site] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(
      and(eq(sites.id, siteId), or(isNull(sites.organizationId), eq(sites.organizationId, organizationId))),
    );
  return site;
}

export async function listSiteNames(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(inArray(sites.id, [...ids]));
}
