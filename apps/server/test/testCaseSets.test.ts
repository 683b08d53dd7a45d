import { DATASET_ICON_HINT, type EndpointBody, endpoints, MAX_RECORD_ID } from '@proctor/contracts';
import { testCaseSets } from '@proctor/db';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { catalog } from './support/catalog';
import { type Actor, describeEachDatabase } from './support/proctor';

describeEachDatabase('datasets', (proctor) => {
  const make = catalog(proctor);
  const author = (permissions = {}) =>
    proctor().actor({ permissions: { create_test_cases: true, ...permissions } });
  const sets = async (as: Actor) => {
    const response = await proctor().call(endpoints.testCaseSets, { as });
    expect(response.status).toBe(200);
    return response.body.testCaseSets;
  };

  it("should list public datasets and the organization's own, each with only the test cases the caller can see", async () => {
    const member = await proctor().actor();
    const stranger = await proctor().actor();
    const simulator = await make.simulator({ imgUrl: '/mail.png' });
    const outsidePlan = await make.simulator();
    await make.allow(member.organization, simulator.id);
    const visible = await make.testCase({
      simulatorId: simulator.id,
      startUrl: '/inbox',
      scoringTypes: ['output'],
    });
    const hidden = await make.testCase({ simulatorId: outsidePlan.id });
    const theirs = await make.testCase({ organizationId: stranger.organization!.id });
    const archived = await make.testCase({ simulatorId: simulator.id, archived: true });

    const mixed = await make.set({ name: 'Public mixed' }, [visible.id, hidden.id, theirs.id, archived.id]);
    await make.set({ name: 'Public outside plan' }, [hidden.id]);
    await make.set({ name: 'Public empty' });
    await make.set({ name: 'Own', organizationId: member.organization!.id });
    await make.set({ name: 'Theirs', organizationId: stranger.organization!.id }, [theirs.id]);
    await make.set({ name: 'Own archived', organizationId: member.organization!.id, archived: true });

    const listed = await sets(member);
    const names = listed.map((set) => set.name);
    expect(names).toEqual(expect.arrayContaining(['Public mixed', 'Public empty', 'Own']));
    for (const absent of ['Public outside plan', 'Theirs', 'Own archived'])
      expect(names).not.toContain(absent);
    expect(listed.find((set) => set.id === mixed.id)).toEqual({
      id: mixed.id,
      name: 'Public mixed',
      description: '',
      icon: null,
      imgUrl: null,
      organizationId: null,
      isBenchmark: false,
      builtIn: false,
      testCases: [
        {
          id: visible.id,
          publicId: visible.publicId,
          name: visible.name,
          startUrl: '/inbox',
          prompt: visible.prompt,
          scoringTypes: ['output'],
          simulator: { id: simulator.id, name: simulator.name, imgUrl: '/mail.png' },
        },
      ],
    });
  });

  it('should create a dataset with an image URL or one emoji as its icon, and refuse anything else', async () => {
    const as = await author();
    const create = (body: EndpointBody<typeof endpoints.createTestCaseSet>) =>
      proctor().call(endpoints.createTestCaseSet, { as, body });

    // An image URL is fetched when the dataset is made (keptImages.test.ts): one that cannot be is refused.
    const withUrl = await create({
      name: 'Checkout',
      description: 'Checkout flows',
      icon: 'https://cdn.example.test/cart.png',
    });
    expect(withUrl.status).toBe(400);
    expect(withUrl.body.detail).toMatch(
      /^The icon could not be fetched: cdn\.example\.test does not resolve/,
    );
    for (const icon of ['🛒', '🇫🇷', '👩‍💻', '1️⃣']) {
      const response = await create({ name: `Emoji ${icon}`, description: 'd', icon });
      expect(response.status, icon).toBe(201);
      expect(response.body.testCaseSet).toMatchObject({ icon, imgUrl: null });
    }
    const noIcon = await create({ name: 'Plain', description: 'No icon' });
    expect(noIcon.body.testCaseSet.icon).toBeNull();

    for (const icon of [
      'cart',
      '🛒🛒',
      'https://cdn.example.test/my cart.png',
      'ftp://x/y.png',
      'https://"x"',
    ]) {
      const response = await create({ name: 'Bad', description: 'd', icon });
      expect(response.status, icon).toBe(400);
      expect(response.body.detail).toContain(DATASET_ICON_HINT);
    }
    const missing = await create({ name: ' ', description: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toContain('Name is required');
    expect(missing.body.detail).toContain('Description is required');
  });

  it("should archive the organization's own dataset, refuse public ones to non-admins, and hide others' as 404", async () => {
    const as = await author();
    const own = await make.set({ organizationId: as.organization!.id });
    const publicSet = await make.set({ name: 'Public benchmark' });
    const theirs = await make.set({ organizationId: (await proctor().organization()).id });
    const remove = (id: number, by: Actor = as) =>
      proctor().call(endpoints.archiveTestCaseSet, { params: { id }, as: by });

    expect((await remove(own.id)).body).toEqual({ ok: true });
    expect((await sets(as)).map((set) => set.id)).not.toContain(own.id);
    expect((await remove(own.id)).status).toBe(404);

    const theirsResponse = await remove(theirs.id);
    expect(theirsResponse.status).toBe(404);
    expect(theirsResponse.body).toEqual({ detail: 'Dataset not found' });

    const publicResponse = await remove(publicSet.id);
    expect(publicResponse.status).toBe(403);
    expect(publicResponse.body).toEqual({ detail: 'Only platform admins can change public datasets' });
    expect((await remove(publicSet.id, await author({ is_admin: true }))).status).toBe(200);
    const [row] = await proctor().ctx.db.select().from(testCaseSets).where(eq(testCaseSets.id, publicSet.id));
    expect(row!.archived).toBe(true);
  });

  it('should answer 404 for a dataset or test case id beyond any record in the path and 400 in the body, never 500', async () => {
    const as = await author();
    const set = await make.set({ organizationId: as.organization!.id });
    const beyond = [MAX_RECORD_ID + 1, 99999999999];
    for (const id of beyond) {
      for (const answer of [
        await proctor().call(endpoints.archiveTestCaseSet, { params: { id }, as }),
        await proctor().call(endpoints.removeTestCaseFromSet, { params: { id: set.id, testCaseId: id }, as }),
        await proctor().call(endpoints.removeTestCaseFromSet, { params: { id, testCaseId: 1 }, as }),
      ]) {
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ detail: 'Not found' });
      }
      const intoUnknown = await proctor().call(endpoints.addTestCasesToSet, {
        params: { id },
        as,
        body: { test_case_ids: [1] },
      });
      expect(intoUnknown.status).toBe(404);
      expect(intoUnknown.body).toEqual({ detail: 'Not found' });
      const unknownCase = await proctor().call(endpoints.addTestCasesToSet, {
        params: { id: set.id },
        as,
        body: { test_case_ids: [id] },
      });
      expect(unknownCase.status).toBe(400);
      expect(unknownCase.body.detail).toMatch(/^body\.test_case_ids\.0: Expected an id/);
    }
    const largest = await proctor().call(endpoints.archiveTestCaseSet, { params: { id: MAX_RECORD_ID }, as });
    expect(largest.body).toEqual({ detail: 'Dataset not found' });
  });

  it('should add the test cases the caller can see to a dataset, in order, and take one out again', async () => {
    const as = await author();
    const simulator = await make.simulator();
    await make.allow(as.organization, simulator.id);
    const set = await make.set({ organizationId: as.organization!.id });
    const own = await make.testCase({ organizationId: as.organization!.id });
    const publicOne = await make.testCase({ simulatorId: simulator.id });
    const theirs = await make.testCase({ organizationId: (await proctor().organization()).id });
    const add = async (ids: number[]) => {
      const answer = await proctor().call(endpoints.addTestCasesToSet, {
        params: { id: set.id },
        as,
        body: { test_case_ids: ids },
      });
      expect(answer.status).toBe(200);
      return answer.body;
    };

    const first = await add([own.id, theirs.id, 999999]);
    expect(first.added_count).toBe(1);
    const second = await add([publicOne.id, own.id]);
    expect(second.added_count).toBe(1);
    expect(second.testCaseSet.testCases.map((t) => t.id)).toEqual([own.id, publicOne.id]);

    const removeOwn = () =>
      proctor().call(endpoints.removeTestCaseFromSet, { params: { id: set.id, testCaseId: own.id }, as });
    const removed = await removeOwn();
    expect(removed.status).toBe(200);
    expect(removed.body.testCaseSet.testCases.map((t) => t.id)).toEqual([publicOne.id]);
    const again = await removeOwn();
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ detail: 'Test case is not in this dataset' });

    const foreign = await make.set({ organizationId: (await proctor().organization()).id });
    const intoForeign = await proctor().call(endpoints.addTestCasesToSet, {
      params: { id: foreign.id },
      as,
      body: { test_case_ids: [own.id] },
    });
    expect(intoForeign.status).toBe(404);
  });
});
