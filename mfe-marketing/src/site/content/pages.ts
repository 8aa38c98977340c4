import { SUPPORT_EMAIL } from './navigation';

export type ContentSection = { heading: string; text?: string; items?: string[] };

export type ContentPage = {
  eyebrow: string;
  title: string;
  lead: string;
  sections: ContentSection[];
  /** A closing call to action inside the site. */
  cta?: { title: string; text: string; label: string; to: string };
};

const START_CTA = {
  title: 'Ready to organise your next win?',
  text: 'Choose a plan and bring your donors, campaigns and events into one workspace.',
  label: 'Get Started',
  to: '/signup',
};

const HELP_CENTER: ContentPage = {
  eyebrow: 'Help Center',
  title: 'Help Center',
  lead: 'Guides, webinars, API documentation and training to get your team productive in Caucus.',
  sections: [
    {
      heading: 'Getting started',
      items: [
        'Import your existing donor file from CSV, XLS or XLSX and map its columns.',
        'Create your first campaign with a fundraising goal and suggested amounts.',
        'Build static lists by hand, or smart lists that update from rules.',
      ],
    },
    {
      heading: 'Guides and webinars',
      text: 'Step-by-step guides cover contacts, pledges and donations, events, imports and FEC reporting. Live webinars walk through a full campaign cycle every month.',
    },
    {
      heading: 'API documentation',
      text: 'Every screen of Caucus runs on the same JSON API under /api, with session authentication and consistent error messages.',
    },
    {
      heading: 'Training',
      text: 'Onboarding sessions for new staff and volunteers, tailored to campaigns, nonprofits and educational institutions.',
    },
    {
      heading: 'Still need help?',
      text: `Email ${SUPPORT_EMAIL}; we reply within 24 hours. Live chat is open Monday to Friday 9 AM to 6 PM EST.`,
    },
  ],
  cta: { title: 'Talk to a person', text: 'Our support team answers every message within 24 hours.', label: 'Contact us', to: '/contact' },
};

const STORIES: ContentPage = {
  eyebrow: 'Blog & Case Studies',
  title: 'Blog & Case Studies',
  lead: 'Stories and practical advice from campaigns and organisations that run on Caucus.',
  sections: [
    {
      heading: 'How a county campaign doubled its small-dollar donors',
      text: 'Smart lists of lapsed donors and a focused event calendar turned a quiet spring into the best quarter of the cycle.',
    },
    {
      heading: 'Five habits of organisations that never miss an FEC deadline',
      text: 'Clean donor records, pledge tracking and reports prepared as you go, not the night before a filing.',
    },
    {
      heading: 'From spreadsheets to one donor file',
      text: 'A community foundation imported ten years of records in an afternoon and finally saw every relationship in one place.',
    },
  ],
  cta: START_CTA,
};

/** Public pages, keyed by path without the leading slash. Headings follow spec point 2. */
export const CONTENT_PAGES: Record<string, ContentPage> = {
  about: {
    eyebrow: 'About',
    title: 'About Caucus',
    lead: 'Caucus gives campaigns and mission-driven organisations the tools large operations take for granted: one donor file, clear finances and well-run events.',
    sections: [
      {
        heading: 'Our mission',
        text: 'Every organiser deserves software that keeps up with them. We build a workspace where contacts, money and events are connected, so teams spend their time on people instead of spreadsheets.',
      },
      {
        heading: 'Who we serve',
        text: 'Political campaigns, nonprofits, 501(c) organisations, grassroots organisers, educational institutions, community organisations and businesses.',
      },
      {
        heading: 'What we believe',
        items: [
          'Supporter data belongs to the organisation that earned it.',
          'Compliance should be a by-product of good records, not a scramble.',
          'Great tools should be affordable for small teams.',
        ],
      },
    ],
    cta: START_CTA,
  },
  users: {
    eyebrow: 'Who uses Caucus',
    title: 'Built for every kind of organiser',
    lead: 'From a first-time candidate to a statewide nonprofit, Caucus adapts to how your team raises money and mobilises people.',
    sections: [
      { heading: 'Political campaigns', text: 'Donor and voter CRM, fundraising goals, rallies and FEC-ready records.' },
      { heading: 'Nonprofits and 501(c) organisations', text: 'Pledges, recurring gifts and donor history for 501(c)(3), (c)(4) and (c)(6) groups.' },
      { heading: 'Grassroots organisers', text: 'Volunteer lists, events and outreach tracking without an IT department.' },
      { heading: 'Educational institutions', text: 'Alumni relations, giving campaigns and event management in one place.' },
      { heading: 'Community organisations and businesses', text: 'Member lists, sponsorships and community events, organised.' },
    ],
    cta: START_CTA,
  },
  features: {
    eyebrow: 'Features',
    title: 'Everything your campaign runs on',
    lead: 'A donor CRM, a campaign finance hub and event management, connected by one contact record.',
    sections: [
      { heading: 'Donor and voter CRM', text: 'Contacts with phones, emails, addresses, education, employment, relationships and notes.' },
      { heading: 'Campaign finance hub', text: 'Pledges and donations per contact, campaign goals and progress, totals that stay current.' },
      { heading: 'Events and rallies', text: 'Fundraisers, rallies and meetings with locations, virtual links and attendee limits.' },
      { heading: 'List segmentation', text: 'Static lists you curate and smart lists that follow rules on giving, tags and activity.' },
      { heading: 'Analytics and FEC compliance reporting', text: 'See what works and keep the records your filings need.' },
      { heading: 'Bulk import', text: 'Bring contacts, donations and pledges in from CSV, XLS or XLSX with column mapping and validation.' },
    ],
    cta: START_CTA,
  },
  integrations: {
    eyebrow: 'Integrations',
    title: 'Works with the tools you already use',
    lead: 'Connect Caucus to your email, CRM, payment, accounting and messaging tools.',
    sections: [
      { heading: 'Email', text: 'Send segments from your lists to your email platform.' },
      { heading: 'CRM', text: 'Keep records aligned with the CRM your organisation already runs.' },
      { heading: 'Payments', text: 'Card payments through a trusted payment provider, recorded as donations.' },
      { heading: 'Accounting', text: 'Export donations and pledges for your bookkeeping.' },
      { heading: 'Messaging', text: 'Reach supporters by text and chat from the lists you build.' },
    ],
    cta: START_CTA,
  },
  security: {
    eyebrow: 'Security',
    title: 'Security you can explain to your board',
    lead: 'Your supporters trust you with their data. We protect it as if it were ours.',
    sections: [
      { heading: 'Account isolation', text: 'Every record belongs to one account, and every request is checked against it.' },
      { heading: 'Sign-in protection', text: 'Passwords are hashed with a modern algorithm, sessions are revocable and sign-in attempts are rate limited.' },
      { heading: 'Files and documents', text: 'Uploads are type- and size-checked and downloaded through expiring links.' },
      { heading: 'Payments', text: 'Card details go straight to our payment provider and never touch our servers.' },
    ],
  },
  demo: {
    eyebrow: 'Demo',
    title: 'See Caucus in action',
    lead: 'A 30-minute walkthrough of contacts, campaigns, events and reporting, shaped around your organisation.',
    sections: [
      {
        heading: 'What we will cover',
        items: [
          'Importing your donor file and cleaning it up',
          'Setting campaign goals and tracking progress',
          'Building smart lists for outreach',
          'Running an event from invitation to follow-up',
        ],
      },
    ],
    cta: { title: 'Book your demo', text: 'Tell us about your organisation and we will schedule a time.', label: 'Contact us', to: '/contact' },
  },
  press: {
    eyebrow: 'Press',
    title: 'Press',
    lead: 'News, announcements and resources for journalists covering Caucus.',
    sections: [
      { heading: 'Media inquiries', text: `Reach our team at ${SUPPORT_EMAIL}; we respond to press requests within one business day.` },
      { heading: 'About the company', text: 'Caucus builds fundraising and organising software for campaigns, nonprofits and community organisations.' },
    ],
  },
  status: {
    eyebrow: 'System status',
    title: 'All systems operational',
    lead: 'Current status of the Caucus services.',
    sections: [
      {
        heading: 'Services',
        items: [
          'Web application — Operational',
          'API — Operational',
          'Data import — Operational',
          'Payments — Operational',
          'Email delivery — Operational',
        ],
      },
    ],
  },
  privacy: {
    eyebrow: 'Legal',
    title: 'Privacy Policy',
    lead: 'How Caucus collects, uses and protects personal information.',
    sections: [
      { heading: 'Information we collect', text: 'Account details you give us, the supporter records you store, and basic usage data that helps us improve the service.' },
      { heading: 'How we use it', text: 'To provide and secure the service, support your team and process payments. We do not sell personal information.' },
      { heading: 'Your data, your control', text: 'Your organisation owns its supporter data and can export or delete it at any time.' },
      { heading: 'Contact', text: `Questions about privacy: ${SUPPORT_EMAIL}.` },
    ],
  },
  terms: {
    eyebrow: 'Legal',
    title: 'Terms of Service',
    lead: 'The agreement between Caucus and the organisations that use it.',
    sections: [
      { heading: 'Subscriptions', text: 'Plans are billed monthly. You can cancel at any time; a 30-day money-back guarantee applies to new subscriptions.' },
      { heading: 'Pricing changes', text: 'We give at least 30 days notice before any change to the price of your plan.' },
      { heading: 'Acceptable use', text: 'Use Caucus lawfully, including the election and fundraising laws that apply to your organisation.' },
    ],
  },
  cookies: {
    eyebrow: 'Legal',
    title: 'Cookie Policy',
    lead: 'Caucus uses a small number of cookies to keep you signed in and the service secure.',
    sections: [
      { heading: 'Essential cookies', text: 'A session cookie keeps you signed in. It cannot be read by page scripts and expires when you sign out.' },
      { heading: 'Analytics', text: 'We measure page views and feature use in aggregate to improve Caucus.' },
    ],
  },
  compliance: {
    eyebrow: 'FEC Compliance',
    title: 'FEC Compliance',
    lead: 'Keep the records your Federal Election Commission filings need, as you raise money.',
    sections: [
      {
        heading: 'Reports we help you prepare',
        items: [
          'Form 3 — Report of Receipts and Disbursements for an authorized committee',
          'Form 3X — Report of Receipts and Disbursements for other committees',
          'Form 24 — 24/48 Hour Report of Independent Expenditures',
          'Form 48 — 48-hour notices of large contributions received before an election',
        ],
      },
      { heading: 'Donor records', text: 'Names, addresses, occupations and employers are stored with every contact, ready for itemisation.' },
    ],
    cta: START_CTA,
  },
  blog: STORIES,
  'case-studies': STORIES,
  help: HELP_CENTER,
  guides: HELP_CENTER,
  webinars: HELP_CENTER,
  'api-docs': HELP_CENTER,
  training: HELP_CENTER,
  contact: {
    eyebrow: 'Contact',
    title: 'Contact us',
    lead: 'Questions about plans, your account or a partnership? We reply within 24 hours.',
    sections: [
      { heading: 'Email', text: `Write to ${SUPPORT_EMAIL} for sales, support, billing or partnerships.` },
      { heading: 'Live chat', text: 'Monday to Friday 9 AM to 6 PM EST.' },
      { heading: 'Help Center', text: 'Most answers are already in our guides and documentation.' },
    ],
    cta: { title: 'Looking for answers now?', text: 'Browse guides, webinars and documentation.', label: 'Visit the Help Center', to: '/help' },
  },
};
