/// <reference lib="dom" />
// Reference solutions pass callbacks to page.evaluate, which run in the browser.
import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import { respond, signIn } from './steps';

const attendee = (eventId: number) => `[${eventId},1]`;

async function readPendingInvitations(page: Page, allPages: boolean) {
  await page.getByRole('link', { name: /^Invitations/ }).click();
  await page.getByRole('heading', { name: 'Invitations' }).waitFor();
  const rows: { title: string; from: string; when: string }[] = [];
  for (;;) {
    rows.push(
      ...(await page.locator('table.invitations tbody tr').evaluateAll((trs) =>
        trs.map((tr) => {
          const cells = tr.querySelectorAll('td');
          return {
            when: cells[0]?.textContent?.trim() ?? '',
            title: cells[1]?.querySelector('a')?.textContent?.trim() ?? '',
            from: cells[2]?.textContent?.trim() ?? '',
          };
        }),
      )),
    );
    const next = page.getByRole('link', { name: 'Next' });
    if (!allPages || (await next.count()) === 0) break;
    const summary = await page.locator('.pager > span').first().textContent();
    await next.click();
    await page.waitForFunction(
      (before) => document.querySelector('.pager > span')?.textContent !== before,
      summary,
    );
  }
  return rows;
}

async function triageFriday(page: Page, ctx: SolveContext, checkClashes: boolean): Promise<undefined> {
  await signIn(page, ctx);
  await page.getByRole('link', { name: 'Week', exact: true }).click();
  await page.getByRole('link', { name: /^Fri/ }).first().click();
  await page.getByRole('heading', { name: 'Friday, March 20, 2026' }).waitFor();
  const dayUrl = page.url();
  const items = await page.locator('.agenda-item').evaluateAll((lis) =>
    lis.map((li) => ({
      title: li.querySelector('.agenda-title')?.textContent?.trim() ?? '',
      start: li.querySelector('.agenda-time')?.childNodes[0]?.textContent?.trim() ?? '',
      end: li.querySelector('.agenda-time .muted')?.textContent?.trim() ?? '',
      status: li.querySelector('.badge')?.textContent?.trim() ?? '',
    })),
  );
  const toMinutes = (clock: string) => {
    const [, h, m, suffix] = /(\d+):(\d+) (AM|PM)/.exec(clock) ?? [];
    return ((Number(h) % 12) + (suffix === 'PM' ? 12 : 0)) * 60 + Number(m);
  };
  const committed = items.filter((i) => i.status === 'Going' || i.status === 'Organizer');
  for (const invite of items.filter((i) => i.status === 'Awaiting reply')) {
    const clashes = committed.some(
      (c) => toMinutes(c.start) < toMinutes(invite.end) && toMinutes(invite.start) < toMinutes(c.end),
    );
    await page.getByRole('link', { name: invite.title, exact: true }).click();
    if (checkClashes && clashes) await respond(page, 'Maybe', 'Double-booked, will confirm');
    else await respond(page, 'Accept');
    await page.goto(dayUrl);
    await page.getByRole('heading', { name: 'Friday, March 20, 2026' }).waitFor();
  }
  return undefined;
}

export const invitationTestCases: TestCaseDefinition[] = [
  {
    key: 'accept-q2-roadmap-review',
    name: 'Accept the Q2 roadmap review',
    prompt: 'Priya invited me to the Q2 roadmap review on Tuesday. Accept it.',
    startUrl: '/invitations',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'respond to an invitation',
      reasoning_level: 'level_1',
      skills: ['navigation_and_input'],
      capabilities: ['auth_and_bot_protection', 'forms_and_inputs'],
    },
    expectedMutations: [
      { action: 'UPDATE', table_name: 'attendees', pk: attendee(1), changes: { response: 'accepted' } },
    ],
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await page.getByRole('link', { name: 'Q2 roadmap review' }).click();
      await respond(page, 'Accept');
      return undefined;
    },
    // "Maybe" instead of a yes.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await page.getByRole('link', { name: 'Q2 roadmap review' }).click();
      await respond(page, 'Maybe');
      return undefined;
    },
  },
  {
    key: 'decline-vendor-demo-with-note',
    name: 'Decline the Brightwave demo with a note',
    prompt:
      'Decline the Brightwave Analytics vendor demo on Wednesday and tell Felix: "Out at the dentist, please send the recording."',
    startUrl: '/calendar/week',
    hint: 'Open the event; the response form takes a note to the organizer.',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'respond to an invitation',
      reasoning_level: 'level_1',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'feedback_and_overlays'],
    },
    expectedMutations: [
      {
        action: 'UPDATE',
        table_name: 'attendees',
        pk: attendee(2),
        changes: { response: 'declined', comment: 'Out at the dentist, please send the recording.' },
      },
    ],
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await page.getByRole('link', { name: /^Vendor demo: Brightwave/ }).click();
      await respond(page, 'Decline', 'Out at the dentist, please send the recording.');
      return undefined;
    },
    // Declines but forgets the note.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await page.getByRole('link', { name: /^Vendor demo: Brightwave/ }).click();
      await respond(page, 'Decline');
      return undefined;
    },
  },
  {
    key: 'count-pending-invitations',
    name: 'Invitations waiting for a reply',
    prompt:
      'How many invitations are still waiting for my reply? And which of them come from Amara Nwosu? Give the meeting titles in date order.',
    startUrl: '/login',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'count and list records',
      reasoning_level: 'level_3',
      skills: ['extract_and_understand', 'reasoning_and_control_flow'],
      capabilities: ['data_displays', 'navigation_and_structure'],
    },
    expectedOutput: {
      count: 30,
      from_amara: ['Support escalations sync', 'Launch comms review', 'Vendor evaluation: reporting'],
    },
    outputSchema: {
      type: 'object',
      properties: {
        count: { type: 'integer', minimum: 0 },
        from_amara: { type: 'array', items: { type: 'string', minLength: 1 } },
      },
      required: ['count', 'from_amara'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      const rows = await readPendingInvitations(page, true);
      return {
        count: rows.length,
        from_amara: rows.filter((r) => r.from === 'Amara Nwosu').map((r) => r.title),
      };
    },
    // Reads only the first page of the inbox.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      const rows = await readPendingInvitations(page, false);
      return {
        count: rows.length,
        from_amara: rows.filter((r) => r.from === 'Amara Nwosu').map((r) => r.title),
      };
    },
  },
  {
    key: 'triage-friday-invitations',
    name: "Triage Friday's invitations",
    prompt:
      'Go through the invitations I have not answered for Friday, March 20. Accept every one that does not overlap a meeting I already organize or said yes to. For any that does overlap, answer Maybe with the note "Double-booked, will confirm".',
    startUrl: '/calendar/week',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'apply a rule to several records',
      reasoning_level: 'level_5',
      skills: ['reasoning_and_control_flow', 'extract_and_understand', 'navigation_and_input'],
      capabilities: ['data_displays', 'forms_and_inputs', 'navigation_and_structure'],
    },
    expectedMutations: [
      {
        action: 'UPDATE',
        table_name: 'attendees',
        pk: attendee(8),
        changes: { response: 'tentative', comment: 'Double-booked, will confirm' },
      },
      { action: 'UPDATE', table_name: 'attendees', pk: attendee(9), changes: { response: 'accepted' } },
      { action: 'UPDATE', table_name: 'attendees', pk: attendee(10), changes: { response: 'accepted' } },
    ],
    solve: (page, ctx) => triageFriday(page, ctx, true),
    // Accepts everything without checking for overlaps.
    wrong: (page, ctx) => triageFriday(page, ctx, false),
  },
];
