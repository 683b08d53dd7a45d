/** Harborline's staff directory. Person 1 is the signed-in owner; 2..8 are named by test cases. */
export const PEOPLE: readonly { name: string; title: string; team: string }[] = [
  { name: 'Jordan Ellis', title: 'Product Lead', team: 'Product' },
  { name: 'Priya Raman', title: 'Engineering Manager', team: 'Engineering' },
  { name: 'Tomás Ortega', title: 'Senior Designer', team: 'Design' },
  { name: 'Hannah Becker', title: 'Data Analyst', team: 'Data' },
  { name: 'Sam Okoro', title: 'Product Manager', team: 'Product' },
  { name: 'Lee Park', title: 'Staff Engineer', team: 'Engineering' },
  { name: 'Amara Nwosu', title: 'Customer Success Lead', team: 'Customer Success' },
  { name: 'Felix Grant', title: 'Head of Sales', team: 'Sales' },
  { name: 'Mei Lin', title: 'Frontend Engineer', team: 'Engineering' },
  { name: 'Daniel Kowalski', title: 'Backend Engineer', team: 'Engineering' },
  { name: 'Sofia Marchetti', title: 'UX Researcher', team: 'Design' },
  { name: 'Noah Whitaker', title: 'Account Executive', team: 'Sales' },
  { name: 'Aisha Karim', title: 'Finance Manager', team: 'Finance' },
  { name: 'Gabriel Santos', title: 'DevOps Engineer', team: 'Engineering' },
  { name: 'Olivia Brandt', title: 'Marketing Manager', team: 'Marketing' },
  { name: 'Ravi Menon', title: 'Data Engineer', team: 'Data' },
  { name: 'Chloe Dubois', title: 'Content Strategist', team: 'Marketing' },
  { name: 'Marcus Reed', title: 'Solutions Engineer', team: 'Sales' },
  { name: 'Yuki Tanaka', title: 'QA Engineer', team: 'Engineering' },
  { name: 'Elena Petrova', title: 'People Partner', team: 'People' },
  { name: 'Isaac Mensah', title: 'Support Engineer', team: 'Customer Success' },
  { name: 'Grace Holloway', title: 'Office Manager', team: 'Operations' },
  { name: 'Omar Haddad', title: 'Security Engineer', team: 'Engineering' },
  { name: 'Lucía Fernández', title: 'Product Designer', team: 'Design' },
  { name: 'Ben Carter', title: 'Sales Development Rep', team: 'Sales' },
  { name: 'Zara Ahmed', title: 'Legal Counsel', team: 'Legal' },
  { name: 'Theo Lambert', title: 'Mobile Engineer', team: 'Engineering' },
  { name: 'Ingrid Solberg', title: 'Head of Operations', team: 'Operations' },
  { name: 'Kwame Asante', title: 'Partnerships Manager', team: 'Sales' },
  { name: 'Nadia Rossi', title: 'Recruiter', team: 'People' },
  { name: 'Victor Hughes', title: 'CFO', team: 'Finance' },
  { name: 'Maya Goldberg', title: 'Product Marketing Manager', team: 'Marketing' },
  { name: 'Arjun Shah', title: 'Machine Learning Engineer', team: 'Data' },
  { name: 'Camille Laurent', title: 'Customer Success Manager', team: 'Customer Success' },
  { name: 'Ethan Brooks', title: 'Engineering Intern', team: 'Engineering' },
  { name: 'Fatima Zahra', title: 'Payroll Specialist', team: 'Finance' },
  { name: 'Henrik Nilsson', title: 'Platform Architect', team: 'Engineering' },
  { name: 'Rosa Jiménez', title: 'Community Manager', team: 'Marketing' },
  { name: 'Paul Adeyemi', title: 'IT Administrator', team: 'Operations' },
  { name: 'Lily Chen', title: 'Executive Assistant', team: 'Operations' },
];

export const EMAIL_DOMAIN = 'harborline.co';

/** 'Tomás Ortega' → 'tomas.ortega@harborline.co' */
export function emailOf(name: string): string {
  const ascii = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return `${ascii
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .trim()
    .replace(/\s+/g, '.')}@${EMAIL_DOMAIN}`;
}

export const ROOMS: readonly { name: string; floor: number; capacity: number; features: string }[] = [
  { name: 'Fjord', floor: 2, capacity: 4, features: 'TV screen, whiteboard' },
  { name: 'Harbor', floor: 2, capacity: 8, features: 'Video conferencing, whiteboard' },
  { name: 'Lighthouse', floor: 3, capacity: 12, features: 'Video conferencing, projector' },
  { name: 'Anchor', floor: 1, capacity: 2, features: 'Phone booth' },
  { name: 'Tidewater', floor: 3, capacity: 6, features: 'TV screen' },
  { name: 'Breakwater', floor: 4, capacity: 20, features: 'Projector, stage, microphones' },
  { name: 'Compass', floor: 2, capacity: 4, features: 'Whiteboard' },
  { name: 'Driftwood', floor: 1, capacity: 3, features: 'TV screen' },
  { name: 'Seaglass', floor: 3, capacity: 10, features: 'Video conferencing, whiteboard wall' },
  { name: 'Keel', floor: 4, capacity: 6, features: 'Video conferencing' },
  { name: 'Mooring', floor: 1, capacity: 14, features: 'Projector, kitchenette' },
  { name: 'Beacon', floor: 4, capacity: 5, features: 'TV screen, standing desk' },
];
