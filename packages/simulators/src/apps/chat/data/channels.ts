/** Fernwood's channels, ids 1..12 in this order. `team` members join it; the rest join at random. */
export interface ChannelSeed {
  name: string;
  topic: string;
  purpose: string;
  isPrivate: boolean;
  teams: string[];
  /** Share of the other people who also joined. */
  others: number;
  /** Days ago the channel was created. */
  age: number;
}

export const CHANNELS: ChannelSeed[] = [
  {
    name: 'general',
    topic: 'Offsite March 19–20 · All-hands Thursdays 16:00 UTC',
    purpose: 'Company-wide announcements and everything Fernwood.',
    isPrivate: false,
    teams: [],
    others: 1,
    age: 900,
  },
  {
    name: 'random',
    topic: 'Water-cooler chat. Be kind.',
    purpose: 'Non-work banter, pets, lunch spots and links.',
    isPrivate: false,
    teams: [],
    others: 1,
    age: 900,
  },
  {
    name: 'platform',
    topic: 'Deploy freeze Fridays after 18:00 UTC',
    purpose: 'Backend, infrastructure, deploys and on-call for the platform team.',
    isPrivate: false,
    teams: ['Platform'],
    others: 0.25,
    age: 700,
  },
  {
    name: 'design',
    topic: 'Design crit Wednesdays 14:00',
    purpose: 'Work in progress, critiques and the design system.',
    isPrivate: false,
    teams: ['Design'],
    others: 0.3,
    age: 650,
  },
  {
    name: 'design-review',
    topic: 'Final sign-off on 5.0 screens',
    purpose: 'Private reviews of designs before they ship.',
    isPrivate: true,
    teams: ['Design'],
    others: 0.1,
    age: 120,
  },
  {
    name: 'support',
    topic: 'On-call rota is pinned',
    purpose: 'Customer issues, escalations and the support on-call rota.',
    isPrivate: false,
    teams: ['Support'],
    others: 0.3,
    age: 600,
  },
  {
    name: 'marketing',
    topic: 'Fernwood 5.0 campaign',
    purpose: 'Campaigns, launches, content and the website.',
    isPrivate: false,
    teams: ['Marketing'],
    others: 0.3,
    age: 600,
  },
  {
    name: 'launch-crew',
    topic: 'Fernwood 5.0 launch coordination',
    purpose: 'Private: dates, press and the launch checklist.',
    isPrivate: true,
    teams: ['Marketing'],
    others: 0.15,
    age: 60,
  },
  {
    name: 'releases',
    topic: 'Every build that reaches production',
    purpose: 'Release announcements and changelogs.',
    isPrivate: false,
    teams: ['Platform', 'Product'],
    others: 0.4,
    age: 500,
  },
  {
    name: 'incidents',
    topic: 'Sev1/Sev2 only · status page: status.fernwood.io',
    purpose: 'Incident coordination and postmortems.',
    isPrivate: false,
    teams: ['Platform', 'Support'],
    others: 0.2,
    age: 450,
  },
  {
    name: 'hackweek-2025',
    topic: 'Hack week 2025 is over: thanks all!',
    purpose: 'Projects and demos of hack week 2025.',
    isPrivate: false,
    teams: [],
    others: 0.5,
    age: 400,
  },
  {
    name: 'hackweek-2026',
    topic: 'Hack week April 20–24 · pitch your project',
    purpose: 'Ideas, teams and demos for hack week 2026.',
    isPrivate: false,
    teams: [],
    others: 0.4,
    age: 20,
  },
];
