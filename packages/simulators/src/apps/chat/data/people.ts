/** The people of Fernwood's workspace: the hand-written ones the test cases name, then name lists. */

export interface Person {
  name: string;
  title: string;
  team: string;
  timezone: string;
}

/** Ids 1..14, in this order. Jordan (1) is the signed-in user. Only Sam Park and Lucia are on the Data team. */
export const PEOPLE: Person[] = [
  { name: 'Jordan Avery', title: 'Product Manager', team: 'Product', timezone: 'Europe/Lisbon' },
  { name: 'Priya Raman', title: 'Launch Manager', team: 'Marketing', timezone: 'America/New_York' },
  { name: 'Marco Bellini', title: 'Site Reliability Engineer', team: 'Platform', timezone: 'Europe/Rome' },
  { name: 'Nadia Okafor', title: 'Senior Product Designer', team: 'Design', timezone: 'Europe/London' },
  { name: 'Omar Haddad', title: 'Support Lead', team: 'Support', timezone: 'Europe/Berlin' },
  { name: 'Dmitri Volkov', title: 'Backend Engineer', team: 'Platform', timezone: 'Europe/Warsaw' },
  { name: 'Elena Petrova', title: 'Office Manager', team: 'Operations', timezone: 'Europe/Lisbon' },
  { name: 'Sam Park', title: 'Data Scientist', team: 'Data', timezone: 'America/Los_Angeles' },
  { name: 'Sam Whitaker', title: 'Account Executive', team: 'Sales', timezone: 'America/Chicago' },
  { name: 'Lucia Fernández', title: 'Analytics Engineer', team: 'Data', timezone: 'Europe/Madrid' },
  { name: 'Hannah Berg', title: 'Support Engineer', team: 'Support', timezone: 'Europe/Stockholm' },
  { name: 'Kofi Mensah', title: 'Frontend Engineer', team: 'Platform', timezone: 'Africa/Accra' },
  { name: 'Grace Liu', title: 'Engineering Manager', team: 'Platform', timezone: 'Europe/Amsterdam' },
  { name: 'Inês Duarte', title: 'Support Engineer', team: 'Support', timezone: 'Europe/Lisbon' },
];

export const FIRST_NAMES = [
  'Aaron',
  'Adaeze',
  'Aiko',
  'Alba',
  'Amara',
  'Andrés',
  'Anika',
  'Ben',
  'Bianca',
  'Caleb',
  'Chiara',
  'Connor',
  'Dalia',
  'Diego',
  'Eitan',
  'Elif',
  'Emeka',
  'Farah',
  'Felix',
  'Freya',
  'Gabriel',
  'Hana',
  'Hugo',
  'Ibrahim',
  'Isla',
  'Jamal',
  'Jana',
  'Joon',
  'Kaito',
  'Kavya',
  'Leon',
  'Lina',
  'Maya',
  'Mateo',
  'Mei',
  'Nikolai',
  'Noor',
  'Olga',
  'Oskar',
  'Paula',
  'Rafael',
  'Ravi',
  'Rosa',
  'Ruth',
  'Selin',
  'Tariq',
  'Tess',
  'Theo',
  'Valentina',
  'Wei',
  'Yara',
  'Zoe',
];

export const LAST_NAMES = [
  'Abara',
  'Andersen',
  'Baptiste',
  'Castillo',
  'Chen',
  'Costa',
  'Dubois',
  'Eriksen',
  'Farouk',
  'Gallagher',
  'Hoffmann',
  'Ito',
  'Jovanović',
  'Kaur',
  'Kowalski',
  'Larsen',
  'Moreau',
  'Nakamura',
  'Novak',
  'Okafor-Reid',
  'Oyelaran',
  'Pereira',
  'Quinn',
  'Rossi',
  'Santos',
  'Schmidt',
  'Singh',
  'Takahashi',
  'Varga',
  'Weber',
  'Yilmaz',
  'Zhou',
];

/** Teams of the generated people (never Data: its two members are hand-written) and their titles. */
export const TEAM_TITLES: Record<string, string[]> = {
  Platform: ['Backend Engineer', 'Frontend Engineer', 'Site Reliability Engineer', 'QA Engineer'],
  Design: ['Product Designer', 'UX Researcher', 'Content Designer'],
  Support: ['Support Engineer', 'Customer Success Manager'],
  Marketing: ['Content Marketer', 'Growth Marketer', 'Brand Designer'],
  Sales: ['Account Executive', 'Sales Development Rep', 'Solutions Engineer'],
  Operations: ['People Partner', 'Finance Analyst', 'IT Administrator'],
  Product: ['Product Manager', 'Product Analyst'],
};

export const TIMEZONES = [
  'Europe/Lisbon',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Madrid',
  'Europe/Warsaw',
  'America/New_York',
  'America/Toronto',
  'Asia/Singapore',
];

export function handleOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .trim()
    .replace(/\s+/g, '.');
}
