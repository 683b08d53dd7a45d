import {
  ANNOTATOR_STATS_WINDOW_DAYS,
  CONTACT_SUCCESS_MESSAGE,
  type EndpointBody,
  endpoints,
  MAX_RECORD_ID,
  noPermissions,
} from '@proctor/contracts';
import { auditLog, contactMessages, invites, scores } from '@proctor/db';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { type Actor, describeEachDatabase } from './support/proctor';
import { storedSession } from './support/storedSessions';

describeEachDatabase('organizations and invitations', (proctor) => {
  const createInvite = async (as: Actor) => {
    const created = await proctor().call(endpoints.inviteCreate, { as });
    expect(created.status).toBe(201);
    return created.body;
  };
  const me = async (as: Actor) => (await proctor().call(endpoints.fromSession, { as })).body;

  it('should make the creator of an organization its account admin, with a working API key', async () => {
    const founder = await proctor().actor({ organization: null });
    const response = await proctor().call(endpoints.createOrganization, {
      body: { name: 'Acme Research', purpose: 'Evaluate our checkout agent' },
      as: founder,
    });
    expect(response.status).toBe(201);
    const founded = response.body;
    expect(founded.organization).toMatchObject({ name: 'Acme Research', isAnnotator: false });
    expect(founded.permissions).toMatchObject({
      is_account_admin: true,
      dashboard_access: true,
      is_admin: false,
    });
    expect(founded.organization!.apiKey).toMatch(/^pk_/);

    const again = await proctor().call(endpoints.createOrganization, {
      body: { name: 'Second', purpose: 'x' },
      as: founder,
    });
    expect(again.status).toBe(409);
  });

  it('should require both company name and purpose', async () => {
    const user = await proctor().actor({ organization: null });
    const response = await proctor().call(endpoints.createOrganization, {
      body: { name: '  ', purpose: '' },
      as: user,
    });
    expect(response.status).toBe(400);
    expect(response.body.detail).toContain('Company name is required');
    expect(response.body.detail).toContain('Purpose is required');
  });

  it('should let an invited user join as a member, and list both in the members table', async () => {
    const admin = await proctor().actor({ name: 'Ada Admin', permissions: { is_account_admin: true } });
    const invite = await createInvite(admin);
    expect(invite.invite_path).toBe(`/join-organization?invite=${invite.invite_token}`);

    const info = await proctor().call(endpoints.inviteInfo, { params: { code: invite.invite_token } });
    expect(info.body).toMatchObject({ organization_name: admin.organization!.name, expired: false });

    const joiner = await proctor().actor({ name: 'Jo Joiner', organization: null });
    const joined = await proctor().call(endpoints.join, {
      params: { code: invite.invite_token },
      as: joiner,
    });
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({
      organization_name: admin.organization!.name,
      organization_id: admin.organization!.id,
    });

    for (const viewer of [admin, joiner]) {
      const members = await proctor().call(endpoints.organizationMembers, { as: viewer });
      expect(members.body.members.map((m) => [m.name, m.role])).toEqual([
        ['Ada Admin', 'Admin'],
        ['Jo Joiner', 'Member'],
      ]);
    }
    const joinerView = await me(joiner);
    expect(joinerView.permissions.dashboard_access).toBe(false);
    expect(joinerView.organization!.id).toBe(admin.organization!.id);
  });

  it("should not carry a throwaway organization's flags or API key into the organization one joins", async () => {
    // The key of the organization joined carries its account admin's working flags: a plain member is not shown it.
    const admin = await proctor().actor({ permissions: { is_account_admin: true, playground_access: true } });
    const invite = await createInvite(admin);
    const mover = await proctor().actor({ organization: null });
    const founded = await proctor().call(endpoints.createOrganization, {
      body: { name: 'Throwaway', purpose: 'collect flags' },
      as: mover,
    });
    expect(founded.body.permissions.playground_access).toBe(true);

    const joined = await proctor().call(endpoints.join, { params: { code: invite.invite_token }, as: mover });
    expect(joined.status).toBe(200);
    const moved = await me(mover);
    expect(moved.organization!.id).toBe(admin.organization!.id);
    expect(moved.permissions).toEqual(noPermissions());
    expect(moved.organization!.apiKey).toBeNull();
  });

  it('should keep the platform admin role, and only it, across a move', async () => {
    const admin = await proctor().actor({ permissions: { is_account_admin: true } });
    const invite = await createInvite(admin);
    const operator = await proctor().actor({
      permissions: { is_admin: true, is_account_admin: true, is_super_scorer: true, create_simulator: true },
    });
    await proctor().call(endpoints.join, { params: { code: invite.invite_token }, as: operator });
    expect((await me(operator)).permissions).toEqual({ ...noPermissions(), is_admin: true });
  });

  it('should refuse an expired invite with 410 and leave the user where they were', async () => {
    const admin = await proctor().actor({ permissions: { is_account_admin: true } });
    const invite = await createInvite(admin);
    await proctor()
      .ctx.db.update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.token, invite.invite_token));
    const info = await proctor().call(endpoints.inviteInfo, { params: { code: invite.invite_token } });
    expect(info.body.expired).toBe(true);
    const joiner = await proctor().actor();
    const joined = await proctor().call(endpoints.join, {
      params: { code: invite.invite_token },
      as: joiner,
    });
    expect(joined.status).toBe(410);
    expect(joined.body).toEqual({ detail: 'Invite expired' });
    expect((await me(joiner)).organization!.id).toBe(joiner.organization!.id);
  });

  it('should answer an unknown invite with 404', async () => {
    const user = await proctor().actor();
    expect((await proctor().call(endpoints.join, { params: { code: 'inv_missing' }, as: user })).status).toBe(
      404,
    );
    expect((await proctor().call(endpoints.inviteInfo, { params: { code: 'inv_missing' } })).body).toEqual({
      detail: 'Invite not found',
    });
  });

  it("should never show one organization's members or users to another", async () => {
    const alice = await proctor().actor({ name: 'Alice' });
    const bob = await proctor().actor({ name: 'Bob' });
    const members = (await proctor().call(endpoints.organizationMembers, { as: alice })).body.members;
    const users = (await proctor().call(endpoints.organizationUsers, { as: alice })).body.users;
    for (const names of [members.map((m) => m.name), users.map((u) => u.name)]) {
      expect(names).toEqual(['Alice']);
      expect(names).not.toContain(bob.user.name);
    }
  });

  it('should refuse invites from members who are not account admins', async () => {
    const member = await proctor().actor();
    const response = await proctor().call(endpoints.inviteCreate, { as: member });
    expect(response.status).toBe(403);
  });

  it('should store a contact message and show it to platform admins only', async () => {
    const user = await proctor().actor();
    const sent = await proctor().call(endpoints.contactForm, {
      body: { message: 'How do I add a simulator?' },
      as: user,
    });
    expect(sent.status).toBe(201);
    const stored = await proctor()
      .ctx.db.select()
      .from(contactMessages)
      .where(eq(contactMessages.userId, user.user.id));
    expect(stored.map((m) => m.message)).toEqual(['How do I add a simulator?']);
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const listed = await proctor().call(endpoints.contactMessages, { as: admin });
    expect(listed.body.messages[0]).toMatchObject({
      message: 'How do I add a simulator?',
      user: { email: user.user.email },
    });
    const empty = await proctor().call(endpoints.contactForm, { body: { message: '   ' }, as: user });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toContain('Message is required');
    expect(CONTACT_SUCCESS_MESSAGE).toContain('Message sent');
  });
});

describeEachDatabase('platform admin', (proctor) => {
  const me = async (as: Actor | { headers: Record<string, string> }) =>
    (await proctor().call(endpoints.fromSession, { as })).body;

  it('should view the product as another user, audit every use, and stop on clear', async () => {
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const target = await proctor().actor({ name: 'Viewed User' });
    const started = await proctor().call(endpoints.viewAs, { body: { email: target.user.email }, as: admin });
    expect(started.status).toBe(200);
    const cookie = started.response.cookies.find((c) => c.name === 'proctor_view_as');
    expect(cookie?.httpOnly).toBe(true);
    const withCookie = { headers: { ...admin.headers, cookie: `proctor_view_as=${cookie!.value}` } };

    const seen = await me(withCookie);
    expect(seen.email).toBe(target.user.email);
    expect(seen.viewAs).toEqual({ adminEmail: admin.user.email });
    const real = (await proctor().call(endpoints.fromJwt, { as: withCookie })).body;
    expect(real.email).toBe(admin.user.email);
    // While viewing as a non-admin, the admin sees what that user sees: admin calls are refused.
    expect((await proctor().call(endpoints.adminUsers, { as: withCookie })).status).toBe(403);

    const uses = await proctor()
      .ctx.db.select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, admin.user.id), eq(auditLog.action, 'view_as.use')));
    expect(uses.length).toBe(3);
    const cleared = await proctor().call(endpoints.clearViewAs, { as: withCookie });
    expect(cleared.response.cookies.find((c) => c.name === 'proctor_view_as')?.value).toBe('');

    // Starting and stopping are written down with the admin who did it and the user viewed.
    const startAndEnd = await proctor()
      .ctx.db.select()
      .from(auditLog)
      .where(eq(auditLog.targetUserId, target.user.id))
      .orderBy(auditLog.id);
    expect(
      startAndEnd
        .filter((row) => row.action !== 'view_as.use')
        .map(({ action, actorUserId }) => ({ action, actorUserId })),
    ).toEqual([
      { action: 'view_as.start', actorUserId: admin.user.id },
      { action: 'view_as.end', actorUserId: admin.user.id },
    ]);
  });

  it('should ignore a view-as cookie held by a non-admin, and a forged one', async () => {
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const target = await proctor().actor();
    const started = await proctor().call(endpoints.viewAs, { body: { email: target.user.email }, as: admin });
    const value = started.response.cookies.find((c) => c.name === 'proctor_view_as')!.value;
    const member = await proctor().actor();
    const asMember = await me({ headers: { ...member.headers, cookie: `proctor_view_as=${value}` } });
    expect(asMember.email).toBe(member.user.email);
    const forged = await me({ headers: { ...admin.headers, cookie: `proctor_view_as=${target.user.id}` } });
    expect(forged.email).toBe(admin.user.email);
  });

  it('should answer view-as for an unknown e-mail with 404 "User not found"', async () => {
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const response = await proctor().call(endpoints.viewAs, {
      body: { email: 'ghost@example.test' },
      as: admin,
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: 'User not found' });
  });

  it("should update a user's flags and organization, and an organization's plan and grants", async () => {
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const member = await proctor().actor();
    const other = await proctor().organization({ name: 'Annotators Inc', annotator: true });
    const updateUser = (body: EndpointBody<typeof endpoints.adminUpdateUser>) =>
      proctor().call(endpoints.adminUpdateUser, { params: { id: member.user.id }, body, as: admin });
    const updated = await updateUser({ permissions: { dashboard_access: true }, organization_id: other.id });
    expect(updated.body).toMatchObject({
      organizationId: other.id,
      organization_name: 'Annotators Inc',
      permissions: { dashboard_access: true, is_admin: false },
    });

    const org = await proctor().call(endpoints.adminUpdateOrganization, {
      params: { id: other.id },
      body: { plan: { allowed_simulators: [3, 5] }, permissions: { playground_access: true } },
      as: admin,
    });
    expect(org.body).toMatchObject({
      plan: { allowed_simulators: [3, 5] },
      permissions: { playground_access: true, dashboard_access: false },
      user_count: 1,
    });

    // The organization grant reaches its members as an effective permission.
    const granted = await me(member);
    expect(granted.permissions).toMatchObject({ playground_access: true, dashboard_access: true });
    expect(granted.organization!.isAnnotator).toBe(true);

    expect((await updateUser({ organization_id: 999999 })).status).toBe(404);
    expect((await updateUser({})).status).toBe(400);
  });

  it('should answer 404 for a user or organization id beyond any record in the path and 400 in the body or query', async () => {
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const member = await proctor().actor();
    const beyond = MAX_RECORD_ID + 1;
    for (const response of [
      await proctor().call(endpoints.adminUpdateUser, {
        params: { id: beyond },
        body: { has_beta_access: true },
        as: admin,
      }),
      await proctor().call(endpoints.adminUpdateUser, {
        params: { id: 99999999999 },
        body: { has_beta_access: true },
        as: admin,
      }),
      await proctor().call(endpoints.adminUpdateOrganization, {
        params: { id: beyond },
        body: { isAnnotator: true },
        as: admin,
      }),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'Not found' });
    }

    for (const [response, field] of [
      [
        await proctor().call(endpoints.adminUpdateUser, {
          params: { id: member.user.id },
          body: { organization_id: beyond },
          as: admin,
        }),
        'organization_id',
      ],
      [
        await proctor().call(endpoints.adminUpdateOrganization, {
          params: { id: member.organization!.id },
          body: { plan: { allowed_simulators: [beyond] } },
          as: admin,
        }),
        'plan.allowed_simulators.0',
      ],
    ] as const) {
      expect(response.status, field).toBe(400);
      expect(response.body.detail).toContain(`body.${field}: Expected an id`);
    }

    const query = await proctor().call(endpoints.adminOrganizations, {
      query: { test_case_id: beyond },
      as: admin,
    });
    expect(query.status).toBe(400);
    expect(query.body.detail).toMatch(/^querystring\.test_case_id: Expected an id/);
  });

  it('should list organizations sorted by user count, flagged by assignment to a test case', async () => {
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const response = await proctor().call(endpoints.adminOrganizations, {
      query: { test_case_id: 1 },
      as: admin,
    });
    expect(response.status).toBe(200);
    const counts = response.body.organizations.map((o) => o.user_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(response.body.organizations.every((o) => o.is_assigned_to_test_case === false)).toBe(true);
  });

  it("should count a member's sessions and human scores of the statistics window in their stats", async () => {
    const alice = await proctor().actor({ name: 'Alice' });
    const { db } = proctor().ctx;
    const longAgo = new Date(Date.now() - (ANNOTATOR_STATS_WINDOW_DAYS + 1) * 24 * 3600 * 1000);
    const mine = { userId: alice.user.id, organizationId: alice.organization!.id };
    const first = await storedSession(db, { ...mine, sessionDuration: 0.5 });
    const second = await storedSession(db, { ...mine, sessionDuration: 1.5 });
    const old = await storedSession(db, { ...mine, sessionDuration: 10, createdAt: longAgo });
    const human = (sessionId: number, correct: boolean, seconds: number, createdAt = new Date()) => ({
      sessionId,
      userId: alice.user.id,
      type: 'human_in_the_loop',
      result: { correct, reason: '', session_time: seconds },
      createdAt,
    });
    await db.insert(scores).values([
      human(first.id, true, 120),
      human(first.id, true, 180),
      human(second.id, false, 240),
      human(old.id, false, 6000, longAgo),
      {
        sessionId: second.id,
        userId: alice.user.id,
        type: 'mutations',
        result: { correct: false, reason: '' },
      },
    ]);

    const expected = {
      total_sessions: 2,
      scored_sessions: 2,
      avg_session_time: 60,
      avg_score_time: 3,
      success_rate: 67,
    };
    const users = (await proctor().call(endpoints.organizationUsers, { as: alice })).body.users;
    expect(users.map((u) => u.stats)).toEqual([expected]);
    expect((await me(alice)).stats).toEqual(expected);
  });
});
