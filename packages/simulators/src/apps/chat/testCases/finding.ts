import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import { followNav, message, search, signIn } from './steps';

async function webhookReporter(page: Page, ctx: SolveContext, onTuesday: boolean) {
  await signIn(page, ctx);
  await search(page, 'Stripe webhook', { in: 'support' });
  // Today is Thursday, March 5: last Tuesday is March 3.
  const result = onTuesday
    ? page.getByRole('article').filter({ has: page.locator('time', { hasText: 'Tuesday, Mar 3, 2026' }) })
    : page.getByRole('article').first();
  const name = (await result.locator('.author').first().textContent())?.trim() ?? '';
  return { name };
}

async function unreadMentions(page: Page, ctx: SolveContext, onlyUnread: boolean) {
  await signIn(page, ctx);
  await followNav(page, 'Activity');
  await page.getByRole('heading', { name: 'Activity' }).waitFor();
  const count = await page.locator(onlyUnread ? '.activity-item.unread' : '.activity-item').count();
  return { count };
}

async function dmitriInFebruary(page: Page, ctx: SolveContext, inPlatform: boolean) {
  await signIn(page, ctx);
  await search(page, '', {
    from: 'Dmitri Volkov',
    ...(inPlatform ? { in: 'platform' } : {}),
    after: '2026-01-31',
    before: '2026-03-01',
  });
  const text = (await page.locator('.result-count strong').textContent()) ?? '0';
  return { count: Number(text) };
}

async function samProfile(page: Page, ctx: SolveContext, team: string) {
  await signIn(page, ctx);
  await followNav(page, 'People');
  await page.getByRole('searchbox', { name: 'Search people' }).fill('Sam');
  await page.getByRole('searchbox', { name: 'Search people' }).press('Enter');
  await page.waitForURL(/q=Sam/);
  const card = page.locator('.person-card').filter({ hasText: team });
  await card.getByRole('link').click();
  await page.getByRole('heading', { level: 1 }).waitFor();
  const fact = async (label: string) =>
    (
      (await page
        .locator('dt', { hasText: label })
        .locator('xpath=following-sibling::dd[1]')
        .textContent()) ?? ''
    ).trim();
  return {
    title: ((await page.locator('.profile-card p.muted').first().textContent()) ?? '').trim(),
    timezone: await fact('Time zone'),
  };
}

async function lunchPoll(page: Page, ctx: SolveContext, newest: boolean) {
  await signIn(page, ctx);
  await search(page, 'Lunch poll', { in: 'general' });
  const polls = page.getByRole('article');
  const poll = newest ? polls.first() : polls.last();
  const body = (await poll.locator('.msg-body').innerText()) ?? '';
  // The options are the emoji named in the message; other reactions are not votes.
  const options = new Map<string, string>();
  for (const match of body.matchAll(/(\p{Extended_Pictographic}\uFE0F?)\s+([A-Z][a-z]+)/gu))
    options.set(match[1] ?? '', match[2] ?? '');
  let best = { option: '', votes: -1 };
  for (const pill of await poll.locator('.reaction').all()) {
    const emoji = ((await pill.locator('.reaction-emoji').textContent()) ?? '').trim();
    const votes = Number((await pill.locator('.reaction-count').textContent()) ?? 0);
    const option = options.get(emoji);
    if (option && votes > best.votes) best = { option, votes };
  }
  return best;
}

async function wifiPassword(page: Page, ctx: SolveContext, checkNewer: boolean) {
  await signIn(page, ctx);
  await followNav(page, 'Saved items');
  const saved = message(page, 'Guest Wi-Fi');
  let password = ((await saved.locator('.msg-body code').last().textContent()) ?? '').trim();
  if (checkNewer) {
    await search(page, 'guest Wi-Fi password');
    const newest = page.getByRole('article').first();
    password = ((await newest.locator('.msg-body code').last().textContent()) ?? '').trim();
  }
  return { password };
}

/** Reading answers out of channels, search, people and the activity inbox. */
export const findingCases: TestCaseDefinition[] = [
  {
    key: 'who-reported-webhook-tuesday',
    name: 'Who reported the webhook failure on Tuesday',
    prompt:
      'Someone in #support reported last Tuesday that the Stripe webhook was failing. Who was it? Answer with their full name.',
    startUrl: '/c/general',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'find who said something',
      reasoning_level: 'level_3',
      skills: ['extract_and_understand'],
      capabilities: ['search_and_extract', 'auth_and_bot_protection'],
    },
    expectedOutput: { name: 'Hannah Berg' },
    outputSchema: {
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
      additionalProperties: false,
    },
    solve: (page, ctx) => webhookReporter(page, ctx, true),
    // The newest report, from Wednesday.
    wrong: (page, ctx) => webhookReporter(page, ctx, false),
  },
  {
    key: 'count-unread-mentions',
    name: 'Count your unread mentions',
    prompt: 'How many unread mentions do you have? Answer with the number.',
    startUrl: '/c/general',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'count items',
      reasoning_level: 'level_2',
      skills: ['extract_and_understand'],
      capabilities: ['data_displays', 'navigation_and_structure'],
    },
    expectedOutput: { count: 5 },
    outputSchema: {
      type: 'object',
      properties: { count: { type: 'integer', minimum: 0 } },
      required: ['count'],
      additionalProperties: false,
    },
    solve: (page, ctx) => unreadMentions(page, ctx, true),
    // Every mention, read or not.
    wrong: (page, ctx) => unreadMentions(page, ctx, false),
  },
  {
    key: 'count-dmitri-february-platform',
    name: "Count Dmitri's February messages in #platform",
    prompt:
      'How many messages (thread replies included) did Dmitri Volkov post in #platform during February 2026? Answer with the number.',
    startUrl: '/c/general',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'count with search filters',
      reasoning_level: 'level_4',
      skills: ['extract_and_understand', 'reasoning_and_control_flow'],
      capabilities: ['search_and_extract', 'forms_and_inputs'],
    },
    expectedOutput: { count: 32 },
    outputSchema: {
      type: 'object',
      properties: { count: { type: 'integer', minimum: 0 } },
      required: ['count'],
      additionalProperties: false,
    },
    solve: (page, ctx) => dmitriInFebruary(page, ctx, true),
    // All of Dmitri's February messages, in every channel.
    wrong: (page, ctx) => dmitriInFebruary(page, ctx, false),
  },
  {
    key: 'sales-sam-profile',
    name: 'Title and time zone of the Sam in Sales',
    prompt: 'What is the job title and the time zone of the Sam who works on the Sales team?',
    startUrl: '/c/general',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'read a profile',
      reasoning_level: 'level_3',
      skills: ['extract_and_understand', 'navigation_and_input'],
      capabilities: ['search_and_extract', 'data_displays'],
    },
    expectedOutput: { title: 'Account Executive', timezone: 'America/Chicago' },
    outputSchema: {
      type: 'object',
      properties: { title: { type: 'string' }, timezone: { type: 'string' } },
      required: ['title', 'timezone'],
      additionalProperties: false,
    },
    solve: (page, ctx) => samProfile(page, ctx, 'Sales'),
    // Sam Park, on the Data team.
    wrong: (page, ctx) => samProfile(page, ctx, 'Data'),
  },
  {
    key: 'offsite-lunch-poll-winner',
    name: 'Which lunch is winning the poll',
    prompt:
      'Elena is running a lunch poll in #general for offsite day one; people vote by reacting with the emoji of an option. Which option is winning right now, and with how many votes?',
    startUrl: '/c/general',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'read votes from reactions',
      reasoning_level: 'level_5',
      skills: ['extract_and_understand', 'reasoning_and_control_flow'],
      capabilities: ['data_displays', 'search_and_extract'],
    },
    expectedOutput: { option: 'Ramen', votes: 9 },
    outputSchema: {
      type: 'object',
      properties: { option: { type: 'string' }, votes: { type: 'integer', minimum: 0 } },
      required: ['option', 'votes'],
      additionalProperties: false,
    },
    solve: (page, ctx) => lunchPoll(page, ctx, true),
    // Last week's poll, for Friday's team lunch.
    wrong: (page, ctx) => lunchPoll(page, ctx, false),
  },
  {
    key: 'current-guest-wifi-password',
    name: 'The current guest Wi-Fi password',
    prompt:
      'A visitor needs the guest Wi-Fi password for the Lisbon office. You saved a message about it a while ago. What is the current password?',
    startUrl: '/c/general',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'find current information',
      reasoning_level: 'level_4',
      skills: ['extract_and_understand', 'reasoning_and_control_flow'],
      capabilities: ['search_and_extract', 'navigation_and_structure'],
    },
    expectedOutput: { password: 'harbor-lights-26' },
    outputSchema: {
      type: 'object',
      properties: { password: { type: 'string' } },
      required: ['password'],
      additionalProperties: false,
    },
    solve: (page, ctx) => wifiPassword(page, ctx, true),
    // Trusts the saved message; the password was rotated since.
    wrong: (page, ctx) => wifiPassword(page, ctx, false),
  },
];
