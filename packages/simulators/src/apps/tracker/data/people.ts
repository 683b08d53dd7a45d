/** Fernhill's product team: the people who file, own and discuss Linework issues. Member 1 is the signed-in user. */
export interface MemberSeed {
  id: number;
  name: string;
  email: string;
  title: string;
  team: string;
  location: string;
  joined_on: string;
}

const person = (
  id: number,
  name: string,
  title: string,
  team: string,
  location: string,
  joined_on: string,
): MemberSeed => ({
  id,
  name,
  email: `${name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ /g, '.')}@fernhill.io`,
  title,
  team,
  location,
  joined_on,
});

export const MEMBERS: readonly MemberSeed[] = [
  person(1, 'Maya Chen', 'Engineering Manager', 'Leadership', 'San Francisco, US', '2021-04-12'),
  person(2, 'Priya Nair', 'Senior Frontend Engineer', 'Web', 'Bengaluru, IN', '2021-09-01'),
  person(3, 'Daniel Okafor', 'Frontend Engineer', 'Web', 'Lagos, NG', '2023-02-13'),
  person(4, 'Sofia Marquez', 'Product Designer', 'Design', 'Madrid, ES', '2022-05-23'),
  person(5, 'Tomás Lindqvist', 'Site Reliability Engineer', 'Infrastructure', 'Stockholm, SE', '2022-01-10'),
  person(6, 'Hannah Becker', 'Backend Engineer', 'Platform', 'Berlin, DE', '2022-08-15'),
  person(7, 'Arjun Mehta', 'Staff Backend Engineer', 'Platform', 'Toronto, CA', '2020-11-02'),
  person(8, 'Grace Liu', 'Lead iOS Engineer', 'Mobile', 'Vancouver, CA', '2021-06-07'),
  person(9, 'Kwame Mensah', 'Android Engineer', 'Mobile', 'Accra, GH', '2023-03-20'),
  person(10, 'Elena Petrova', 'QA Engineer', 'Quality', 'Sofia, BG', '2022-10-03'),
  person(11, 'Lucas Moreau', 'DevOps Lead', 'Infrastructure', 'Lyon, FR', '2020-07-27'),
  person(12, 'Aisha Rahman', 'Product Manager', 'Product', 'London, UK', '2021-12-06'),
  person(13, 'Ben Whitaker', 'Frontend Engineer', 'Web', 'Austin, US', '2024-01-08'),
  person(14, 'Yuki Tanaka', 'Design Systems Engineer', 'Design', 'Osaka, JP', '2022-03-14'),
  person(15, 'Marcus Johnson', 'Backend Engineer', 'Platform', 'Chicago, US', '2023-07-17'),
  person(16, 'Ingrid Solberg', 'Mobile Engineer', 'Mobile', 'Oslo, NO', '2023-09-04'),
  person(17, 'Rafael Costa', 'Data Engineer', 'Platform', 'Lisbon, PT', '2024-04-15'),
  person(18, 'Chloé Dubois', 'Technical Writer', 'Product', 'Montréal, CA', '2023-11-27'),
  person(19, 'Priya Natarajan', 'QA Engineer', 'Quality', 'Chennai, IN', '2024-06-03'),
];

/** Who works on which project (besides the lead): the assignee pool the generator draws from. */
export const PROJECT_TEAMS: Readonly<Record<string, readonly number[]>> = {
  WEB: [2, 3, 13, 4, 10, 19],
  MOB: [8, 9, 16, 4, 10],
  API: [6, 7, 15, 17, 19],
  OPS: [5, 11, 17, 15],
  DS: [14, 4, 2, 13],
};

export const REMARKS = [
  'I can pick this up after the release.',
  'Reproduced on staging with a fresh workspace.',
  'Could not reproduce on Chrome 122. Which browser was this?',
  'First draft is up for review, feedback welcome.',
  'This needs a product decision before we start.',
  'Blocked on the API change, will rebase once it lands.',
  'Added a regression test so this does not come back.',
  'Moving this to next sprint, we ran out of capacity.',
  'Customer confirmed the fix works for them.',
  'Splitting the migration part into its own issue.',
  'Design is in Figma under "Q1 refresh".',
  'Logs attached to the incident channel, root cause is a race in the cache warmup.',
  'Pairing with Elena on the test plan tomorrow.',
  'Estimate feels low, the edge cases around time zones are tricky.',
  'Shipped behind the feature flag, rolling out to 10% first.',
  'Do we still need this now that the new onboarding is live?',
  'Support has three more tickets about this one.',
  'Looks good to me, approved.',
  'Left a few comments on the pull request.',
  'Verified on iOS 17.3 and Android 14.',
  'Let us keep the old endpoint for one more release for the mobile clients.',
  'Metrics look healthy after the rollout.',
  'Bumped the priority, this affects an Enterprise customer.',
  'Closing as a duplicate would lose the history, linking instead.',
];
