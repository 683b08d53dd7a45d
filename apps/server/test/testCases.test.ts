import {
  type EndpointBody,
  type EndpointQuery,
  endpoints,
  MAX_PAGE,
  MAX_RECORD_ID,
  PAGE_SIZE,
} from '@proctor/contracts';
import { organizationTestCases, testCaseSetItems, testCases } from '@proctor/db';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { catalog } from './support/catalog';
import { type Actor, describeEachDatabase } from './support/proctor';

describeEachDatabase('test cases', (proctor) => {
  const make = catalog(proctor);
  const author = (options: Parameters<ReturnType<typeof proctor>['actor']>[0] = {}) =>
    proctor().actor({ ...options, permissions: { create_test_cases: true, ...options.permissions } });
  type ListQuery = EndpointQuery<typeof endpoints.testCases>;
  type CreateBody = EndpointBody<typeof endpoints.createTestCases>;
  type UpdateBody = EndpointBody<typeof endpoints.updateTestCase>;
  const list = async (as: Actor, query: ListQuery = {}) => {
    const response = await proctor().call(endpoints.testCases, { query, as });
    expect(response.status).toBe(200);
    return response.body;
  };
  const read = (id: string | number, as: Actor) =>
    proctor().call(endpoints.testCase, { params: { id: String(id) }, as });
  const create = (body: CreateBody, as: Actor) => proctor().call(endpoints.createTestCases, { as, body });
  const update = (id: string | number, body: UpdateBody, as: Actor) =>
    proctor().call(endpoints.updateTestCase, { params: { id: String(id) }, as, body });
  const archive = (id: string | number, as: Actor) =>
    proctor().call(endpoints.archiveTestCase, { params: { id: String(id) }, as });
  const bulkArchive = (ids: number[], as: Actor) =>
    proctor().call(endpoints.bulkArchiveTestCases, { as, body: { test_case_ids: ids } });
  const namesOf = (page: { testcases: { name: string }[] }) => page.testcases.map((t) => t.name);

  it("should list public test cases of the plan's simulators and the organization's own, never another's", async () => {
    const allowed = await make.simulator({ imgUrl: '/shop.png' });
    const notInPlan = await make.simulator();
    const member = await proctor().actor();
    const stranger = await proctor().actor();
    await make.allow(member.organization, allowed.id);
    const publicOne = await make.testCase({ name: 'Public allowed', simulatorId: allowed.id });
    await make.testCase({ name: 'Public outside plan', simulatorId: notInPlan.id });
    await make.testCase({ name: 'Own', simulatorId: notInPlan.id, organizationId: member.organization!.id });
    await make.testCase({ name: 'Own archived', organizationId: member.organization!.id, archived: true });
    const theirs = await make.testCase({ name: 'Theirs', organizationId: stranger.organization!.id });

    const page = await list(member);
    expect(namesOf(page)).toEqual(['Public allowed', 'Own']);
    expect(page.test_cases).toEqual(page.testcases);
    expect(page.testcases[0]!.simulator).toEqual({ id: allowed.id, name: allowed.name, imgUrl: '/shop.png' });
    expect(page.testcases[0]).toMatchObject({ organization_id: null, publicId: publicOne.publicId });

    for (const ref of [String(theirs.id), theirs.publicId]) {
      const detail = await read(ref, member);
      expect(detail.status).toBe(404);
      expect(detail.body).toEqual({ detail: 'Test case not found' });
    }

    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const adminNames = namesOf(await list(admin, { page_size: 1000 }));
    expect(adminNames).toContain('Public allowed');
    expect(adminNames).toContain('Public outside plan');
    expect(adminNames).not.toContain('Theirs');
  });

  it('should never let another organization update, archive or bulk-archive a test case', async () => {
    const owner = await author();
    const stranger = await author();
    const theirs = await make.testCase({ organizationId: owner.organization!.id });
    expect((await update(theirs.id, { name: 'Hijacked' }, stranger)).status).toBe(404);
    expect((await archive(theirs.publicId, stranger)).status).toBe(404);
    const bulk = await bulkArchive([theirs.id], stranger);
    expect(bulk.status).toBe(200);
    expect(bulk.body).toEqual({ archived_count: 0 });
    const [row] = await proctor().ctx.db.select().from(testCases).where(eq(testCases.id, theirs.id));
    expect(row).toMatchObject({ name: theirs.name, archived: false });
  });

  it('should filter by name and prompt (case-insensitive contains), start URL, simulator, public id and sample', async () => {
    const member = await proctor().actor();
    const org = member.organization!.id;
    const simulator = await make.simulator();
    const other = await make.simulator();
    await make.allow(member.organization, simulator.id, other.id);
    const refund = await make.testCase({
      organizationId: org,
      name: 'Refund an ORDER',
      prompt: 'Refund the latest order',
      startUrl: '/orders',
      simulatorId: simulator.id,
    });
    await make.testCase({
      organizationId: org,
      name: 'Find 100% cotton',
      prompt: 'Search the catalog',
      startUrl: '/catalog',
      simulatorId: other.id,
      isSample: true,
    });
    await make.testCase({
      organizationId: org,
      name: 'Find 100 items',
      prompt: 'Count',
      startUrl: '/catalog',
    });

    expect(namesOf(await list(member, { name: 'order' }))).toEqual(['Refund an ORDER']);
    expect(namesOf(await list(member, { prompt: 'LATEST' }))).toEqual(['Refund an ORDER']);
    expect(namesOf(await list(member, { start_url: 'catalog' }))).toEqual([
      'Find 100% cotton',
      'Find 100 items',
    ]);
    // A % typed into the filter is a percent sign, not a wildcard.
    expect(namesOf(await list(member, { name: '100%' }))).toEqual(['Find 100% cotton']);
    expect(namesOf(await list(member, { simulator_id: other.id }))).toEqual(['Find 100% cotton']);
    expect(namesOf(await list(member, { test_case_public_id: refund.publicId }))).toEqual([
      'Refund an ORDER',
    ]);
    expect(namesOf(await list(member, { is_sample: 'true' }))).toEqual(['Find 100% cotton']);
    expect(namesOf(await list(member, { is_sample: 'false', name: 'find' }))).toEqual(['Find 100 items']);
    expect(namesOf(await list(member, { name: '', prompt: '' }))).toHaveLength(3);
  });

  it('should page by 30 by default, count every match and accept 1000 for per-simulator fetches', async () => {
    const member = await proctor().actor();
    await proctor()
      .ctx.db.insert(testCases)
      .values(
        Array.from({ length: 31 }, (_, i) => ({
          publicId: `paging-${member.organization!.id}-${i}`,
          name: `Paged ${String(i).padStart(2, '0')}`,
          organizationId: member.organization!.id,
        })),
      );
    const first = await list(member);
    expect(first.testcases).toHaveLength(PAGE_SIZE.tests);
    expect(first.pagination).toEqual({ page: 1, page_size: 30, total_count: 31, total_pages: 2 });
    const second = await list(member, { page: 2 });
    expect(namesOf(second)).toEqual(['Paged 30']);
    const all = await list(member, { page_size: 1000 });
    expect(all.testcases).toHaveLength(31);
    expect(all.pagination.total_pages).toBe(1);

    const tooBig = await proctor().call(endpoints.testCases, { query: { page_size: 1001 }, as: member });
    expect(tooBig.status).toBe(400);
  });

  it('should refuse a page or a simulator filter beyond any that can exist with 400, never 500', async () => {
    const member = await proctor().actor();
    const last = await list(member, { page: MAX_PAGE });
    expect(last.testcases).toEqual([]);
    for (const query of [{ page: MAX_PAGE + 1 }, { page: '1e300' }, { simulator_id: MAX_RECORD_ID + 1 }]) {
      const response = await proctor().call(endpoints.testCases, { query, as: member });
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.detail).toMatch(/^querystring\.(page|simulator_id): /);
    }
  });

  it('should answer 404 for a test case id beyond any record in the path and 400 in the body, never 500', async () => {
    const as = await author();
    const simulator = await make.simulator();
    await make.allow(as.organization, simulator.id);
    for (const id of [MAX_RECORD_ID, MAX_RECORD_ID + 1, 99999999999]) {
      for (const [what, response] of [
        ['read', await read(id, as)],
        ['update', await update(id, { name: 'x' }, as)],
        ['archive', await archive(id, as)],
      ] as const) {
        expect(response.status, `${what} ${id}`).toBe(404);
        expect(response.body).toEqual({ detail: 'Test case not found' });
      }
    }
    const beyond = MAX_RECORD_ID + 1;
    for (const field of ['simulatorId', 'siteId', 'testCaseSetId'] as const) {
      const response = await create(
        { name: 'x', prompt: 'y', simulatorId: simulator.id, [field]: beyond },
        as,
      );
      expect(response.status, field).toBe(400);
      expect(response.body.detail).toContain(`body.${field}: Expected an id`);
    }
    const bulk = await bulkArchive([beyond], as);
    expect(bulk.status).toBe(400);
    expect(bulk.body.detail).toMatch(/^body\.test_case_ids\.0: Expected an id/);
  });

  it('should show a test case by id or public id, with its metadata and averages from real sessions', async () => {
    const member = await proctor().actor();
    const simulator = await make.simulator({ name: `detail-${member.organization!.id}` });
    const testCase = await make.testCase({
      organizationId: member.organization!.id,
      simulatorId: simulator.id,
      metadataConfig: {
        goal_type: 'refund',
        reasoning_level: 'level_3',
        skills: ['reasoning_and_control_flow'],
      },
    });
    const get = async (ref: string) => {
      const response = await read(ref, member);
      expect(response.status).toBe(200);
      return response.body.testCase;
    };

    const before = await get(testCase.publicId);
    expect(before).toMatchObject({
      id: testCase.id,
      metadataConfig: {
        goal_type: 'refund',
        reasoning_level: 'level_3',
        skills: ['reasoning_and_control_flow'],
        capabilities: null,
      },
      averageStepsTaken: null,
      averageTimeTaken: null,
      scoringTypes: ['mutations'],
      outputSchema: { type: 'object', properties: {}, additionalProperties: false },
      simulator: { id: simulator.id, name: simulator.name, imgUrl: null },
    });

    await make.session(testCase, { organizationId: member.organization!.id, steps: 4, seconds: 30 });
    await make.session(testCase, { organizationId: member.organization!.id, steps: 2, seconds: 90 });
    // Unfinished sessions have no time yet and do not count.
    await make.session(testCase, { organizationId: member.organization!.id, steps: 9, finished: false });
    const after = await get(String(testCase.id));
    expect(after).toMatchObject({
      averageStepsTaken: 3,
      average_steps_taken: 3,
      averageTimeTaken: 60,
      average_time_taken: 60,
    });
  });

  it('should create a test case with the dataset-flow fields and add it to the dataset', async () => {
    const as = await author();
    const simulator = await make.simulator();
    await make.allow(as.organization, simulator.id);
    const set = await make.set({ organizationId: as.organization!.id });
    const response = await create(
      {
        name: 'Cancel order',
        prompt: 'Cancel order 1001',
        startUrl: '/orders/1001',
        simulatorId: simulator.id,
        scoringTypes: ['output', 'mutations', 'output'],
        outputSchema: '{"type":"object","properties":{"status":{"type":"string"}},"required":["status"]}',
        testCaseSetId: set.id,
        simulatorConfig: { type: 'noop' },
        defaultScoringConfig: { type: 'offline_step', threshold: 0.8, max_steps: 10 },
      },
      as,
    );
    expect(response.status).toBe(201);
    const [created] = response.body.testCases;
    expect(created).toMatchObject({
      name: 'Cancel order',
      startUrl: '/orders/1001',
      scoringTypes: ['output', 'mutations'],
      organization_id: as.organization!.id,
      testCaseSetId: set.id,
      simulatorConfig: { type: 'noop' },
      outputSchema: { type: 'object', required: ['status'] },
    });
    const items = await proctor()
      .ctx.db.select()
      .from(testCaseSetItems)
      .where(eq(testCaseSetItems.testCaseSetId, set.id));
    expect(items.map((item) => item.testCaseId)).toEqual([created!.id]);
  });

  it('should require name, prompt and environment in single mode, and a simulator the caller may use', async () => {
    const as = await author();
    const missing = await create({ name: ' ' }, as);
    expect(missing.status).toBe(400);
    for (const message of ['Environment is required', 'Name is required', 'Prompt is required'])
      expect(missing.body.detail).toContain(message);

    const hidden = await make.simulator();
    const outside = await create({ name: 'x', prompt: 'y', simulatorId: hidden.id }, as);
    expect(outside.status).toBe(404);
    expect(outside.body).toEqual({ detail: 'Simulator not found' });

    const simulator = await make.simulator();
    await make.allow(as.organization, simulator.id);
    const someoneElses = await make.set({ organizationId: (await proctor().organization()).id });
    const foreignSet = await create(
      { name: 'x', prompt: 'y', simulatorId: simulator.id, testCaseSetId: someoneElses.id },
      as,
    );
    expect(foreignSet.status).toBe(404);
    expect(foreignSet.body).toEqual({ detail: 'Dataset not found' });
  });

  it('should refuse an output schema that is not a JSON object describing a schema', async () => {
    const as = await author();
    const simulator = await make.simulator();
    await make.allow(as.organization, simulator.id);
    const withSchema = (outputSchema: unknown) =>
      create({ name: 'x', prompt: 'y', simulatorId: simulator.id, outputSchema }, as);
    const cases: Array<[unknown, string]> = [
      ['{not json', 'Invalid JSON in output schema: it does not parse'],
      [[1, 2], 'Invalid JSON in output schema: schema must be a JSON object describing a schema'],
      [42, 'Invalid JSON in output schema: schema must be a JSON object describing a schema'],
      [{ type: 'text' }, 'Invalid JSON in output schema: schema.type must be one of'],
      [{ type: 'object', properties: { a: { type: 'strin' } } }, 'schema.properties.a.type must be one of'],
      [{ type: 'object', required: 'a' }, 'schema.required must be a list of property names'],
    ];
    for (const [schema, message] of cases) {
      const response = await withSchema(schema);
      expect(response.status, JSON.stringify(schema)).toBe(400);
      expect(response.body.detail).toContain(message);
    }
  });

  it('should refuse a simulator config whose named fields have the wrong type, and keep the others as given', async () => {
    const as = await author();
    const simulator = await make.simulator();
    await make.allow(as.organization, simulator.id);
    const withConfig = (simulatorConfig: unknown) =>
      create({ name: 'Configured', prompt: 'y', simulatorId: simulator.id, simulatorConfig }, as);
    const cases: Array<[unknown, string]> = [
      ['{"type":', 'Invalid JSON in simulator config: it does not parse'],
      [[], 'Invalid JSON in simulator config: simulator config must be a JSON object'],
      [{ type: 'replay' }, 'type must be one of noop, single_step'],
      [{ replay_session_id: 42 }, 'replay_session_id must be a string'],
      [{ type: 'single_step', replay_step_idx: -1 }, 'replay_step_idx must be a whole number from 0'],
      [{ unmatched_request_handling: 'drop' }, 'unmatched_request_handling must be closest_match'],
    ];
    for (const [config, message] of cases) {
      const response = await withConfig(config);
      expect(response.status, JSON.stringify(config)).toBe(400);
      expect(response.body.detail).toContain(message);
    }
    const config = {
      type: 'single_step',
      replay_session_id: 'abc',
      replay_step_idx: 2,
      custom: { kept: true },
    };
    const accepted = await withConfig(config);
    expect(accepted.status, accepted.body.detail).toBe(201);
    expect(accepted.body.testCases[0]!.simulatorConfig).toEqual(config);
  });

  it('should refuse a scoring config its scorer would refuse: an unknown type, a review threshold out of range', async () => {
    const as = await author();
    const simulator = await make.simulator();
    await make.allow(as.organization, simulator.id);
    const testCase = await make.testCase({ organizationId: as.organization!.id, simulatorId: simulator.id });
    const withConfig = (defaultScoringConfig: Record<string, unknown>) =>
      create({ name: 'Judged oddly', prompt: 'y', simulatorId: simulator.id, defaultScoringConfig }, as);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type: 'no_such_scorer' }, 'Invalid scoring config: unknown type "no_such_scorer"'],
      [{ type: 7 }, 'Invalid scoring config: unknown type 7'],
      [{ type: 'human_in_the_loop', review_threshold: 1.5 }, 'Invalid scoring config: review_threshold:'],
      [{ type: 'human_in_the_loop', review_threshold: '0.7' }, 'Invalid scoring config: review_threshold:'],
      [{ type: 'offline_step', threshold: 0.8, max_steps: 0 }, 'Invalid scoring config: max_steps:'],
      [{ type: 'api', endpoint: '', api_key: 'k' }, 'The API endpoint is required'],
    ];
    for (const [config, message] of cases) {
      for (const response of [
        await withConfig(config),
        await update(testCase.publicId, { defaultScoringConfig: config }, as),
      ]) {
        expect(response.status, JSON.stringify(config)).toBe(400);
        expect(response.body.detail).toContain(message);
      }
    }
    expect(namesOf(await list(as, { name: 'Judged oddly' }))).toEqual([]);
    const accepted = await withConfig({ type: 'human_in_the_loop', review_threshold: 0.7 });
    expect(accepted.status, accepted.body.detail).toBe(201);
    expect(accepted.body.testCases[0]!.defaultScoringConfig).toEqual({
      type: 'human_in_the_loop',
      review_threshold: 0.7,
    });
  });

  it('should create blank test cases numbered after the organization’s existing blanks', async () => {
    const as = await author();
    const simulator = await make.simulator();
    await make.allow(as.organization, simulator.id);
    const blank = (count: number | undefined) =>
      create({ mode: 'blank', count, simulatorId: simulator.id, scoringTypes: ['output'] }, as);
    const first = (await blank(3)).body.testCases;
    expect(first.map((t) => [t.name, t.startUrl, t.prompt, t.scoringTypes])).toEqual([
      ['blank_test_1', '', 'This is a blank test case.', ['output']],
      ['blank_test_2', '', 'This is a blank test case.', ['output']],
      ['blank_test_3', '', 'This is a blank test case.', ['output']],
    ]);
    // Archived blanks keep their numbers.
    await proctor().ctx.db.update(testCases).set({ archived: true }).where(eq(testCases.id, first[2]!.id));
    const next = (await blank(2)).body.testCases;
    expect(next.map((t) => t.name)).toEqual(['blank_test_4', 'blank_test_5']);

    // Another organization starts at 1.
    const other = await author();
    await make.allow(other.organization, simulator.id);
    const theirs = await create({ mode: 'blank', count: 1, simulatorId: simulator.id }, other);
    expect(theirs.status).toBe(201);
    expect(theirs.body.testCases.map((t) => t.name)).toEqual(['blank_test_1']);

    for (const count of [0, 101, 2.5, undefined]) {
      const response = await blank(count);
      expect(response.status, String(count)).toBe(400);
    }
    expect((await blank(101)).body.detail).toContain('Count must be from 1 to 100');
    expect((await blank(undefined)).body.detail).toContain('Number of blank test cases is required');
  });

  it('should hand out distinct blank numbers to simultaneous requests', async () => {
    const as = await author();
    const simulator = await make.simulator();
    await make.allow(as.organization, simulator.id);
    const responses = await Promise.all(
      [3, 3, 3].map((count) => create({ mode: 'blank', count, simulatorId: simulator.id }, as)),
    );
    for (const response of responses) expect(response.status).toBe(201);
    const names = responses.flatMap((r) => r.body.testCases.map((t) => t.name));
    expect(names.sort()).toEqual(Array.from({ length: 9 }, (_, i) => `blank_test_${i + 1}`).sort());
  });

  it('should update fields and metadata, where null and empty values clear', async () => {
    const as = await author();
    const testCase = await make.testCase({
      organizationId: as.organization!.id,
      metadataConfig: { goal_type: 'lookup', reasoning_level: 'level_1', capabilities: ['data_displays'] },
    });
    const put = (body: UpdateBody) => update(testCase.publicId, body, as);

    const response = await put({
      name: 'Renamed',
      prompt: 'New prompt',
      startUrl: '/start',
      hint: 'Look at the header',
      scoringTypes: ['output'],
      correctOutputs: [{ status: 'ok' }],
      defaultScoringConfig: { type: 'human_in_the_loop', review_threshold: 0.7 },
      outputSchema: { type: 'object', properties: { status: { type: 'string', enum: ['ok'] } } },
      goalType: '',
      reasoningLevel: 'level_4',
      skills: ['navigation_and_input', 'extract_and_understand'],
      capabilities: [],
    });
    expect(response.status).toBe(200);
    expect(response.body.testCase).toMatchObject({
      name: 'Renamed',
      prompt: 'New prompt',
      startUrl: '/start',
      hint: 'Look at the header',
      scoringTypes: ['output'],
      correctOutputs: [{ status: 'ok' }],
      defaultScoringConfig: { type: 'human_in_the_loop', review_threshold: 0.7 },
      outputSchema: { properties: { status: { type: 'string', enum: ['ok'] } } },
      metadataConfig: {
        goal_type: null,
        reasoning_level: 'level_4',
        skills: ['navigation_and_input', 'extract_and_understand'],
        capabilities: null,
      },
    });

    const cleared = (await put({ reasoningLevel: null, outputSchema: null })).body;
    expect(cleared.testCase.metadataConfig.reasoning_level).toBeNull();
    expect(cleared.testCase.metadataConfig.skills).toEqual([
      'navigation_and_input',
      'extract_and_understand',
    ]);
    expect(cleared.testCase.outputSchema).toEqual({
      type: 'object',
      properties: {},
      additionalProperties: false,
    });
  });

  it('should refuse invalid updates with clear messages', async () => {
    const as = await author();
    const testCase = await make.testCase({ organizationId: as.organization!.id });
    const put = (body: UpdateBody) => update(testCase.id, body, as);
    const cases: Array<[UpdateBody, string]> = [
      [{ correctOutputs: '{"a":' }, 'Invalid JSON in correct outputs'],
      [{ correctOutputs: { a: 1 } }, 'Invalid JSON in correct outputs: correct outputs must be a JSON list'],
      [{ defaultScoringConfig: '[1]' }, 'Invalid JSON in scoring config'],
      [{ outputSchema: 'true' }, 'Invalid JSON in output schema'],
      [{ reasoningLevel: 'level_9' }, 'Reasoning level must be one of level_1'],
      // Values outside the contract's lists: its type does not allow them, the server must refuse them.
      [{ skills: ['juggling'] } as never, 'skills'],
      [{ capabilities: ['telepathy'] } as never, 'capabilities'],
      [{ scoringTypes: ['vibes'] } as never, 'scoringTypes'],
      [{ scoringTypes: [] }, 'Choose at least one scoring type'],
      [{ name: '  ' }, 'Name is required'],
      [{}, 'Nothing to update'],
    ];
    for (const [body, message] of cases) {
      const response = await put(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.detail).toContain(message);
    }
  });

  it('should let only platform admins change public test cases', async () => {
    const simulator = await make.simulator();
    const publicOne = await make.testCase({ simulatorId: simulator.id });
    const member = await author();
    await make.allow(member.organization, simulator.id);
    const refused = await update(publicOne.id, { prompt: 'Changed' }, member);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'Only platform admins can change public test cases' });

    const admin = await author({ permissions: { is_admin: true } });
    const allowed = await update(publicOne.id, { prompt: 'Changed' }, admin);
    expect(allowed.status).toBe(200);
    expect(allowed.body.testCase.prompt).toBe('Changed');
  });

  it('should archive a test case, which then leaves the list but stays readable', async () => {
    const as = await author();
    const testCase = await make.testCase({ organizationId: as.organization!.id });
    const archived = await archive(testCase.id, as);
    expect(archived.status).toBe(200);
    expect(archived.body.testCase.archived).toBe(true);
    expect((await list(as)).testcases.map((t) => t.id)).not.toContain(testCase.id);
    const detail = await read(testCase.publicId, as);
    expect(detail.status).toBe(200);
    expect(detail.body.testCase.archived).toBe(true);
  });

  it('should bulk-archive only what the caller may edit and count only those', async () => {
    const as = await author();
    const org = as.organization!.id;
    const simulator = await make.simulator();
    await make.allow(as.organization, simulator.id);
    const mine = [await make.testCase({ organizationId: org }), await make.testCase({ organizationId: org })];
    const alreadyArchived = await make.testCase({ organizationId: org, archived: true });
    const publicOne = await make.testCase({ simulatorId: simulator.id });
    const theirs = await make.testCase({ organizationId: (await proctor().organization()).id });
    const response = await bulkArchive(
      [...mine.map((t) => t.id), alreadyArchived.id, publicOne.id, theirs.id, 999999],
      as,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ archived_count: 2 });
    const rows = await proctor().ctx.db.select().from(testCases);
    const archivedIds = rows.filter((row) => row.archived).map((row) => row.id);
    expect(archivedIds).toEqual(expect.arrayContaining(mine.map((t) => t.id)));
    expect(archivedIds).not.toContain(publicOne.id);
    expect(archivedIds).not.toContain(theirs.id);

    const empty = await bulkArchive([], as);
    expect(empty.status).toBe(400);
  });

  it('should make a test case public, after which other organizations with its simulator see it', async () => {
    const simulator = await make.simulator();
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const other = await proctor().actor();
    await make.allow(other.organization, simulator.id);
    const testCase = await make.testCase({
      organizationId: admin.organization!.id,
      simulatorId: simulator.id,
    });
    expect((await list(other)).testcases.map((t) => t.id)).not.toContain(testCase.id);

    const makePublic = (id: number) =>
      proctor().call(endpoints.makeTestCasePublic, { params: { id: String(id) }, as: admin });
    const response = await makePublic(testCase.id);
    expect(response.status).toBe(200);
    expect(response.body.testCase).toMatchObject({
      organization_id: null,
      organizationId: null,
    });
    expect((await list(other)).testcases.map((t) => t.id)).toContain(testCase.id);

    expect((await makePublic(999999)).status).toBe(404);
  });

  it('should show an annotator organization the test cases assigned to it, and filter by is_assigned', async () => {
    const annotator = await proctor().actor({ annotator: true });
    const owner = await proctor().actor();
    const assigned = await make.testCase({ name: 'Assigned', organizationId: owner.organization!.id });
    await make.testCase({ name: 'Not assigned', organizationId: owner.organization!.id });
    await make.testCase({ name: 'Own', organizationId: annotator.organization!.id });
    await proctor()
      .ctx.db.insert(organizationTestCases)
      .values({ organizationId: annotator.organization!.id, testCaseId: assigned.id });

    expect(namesOf(await list(annotator))).toEqual(['Assigned', 'Own']);
    expect(namesOf(await list(annotator, { is_assigned: 'true' }))).toEqual(['Assigned']);
    expect(namesOf(await list(annotator, { is_assigned: 'false' }))).toEqual(['Own']);
    expect((await read(assigned.id, annotator)).status).toBe(200);
  });
});
