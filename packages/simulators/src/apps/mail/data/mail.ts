/**
 * Word lists for generated conversations: each topic has subjects, an opening message and replies, written
 * the way colleagues and clients actually write. `{project}`, `{day}` and `{first}` are filled in by the seed.
 */

export const PROJECTS = [
  'spring campaign',
  'website refresh',
  'loyalty app',
  'annual report',
  'brand guidelines',
  'checkout redesign',
  'onboarding flow',
  'donor portal',
  'product launch video',
  'packaging refresh',
];
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

export interface Topic {
  subjects: string[];
  openers: string[];
  replies: string[];
  attachments?: { filename: string; contentType: string; minKb: number; maxKb: number }[];
}

export const CLIENT_TOPICS: Topic = {
  subjects: [
    'Feedback on the {project} concepts',
    'Timeline for the {project}',
    'Quick question about the {project} budget',
    'Kick-off notes: {project}',
    'Revised scope for the {project}',
    'Can we move our {day} check-in?',
    'Copy review for the {project}',
    'Sign-off on the {project} wireframes',
  ],
  openers: [
    'Hi Nora,\n\nThanks for sending these over. The team went through them yesterday and we have a few notes — mostly about tone. Could we walk through them on {day}?\n\nBest,\n{first}',
    'Hello Nora,\n\nFollowing up on our call: could you share an updated timeline for the {project}? Our leadership review moved up a week.\n\nThanks,\n{first}',
    'Hi Nora,\n\nAttached are our consolidated comments. Nothing blocking, but legal wants another look at the footer copy.\n\nCheers,\n{first}',
    'Hi Nora,\n\nWould {day} afternoon work for a 30-minute check-in instead? Something came up on our side.\n\n{first}',
  ],
  replies: [
    'Thanks {first} — {day} works. I will send an invite with the agenda.',
    'Got it. I have looped in Marcus so the design team can pick this up.',
    'Perfect, that helps a lot. We will have a revised version to you by {day}.',
    'Noted on the footer copy. I will get it to our copywriter today.',
  ],
  attachments: [
    { filename: 'Consolidated_feedback.pdf', contentType: 'application/pdf', minKb: 180, maxKb: 900 },
    {
      filename: 'Scope_v3.docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      minKb: 40,
      maxKb: 160,
    },
    { filename: 'Wireframes_round2.pdf', contentType: 'application/pdf', minKb: 2400, maxKb: 7800 },
    { filename: 'Moodboard.png', contentType: 'image/png', minKb: 900, maxKb: 3200 },
  ],
};

export const INTERNAL_TOPICS: Topic = {
  subjects: [
    'Resourcing for next sprint',
    'Studio Wi-Fi maintenance on {day}',
    'Notes from the {project} retro',
    'Holiday rota for April',
    'New freelancer starting {day}',
    'Reminder: timesheets due {day}',
    'Lunch & learn: accessibility basics',
    'Updated travel policy',
    'Design crit moved to {day}',
    'Desk moves on the second floor',
  ],
  openers: [
    'Hi all,\n\nQuick heads-up so nobody is surprised on {day}. Let me know if this clashes with anything client-facing.\n\n{first}',
    'Team,\n\nSharing the notes from this week. The short version: we shipped on time, the handoff was rough, and we will try paired reviews next sprint.\n\n{first}',
    'Hi Nora,\n\nCould you confirm the plan for {day}? I want to lock it in before Friday.\n\nThanks!\n{first}',
  ],
  replies: [
    'Thanks for flagging — no clash on my side.',
    'Works for me. I will update the shared calendar.',
    'Can we keep Thursday free? I have the Juniper review then.',
    'Agreed, paired reviews sound good.',
  ],
  attachments: [
    { filename: 'Retro_notes.pdf', contentType: 'application/pdf', minKb: 60, maxKb: 240 },
    {
      filename: 'April_rota.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      minKb: 20,
      maxKb: 90,
    },
  ],
};

export const PARTNER_TOPICS: Topic = {
  subjects: [
    'Intro: {first} from {company}',
    'Following up on our conversation',
    'Proposal for Q2',
    'Invitation: Portland Design Week panel',
    'Your licence renewal',
    'Candidates for the senior designer role',
  ],
  openers: [
    'Hi Nora,\n\nGreat to meet you last week. As promised, here is a short overview of how we usually work with studios like Fernhill.\n\nBest regards,\n{first}',
    'Hello Nora,\n\nI wanted to follow up on our conversation and see whether {day} works for a short call.\n\nKind regards,\n{first}',
  ],
  replies: [
    'Thanks {first}, {day} could work — I will confirm tomorrow.',
    'Appreciate it. Let me share this with the team first.',
  ],
  attachments: [{ filename: 'Overview.pdf', contentType: 'application/pdf', minKb: 300, maxKb: 1500 }],
};

/** One-message automated mail: service notifications and newsletters. */
export const AUTOMATED = [
  {
    name: 'Figma',
    email: 'no-reply@figma.com',
    subjects: [
      'Marcus Reyes commented on "Loyalty app – v4"',
      'You were invited to edit "Checkout redesign"',
    ],
  },
  {
    name: 'Linear',
    email: 'notifications@linear.app',
    subjects: ['[FER-412] Fix image cropping on mobile', 'Weekly project update: Website refresh'],
  },
  {
    name: 'Google Calendar',
    email: 'calendar-notification@google.com',
    subjects: ['Invitation: Juniper weekly sync @ Thu', 'Updated invitation: Design crit'],
  },
  {
    name: 'Gusto',
    email: 'payroll@gusto.com',
    subjects: ['Payroll processed for March 6', 'Your contractor payment was sent'],
  },
  {
    name: 'Dribbble',
    email: 'digest@dribbble.com',
    subjects: ['Top shots this week', 'Your weekly inspiration digest'],
  },
  {
    name: 'Zoom',
    email: 'no-reply@zoom.us',
    subjects: ['Cloud recording is now available', 'Your meeting summary is ready'],
  },
] as const;

export const AUTOMATED_BODY =
  'This is an automated message. You are receiving it because notifications are turned on for your account.\n\nManage notification settings in your account preferences.';

export const SPAM = [
  {
    name: 'Prize Center',
    email: 'winner@prize-center.biz',
    subject: 'Congratulations! You have been selected',
  },
  { name: 'SEO Experts', email: 'growth@rank-first.top', subject: 'Page 1 of Google in 7 days — guaranteed' },
  { name: 'Crypto Daily', email: 'alerts@coinmoon.click', subject: 'This coin will 100x before Friday' },
  { name: 'Pharmacy Direct', email: 'sales@cheap-meds.shop', subject: 'Save 80% on prescriptions today' },
];
