import { endpoints } from '@proctor/contracts';
import { person, signUpThroughApi, startE2E } from '../harness';
import { catalogApi } from './catalog';

const e2e = await startE2E();
try {
  const { page } = await e2e.newUserPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  const tokens = await signUpThroughApi(e2e, page, person('Ada Admin'), { name: 'Catalog Labs', purpose: 'x' });
  const api = catalogApi(e2e.baseUrl, tokens.access_token);
  const existing = await api.simulators();
  console.log('existing simulators', existing.map((s) => s.name));
  const sim = await api.createSimulator({
    name: 'acme-crm',
    simType: 'docker_app',
    description: 'Customer records, deals and a sales pipeline',
    config: { status: 'data_ready', license: 'MIT', notes: 'Seeded with 400 accounts', authentication: { user: 'demo', password: 'demo123' } },
  });
  await api.createSimulator({ name: 'legacy-portal', simType: 'proxy', config: { status: 'out_of_service' } });
  for (let i = 0; i < 5; i++) {
    const tc = await api.createTestCase({
      simulatorId: sim.id,
      name: `Update deal stage ${i}`,
      prompt: `Move the deal "Globex renewal ${i}" to the Negotiation stage and add a note that pricing was approved by finance.`,
      startUrl: '/deals',
      scoringTypes: i % 2 ? ['output'] : ['mutations'],
    });
    await api.call(endpoints.updateTestCase, {
      params: { id: tc.publicId },
      body: { reasoningLevel: `level_${(i % 5) + 1}` as 'level_1', capabilities: ['forms_and_inputs', 'data_displays', 'search_and_extract'] },
    });
  }
  const all = await api.call(endpoints.testCases, { query: { page_size: 3 } });
  await api.createDataset({ name: 'CRM regression', description: 'Deal pipeline tasks', icon: '📈' });
  const { page: p } = { page };
  for (const [path, file] of [
    ['/simulators', 'simulators'],
    ['/simulators/acme-crm', 'simulator'],
    ['/tests', 'tests'],
    [`/tests/${all.testcases[0]?.publicId}`, 'testcase'],
    ['/datasets', 'datasets'],
  ] as const) {
    await p.goto(path);
    await p.waitForTimeout(1200);
    await p.screenshot({ path: `/tmp/shot-${file}.png`, fullPage: true });
  }
  await p.goto('/datasets');
  await p.getByTestId('dataset-row').first().click();
  await p.waitForTimeout(600);
  await p.screenshot({ path: '/tmp/shot-datasets-panel.png' });
  await p.goto('/simulators');
  await p.getByRole('button', { name: 'Add Simulator' }).click();
  await p.waitForTimeout(600);
  await p.screenshot({ path: '/tmp/shot-add-simulator.png' });
  await p.goto('/tests');
  await p.getByRole('button', { name: 'New Test Case' }).click();
  await p.waitForTimeout(600);
  await p.screenshot({ path: '/tmp/shot-new-test.png' });
  await p.keyboard.press('Escape');
  await p.getByRole('button', { name: /Show details/ }).first().click();
  await p.waitForTimeout(600);
  await p.screenshot({ path: '/tmp/shot-tests-panel.png' });
} finally {
  await e2e.close();
}
