import {
  type EndpointQuery,
  endpoints,
  MAX_REPLAY_SEARCH_IDS,
  PAGE_SIZE,
  type ReplayGroup,
} from '@proctor/contracts';
import { agentArtifacts, newPublicId, type sessions } from '@proctor/db';
import { beforeAll, expect, it } from 'vitest';
import { catalog } from './support/catalog';
import { type Actor, describeEachDatabase } from './support/proctor';
import { storedSession } from './support/storedSessions';

/**
 * The Replays page's two calls (001 §2.10, §7): an original session with the replays the replay agent made of
 * it, filtered on the original, newest replay first, 45 groups a page; and the groups of sessions named by id.
 * Sessions are stored rows (a replay is a session whose replay_of_session_id names its original), as the
 * replay agent's runs leave them.
 */
describeEachDatabase('replay groups', (proctor) => {
  const make = catalog(proctor);
  const db = () => proctor().ctx.db;
  const at = (hours: number) => new Date(Date.UTC(2026, 2, 1, 10) + hours * 3_600_000);

  let alice: Actor;
  let bob: Actor;
  let admin: Actor;
  const checkout = { name: `Checkout ${newPublicId()}`, id: 0, simulatorId: 0 };
  const search = { name: `Search ${newPublicId()}`, id: 0, simulatorId: 0 };
  /** Alice's organization's sessions, and Bob's, by role. */
  const s: Record<string, typeof sessions.$inferSelect> = {};

  async function agent(organizationId: number | null, alias: string) {
    const [row] = await db()
      .insert(agentArtifacts)
      .values({ organizationId, alias, data: { type: 'dev', img_url: null, description: '' } })
      .returning();
    return row!;
  }

  /** A session of `owner`'s organization, ended and classified, made `hours` after the base time. */
  function session(
    owner: Actor,
    hours: number,
    values: Partial<typeof sessions.$inferInsert> = {},
  ): Promise<typeof sessions.$inferSelect> {
    return storedSession(db(), {
      organizationId: owner.organization!.id,
      userId: owner.user.id,
      createdAt: at(hours),
      endedAt: at(hours + 0.1),
      ...values,
    });
  }

  const replayOf = (original: { id: number; testCaseId: number | null; simulatorId: number | null }) => ({
    replayOfSessionId: original.id,
    testCaseId: original.testCaseId,
    simulatorId: original.simulatorId,
  });

  type GroupsQuery = EndpointQuery<typeof endpoints.groupedReplays>;
  const groupsOf = (as: Actor | undefined, query: GroupsQuery = {}) =>
    proctor().call(endpoints.groupedReplays, { query, as });
  const searchOf = (as: Actor | undefined, ids?: string) =>
    proctor().call(endpoints.searchReplays, {
      query: ids === undefined ? undefined : { session_ids: ids },
      as,
    });

  async function groups(as: Actor, query: GroupsQuery = {}) {
    const response = await groupsOf(as, query);
    expect(response.status, response.body.detail).toBe(200);
    return response.body;
  }

  async function found(as: Actor, ids: string) {
    const response = await searchOf(as, ids);
    expect(response.status, response.body.detail).toBe(200);
    return response.body;
  }

  /** A group as [original, [replays newest first], total], by the public ids of its sessions. */
  const shape = (group: ReplayGroup) => [
    group.original_session.sessionId,
    group.replay_sessions.map((replay) => replay.sessionId),
    group.total_replays,
  ];
  /** The originals of the groups found, in order. */
  const list = (response: { grouped_sessions: ReplayGroup[] }) =>
    response.grouped_sessions.map((group) => group.original_session.sessionId);

  beforeAll(async () => {
    alice = await proctor().actor({ name: 'Alice', permissions: { dashboard_access: true } });
    bob = await proctor().actor({ name: 'Bob', permissions: { dashboard_access: true } });
    admin = await proctor().actor({ permissions: { is_admin: true, dashboard_access: true } });

    const shop = await make.simulator();
    const mail = await make.simulator();
    Object.assign(checkout, await make.testCase({ name: checkout.name, simulatorId: shop.id }));
    Object.assign(search, await make.testCase({ name: search.name, simulatorId: mail.id }));
    const careful = await agent(alice.organization!.id, 'careful');
    const hasty = await agent(alice.organization!.id, 'hasty');
    const replayer = await agent(null, `replayer-${newPublicId()}`);
    const fail = { scoringBadge: 'fail', passed: false };
    const pass = { scoringBadge: 'pass', passed: true };

    // Alice's organization: two groups, an original nobody replayed, one whose only replay was archived.
    s.checkout = await session(alice, 0, {
      testCaseId: checkout.id,
      simulatorId: shop.id,
      agentArtifactId: careful.id,
      ...fail,
    });
    s.checkoutReplay1 = await session(alice, 1, { ...replayOf(s.checkout), agentArtifactId: replayer.id });
    s.checkoutReplay2 = await session(alice, 2, { ...replayOf(s.checkout), agentArtifactId: replayer.id });
    s.search = await session(alice, 0.5, {
      testCaseId: search.id,
      simulatorId: mail.id,
      agentArtifactId: hasty.id,
      ...pass,
    });
    s.searchReplay = await session(alice, 3, {
      ...replayOf(s.search),
      agentArtifactId: replayer.id,
      ...fail,
    });
    s.unreplayed = await session(alice, 0, { testCaseId: checkout.id, simulatorId: shop.id });
    s.archivedOnly = await session(alice, 0, { testCaseId: checkout.id, simulatorId: shop.id });
    s.archivedReplay = await session(alice, 4, { ...replayOf(s.archivedOnly), archived: true });

    // Bob's organization: a private group, a public one, and a public original with a private replay.
    s.bobs = await session(bob, 0, { testCaseId: checkout.id, simulatorId: shop.id });
    s.bobsReplay = await session(bob, 5, replayOf(s.bobs));
    s.shared = await session(bob, 0, { testCaseId: checkout.id, simulatorId: shop.id, isPublic: true });
    s.sharedReplay = await session(bob, 6, { ...replayOf(s.shared), isPublic: true });
    s.halfShared = await session(bob, 0, { testCaseId: search.id, simulatorId: mail.id, isPublic: true });
    s.halfSharedReplay = await session(bob, 7, replayOf(s.halfShared));
  });

  it('should group each original with its replays, newest replay first, and count them', async () => {
    const list = await groups(alice);
    expect(list.grouped_sessions.map(shape)).toEqual([
      [s.search!.publicId, [s.searchReplay!.publicId], 1],
      [s.checkout!.publicId, [s.checkoutReplay2!.publicId, s.checkoutReplay1!.publicId], 2],
    ]);
    expect(list).toMatchObject({ page: 1, pageSize: PAGE_SIZE.replays, totalCount: 2, totalPages: 1 });
    // Sessions are presented as the sessions list presents them.
    const [, checkoutGroup] = list.grouped_sessions;
    expect(checkoutGroup!.original_session).toMatchObject({
      testCase: { name: checkout.name },
      agentArtifact: { alias: 'careful' },
      scoringBadge: 'fail',
      replayOfSessionId: null,
    });
    expect(checkoutGroup!.replay_sessions[0]!.replayOfSessionId).toBe(s.checkout!.publicId);
  });

  it('should filter on the original: agent, simulator, test case names, and leave out passed originals', async () => {
    expect(list(await groups(alice, { agentArtifactIds: `${s.checkout!.agentArtifactId}` }))).toEqual([
      s.checkout!.publicId,
    ]);
    // The replays' agent is not the originals': filtering on it finds no original.
    expect(list(await groups(alice, { agentArtifactIds: `${s.checkoutReplay1!.agentArtifactId}` }))).toEqual(
      [],
    );
    expect(list(await groups(alice, { simulatorIds: `${search.simulatorId}` }))).toEqual([
      s.search!.publicId,
    ]);
    expect(list(await groups(alice, { testCaseNames: checkout.name }))).toEqual([s.checkout!.publicId]);
    expect(list(await groups(alice, { testCaseNames: `${checkout.name},${search.name}` }))).toEqual([
      s.search!.publicId,
      s.checkout!.publicId,
    ]);
    // The search original passed (its replay failed: the original decides).
    expect(list(await groups(alice, { noPassed: 'true' }))).toEqual([s.checkout!.publicId]);
    expect(list(await groups(alice, { noPassed: 'false' }))).toHaveLength(2);
  });

  it("should never show one organization another's private groups", async () => {
    expect(list(await groups(bob))).toEqual([s.halfShared!.publicId, s.shared!.publicId, s.bobs!.publicId]);
    const mine = list(await groups(alice, { includePublic: 'true' }));
    // Another organization's group shows only when its original and its replays are public.
    expect(mine).toEqual([s.shared!.publicId, s.search!.publicId, s.checkout!.publicId]);
    expect(
      (await groups(alice, { includePublic: 'true' })).grouped_sessions[0]!.replay_sessions,
    ).toHaveLength(1);
    const stranger = await proctor().actor({ permissions: { dashboard_access: true } });
    expect(await groups(stranger)).toMatchObject({ grouped_sessions: [], totalCount: 0, totalPages: 1 });
    expect(list(await groups(stranger, { includePublic: 'true' }))).toEqual([s.shared!.publicId]);
  });

  it("should show platform admins every organization's groups", async () => {
    const everything = await groups(admin, {
      pageSize: 100,
      simulatorIds: `${checkout.simulatorId},${search.simulatorId}`,
    });
    expect(list(everything)).toEqual([
      s.halfShared!.publicId,
      s.shared!.publicId,
      s.bobs!.publicId,
      s.search!.publicId,
      s.checkout!.publicId,
    ]);
    // Private replays included; archived ones never.
    expect(everything.grouped_sessions[0]!.replay_sessions.map((r) => r.sessionId)).toEqual([
      s.halfSharedReplay!.publicId,
    ]);
    expect(list(everything)).not.toContain(s.archivedOnly!.publicId);
  });

  it('should page 45 groups at a time by default, and keep the page size asked for', async () => {
    const busy = await proctor().actor({ permissions: { dashboard_access: true } });
    const count = PAGE_SIZE.replays + 2;
    for (let n = 0; n < count; n++) {
      const original = await session(busy, n);
      await session(busy, n + 0.5, replayOf(original));
    }
    const first = await groups(busy);
    expect(first).toMatchObject({ page: 1, pageSize: 45, totalCount: count, totalPages: 2 });
    expect(first.grouped_sessions).toHaveLength(45);
    const second = await groups(busy, { page: 2 });
    expect(second.grouped_sessions).toHaveLength(2);
    // No group on two pages, none left out: newest replay first throughout.
    const all = [...list(first), ...list(second)];
    expect(new Set(all).size).toBe(count);
    const times = [...first.grouped_sessions, ...second.grouped_sessions].map((g) =>
      Date.parse(g.replay_sessions[0]!.createdAt),
    );
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const small = await groups(busy, { pageSize: 10, page: 5 });
    expect(small).toMatchObject({ page: 5, pageSize: 10, totalCount: count, totalPages: 5 });
    expect(small.grouped_sessions).toHaveLength(7);
    expect((await groups(busy, { page: 9 })).grouped_sessions).toEqual([]);
    for (const bad of [
      { pageSize: 0 },
      { pageSize: 101 },
      { page: 0 },
      { page: 'x' },
      // A value the contract's type does not allow: the server must refuse it too.
      { noPassed: 'maybe' } as never,
      { agentArtifactIds: 'a' },
    ]) {
      const response = await groupsOf(busy, bad);
      expect({ bad, status: response.status }).toEqual({ bad, status: 400 });
      expect(response.body).toHaveProperty('detail');
    }
  });

  it('should find the group of an original or of any of its replays by public id', async () => {
    expect((await found(alice, s.checkout!.publicId)).grouped_sessions.map(shape)).toEqual([
      [s.checkout!.publicId, [s.checkoutReplay2!.publicId, s.checkoutReplay1!.publicId], 2],
    ]);
    expect(list(await found(alice, s.searchReplay!.publicId))).toEqual([s.search!.publicId]);
    // Several ids (spaces, commas, line breaks), the same group named twice: each group once, newest first.
    const both = await found(
      alice,
      ` ${s.checkout!.publicId}  ${s.checkoutReplay1!.publicId},${s.search!.publicId}\n`,
    );
    expect(list(both)).toEqual([s.search!.publicId, s.checkout!.publicId]);
    expect(both.totalCount).toBe(2);
  });

  it('should not find unknown ids, originals without replays, or what the caller may not see', async () => {
    const none = { grouped_sessions: [], totalCount: 0 };
    expect(await found(alice, newPublicId())).toEqual(none);
    expect(await found(alice, s.unreplayed!.publicId)).toEqual(none);
    expect(await found(alice, `${s.archivedOnly!.publicId} ${s.archivedReplay!.publicId}`)).toEqual(none);
    expect(await found(alice, `${s.bobs!.publicId} ${s.bobsReplay!.publicId}`)).toEqual(none);
    // A public session opens for anyone by its link; its private replays stay Bob's.
    expect(list(await found(alice, s.shared!.publicId))).toEqual([s.shared!.publicId]);
    expect(await found(alice, s.halfShared!.publicId)).toEqual(none);
    // Bob's own, and everything for a platform admin.
    expect(list(await found(bob, s.bobsReplay!.publicId))).toEqual([s.bobs!.publicId]);
    expect(list(await found(admin, `${s.bobs!.publicId} ${s.checkout!.publicId}`))).toEqual([
      s.bobs!.publicId,
      s.checkout!.publicId,
    ]);
  });

  it('should refuse a blank, malformed or too long list of ids with the reason', async () => {
    const tooMany = Array.from({ length: MAX_REPLAY_SEARCH_IDS + 1 }, () => newPublicId()).join(' ');
    for (const [ids, reason] of [
      [null, /session_ids/],
      ['', /at least one/],
      ['   ', /at least one/],
      [`${s.checkout!.publicId} drop;table`, /letters, digits/],
      ['x'.repeat(101), /letters, digits/],
      [tooMany, /At most 100/],
      ['a '.repeat(6000), /too long/],
    ] as const) {
      const response = await searchOf(alice, ids ?? undefined);
      expect({ ids: ids?.slice(0, 20), status: response.status }).toEqual({
        ids: ids?.slice(0, 20),
        status: 400,
      });
      expect(response.body.detail).toMatch(reason);
    }
  });

  it('should refuse callers without dashboard access, annotator organizations and anonymous callers', async () => {
    const withoutDashboard = await proctor().actor({ organization: alice.organization });
    const annotator = await proctor().actor({ annotator: true, permissions: { dashboard_access: true } });
    const adminWithoutDashboard = await proctor().actor({ permissions: { is_admin: true } });
    for (const read of [
      (as: Actor | undefined) => groupsOf(as),
      (as: Actor | undefined) => searchOf(as, s.checkout!.publicId),
    ]) {
      for (const caller of [withoutDashboard, annotator, adminWithoutDashboard]) {
        const response = await read(caller);
        expect(response.status).toBe(403);
        expect(response.body).toHaveProperty('detail');
      }
      expect((await read(undefined)).status).toBe(401);
    }
    // A platform admin in an annotator organization is still a platform admin.
    const annotatingAdmin = await proctor().actor({
      annotator: true,
      permissions: { is_admin: true, dashboard_access: true },
    });
    expect(list(await found(annotatingAdmin, s.bobs!.publicId))).toEqual([s.bobs!.publicId]);
  });
});
