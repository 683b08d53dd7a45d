/** Word lists for seeded meetings: what a product company's calendar is full of. */
export const MEETING_TITLES: readonly string[] = [
  'Sprint planning',
  'Backlog grooming',
  'Design review',
  'Architecture sync',
  'Pipeline review',
  'Customer onboarding call',
  'Weekly metrics review',
  'Incident retro',
  'Pricing workshop',
  'Hiring debrief',
  'Candidate interview',
  'Quarterly business review',
  'Content calendar sync',
  'Security review',
  'Release go/no-go',
  'Analytics deep dive',
  'Partner check-in',
  'Budget review',
  'Team offsite planning',
  'Usability test debrief',
  'Roadmap alignment',
  'Support escalations sync',
  'Contract review',
  'Demo rehearsal',
  'All-hands prep',
  'API deprecation plan',
  'Brand refresh kickoff',
  'Vendor evaluation',
  'Data quality review',
  'Launch comms review',
  'Mobile release sync',
  'Performance calibration',
  'Lunch & learn',
  'Renewal strategy',
  'Accessibility audit review',
];

export const TOPICS: readonly string[] = [
  'Northwind',
  'Q2',
  'checkout',
  'billing',
  'onboarding',
  'search',
  'mobile',
  'EMEA',
  'enterprise tier',
  'reporting',
  'notifications',
  'integrations',
];

export const AGENDA_LINES: readonly string[] = [
  'Please review the doc beforehand and add comments.',
  'Agenda: status, blockers, decisions needed.',
  'We will walk through the latest numbers and agree on next steps.',
  'Bring your top three concerns; we will timebox each to ten minutes.',
  'Notes will be shared in the team channel afterwards.',
  'Dial-in details are in the meeting notes.',
  'Goal: leave with an owner and a date for every open item.',
  '',
];

export const REMOTE_LOCATIONS: readonly string[] = ['Video call', 'Phone', 'Video call', 'Zoom bridge 4'];

export const OFFSITE_LOCATIONS: readonly string[] = [
  'Blue Bottle, 5th & Main',
  'Client office, 200 W Madison',
  'Lakeview Café',
];
