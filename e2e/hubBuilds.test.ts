import { randomBytes } from 'node:crypto';
import {
  endpoints,
  type HubBuildStatus,
  type HubRepository,
  REGISTER_REFUSALS,
  SHORT_HASH_LENGTH,
} from '@proctor/contracts';
import { hubBuilds, simulatorVersions } from '@proctor/db';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { type CatalogApi, catalogApi, unique } from './support/catalog';

/**
 * Versions built from hub pushes, as the dashboard shows them: the builds of a repository on /hub (polled while
 * one builds) and the build flag and log on the admin Versions tab. The builds are rows written here, as the build
 * job leaves them: a real build (bundle, seed, prove in the sandbox) is the server tests' subject and takes minutes.
 */
describe('hub builds', () => {
  let e2e: E2E;
  let page: Page;
  let api: CatalogApi;

  const hash = () => randomBytes(20).toString('hex');
  const short = (commit: string) => commit.slice(0, SHORT_HASH_LENGTH);
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const at = (date: Date) => date.toISOString();
  const REASON = 'add-to-cart: the reference solution does not satisfy it';

  /** A pushed commit recorded as a version of the simulator with its build, as onPushed and the build job do. */
  async function insertBuild(
    repository: HubRepository,
    build: {
      status: HubBuildStatus;
      createdAt: Date;
      endedAt: Date | null;
      log: string;
      dataset?: string;
      reason?: string;
    },
  ) {
    const commit = hash();
    const db = e2e.proctor.ctx.db;
    const [version] = await db
      .insert(simulatorVersions)
      .values({
        simulatorId: repository.simulator_id!,
        version: commit,
        description: `Pushed to ${repository.full_name}`,
        dataset: build.dataset ?? null,
        publishedAt: build.createdAt,
      })
      .returning({ id: simulatorVersions.id });
    await db.insert(hubBuilds).values({
      versionId: version!.id,
      hubRepositoryId: repository.id,
      status: build.status,
      log: build.log,
      reason: build.reason ?? null,
      createdAt: build.createdAt,
      endedAt: build.endedAt,
    });
    return { commit, versionId: version!.id };
  }

  /** A build that failed its proof 10 minutes ago, after 65 s, its log ending with the reason. */
  async function insertFailedBuild(repository: HubRepository) {
    const created = minutesAgo(10);
    const log = [
      `${at(created)} Building the pushed commit of ${repository.full_name}`,
      `${at(created)} FAIL add-to-cart (reference solution, 812 ms): no mutation matched`,
      `${at(minutesAgo(9))} Failed: ${REASON}`,
      '',
    ].join('\n');
    const build = await insertBuild(repository, {
      status: 'failed',
      createdAt: created,
      endedAt: new Date(created.getTime() + 65_000),
      log,
      reason: REASON,
    });
    return { ...build, log };
  }

  async function insertProvenBuild(repository: HubRepository, dataset: string) {
    return insertBuild(repository, {
      status: 'proven',
      createdAt: minutesAgo(5),
      endedAt: minutesAgo(4),
      log: `${at(minutesAgo(4))} Proven: 3 test cases, dataset ${dataset}\n`,
      dataset,
    });
  }

  const createRepository = (simulator: string) =>
    api.call(endpoints.hubCreateSimulatorRepository, { params: { name: simulator } });
  const openOnHub = async (simulator: string) => {
    await page.goto('/hub');
    await page
      .getByTestId('hub-simulator')
      .and(page.locator(`[data-name="${simulator}"]`))
      .click();
  };
  const buildRow = (commit: string) =>
    page.getByTestId('hub-build').and(page.locator(`[data-commit="${commit}"]`));
  const statusOf = (row: ReturnType<typeof buildRow>) =>
    row.getByTestId('build-status').getAttribute('data-status');

  beforeAll(async () => {
    // No push is built in the background: the builds shown are the ones this file writes.
    e2e = await startE2E({ env: { HUB_BUILDS: 'false' } });
    page = (await e2e.newUserPage()).page;
    // The first account on a new server is its platform admin.
    const tokens = await signUpThroughApi(e2e, page, person('Bea Builds'), {
      name: `Builds Co ${unique()}`,
      purpose: 'Build simulators',
    });
    api = catalogApi(e2e.baseUrl, tokens.access_token);
  });

  afterAll(async () => {
    await e2e?.close();
  });

  it("should list the repository's builds newest first, poll the one building and open a failed one's log", async () => {
    const repository = await createRepository('shop');
    await openOnHub('shop');
    const builds = page.getByRole('table', { name: 'Builds' });
    await builds.getByText('No builds yet: push to the default branch to build a version').waitFor();

    const failed = await insertFailedBuild(repository);
    const dataset = '0123456789abcdef';
    const proven = await insertProvenBuild(repository, dataset);
    const building = await insertBuild(repository, {
      status: 'building',
      createdAt: new Date(),
      endedAt: null,
      log: `${at(new Date())} Building the pushed commit of ${repository.full_name}\n`,
    });

    await openOnHub('shop');
    await buildRow(building.commit).waitFor();
    expect(
      await page
        .getByTestId('hub-build')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-commit'))),
    ).toEqual([building.commit, proven.commit, failed.commit]);
    expect(await statusOf(buildRow(building.commit))).toBe('building');
    await buildRow(building.commit).getByText('Building', { exact: true }).waitFor();
    await expect(buildRow(proven.commit).textContent()).resolves.toContain(dataset);
    await expect(buildRow(failed.commit).textContent()).resolves.toContain('1m 5s');
    await expect(buildRow(failed.commit).textContent()).resolves.toContain(short(failed.commit));

    // The failed build's log: its reason first, then every line, monospace.
    await buildRow(failed.commit)
      .getByRole('button', { name: `Log of ${short(failed.commit)}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Build log of ${short(failed.commit)}` });
    await expect.poll(() => dialog.getByTestId('build-reason').textContent()).toContain(REASON);
    await expect.poll(() => dialog.getByTestId('build-log').textContent()).toBe(failed.log);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The build ends while the page is open: the list, read again while one builds, shows it proven.
    await e2e.proctor.ctx.db
      .update(hubBuilds)
      .set({ status: 'proven', endedAt: new Date() })
      .where(eq(hubBuilds.versionId, building.versionId));
    await expect.poll(() => statusOf(buildRow(building.commit))).toBe('proven');
  });

  it('should flag hub-built versions on the admin Versions tab, show their log and the refusal to register', async () => {
    const repository = await createRepository('mail');
    const failed = await insertFailedBuild(repository);
    const proven = await insertProvenBuild(repository, 'fedcba9876543210');

    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Versions' }).click();
    await page
      .getByTestId('versions-simulator-row')
      .filter({ hasText: 'mail' })
      .getByRole('button', { name: 'Show versions of mail' })
      .click();
    const versionRow = (commit: string) => page.getByTestId('version-row').filter({ hasText: short(commit) });
    await versionRow(failed.commit).getByTestId('build-status').getByText('Failed').waitFor();
    expect(await versionRow(proven.commit).getByTestId('build-status').getAttribute('data-status')).toBe(
      'proven',
    );

    // A version this install ships has no build flag and no log.
    const builtIn = page
      .getByTestId('version-row')
      .filter({ hasNot: page.getByTestId('build-status') })
      .first();
    await builtIn.waitFor();
    expect(await builtIn.getByRole('button', { name: /^Build log of/ }).count()).toBe(0);

    await versionRow(failed.commit)
      .getByRole('button', { name: `Build log of ${short(failed.commit)}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Build log of ${short(failed.commit)}` });
    await expect.poll(() => dialog.getByTestId('build-reason').textContent()).toContain(REASON);
    await expect.poll(() => dialog.getByTestId('build-log').textContent()).toBe(failed.log);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The server refuses a tag to a version that failed its proof, and says why.
    await versionRow(failed.commit).getByRole('button', { name: 'Register' }).click();
    const register = page.getByRole('dialog', { name: 'Register Version' });
    await register.getByRole('textbox', { name: 'Tag Name' }).fill('prod-latest');
    await register.getByRole('textbox', { name: 'Tag Name' }).press('Enter');
    await page.getByText(REGISTER_REFUSALS.failed).waitFor();
    expect(await versionRow(failed.commit).getByRole('button', { name: 'Register' }).count()).toBe(1);
  });
});
