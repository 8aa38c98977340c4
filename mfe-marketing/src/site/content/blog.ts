export type BlogPost = {
  slug: string;
  category: string;
  kind: 'Case study' | 'Article';
  title: string;
  date: string;
  readingMinutes: number;
  excerpt: string;
  takeaways: string[];
};

export const BLOG_CATEGORIES = ['Fundraising', 'Compliance', 'Data & imports'] as const;

// Three posts; the case studies share the page (docs/product/screens.md, Public site).
export const BLOG_POSTS: BlogPost[] = [
  {
    slug: 'county-campaign-small-dollar-donors',
    category: 'Fundraising',
    kind: 'Case study',
    title: 'How a county commission campaign doubled its small-dollar donors',
    date: 'October 14, 2026',
    readingMinutes: 6,
    excerpt:
      'With a smart list of everyone who gave under $100 last cycle and three house parties on the calendar, a first-time candidate turned a quiet spring into the strongest quarter of the race.',
    takeaways: [
      'A smart list of lapsed donors (last donation over 12 months ago) became the call-time sheet.',
      'Each house party had its own fundraising goal, so volunteers could see progress in real time.',
      'Pledges taken at events were followed up within 48 hours and 81% were fulfilled.',
    ],
  },
  {
    slug: 'five-habits-fec-deadlines',
    category: 'Compliance',
    kind: 'Article',
    title: 'Five habits of committees that never miss an FEC deadline',
    date: 'September 30, 2026',
    readingMinutes: 5,
    excerpt:
      'Treasurers who file calmly share the same routine: complete donor records at entry, pledges tracked separately from receipts, and a weekly look at contributions that trigger 48-hour notices.',
    takeaways: [
      'Capture occupation and employer when the gift arrives, not when the report is due.',
      'Keep pledges and donations apart so receipts are never overstated.',
      'Watch contributions of $1,000 or more in the final 20 days before an election.',
    ],
  },
  {
    slug: 'community-foundation-one-donor-file',
    category: 'Data & imports',
    kind: 'Case study',
    title: 'From eleven spreadsheets to one donor file in an afternoon',
    date: 'September 9, 2026',
    readingMinutes: 7,
    excerpt:
      'A community foundation imported ten years of gifts, pledges and relationships from CSV and Excel files, mapped the columns once, and finally saw every family connection in one place.',
    takeaways: [
      'Column mapping matched 90% of headers automatically, including fname, lname and zip.',
      'Rows with invalid emails or amounts were flagged before import instead of silently dropped.',
      'Related contacts linked spouses and board members, revealing a dozen hidden major donors.',
    ],
  },
];
