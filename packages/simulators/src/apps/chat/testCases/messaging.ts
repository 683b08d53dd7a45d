import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import { AUTO_REPLIES } from '../data/scenario';
import { scenarioId } from '../domain';
import { editor, jumpTo, message, messageAction, openChannel, post, send, signIn, toast } from './steps';

const PRIYA_REPLY = AUTO_REPLIES[0]?.body ?? '';
const MARCO_REPLY = AUTO_REPLIES[1]?.body ?? '';
const FLOOR_PLAN = 'Room A: Product, Room B: Platform';

/** Writes the build note in #releases, with the formatting buttons and shortcuts or as plain text. */
async function buildNote(page: Page, ctx: SolveContext, formatted: boolean) {
  await signIn(page, ctx);
  await jumpTo(page, 'releases');
  const box = editor(page, 'Message #releases');
  await box.click();
  if (!formatted) {
    await box.pressSequentially('Build 4.2 is live, run make deploy to update');
  } else {
    await box.press('Control+b');
    await box.pressSequentially('Build 4.2');
    await box.press('Control+b');
    await box.pressSequentially(' is live, run ');
    await page.getByRole('button', { name: 'Code', exact: true }).click();
    await box.pressSequentially('make deploy');
    await page.getByRole('button', { name: 'Code', exact: true }).click();
    await box.pressSequentially(' to update');
  }
  await send(page, box);
  await message(page, 'is live, run').waitFor();
}

async function freezeReply(page: Page, ctx: SolveContext, inThread: boolean) {
  await signIn(page, ctx);
  await openChannel(page, 'platform');
  const question = message(page, 'When does the deploy freeze start');
  if (inThread) {
    await question.hover();
    await question.getByRole('link', { name: 'Reply in thread' }).click();
    await page.getByRole('complementary', { name: 'Thread' }).waitFor();
    await post(page, 'Reply in thread', 'Freeze starts Friday 18:00 UTC');
    await message(page.getByRole('complementary', { name: 'Thread' }), 'Freeze starts Friday').waitFor();
  } else {
    await post(page, 'Message #platform', 'Freeze starts Friday 18:00 UTC');
  }
}

async function postmortemLink(page: Page, ctx: SolveContext, asLink: boolean) {
  await signIn(page, ctx);
  await openChannel(page, 'incidents');
  const box = editor(page, 'Message #incidents');
  await box.click();
  await box.pressSequentially('Postmortem: ');
  if (asLink) {
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a link' });
    await dialog.getByLabel('Text').fill('INC-231 postmortem');
    await dialog.getByLabel('Link').fill('https://docs.fernwood.io/postmortems/inc-231');
    await dialog.getByRole('button', { name: 'Insert link' }).click();
    await dialog.waitFor({ state: 'hidden' });
  } else {
    await box.pressSequentially('https://docs.fernwood.io/postmortems/inc-231');
  }
  await send(page, box);
  await message(page, 'Postmortem:').waitFor();
}

async function floorPlan(page: Page, ctx: SolveContext, channel: string) {
  await signIn(page, ctx);
  await openChannel(page, channel);
  await page
    .getByLabel('Attach file')
    .first()
    .setInputFiles({ name: 'floorplan.txt', mimeType: 'text/plain', buffer: Buffer.from(FLOOR_PLAN) });
  await page.getByText('📎 floorplan.txt').waitFor();
  await post(page, `Message #${channel}`, 'Floor plan for the offsite');
  await page.getByRole('link', { name: 'floorplan.txt' }).waitFor();
}

async function fixTypo(page: Page, ctx: SolveContext, edit: boolean) {
  await signIn(page, ctx);
  await openChannel(page, 'design');
  const typo = message(page, 'Love teh new icons');
  if (edit) {
    await messageAction(typo, 'Edit message');
    const area = typo.getByRole('textbox', { name: 'Edit message' });
    await area.fill('Love the new icons, can we ship them with 5.0?');
    await typo.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Message updated');
  } else {
    await post(page, 'Message #design', '*the');
  }
}

async function removeKey(page: Page, ctx: SolveContext, remove: boolean) {
  await signIn(page, ctx);
  await openChannel(page, 'random');
  const leaked = message(page, 'sk_live_');
  if (remove) {
    await messageAction(leaked, 'Delete message');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Message deleted');
  } else {
    await messageAction(leaked, 'Edit message');
    await leaked.getByRole('textbox', { name: 'Edit message' }).fill('oops, wrong window');
    await leaked.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Message updated');
  }
}

/** Asks Priya in #launch-crew, waits for her answer (or not) and posts the date in #marketing. */
async function relayLaunchDate(page: Page, ctx: SolveContext, wait: boolean) {
  await signIn(page, ctx);
  await openChannel(page, 'launch-crew');
  const box = editor(page, 'Message #launch-crew');
  await box.click();
  await box.pressSequentially('@pri');
  await page
    .getByRole('listbox', { name: 'People to mention' })
    .getByRole('option', { name: /^Priya Raman/ })
    .waitFor();
  await box.press('Enter');
  await box.pressSequentially('what is the new launch date for Fernwood 5.0?');
  await send(page, box);
  let date = 'Thursday, March 26';
  if (wait) {
    const answer = message(page, 'the new launch date is');
    await answer.waitFor({ timeout: 15_000 });
    date = ((await answer.locator('.msg-body strong').first().textContent()) ?? '').trim();
  }
  await openChannel(page, 'marketing');
  await post(page, 'Message #marketing', `Launch date: ${date}`);
  await message(page, `Launch date: ${date}`).waitFor();
}

/** Takes Marco's certificate renewal in his thread, then answers his follow-up from the pinned note. */
async function certificateThread(page: Page, ctx: SolveContext, checkPins: boolean) {
  await signIn(page, ctx);
  await openChannel(page, 'platform');
  const question = message(page, 'TLS certificate renewal');
  await question.hover();
  await question.getByRole('link', { name: 'Reply in thread' }).click();
  const thread = page.getByRole('complementary', { name: 'Thread' });
  await thread.waitFor();
  await post(page, 'Reply in thread', 'I’ll take the certificate renewal.');
  await message(thread, 'which DNS provider').waitFor({ timeout: 15_000 });
  let answer = 'Route 53';
  if (checkPins) {
    const threadUrl = page.url();
    await page.getByRole('link', { name: /pinned$/ }).click();
    const pinned = page.getByRole('region', { name: /Pinned messages/ });
    const note = message(pinned, 'DNS for all fernwood.io zones');
    answer = ((await note.locator('.msg-body strong').first().textContent()) ?? '').trim();
    await page.goto(threadUrl);
  }
  await post(page, 'Reply in thread', answer);
  await message(thread, answer).waitFor();
}

/** Writing in channels and threads: formatting, links, files, edits, deletes, and teammates who answer. */
export const messagingCases: TestCaseDefinition[] = [
  {
    key: 'post-formatted-build-note',
    name: 'Announce a build with formatting',
    prompt:
      'Announce in #releases: "Build 4.2 is live, run make deploy to update", with "Build 4.2" in bold and "make deploy" formatted as inline code.',
    startUrl: '/c/general',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'post a formatted message',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'auth_and_bot_protection'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'messages',
        changes: {
          channel_id: 9,
          user_id: 1,
          parent_id: null,
          body: '**Build 4.2** is live, run `make deploy` to update',
        },
      },
    ],
    solve: async (page, ctx) => {
      await buildNote(page, ctx, true);
      return undefined;
    },
    // The right words, without the formatting.
    wrong: async (page, ctx) => {
      await buildNote(page, ctx, false);
      return undefined;
    },
  },
  {
    key: 'reply-in-freeze-thread',
    name: "Answer Dmitri's question in its thread",
    prompt:
      'Dmitri asked in #platform when this week’s deploy freeze starts. Answer him in the thread of his question with: "Freeze starts Friday 18:00 UTC".',
    startUrl: '/c/general',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'reply in a thread',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['navigation_and_structure', 'feedback_and_overlays'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'messages',
        changes: {
          channel_id: 3,
          user_id: 1,
          parent_id: scenarioId('freeze-question'),
          body: 'Freeze starts Friday 18:00 UTC',
        },
      },
    ],
    solve: async (page, ctx) => {
      await freezeReply(page, ctx, true);
      return undefined;
    },
    // Answered in the channel instead of the thread.
    wrong: async (page, ctx) => {
      await freezeReply(page, ctx, false);
      return undefined;
    },
  },
  {
    key: 'share-postmortem-link',
    name: 'Share the postmortem as a link',
    prompt:
      'In #incidents, post "Postmortem: " followed by a link whose text is "INC-231 postmortem" and which points to https://docs.fernwood.io/postmortems/inc-231 (use the composer’s link button).',
    startUrl: '/c/general',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'post a message with a link',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'feedback_and_overlays'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'messages',
        changes: {
          channel_id: 10,
          user_id: 1,
          parent_id: null,
          body: 'Postmortem: [INC-231 postmortem](https://docs.fernwood.io/postmortems/inc-231)',
        },
      },
    ],
    solve: async (page, ctx) => {
      await postmortemLink(page, ctx, true);
      return undefined;
    },
    // The bare address pasted instead of a named link.
    wrong: async (page, ctx) => {
      await postmortemLink(page, ctx, false);
      return undefined;
    },
  },
  {
    key: 'upload-offsite-floor-plan',
    name: 'Attach the floor plan in #general',
    prompt:
      'Post "Floor plan for the offsite" in #general with a file attached: a plain-text file named floorplan.txt whose content is exactly "Room A: Product, Room B: Platform".',
    startUrl: '/c/general',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'upload a file',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'messages',
        changes: { channel_id: 1, user_id: 1, parent_id: null, body: 'Floor plan for the offsite' },
      },
      {
        action: 'INSERT',
        table_name: 'files',
        changes: {
          name: 'floorplan.txt',
          type: 'text/plain',
          size: FLOOR_PLAN.length,
          content: Buffer.from(FLOOR_PLAN).toString('base64'),
        },
      },
    ],
    solve: async (page, ctx) => {
      await floorPlan(page, ctx, 'general');
      return undefined;
    },
    // Shared in #random.
    wrong: async (page, ctx) => {
      await floorPlan(page, ctx, 'random');
      return undefined;
    },
  },
  {
    key: 'fix-typo-in-own-message',
    name: 'Fix a typo in your message',
    prompt:
      'Your message in #design about the new icons says "teh" instead of "the". Fix the typo in that message.',
    startUrl: '/c/general',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'edit a message',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['feedback_and_overlays', 'forms_and_inputs'],
    },
    expectedMutations: [
      {
        action: 'UPDATE',
        table_name: 'messages',
        pk: String(scenarioId('typo')),
        changes: { body: 'Love the new icons, can we ship them with 5.0?' },
      },
    ],
    solve: async (page, ctx) => {
      await fixTypo(page, ctx, true);
      return undefined;
    },
    // A "*the" correction posted underneath instead of an edit.
    wrong: async (page, ctx) => {
      await fixTypo(page, ctx, false);
      return undefined;
    },
  },
  {
    key: 'delete-leaked-secret-key',
    name: 'Remove the message with the leaked key',
    prompt:
      'This morning you pasted a secret API key into #random by mistake. Get rid of that message entirely so nobody can see it.',
    startUrl: '/c/general',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'delete a message',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input', 'extract_and_understand'],
      capabilities: ['feedback_and_overlays', 'data_displays'],
    },
    expectedMutations: [{ action: 'DELETE', table_name: 'messages', pk: String(scenarioId('leaked-key')) }],
    solve: async (page, ctx) => {
      await removeKey(page, ctx, true);
      return undefined;
    },
    // Edits the key out: the message (and its edit history) stays.
    wrong: async (page, ctx) => {
      await removeKey(page, ctx, false);
      return undefined;
    },
  },
  {
    key: 'relay-new-launch-date',
    name: 'Ask Priya and relay her answer',
    prompt:
      'The Fernwood 5.0 launch date has changed. In #launch-crew, ask @Priya Raman (mention her) what the new launch date is. When she answers, post "Launch date: " followed by the date exactly as she wrote it, weekday included, in #marketing.',
    startUrl: '/c/general',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'ask a teammate and relay the answer',
      reasoning_level: 'level_4',
      skills: ['navigation_and_input', 'reasoning_and_control_flow'],
      capabilities: ['feedback_and_overlays', 'navigation_and_structure'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'messages',
        changes: { channel_id: 7, user_id: 1, parent_id: null, body: 'Launch date: Thursday, April 9' },
      },
      {
        action: 'INSERT',
        table_name: 'messages',
        changes: { channel_id: 8, user_id: 2, parent_id: null, body: PRIYA_REPLY },
      },
      { action: 'INSERT', table_name: 'messages', changes: { channel_id: 8, user_id: 1, parent_id: null } },
    ],
    solve: async (page, ctx) => {
      await relayLaunchDate(page, ctx, true);
      return undefined;
    },
    // Does not wait for Priya: relays the date pinned in #launch-crew, which is out of date.
    wrong: async (page, ctx) => {
      await relayLaunchDate(page, ctx, false);
      return undefined;
    },
  },
  {
    key: 'take-cert-renewal-and-answer',
    name: "Take Marco's renewal and answer his follow-up",
    prompt:
      'Marco asked in #platform who is picking up the TLS certificate renewal. Tell him in his thread that you’ll take it. He will follow up with a question in the thread: answer it there with just the answer itself (a single word, no punctuation), based on what is pinned in #platform.',
    startUrl: '/c/general',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'hold a conversation in a thread',
      reasoning_level: 'level_5',
      skills: ['reasoning_and_control_flow', 'extract_and_understand'],
      capabilities: ['navigation_and_structure', 'data_displays', 'auth_and_bot_protection'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'messages',
        changes: { channel_id: 3, user_id: 1, parent_id: scenarioId('cert-question'), body: 'Cloudflare' },
      },
      {
        action: 'INSERT',
        table_name: 'messages',
        changes: { channel_id: 3, user_id: 3, parent_id: scenarioId('cert-question'), body: MARCO_REPLY },
      },
      {
        action: 'INSERT',
        table_name: 'messages',
        changes: { channel_id: 3, user_id: 1, parent_id: scenarioId('cert-question') },
      },
    ],
    solve: async (page, ctx) => {
      await certificateThread(page, ctx, true);
      return undefined;
    },
    // Answers from memory of the old, unpinned note: Route 53.
    wrong: async (page, ctx) => {
      await certificateThread(page, ctx, false);
      return undefined;
    },
  },
];
