// Deterministic generators for seed data: no external data, the same sequence for the same seed.

export type Random = {
  /** Float in [0, 1). */
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  money(min: number, max: number): number;
};

/** mulberry32: tiny, fast and good enough to spread seed data around. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
    money: (min, max) => Math.round((min + next() * (max - min)) * 100) / 100,
  };
}

export const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Christopher',
  'Karen',
  'Charles',
  'Lisa',
  'Daniel',
  'Nancy',
  'Matthew',
  'Betty',
  'Anthony',
  'Sandra',
  'Mark',
  'Margaret',
  'Steven',
  'Ashley',
  'Andrew',
  'Kimberly',
  'Joshua',
  'Emily',
  'Kevin',
  'Donna',
  'Brian',
  'Michelle',
  'Carlos',
  'Maria',
  'Luis',
  'Sofia',
  'Wei',
  'Mei',
  'Raj',
  'Priya',
  'Kwame',
  'Amara',
  'Hiroshi',
  'Yuki',
  'Omar',
  'Layla',
  'Diego',
  'Camila',
  'Ethan',
  'Olivia',
  'Noah',
  'Ava',
] as const;

export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Patel',
  'Kim',
  'Chen',
  'Okafor',
  'Tanaka',
  'Haddad',
  'Kowalski',
  "O'Brien",
  'Schmidt',
  'Dubois',
] as const;

export const ORGANIZATIONS = [
  { name: 'Lakeside Community Bank', domain: 'lakesidebank.example' },
  { name: 'Riverside Medical Group', domain: 'riversidemed.example' },
  { name: 'Summit Engineering Partners', domain: 'summiteng.example' },
  { name: 'Harborview Law LLP', domain: 'harborviewlaw.example' },
  { name: 'Greenfield Public Schools', domain: 'greenfieldschools.example' },
  { name: 'Northstar Software', domain: 'northstarsoft.example' },
  { name: 'Maple Street Bakery', domain: 'maplestreetbakery.example' },
  { name: 'United Builders Local 42', domain: 'builders42.example' },
  { name: 'Blue Ridge Realty', domain: 'blueridgerealty.example' },
  { name: 'City Arts Council', domain: 'cityarts.example' },
  { name: 'Evergreen Credit Union', domain: 'evergreencu.example' },
  { name: 'Pioneer Logistics', domain: 'pioneerlogistics.example' },
  { name: 'Westbrook University', domain: 'westbrook.example' },
  { name: 'Sunrise Senior Services', domain: 'sunriseseniors.example' },
  { name: 'Copperline Energy', domain: 'copperline.example' },
  { name: 'Main Street Hardware', domain: 'mainsthardware.example' },
  { name: 'Oakwood Family Dental', domain: 'oakwooddental.example' },
  { name: 'Metro Transit Workers Union', domain: 'metrotransitunion.example' },
  { name: 'Brightpath Nonprofit Consulting', domain: 'brightpath.example' },
  { name: 'Cedar Valley Farms', domain: 'cedarvalleyfarms.example' },
] as const;

export const PERSONAL_EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example'] as const;

export const JOB_TITLES = [
  'Director of Operations',
  'Attorney',
  'Physician',
  'Software Engineer',
  'Teacher',
  'Small Business Owner',
  'Nurse Practitioner',
  'Financial Advisor',
  'Project Manager',
  'Union Steward',
  'Realtor',
  'Professor',
  'Chief Executive Officer',
  'Accountant',
  'Electrician',
  'Pharmacist',
  'Architect',
  'Social Worker',
] as const;

export const CITIES = [
  { city: 'Chicago', state: 'IL', zip: '606', area: '312' },
  { city: 'Springfield', state: 'IL', zip: '627', area: '217' },
  { city: 'Milwaukee', state: 'WI', zip: '532', area: '414' },
  { city: 'Madison', state: 'WI', zip: '537', area: '608' },
  { city: 'Minneapolis', state: 'MN', zip: '554', area: '612' },
  { city: 'Columbus', state: 'OH', zip: '432', area: '614' },
  { city: 'Cleveland', state: 'OH', zip: '441', area: '216' },
  { city: 'Detroit', state: 'MI', zip: '482', area: '313' },
  { city: 'Ann Arbor', state: 'MI', zip: '481', area: '734' },
  { city: 'Pittsburgh', state: 'PA', zip: '152', area: '412' },
  { city: 'Philadelphia', state: 'PA', zip: '191', area: '215' },
  { city: 'Atlanta', state: 'GA', zip: '303', area: '404' },
  { city: 'Austin', state: 'TX', zip: '787', area: '512' },
  { city: 'Houston', state: 'TX', zip: '770', area: '713' },
  { city: 'Denver', state: 'CO', zip: '802', area: '303' },
  { city: 'Phoenix', state: 'AZ', zip: '850', area: '602' },
  { city: 'Portland', state: 'OR', zip: '972', area: '503' },
  { city: 'Seattle', state: 'WA', zip: '981', area: '206' },
  { city: 'Sacramento', state: 'CA', zip: '958', area: '916' },
  { city: 'Raleigh', state: 'NC', zip: '276', area: '919' },
  { city: 'Richmond', state: 'VA', zip: '232', area: '804' },
  { city: 'Boston', state: 'MA', zip: '021', area: '617' },
  { city: 'Albany', state: 'NY', zip: '122', area: '518' },
  { city: 'Nashville', state: 'TN', zip: '372', area: '615' },
] as const;

export const STREETS = [
  'Maple Ave',
  'Oak St',
  'Washington Blvd',
  'Lincoln Way',
  'Park Pl',
  'Cedar Ln',
  'Elm St',
  'Lakeview Dr',
  'Jefferson St',
  'Highland Ave',
  'River Rd',
  'Sunset Blvd',
  'Prospect St',
  'Church St',
  'Franklin Ave',
  'Hillcrest Dr',
  'Madison Ave',
  'Willow Ct',
  'Chestnut St',
  'Spring St',
] as const;

export const UNIVERSITIES = [
  'University of Illinois',
  'University of Wisconsin',
  'Ohio State University',
  'University of Michigan',
  'Penn State University',
  'University of Texas at Austin',
  'Georgia Tech',
  'University of Washington',
  'Howard University',
  'Northwestern University',
  'Community College of Denver',
  'Portland State University',
] as const;

export const FIELDS_OF_STUDY = [
  'Political Science',
  'Economics',
  'Nursing',
  'Computer Science',
  'Education',
  'Public Policy',
  'Law',
  'Business Administration',
  'History',
  'Mechanical Engineering',
  'Social Work',
  'Biology',
] as const;

export const NOTE_SNIPPETS = [
  { type: 'call', subject: 'Follow-up call', content: 'Called to thank them for their last gift; interested in hosting a house party.' },
  { type: 'meeting', subject: 'Coffee meeting', content: 'Met downtown to discuss the clean water measure. Wants quarterly updates.' },
  { type: 'email', subject: 'Newsletter reply', content: 'Replied to the newsletter asking how to volunteer on weekends.' },
  { type: 'event', subject: 'Town hall', content: 'Attended the town hall and signed up for the phone bank.' },
  { type: 'donation', subject: 'Matching gift', content: 'Employer matches donations up to $1,000; send the matching form.' },
  { type: 'follow_up', subject: 'Pledge reminder', content: 'Pledge payment due next month; send a friendly reminder.' },
  { type: 'general', subject: 'Introduced by board member', content: 'Introduced by a board member at the spring fundraiser.' },
  { type: 'personal', subject: 'Family', content: 'Prefers evening calls; two kids in the local public schools.' },
] as const;

export const TAGS = ['donor', 'volunteer', 'newsletter', 'event-attendee', 'prospect', 'major-donor', 'board', 'phone-bank'] as const;

export function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** Fictional 555-01xx numbers, reserved for fiction in the North American Numbering Plan. */
export function fictionalPhone(area: string, n: number): string {
  return `(${area}) 555-${pad(100 + (n % 100), 4)}`;
}

export function emailLocal(first: string, last: string): string {
  return `${first}.${last}`.toLowerCase().replace(/[^a-z0-9.]/g, '');
}

export function isoDateDaysFrom(base: Date, days: number): string {
  return new Date(base.getTime() + days * 86400000).toISOString().slice(0, 10);
}

export function addDays(base: Date, days: number): Date {
  return new Date(base.getTime() + days * 86400000);
}
