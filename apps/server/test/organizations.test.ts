import {
  CONTACT_SUCCESS_MESSAGE,
  InviteCreateResponse,
  MAX_RECORD_ID,
  noPermissions,
  User,
} from '@proctor/contracts';
import { auditLog, contactMessages, invites } from '@proctor/db';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from './support/proctor';

describeEachDatabase('organizations and invitations', (proctor) => {
  it('should make the creator of an organization its account admin, with a working API key', async () => {
    const founder = await proctor().actor({ organization: null });
    const response = await proctor().request({
      method: 'POST',
      url: '/api/user/create-organization',
      payload: { name: 'Acme Research', purpose: 'Evaluate our checkout agent' },
      as: founder,
    });
    expect(response.statusCode).toBe(201);
    const me = User.parse(response.json());
    expect(me.organization).toMatchObject({ name: 'Acme Research', isAnnotator: false });
    expect(me.permissions).toMatchObject({ is_account_admin: true, dashboard_access: true, is_admin: false });
    expect(me.organization!.apiKey).toMatch(/^pk_/);

    const again = await proctor().request({
      method: 'POST',
      url: '/api/user/create-organization',
      payload: { name: 'Second', purpose: 'x' },
      as: founder,
    });
    expect(again.statusCode).toBe(409);
  });

  it('should require both company name and purpose', async () => {
    const user = await proctor().actor({ organization: null });
    const response = await proctor().request({
      method: 'POST',
      url: '/api/user/create-organization',
      payload: { name: '  ', purpose: '' },
      as: user,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain('Company name is required');
    expect(response.json().detail).toContain('Purpose is required');
  });

  it('should let an invited user join as a member, and list both in the members table', async () => {
    const admin = await proctor().actor({ name: 'Ada Admin', permissions: { is_account_admin: true } });
    const created = await proctor().request({ method: 'POST', url: '/api/invite/create', as: admin });
    expect(created.statusCode).toBe(201);
    const invite = InviteCreateResponse.parse(created.json());
    expect(invite.invite_path).toBe(`/join-organization?invite=${invite.invite_token}`);

    const info = await proctor().request({ method: 'GET', url: `/api/invite/${invite.invite_token}` });
    expect(info.json()).toMatchObject({ organization_name: admin.organization!.name, expired: false });

    const joiner = await proctor().actor({ name: 'Jo Joiner', organization: null });
    const joined = await proctor().request({
      method: 'GET',
      url: `/api/join/${invite.invite_token}`,
      as: joiner,
    });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({
      organization_name: admin.organization!.name,
      organization_id: admin.organization!.id,
    });

    for (const viewer of [admin, joiner]) {
      const members = await proctor().request({
        method: 'GET',
        url: '/api/organization/members',
        as: viewer,
      });
      expect(members.json().members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
        ['Ada Admin', 'Admin'],
        ['Jo Joiner', 'Member'],
      ]);
    }
    const joinerView = User.parse(
      (await proctor().request({ method: 'GET', url: '/api/user/from-session', as: joiner })).json(),
    );
    expect(joinerView.permissions.dashboard_access).toBe(false);
    expect(joinerView.organization!.id).toBe(admin.organization!.id);
  });

  it("should not carry a throwaway organization's flags or API key into the organization one joins", async () => {
    // The key of the organization joined carries its account admin's working flags: a plain member is not shown it.
    const admin = await proctor().actor({ permissions: { is_account_admin: true, playground_access: true } });
    const invite = InviteCreateResponse.parse(
      (await proctor().request({ method: 'POST', url: '/api/invite/create', as: admin })).json(),
    );
    const mover = await proctor().actor({ organization: null });
    const founded = await proctor().request({
      method: 'POST',
      url: '/api/user/create-organization',
      payload: { name: 'Throwaway', purpose: 'collect flags' },
      as: mover,
    });
    expect(User.parse(founded.json()).permissions.playground_access).toBe(true);

    const joined = await proctor().request({
      method: 'GET',
      url: `/api/join/${invite.invite_token}`,
      as: mover,
    });
    expect(joined.statusCode).toBe(200);
    const me = User.parse(
      (await proctor().request({ method: 'GET', url: '/api/user/from-session', as: mover })).json(),
    );
    expect(me.organization!.id).toBe(admin.organization!.id);
    expect(me.permissions).toEqual(noPermissions());
    expect(me.organization!.apiKey).toBeNull();
  });

  it('should keep the platform admin role, and only it, across a move', async () => {
    const admin = await proctor().actor({ permissions: { is_account_admin: true } });
    const invite = InviteCreateResponse.parse(
      (await proctor().request({ method: 'POST', url: '/api/invite/create', as: admin })).json(),
    );
    const operator = await proctor().actor({
      permissions: { is_admin: true, is_account_admin: true, is_super_scorer: true, create_simulator: true },
    });
    await proctor().request({ method: 'GET', url: `/api/join/${invite.invite_token}`, as: operator });
    const me = User.parse(
      (await proctor().request({ method: 'GET', url: '/api/user/from-session', as: operator })).json(),
    );
    expect(me.permissions).toEqual({ ...noPermissions(), is_admin: true });
  });

  it('should refuse an expired invite with 410 and leave the user where they were', async () => {
    const admin = await proctor().actor({ permissions: { is_account_admin: true } });
    const invite = InviteCreateResponse.parse(
      (await proctor().request({ method: 'POST', url: '/api/invite/create', as: admin })).json(),
    );
    await proctor()
      .ctx.db.update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.token, invite.invite_token));
    const info = await proctor().request({ method: 'GET', url: `/api/invite/${invite.invite_token}` });
    expect(info.json().expired).toBe(true);
    const joiner = await proctor().actor();
    const joined = await proctor().request({
      method: 'GET',
      url: `/api/join/${invite.invite_token}`,
      as: joiner,
    });
    expect(joined.statusCode).toBe(410);
    expect(joined.json()).toEqual({ detail: 'Invite expired' });
    const me = User.parse(
      (await proctor().request({ method: 'GET', url: '/api/user/from-session', as: joiner })).json(),
    );
    expect(me.organization!.id).toBe(joiner.organization!.id);
  });

  it('should answer an unknown invite with 404', async () => {
    const user = await proctor().actor();
    expect(
      (await proctor().request({ method: 'GET', url: '/api/join/inv_missing', as: user })).statusCode,
    ).toBe(404);
    expect((await proctor().request({ method: 'GET', url: '/api/invite/inv_missing' })).json()).toEqual({
      detail: 'Invite not found',
    });
  });

  it("should never show one organization's members or users to another", async () => {
    const alice = await proctor().actor({ name: 'Alice' });
    const bob = await proctor().actor({ name: 'Bob' });
    for (const url of ['/api/organization/members', '/api/user/organization/users']) {
      const body = (await proctor().request({ method: 'GET', url, as: alice })).json();
      const names = (body.members ?? body.users).map((m: { name: string }) => m.name);
      expect(names).toEqual(['Alice']);
      expect(names).not.toContain(bob.user.name);
    }
  });

  it('should refuse invites from members who are not account admins', async () => {
    const member = await proctor().actor();
    const response = await proctor().request({ method: 'POST', url: '/api/invite/create', as: member });
    expect(response.statusCode).toBe(403);
  });

  it('should store a contact message and show it to platform admins only', async () => {
    const user = await proctor().actor();
    const sent = await proctor().request({
      method: 'POST',
      url: '/api/user/contact-form',
      payload: { message: 'How do I add a simulator?' },
      as: user,
    });
    expect(sent.statusCode).toBe(201);
    const stored = await proctor()
      .ctx.db.select()
      .from(contactMessages)
      .where(eq(contactMessages.userId, user.user.id));
    expect(stored.map((m) => m.message)).toEqual(['How do I add a simulator?']);
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const listed = await proctor().request({ method: 'GET', url: '/api/admin/contact-messages', as: admin });
    expect(listed.json().messages[0]).toMatchObject({
      message: 'How do I add a simulator?',
      user: { email: user.user.email },
    });
    const empty = await proctor().request({
      method: 'POST',
      url: '/api/user/contact-form',
      payload: { message: '   ' },
      as: user,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toContain('Message is required');
    expect(CONTACT_SUCCESS_MESSAGE).toContain('Message sent');
  });
});

describeEachDatabase('platform admin', (proctor) => {
  it('should view the product as another user, audit every use, and stop on clear', async () => {
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const target = await proctor().actor({ name: 'Viewed User' });
    const started = await proctor().request({
      method: 'POST',
      url: '/api/admin/view-as',
      payload: { email: target.user.email },
      as: admin,
    });
    expect(started.statusCode).toBe(200);
    const cookie = started.cookies.find((c) => c.name === 'proctor_view_as');
    expect(cookie?.httpOnly).toBe(true);
    const withCookie = { headers: { ...admin.headers, cookie: `proctor_view_as=${cookie!.value}` } };

    const seen = User.parse(
      (await proctor().request({ method: 'GET', url: '/api/user/from-session', as: withCookie })).json(),
    );
    expect(seen.email).toBe(target.user.email);
    expect(seen.viewAs).toEqual({ adminEmail: admin.user.email });
    const real = User.parse(
      (await proctor().request({ method: 'GET', url: '/api/user/from-jwt', as: withCookie })).json(),
    );
    expect(real.email).toBe(admin.user.email);
    // While viewing as a non-admin, the admin sees what that user sees: admin calls are refused.
    expect(
      (await proctor().request({ method: 'GET', url: '/api/user/admin/users', as: withCookie })).statusCode,
    ).toBe(403);

    const uses = await proctor()
      .ctx.db.select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, admin.user.id), eq(auditLog.action, 'view_as.use')));
    expect(uses.length).toBe(3);
    const cleared = await proctor().request({ method: 'DELETE', url: '/api/admin/view-as', as: withCookie });
    expect(cleared.cookies.find((c) => c.name === 'proctor_view_as')?.value).toBe('');
  });

  it('should ignore a view-as cookie held by a non-admin, and a forged one', async () => {
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const target = await proctor().actor();
    const started = await proctor().request({
      method: 'POST',
      url: '/api/admin/view-as',
      payload: { email: target.user.email },
      as: admin,
    });
    const value = started.cookies.find((c) => c.name === 'proctor_view_as')!.value;
    const member = await proctor().actor();
    const asMember = await proctor().request({
      method: 'GET',
      url: '/api/user/from-session',
      headers: { ...member.headers, cookie: `proctor_view_as=${value}` },
    });
    expect(asMember.json().email).toBe(member.user.email);
    const forged = await proctor().request({
      method: 'GET',
      url: '/api/user/from-session',
      headers: { ...admin.headers, cookie: `proctor_view_as=${target.user.id}` },
    });
    expect(forged.json().email).toBe(admin.user.email);
  });

  it('should answer view-as for an unknown e-mail with 404 "User not found"', async () => {
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const response = await proctor().request({
      method: 'POST',
      url: '/api/admin/view-as',
      payload: { email: 'ghost@example.test' },
      as: admin,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'User not found' });
  });

  it("should update a user's flags and organization, and an organization's plan and grants", async () => {
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const member = await proctor().actor();
    const other = await proctor().organization({ name: 'Annotators Inc', annotator: true });
    const updated = await proctor().request({
      method: 'PUT',
      url: `/api/user/admin/update-user/${member.user.id}`,
      payload: { permissions: { dashboard_access: true }, organization_id: other.id },
      as: admin,
    });
    expect(updated.json()).toMatchObject({
      organizationId: other.id,
      organization_name: 'Annotators Inc',
      permissions: { dashboard_access: true, is_admin: false },
    });

    const org = await proctor().request({
      method: 'PUT',
      url: `/api/user/admin/update-organization/${other.id}`,
      payload: { plan: { allowed_simulators: [3, 5] }, permissions: { playground_access: true } },
      as: admin,
    });
    expect(org.json()).toMatchObject({
      plan: { allowed_simulators: [3, 5] },
      permissions: { playground_access: true, dashboard_access: false },
      user_count: 1,
    });

    // The organization grant reaches its members as an effective permission.
    const me = User.parse(
      (await proctor().request({ method: 'GET', url: '/api/user/from-session', as: member })).json(),
    );
    expect(me.permissions).toMatchObject({ playground_access: true, dashboard_access: true });
    expect(me.organization!.isAnnotator).toBe(true);

    const missingOrg = await proctor().request({
      method: 'PUT',
      url: `/api/user/admin/update-user/${member.user.id}`,
      payload: { organization_id: 999999 },
      as: admin,
    });
    expect(missingOrg.statusCode).toBe(404);
    const nothing = await proctor().request({
      method: 'PUT',
      url: `/api/user/admin/update-user/${member.user.id}`,
      payload: {},
      as: admin,
    });
    expect(nothing.statusCode).toBe(400);
  });

  it('should answer 404 for a user or organization id beyond any record in the path and 400 in the body or query', async () => {
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const member = await proctor().actor();
    const beyond = MAX_RECORD_ID + 1;
    for (const [url, payload] of [
      [`/api/user/admin/update-user/${beyond}`, { has_beta_access: true }],
      ['/api/user/admin/update-user/99999999999', { has_beta_access: true }],
      [`/api/user/admin/update-organization/${beyond}`, { isAnnotator: true }],
    ] as const) {
      const response = await proctor().request({ method: 'PUT', url, payload, as: admin });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found' });
    }

    for (const [url, payload, field] of [
      [`/api/user/admin/update-user/${member.user.id}`, { organization_id: beyond }, 'organization_id'],
      [
        `/api/user/admin/update-organization/${member.organization!.id}`,
        { plan: { allowed_simulators: [beyond] } },
        'plan.allowed_simulators.0',
      ],
    ] as const) {
      const response = await proctor().request({ method: 'PUT', url, payload, as: admin });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().detail).toContain(`body.${field}: Expected an id`);
    }

    const query = await proctor().request({
      method: 'GET',
      url: `/api/user/admin/organizations?test_case_id=${beyond}`,
      as: admin,
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().detail).toMatch(/^querystring\.test_case_id: Expected an id/);
  });

  it('should list organizations sorted by user count, flagged by assignment to a test case', async () => {
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const response = await proctor().request({
      method: 'GET',
      url: '/api/user/admin/organizations?test_case_id=1',
      as: admin,
    });
    const counts = response.json().organizations.map((o: { user_count: number }) => o.user_count);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    expect(
      response
        .json()
        .organizations.every(
          (o: { is_assigned_to_test_case: boolean }) => o.is_assigned_to_test_case === false,
        ),
    ).toBe(true);
  });
});
