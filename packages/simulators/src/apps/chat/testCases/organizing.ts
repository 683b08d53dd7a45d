import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import { scenarioId } from '../domain';
import { followNav, message, messageAction, openChannel, react, search, signIn, toast } from './steps';

async function reactToMention(page: Page, ctx: SolveContext, text: string) {
  await signIn(page, ctx);
  await followNav(page, 'Activity');
  const mention = page.locator('.activity-item').filter({ hasText: 'onboarding mocks' });
  await mention.getByRole('link', { name: 'Open in #design' }).click();
  await page.locator('.msg.highlight').waitFor();
  await react(page, message(page, text), 'eyes');
}

async function pinVenue(page: Page, ctx: SolveContext, text: string) {
  await signIn(page, ctx);
  await search(page, 'offsite', { in: 'general' });
  await messageAction(message(page, text), 'Pin to channel');
  await toast(page, 'Pinned to #general');
}

async function saveChecklist(page: Page, ctx: SolveContext, text: string) {
  await signIn(page, ctx);
  await search(page, 'release train', { in: 'platform' });
  await messageAction(message(page, text), 'Save for later');
  await toast(page, 'Saved for later');
}

async function setStatus(page: Page, ctx: SolveContext, text: string | null) {
  await signIn(page, ctx);
  await page.getByRole('button', { name: 'Set status' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set a status' });
  await dialog.getByRole('button', { name: '🌴 On vacation' }).click();
  if (text !== null) await dialog.getByLabel('What’s your status?').fill(text);
  await dialog.getByRole('button', { name: 'Save status' }).click();
  await toast(page, 'Status updated');
}

async function leaveChannel(page: Page, ctx: SolveContext, name: string) {
  await signIn(page, ctx);
  await openChannel(page, name);
  await page.getByRole('link', { name: 'Channel details' }).click();
  await page.getByRole('button', { name: `Leave #${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Leave', exact: true }).click();
  await toast(page, `You left #${name}`);
}

/** Looks the Data team up in People, then creates the channel, fixing the name the form refuses. */
async function churnChannel(page: Page, ctx: SolveContext, sam: string) {
  await signIn(page, ctx);
  await followNav(page, 'People');
  await page.getByLabel('Team').selectOption('Data');
  await page.waitForURL(/team=Data/);
  const names = await page.locator('.person-card strong').allTextContents();
  const team = names.map((n) => n.trim()).map((n) => (n.startsWith('Sam ') ? sam : n));
  await page.getByRole('link', { name: '+ Add a channel' }).click();
  await page.getByLabel('Name').fill('Churn Model');
  await page.getByRole('checkbox', { name: 'Make private' }).check();
  for (const name of team) {
    await page.getByLabel('Filter people').fill(name);
    await page.getByRole('checkbox', { name: new RegExp(`^${name} `) }).check();
  }
  await page.getByRole('button', { name: 'Create channel' }).click();
  const error = page.getByRole('alert').filter({ hasText: 'lowercase letters' });
  await error.waitFor();
  const suggestion = /try “([^”]+)”/.exec((await error.textContent()) ?? '')?.[1] ?? 'churn-model';
  await page.getByLabel('Name').fill(suggestion);
  await page.getByRole('button', { name: 'Create channel' }).click();
  await toast(page, `Created #${suggestion}`);
}

async function onCallTopic(page: Page, ctx: SolveContext, weekOffset: number) {
  await signIn(page, ctx);
  await openChannel(page, 'support');
  await page.getByRole('link', { name: 'Channel details' }).click();
  const rota = message(page.getByRole('region', { name: /Pinned messages/ }), 'On-call rota');
  const lines = ((await rota.locator('.msg-body').innerText()) ?? '').split('\n');
  // Today is Thursday, March 5: the week that started on Monday, March 2.
  const index = lines.findIndex((line) => line.startsWith('Mar 2:'));
  const person = (lines[index + weekOffset] ?? '').split(':')[1]?.trim() ?? '';
  await page.getByLabel('Topic').fill(`On call this week: ${person}`);
  await page.getByRole('button', { name: 'Save topic' }).click();
  await toast(page, 'Topic updated');
}

async function notifications(page: Page, ctx: SolveContext, digestOff: boolean) {
  await signIn(page, ctx);
  await followNav(page, 'Preferences');
  await page.getByRole('radio', { name: 'Mentions and replies only' }).check();
  if (digestOff) await page.getByRole('checkbox', { name: 'Send me a weekly email digest' }).uncheck();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await toast(page, 'Preferences saved');
}

/** Reacting, pinning, saving, status, channels and preferences. */
export const organizingCases: TestCaseDefinition[] = [
  {
    key: 'react-to-onboarding-mention',
    name: "React to Nadia's mention",
    prompt:
      'Nadia mentioned you about the new onboarding mocks. Let her know you have seen it by reacting with the 👀 (eyes) emoji to that very message.',
    startUrl: '/c/general',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'react to a message',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input', 'extract_and_understand'],
      capabilities: ['iframe_and_shadow_dom', 'feedback_and_overlays'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'reactions',
        changes: { message_id: scenarioId('onboarding-mocks'), user_id: 1, emoji: 'eyes' },
      },
    ],
    solve: async (page, ctx) => {
      await reactToMention(page, ctx, 'the new onboarding mocks are ready');
      return undefined;
    },
    // Nadia's next message, about the icon set, which does not mention Jordan.
    wrong: async (page, ctx) => {
      await reactToMention(page, ctx, 'pushed the new icon set');
      return undefined;
    },
  },
  {
    key: 'pin-offsite-venue',
    name: 'Pin the offsite venue announcement',
    prompt: 'Pin the message in #general that announces the confirmed offsite venue.',
    startUrl: '/c/general',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'pin a message',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input', 'extract_and_understand'],
      capabilities: ['search_and_extract', 'feedback_and_overlays'],
    },
    expectedMutations: [
      {
        action: 'UPDATE',
        table_name: 'messages',
        pk: String(scenarioId('offsite-venue')),
        changes: { pinned_by: 1 },
      },
    ],
    solve: async (page, ctx) => {
      await pinVenue(page, ctx, 'Offsite venue confirmed');
      return undefined;
    },
    // The save-the-date message, sent before the venue was known.
    wrong: async (page, ctx) => {
      await pinVenue(page, ctx, 'Save the date');
      return undefined;
    },
  },
  {
    key: 'save-deploy-checklist',
    name: 'Save the deploy checklist',
    prompt: 'Save the deploy checklist for the 5.0 release train, posted in #platform, to your saved items.',
    startUrl: '/c/general',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'save a message',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['search_and_extract', 'feedback_and_overlays'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'saved',
        changes: { message_id: scenarioId('deploy-checklist'), user_id: 1 },
      },
    ],
    solve: async (page, ctx) => {
      await saveChecklist(page, ctx, 'Deploy checklist for the 5.0');
      return undefined;
    },
    // The rollback plan of the same release train.
    wrong: async (page, ctx) => {
      await saveChecklist(page, ctx, 'Rollback plan for the 5.0');
      return undefined;
    },
  },
  {
    key: 'set-vacation-status',
    name: 'Set a vacation status',
    prompt: 'Set your status to the 🌴 emoji with the text "Out until March 16".',
    startUrl: '/c/general',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'set a status',
      reasoning_level: 'level_1',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'feedback_and_overlays'],
    },
    expectedMutations: [
      {
        action: 'UPDATE',
        table_name: 'users',
        pk: '1',
        changes: { status_emoji: 'palm_tree', status_text: 'Out until March 16' },
      },
    ],
    solve: async (page, ctx) => {
      await setStatus(page, ctx, 'Out until March 16');
      return undefined;
    },
    // Keeps the suggestion's text, "On vacation".
    wrong: async (page, ctx) => {
      await setStatus(page, ctx, null);
      return undefined;
    },
  },
  {
    key: 'leave-hackweek-2025',
    name: 'Leave last year’s hack week channel',
    prompt: 'Hack week 2025 is long over. Leave its channel.',
    startUrl: '/c/general',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'leave a channel',
      reasoning_level: 'level_1',
      skills: ['navigation_and_input'],
      capabilities: ['navigation_and_structure', 'feedback_and_overlays'],
    },
    expectedMutations: [{ action: 'DELETE', table_name: 'members', changes: { channel_id: 11, user_id: 1 } }],
    solve: async (page, ctx) => {
      await leaveChannel(page, ctx, 'hackweek-2025');
      return undefined;
    },
    // This year's channel, one line below.
    wrong: async (page, ctx) => {
      await leaveChannel(page, ctx, 'hackweek-2026');
      return undefined;
    },
  },
  {
    key: 'create-private-churn-channel',
    name: 'Create a private channel for the Data team',
    prompt:
      'Create a private channel called "Churn Model" and add the people on the Data team to it (only them, besides you). If Hubbub refuses the name, use the form it suggests.',
    startUrl: '/c/general',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'create a channel with members',
      reasoning_level: 'level_4',
      skills: ['navigation_and_input', 'reasoning_and_control_flow'],
      capabilities: ['forms_and_inputs', 'error_state_handling', 'data_displays'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'channels',
        pk: '13',
        changes: { name: 'churn-model', is_private: 1, created_by: 1, topic: '' },
      },
      { action: 'INSERT', table_name: 'members', changes: { channel_id: 13, user_id: 1 } },
      { action: 'INSERT', table_name: 'members', changes: { channel_id: 13, user_id: 8 } },
      { action: 'INSERT', table_name: 'members', changes: { channel_id: 13, user_id: 10 } },
    ],
    solve: async (page, ctx) => {
      await churnChannel(page, ctx, 'Sam Park');
      return undefined;
    },
    // The other Sam, Sam Whitaker from Sales.
    wrong: async (page, ctx) => {
      await churnChannel(page, ctx, 'Sam Whitaker');
      return undefined;
    },
  },
  {
    key: 'support-on-call-topic',
    name: "Put this week's on-call person in the topic",
    prompt:
      'Set the #support channel topic to "On call this week: <name>", with the name of whoever is on call this week according to the rota pinned in #support.',
    startUrl: '/c/general',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'update a channel from pinned information',
      reasoning_level: 'level_4',
      skills: ['extract_and_understand', 'reasoning_and_control_flow'],
      capabilities: ['data_displays', 'navigation_and_structure', 'forms_and_inputs'],
    },
    expectedMutations: [
      {
        action: 'UPDATE',
        table_name: 'channels',
        pk: '6',
        changes: { topic: 'On call this week: Inês Duarte' },
      },
    ],
    solve: async (page, ctx) => {
      await onCallTopic(page, ctx, 0);
      return undefined;
    },
    // Last week's person.
    wrong: async (page, ctx) => {
      await onCallTopic(page, ctx, -1);
      return undefined;
    },
  },
  {
    key: 'notify-mentions-only',
    name: 'Quieter notifications',
    prompt:
      'Change your preferences so you are only notified about mentions and replies, and stop the weekly email digest.',
    startUrl: '/c/general',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'change preferences',
      reasoning_level: 'level_1',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'auth_and_bot_protection'],
    },
    expectedMutations: [
      {
        action: 'UPDATE',
        table_name: 'preferences',
        pk: '1',
        changes: { notify: 'mentions', email_digest: 0 },
      },
    ],
    solve: async (page, ctx) => {
      await notifications(page, ctx, true);
      return undefined;
    },
    // Forgets the digest.
    wrong: async (page, ctx) => {
      await notifications(page, ctx, false);
      return undefined;
    },
  },
];
