/**
 * The hand-written messages test cases name, inserted first (ids 1..n in this order), and the teammates' replies
 * that a message of Jordan's triggers. Times are UTC; the clock starts on Thursday, March 5, 2026, 15:00.
 */
export interface ScenarioMessage {
  key: string;
  channel: string;
  user: number;
  at: string;
  body: string;
  /** Key of the thread's first message. */
  parent?: string;
  pinnedBy?: number;
  /** Emoji name and how many people reacted with it. */
  reactions?: [string, number][];
  /** Mentions of Jordan in it are unread. */
  unread?: boolean;
  /** Jordan saved it. */
  saved?: boolean;
}

export const SCENARIO: ScenarioMessage[] = [
  // #general: the offsite, the guest Wi-Fi, two lunch polls.
  {
    key: 'offsite-save-the-date',
    channel: 'general',
    user: 7,
    at: '2026-02-20T10:05:00Z',
    body: 'Save the date: team offsite on **March 19–20**! Venue still to be confirmed, more details soon :sparkles:',
    reactions: [
      ['tada', 14],
      ['raised_hands', 5],
    ],
  },
  {
    key: 'offsite-venue',
    channel: 'general',
    user: 7,
    at: '2026-03-04T10:12:00Z',
    body: ':round_pushpin: Offsite venue confirmed: **Quinta da Regaleira Conference Center**, Sintra. Buses leave the Lisbon office at 8:30 on March 19.',
    reactions: [
      ['tada', 9],
      ['heart', 4],
    ],
  },
  {
    key: 'wifi-old',
    channel: 'general',
    user: 7,
    at: '2026-02-09T09:30:00Z',
    body: 'Guest Wi-Fi for the Lisbon office: network `FernGuest`, password `tidepool-88`. Please don’t share it outside visitors.',
    saved: true,
  },
  {
    key: 'wifi-new',
    channel: 'general',
    user: 7,
    at: '2026-03-02T08:45:00Z',
    body: 'The guest Wi-Fi password was rotated this morning. Network is still `FernGuest`, the new password is `harbor-lights-26`.',
    reactions: [['thumbsup', 6]],
  },
  {
    key: 'poll-old',
    channel: 'general',
    user: 7,
    at: '2026-02-25T12:00:00Z',
    body: 'Lunch poll for Friday’s team lunch! React to vote: :pizza: Pizza · :ramen: Ramen · :green_salad: Salad',
    reactions: [
      ['pizza', 11],
      ['ramen', 6],
      ['green_salad', 3],
    ],
  },
  {
    key: 'poll-new',
    channel: 'general',
    user: 7,
    at: '2026-03-04T11:30:00Z',
    body: 'Lunch poll for offsite day one! React to vote: :pizza: Pizza · :ramen: Ramen · :green_salad: Salad · :taco: Tacos',
    reactions: [
      ['thumbsup', 12],
      ['pizza', 7],
      ['ramen', 9],
      ['green_salad', 4],
      ['taco', 8],
    ],
  },
  {
    key: 'badge',
    channel: 'general',
    user: 7,
    at: '2026-03-02T11:20:00Z',
    body: '@Jordan Avery your new office badge is waiting at reception :wave:',
  },
  {
    key: 'churn-numbers',
    channel: 'general',
    user: 8,
    at: '2026-03-05T13:10:00Z',
    body: '@Jordan Avery the February churn numbers are in the dashboard: down to 2.1% :bar_chart:',
    unread: true,
  },
  // #platform: the certificate thread, DNS, the deploy checklist, the freeze question.
  {
    key: 'dns-route53',
    channel: 'platform',
    user: 6,
    at: '2026-01-28T14:02:00Z',
    body: 'Reminder: DNS changes go through Route 53. Ping me if you need access to the hosted zones.',
  },
  {
    key: 'dns-cloudflare',
    channel: 'platform',
    user: 13,
    at: '2026-02-12T16:40:00Z',
    body: 'Heads-up: DNS for all fernwood.io zones now lives in **Cloudflare**: we migrated off Route 53 today. Ask here before touching records.',
    pinnedBy: 13,
    reactions: [['white_check_mark', 7]],
  },
  {
    key: 'deploy-checklist',
    channel: 'platform',
    user: 13,
    at: '2026-03-02T10:15:00Z',
    body: 'Deploy checklist for the 5.0 release train:\n1) green CI on main\n2) migrations reviewed by two people\n3) new feature flags default off\n4) announce the build in #releases',
    reactions: [['thumbsup', 5]],
  },
  {
    key: 'rollback-plan',
    channel: 'platform',
    user: 13,
    at: '2026-03-02T10:32:00Z',
    body: 'Rollback plan for the 5.0 release train: redeploy the previous image tag, flip the 5.0 flags off, then post in #incidents.',
    reactions: [['thumbsup', 3]],
  },
  {
    key: 'sprint-review',
    channel: 'platform',
    user: 13,
    at: '2026-03-03T09:05:00Z',
    body: '@Jordan Avery sprint review moved to 15:00 today, same room.',
    unread: true,
  },
  {
    key: 'cert-question',
    channel: 'platform',
    user: 3,
    at: '2026-03-05T09:40:00Z',
    body: 'Who’s picking up the TLS certificate renewal for api.fernwood.io? It expires on March 12 and the auto-renew failed again :warning:',
  },
  {
    key: 'freeze-question',
    channel: 'platform',
    user: 6,
    at: '2026-03-05T10:05:00Z',
    body: 'When does the deploy freeze start this week? I want to get the search indexer change in.',
  },
  {
    key: 'freeze-guess',
    channel: 'platform',
    user: 12,
    at: '2026-03-05T10:09:00Z',
    parent: 'freeze-question',
    body: 'I think it’s in the channel topic, but Jordan would know for sure.',
  },
  // #design: mentions, the typo.
  {
    key: 'settings-mocks',
    channel: 'design',
    user: 4,
    at: '2026-02-27T15:30:00Z',
    body: '@Jordan Avery settings page mocks are updated with your comments.',
  },
  {
    key: 'onboarding-mocks',
    channel: 'design',
    user: 4,
    at: '2026-03-04T14:20:00Z',
    body: '@Jordan Avery the new onboarding mocks are ready for your review :art: the Figma link is in the project doc.',
    unread: true,
  },
  {
    key: 'icon-library',
    channel: 'design',
    user: 4,
    at: '2026-03-04T14:22:00Z',
    body: 'Also pushed the new icon set to the shared library.',
    reactions: [['sparkles', 3]],
  },
  {
    key: 'typo',
    channel: 'design',
    user: 1,
    at: '2026-03-04T16:02:00Z',
    body: 'Love teh new icons, can we ship them with 5.0?',
    reactions: [['heart', 2]],
  },
  // #support: the rota, the webhook reports, a question for Jordan.
  {
    key: 'rota',
    channel: 'support',
    user: 5,
    at: '2026-02-13T09:00:00Z',
    body: 'On-call rota, weeks start on Monday:\nFeb 16: Omar Haddad\nFeb 23: Hannah Berg\nMar 2: Inês Duarte\nMar 9: Omar Haddad\nMar 16: Hannah Berg',
    pinnedBy: 5,
  },
  {
    key: 'webhook-feb',
    channel: 'support',
    user: 12,
    at: '2026-02-24T15:20:00Z',
    body: 'Is the Stripe webhook failing for anyone else? Seeing retries piling up in the dashboard.',
  },
  {
    key: 'webhook-tuesday',
    channel: 'support',
    user: 11,
    at: '2026-03-03T11:14:00Z',
    body: 'Heads-up: the Stripe webhook is failing for EU customers since about 10:50, invoices are stuck in pending.',
    reactions: [['eyes', 4]],
  },
  {
    key: 'webhook-wednesday',
    channel: 'support',
    user: 5,
    at: '2026-03-04T09:20:00Z',
    body: 'Stripe webhook is failing again this morning, same 502s. Dmitri is looking.',
  },
  {
    key: 'csv-export',
    channel: 'support',
    user: 5,
    at: '2026-03-04T13:45:00Z',
    body: '@Jordan Avery customers keep asking for CSV export of reports: is it on the roadmap?',
    unread: true,
  },
  // #random: Jordan's pasted key and coffee.
  {
    key: 'coffee',
    channel: 'random',
    user: 1,
    at: '2026-03-05T08:40:00Z',
    body: 'The coffee machine on floor 3 is fixed :coffee:',
    reactions: [['raised_hands', 8]],
  },
  {
    key: 'leaked-key',
    channel: 'random',
    user: 1,
    at: '2026-03-05T08:55:00Z',
    body: 'oops, wrong window: STRIPE_SECRET_KEY=sk_live_51Hq8fERNW00dK3y9aXq',
  },
  // #launch-crew: the old launch date, pricing copy.
  {
    key: 'launch-plan',
    channel: 'launch-crew',
    user: 2,
    at: '2026-02-26T17:00:00Z',
    body: 'Launch plan v2: Fernwood 5.0 goes live on **Thursday, March 26**. Press embargo lifts at 14:00 UTC.',
    pinnedBy: 2,
  },
  {
    key: 'pricing-copy',
    channel: 'launch-crew',
    user: 2,
    at: '2026-03-05T11:30:00Z',
    body: '@Jordan Avery can you confirm the pricing page copy by end of day?',
    unread: true,
  },
  // #incidents
  {
    key: 'inc-231',
    channel: 'incidents',
    user: 3,
    at: '2026-03-03T14:32:00Z',
    body: 'INC-231 resolved: checkout latency spike from 13:50 to 14:25, caused by a slow query in the cart service. Postmortem doc coming.',
  },
  // #releases
  {
    key: 'build-413',
    channel: 'releases',
    user: 6,
    at: '2026-02-26T16:00:00Z',
    body: '**Build 4.1.3** is live: search indexer fixes and faster exports.',
  },
  // #hackweek-2025 and #hackweek-2026
  {
    key: 'hackweek-2025-thanks',
    channel: 'hackweek-2025',
    user: 13,
    at: '2025-05-02T17:00:00Z',
    body: 'That’s a wrap on hack week 2025! Demo recordings are in the shared drive.',
  },
  {
    key: 'hackweek-2026-pitch',
    channel: 'hackweek-2026',
    user: 13,
    at: '2026-03-02T09:00:00Z',
    body: 'Hack week 2026 runs April 20–24. Pitch your project here by March 27 :bulb:',
  },
];

/** A teammate's answer written by a message of Jordan's, shown a moment later. */
export interface AutoReply {
  /** Channel of Jordan's message. */
  channel: string;
  /** Key of the thread Jordan replied in; omitted: a message in the channel itself. */
  thread?: string;
  /** Every one of these must appear in Jordan's message (case-insensitive). */
  when: RegExp[];
  user: number;
  body: string;
}

export const AUTO_REPLIES: AutoReply[] = [
  {
    channel: 'launch-crew',
    when: [/priya/i, /launch|live|date|when|ship/i],
    user: 2,
    body: '@Jordan Avery it moved: the new launch date is **Thursday, April 9**. Legal asked for one more week on the privacy review.',
  },
  {
    channel: 'platform',
    thread: 'cert-question',
    when: [],
    user: 3,
    body: 'Thanks Jordan :pray: Quick one before I forget: which DNS provider are we on these days? I lost track after the migration and need it for the DNS challenge.',
  },
];
