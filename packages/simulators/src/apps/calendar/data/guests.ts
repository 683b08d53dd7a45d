/** People outside the company who book time on the owner's public booking page. */
export const GUEST_FIRST: readonly string[] = [
  'Alex',
  'Bianca',
  'Carlos',
  'Dana',
  'Emeka',
  'Freya',
  'Hugo',
  'Imani',
  'Jonas',
  'Keiko',
  'Leila',
  'Mateo',
  'Nina',
  'Oscar',
  'Petra',
  'Quinn',
];
export const GUEST_LAST: readonly string[] = [
  'Moreno',
  'Fischer',
  'Oyelaran',
  'Whitman',
  'Kaur',
  'Lindqvist',
  'Delgado',
  'Novak',
  'Abara',
  'Sørensen',
  'Vance',
  'Iqbal',
];
export const GUEST_DOMAINS: readonly string[] = [
  'fieldnote.io',
  'brightwave.com',
  'northwind.co',
  'quillstack.dev',
  'meridianhealth.org',
  'copperleaf.studio',
];
export const BOOKING_NOTES: readonly string[] = [
  'Would love to learn how you run discovery.',
  'Following up on the webinar last week.',
  'Interested in the enterprise tier for our team of 40.',
  'Looking for feedback on our onboarding flow.',
  '',
  '',
];
