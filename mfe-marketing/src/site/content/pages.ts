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
  title: 'Ready to organize your next win?',
  text: 'Plans from $100/month with unlimited contacts and a 30-day money-back guarantee.',
  label: 'Get Started',
  to: '/signup',
};

/** /help, /guides, /webinars, /api-docs and /training share this page (docs/product/screens.md, Public site). */
const HELP_CENTER: ContentPage = {
  eyebrow: 'Help Center',
  title: 'Help Center',
  lead: 'Guides, webinars, API documentation and training to get your staff and volunteers productive in Caucus.',
  sections: [
    {
      heading: 'Getting started',
      items: [
        'Import your donor file: upload a CSV, XLS or XLSX file (up to 10MB), map its columns to contact, donation, pledge and associate fields, review flagged rows, then import.',
        'Create your first campaign: name, type (fundraising, advocacy, GOTV, petition and more), fundraising goal, dates and suggested donation amounts.',
        'Build lists: static lists you curate by hand, or smart lists whose rules (for example "total donated greater than 500 and tag has volunteer") refresh on demand.',
        'Plan an event: fundraiser, rally or town hall, in person or virtual, with an attendee limit, ticket price and fundraising goal.',
      ],
    },
    {
      heading: 'Guides',
      items: [
        'Recording pledges and donations, and linking a donation to the pledge it fulfills',
        'Keeping donor records FEC-ready: occupation, employer and address for every itemised contribution',
        'Cleaning an imported file: duplicate headers, invalid emails and unparseable dates',
        'Reading the dashboard: total raised, active campaigns and the campaign performance list',
      ],
    },
    {
      heading: 'Webinars',
      items: [
        'Caucus in 30 minutes — every Tuesday at 1 PM EST, for new accounts',
        'Smart lists for call time — first Thursday of each month',
        'End-of-quarter reporting with your treasurer — two weeks before each FEC quarterly deadline',
      ],
    },
    {
      heading: 'API documentation',
      text: 'Every screen of Caucus runs on the same JSON API under /api. Requests and responses use a { data } envelope, errors return a { message } with the proper HTTP status, and programmatic clients authenticate with a bearer token from POST /api/auth/login. Contacts, contact lists, campaigns, events and imports each have documented list, read, create, update and delete calls.',
    },
    {
      heading: 'Training',
      text: 'Live onboarding for your staff and volunteers, tailored to campaigns, nonprofits, 501(c) organizations and educational institutions. Organization plans include a quarterly refresher session for new team members.',
    },
    {
      heading: 'Still need help?',
      text: `Email ${SUPPORT_EMAIL} and a person replies within 24 hours. Live chat is open Monday to Friday 9 AM to 6 PM EST.`,
    },
  ],
  cta: { title: 'Talk to a person', text: 'Our support team answers every message within 24 hours.', label: 'Contact us', to: '/contact' },
};

/** Public static pages, keyed by path without the leading slash: the routes of docs/product/screens.md, Public site. */
export const CONTENT_PAGES: Record<string, ContentPage> = {
  about: {
    eyebrow: 'About',
    title: 'About Caucus',
    lead: 'Caucus gives campaigns and mission-driven organizations the tools large operations take for granted: one donor file, clear finances and well-run events.',
    sections: [
      {
        heading: 'Our mission',
        text: 'Every organizer deserves software that keeps up with them. We build a workspace where contacts, money and events are connected, so teams spend their time with supporters instead of reconciling spreadsheets the night before a deadline.',
      },
      {
        heading: 'Why we built Caucus',
        text: 'Small campaigns and nonprofits were stuck choosing between enterprise CRMs priced for national committees and a patchwork of spreadsheets, payment exports and calendar invites. Caucus puts the donor record at the centre: every pledge, donation, event, note and relationship hangs off the person it belongs to.',
      },
      {
        heading: 'Who we serve',
        text: 'Political campaigns, nonprofits, 501(c) organizations, grassroots organizers, educational institutions, community organizations and businesses — from a first-time school board candidate to a statewide advocacy group.',
      },
      {
        heading: 'What we believe',
        items: [
          'Supporter data belongs to the organization that earned it, and can be exported at any time.',
          'Compliance should be a by-product of good records, not a scramble before a filing.',
          'Great tools should be affordable for small teams: every plan includes unlimited contacts.',
          'Support should come from people who understand campaigns: every message is answered within 24 hours.',
        ],
      },
    ],
    cta: START_CTA,
  },
  users: {
    eyebrow: 'Who uses Caucus',
    title: 'Built for every kind of organizer',
    lead: 'From a first-time candidate to a statewide nonprofit, Caucus adapts to how your team raises money and mobilizes people.',
    sections: [
      {
        heading: 'Political campaigns',
        text: 'A donor and voter CRM, fundraising goals per campaign, rallies and canvass events, and donor records with the occupation and employer details FEC reports need.',
      },
      {
        heading: 'Nonprofits and 501(c) organizations',
        text: 'Pledges with weekly, monthly, quarterly or annual frequency, recurring gifts, tax-deductible amounts and in-kind donations for 501(c)(3), 501(c)(4) and 501(c)(6) groups.',
      },
      {
        heading: 'Grassroots organizers',
        text: 'Volunteer lists, tags and outreach notes, without an IT department. Smart lists find everyone who attended an event but has not volunteered yet.',
      },
      {
        heading: 'Educational institutions',
        text: 'Alumni relations with education history on every contact, annual giving campaigns and reunion events in one place.',
      },
      {
        heading: 'Community organizations',
        text: 'Member lists, neighbourhood events and local sponsorships, with related contacts linking families and households.',
      },
      {
        heading: 'Businesses',
        text: 'Sponsorship programs, community investment and employee giving, tracked with the same care as any campaign.',
      },
    ],
    cta: START_CTA,
  },
  features: {
    eyebrow: 'Features',
    title: 'Everything your campaign runs on',
    lead: 'A donor CRM, a campaign finance hub and event management, connected by one contact record.',
    sections: [
      {
        heading: 'Donor and voter CRM',
        text: 'Contacts with multiple phones, emails and addresses, education and employment history, related contacts (spouse, colleague, mentor and more), documents, a profile photo and dated notes by type. List and grid views, search, and filters by status.',
      },
      {
        heading: 'Campaign finance hub',
        text: 'Pledges and donations on every contact, ten payment methods from cash and check to ACH and in-kind, a financial summary per donor, and campaign totals that refresh on demand.',
      },
      {
        heading: 'Campaigns',
        text: 'Nine campaign types including fundraising, advocacy, GOTV and petitions. Fundraising, contact and volunteer goals, public donation limits and suggested amounts.',
      },
      {
        heading: 'Events and rallies',
        text: 'Fundraisers, rallies and meetings with locations or virtual links, attendee limits, ticket prices, RSVPs and a calendar with day, week and month views.',
      },
      {
        heading: 'List segmentation',
        text: 'Static lists you curate and smart lists built from rules on giving, tags, dates and activity — combine conditions with and/or and refresh whenever you need an up-to-date segment.',
      },
      {
        heading: 'Bulk import',
        text: 'Bring contacts, associates, donations and pledges in from CSV, XLS or XLSX with automatic column matching, row-by-row validation and an import history that refreshes every 5 seconds.',
      },
      {
        heading: 'Analytics and FEC compliance reporting',
        text: 'A dashboard of total contacts, total raised and active campaigns, progress per campaign, and the donor detail your Form 3, 3X, 24 and 48 filings depend on.',
      },
    ],
    cta: START_CTA,
  },
  integrations: {
    eyebrow: 'Integrations',
    title: 'Works with the tools you already use',
    lead: 'Connect Caucus to your email, CRM, payment, accounting and messaging tools, so your donor record stays the single source of truth.',
    sections: [
      {
        heading: 'Email',
        text: 'Send a static or smart list to your email platform as an audience, and keep unsubscribes and bounced addresses in sync with contact status.',
      },
      {
        heading: 'CRM',
        text: 'Import from the CRM your organization already runs with column mapping, and export contacts back with tags and giving totals.',
      },
      {
        heading: 'Payments',
        text: 'Card payments go through a trusted payment provider and are recorded as donations with their transaction id, so receipts and totals always agree.',
      },
      {
        heading: 'Accounting',
        text: 'Export donations and pledges with dates, payment methods, reference numbers and net amounts for your bookkeeping and audit.',
      },
      {
        heading: 'Messaging',
        text: 'Reach supporters by text and chat from the lists you build, and log every conversation as a note on the contact.',
      },
      {
        heading: 'Open API',
        text: 'Everything the application does is available through the JSON API under /api, documented in the Help Center.',
      },
    ],
    cta: START_CTA,
  },
  security: {
    eyebrow: 'Security',
    title: 'Security you can explain to your board',
    lead: 'Your supporters trust you with their data. We protect it as if it were ours.',
    sections: [
      {
        heading: 'Account isolation',
        text: 'Every record belongs to exactly one account and every request is checked against the signed-in account. Asking for another organization’s record returns "not found", never its data.',
      },
      {
        heading: 'Sign-in protection',
        text: 'Passwords are hashed with Argon2id and must be at least 8 characters. Sessions live in an httpOnly cookie page scripts cannot read, can be revoked at logout, and sign-in and password-reset attempts are rate limited. Reset links work once and expire after one hour.',
      },
      {
        heading: 'Files and documents',
        text: 'Uploads are type- and size-checked (images up to 5 MB, documents up to 10 MB) and downloaded only through expiring signed links.',
      },
      {
        heading: 'Payments',
        text: 'Card details go straight to our payment provider’s checkout and never touch Caucus servers. Payment notifications are verified by signature before they change anything.',
      },
      {
        heading: 'Reporting a vulnerability',
        text: `Email ${SUPPORT_EMAIL} with the subject "Security". We acknowledge reports within 24 hours and keep you informed until the fix ships.`,
      },
    ],
  },
  demo: {
    eyebrow: 'Demo',
    title: 'See Caucus in action',
    lead: 'A 30-minute live walkthrough of contacts, campaigns, events and reporting, shaped around your organization.',
    sections: [
      {
        heading: 'What we will cover',
        items: [
          'Importing your donor file and cleaning it up before it lands',
          'Setting campaign goals and tracking progress on the dashboard',
          'Building smart lists for call time and outreach',
          'Running an event from invitation to follow-up',
          'Recording pledges and donations the way your treasurer needs them',
        ],
      },
      {
        heading: 'Who should join',
        text: 'Campaign managers, finance directors, development staff and volunteer coordinators. Bring the questions your team argues about; we will answer them in the product.',
      },
      {
        heading: 'How to book',
        text: 'Send us a message with your organization type and the size of your team. We reply within 24 hours with times that suit you.',
      },
    ],
    cta: { title: 'Book your demo', text: 'Tell us about your organization and we will schedule a time.', label: 'Contact us', to: '/contact' },
  },
  press: {
    eyebrow: 'Press',
    title: 'Press',
    lead: 'News, announcements and resources for journalists covering Caucus.',
    sections: [
      {
        heading: 'Recent announcements',
        items: [
          'November 2026 — Smart lists gain date ranges and tag rules for end-of-year giving campaigns.',
          'September 2026 — Bulk import adds XLSX support, automatic column matching and row-level validation.',
          'June 2026 — Caucus launches four monthly plans from $100, each with unlimited contacts.',
        ],
      },
      {
        heading: 'About the company',
        text: 'Caucus builds fundraising and organizing software for political campaigns, nonprofits, 501(c) organizations, educational institutions and community groups. One workspace holds donors, pledges and donations, lists, campaigns and events.',
      },
      {
        heading: 'Media inquiries',
        text: `Reach our team at ${SUPPORT_EMAIL} with the subject "Press"; we respond to press requests within one business day. Logos and product screenshots are available on request.`,
      },
    ],
  },
  privacy: {
    eyebrow: 'Legal',
    title: 'Privacy Policy',
    lead: 'How Caucus collects, uses and protects personal information. Last updated November 1, 2026.',
    sections: [
      {
        heading: 'Information we collect',
        items: [
          'Account details you give us at signup: name, email, phone number, organization name and type.',
          'The supporter records your organization stores in Caucus, which we process only on your instructions.',
          'Billing details handled by our payment provider; Caucus never receives full card numbers.',
          'Basic usage data such as page views and feature use, to keep the service reliable and improve it.',
        ],
      },
      {
        heading: 'How we use it',
        text: 'To provide and secure the service, support your team, send service emails such as password resets and receipts, and process payments. We do not sell personal information and we do not use your supporters’ data for our own marketing.',
      },
      {
        heading: 'Your data, your control',
        text: 'Your organization owns its supporter data and can export or delete it at any time. When an account closes, its data is deleted from our systems within 30 days, and from backups within 90 days.',
      },
      {
        heading: 'Security',
        text: 'Access is isolated per account, passwords are hashed with Argon2id, and files are served through expiring links. See our Security page for details.',
      },
      { heading: 'Contact', text: `Questions about privacy or a data request: ${SUPPORT_EMAIL}. We reply within 24 hours.` },
    ],
  },
  terms: {
    eyebrow: 'Legal',
    title: 'Terms of Service',
    lead: 'The agreement between Caucus and the organizations that use it. Last updated November 1, 2026.',
    sections: [
      {
        heading: 'Subscriptions and billing',
        text: 'Plans are billed monthly in US dollars: Starter $100 (1 user), Growth $200 (2 users), Team $300 (5 users) and Organization $500 (10 users), each with unlimited contacts. Your subscription renews each month until you cancel; you can cancel at any time and keep access until the end of the paid period.',
      },
      {
        heading: 'Money-back guarantee',
        text: 'New subscriptions come with a 30-day money-back guarantee: if Caucus is not right for you, ask for a refund within 30 days of your first payment and we will return it in full.',
      },
      {
        heading: 'Pricing changes',
        text: 'We give at least 30 days notice by email before any change to the price of your plan. The new price applies from the first billing date after the notice period.',
      },
      {
        heading: 'Support',
        text: `We reply to every support request sent to ${SUPPORT_EMAIL} within 24 hours. Live chat is available Monday to Friday 9 AM to 6 PM EST.`,
      },
      {
        heading: 'Your data',
        text: 'You own the data you put into Caucus. You are responsible for having the right to store it and for using it lawfully, including the election, fundraising and privacy laws that apply to your organization.',
      },
      {
        heading: 'Acceptable use',
        text: 'Do not use Caucus to send unsolicited bulk messages, to store data obtained unlawfully, or to attempt to access another organization’s account. We may suspend accounts that put other customers or the service at risk.',
      },
    ],
  },
  cookies: {
    eyebrow: 'Legal',
    title: 'Cookie Policy',
    lead: 'Caucus uses a small number of cookies to keep you signed in and the service secure. We do not use advertising cookies.',
    sections: [
      {
        heading: 'Essential cookies',
        items: [
          'caucus_session — keeps you signed in. It cannot be read by page scripts, and ends when you sign out (or with the browser session unless you chose "Remember me").',
          'caucus_signup — set during signup for up to one hour, so only you can open checkout for the account you just created.',
        ],
      },
      {
        heading: 'Local storage',
        text: 'Your browser keeps your profile (name, email and organization, never a password or token) so pages can greet you without another request.',
      },
      {
        heading: 'Analytics',
        text: 'We count page views and feature use in aggregate to improve Caucus. These measurements go to our own servers, not to third-party advertisers.',
      },
      {
        heading: 'Managing cookies',
        text: 'You can clear cookies in your browser settings at any time; you will then need to sign in again.',
      },
    ],
  },
  compliance: {
    eyebrow: 'FEC Compliance',
    title: 'FEC Compliance',
    lead: 'Keep the records your Federal Election Commission filings need, as you raise money — not the night before a deadline.',
    sections: [
      {
        heading: 'Reports we help you prepare',
        items: [
          'Form 3 — Report of Receipts and Disbursements for an authorized committee: the regular report a candidate’s principal campaign committee files for House and Senate races.',
          'Form 3X — Report of Receipts and Disbursements for other committees: filed by PACs and party committees on a monthly or quarterly schedule.',
          'Form 24 — 24/48 Hour Report of Independent Expenditures: due when independent expenditures reach the reporting thresholds before an election.',
          'Form 48 — 48-Hour Notice of Contributions/Loans Received: due within 48 hours for contributions of $1,000 or more received between the 20th and 2nd day before an election.',
        ],
      },
      {
        heading: 'Donor records, ready for itemization',
        text: 'Every contact stores name, mailing address, occupation and employer, and every donation its date, amount, payment method and reference number — the details an itemised contribution needs.',
      },
      {
        heading: 'Pledges kept apart from receipts',
        text: 'Pledges are tracked separately and only count as money received when a donation fulfills them, so reported receipts are never overstated.',
      },
      {
        heading: 'A note on responsibility',
        text: 'Caucus organizes your records and makes reporting easier; your treasurer remains responsible for the accuracy and timely filing of each report.',
      },
    ],
    cta: START_CTA,
  },
  help: HELP_CENTER,
  guides: HELP_CENTER,
  webinars: HELP_CENTER,
  'api-docs': HELP_CENTER,
  training: HELP_CENTER,
};
