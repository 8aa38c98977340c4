import { campaignInputSchema, dashboardOverviewQuerySchema, eventInputSchema, upcomingEventsQuerySchema } from '@caucus/contract';

// The forms of mfe-campaigns and mfe-events validate with these same schemas, so their texts and
// shaping are pinned here once, without a server.
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`);

describe('campaignInputSchema', () => {
  it('shapes a form submission: trimmed text, dropped blanks, whole-day dates, sorted unique amounts', () => {
    const values = campaignInputSchema.parse({
      name: ' Spring ',
      slug: 'spring',
      description: '',
      campaignType: 'fundraising',
      committeeId: '',
      donationAccountId: null,
      startDate: '2026-04-01',
      endDate: '2026-04-30',
      suggestedAmounts: [50, 25, 50],
    });
    expect(values).toMatchObject({
      name: 'Spring',
      description: null,
      committeeId: null,
      donationAccountId: null,
      status: 'draft',
      startDate: '2026-04-01',
      endDate: '2026-04-30',
      suggestedAmounts: [25, 50],
      donationMinimum: 1,
      donationMaximum: 0,
    });
  });

  it('uses the texts of docs/product/validation.md', () => {
    expect(messages(campaignInputSchema.safeParse({}))).toEqual([
      'name: Campaign name is required',
      'slug: Campaign slug is required',
      'campaignType: Campaign type is required',
    ]);
    const base = { name: 'n', slug: 's', campaignType: 'gotv' };
    expect(messages(campaignInputSchema.safeParse({ ...base, startDate: '2026-05-02T00:00:00Z', endDate: '2026-05-01T00:00:00Z' }))).toEqual([
      'endDate: End date must be after start date',
    ]);
    // The same day as start and end is allowed: the end is the end of that day.
    expect(campaignInputSchema.safeParse({ ...base, startDate: '2026-05-01', endDate: '2026-05-01' }).success).toBe(true);
    // Older clients sent a day as its UTC edges: that is read as the day they meant.
    expect(campaignInputSchema.parse({ ...base, startDate: '2026-05-01T00:00:00.000Z', endDate: '2026-05-31T23:59:59.999Z' })).toMatchObject({
      startDate: '2026-05-01',
      endDate: '2026-05-31',
    });
    expect(messages(campaignInputSchema.safeParse({ ...base, donationMinimum: -1 }))).toEqual(['donationMinimum: Minimum donation must be positive']);
    expect(messages(campaignInputSchema.safeParse({ ...base, donationMinimum: 10, donationMaximum: 5 }))).toEqual([
      'donationMaximum: Maximum donation must be greater than minimum',
    ]);
    // A maximum of 0 means no limit.
    expect(campaignInputSchema.safeParse({ ...base, donationMinimum: 10, donationMaximum: 0 }).success).toBe(true);
  });
});

describe('eventInputSchema', () => {
  it('uses the texts of docs/product/validation.md and the defaults of docs/product/limits-and-defaults.md', () => {
    expect(messages(eventInputSchema.safeParse({}))).toEqual(['name: Event name is required', 'campaignId: Campaign selection is required']);
    expect(messages(eventInputSchema.safeParse({ name: 'x', campaignId: 'c', isVirtual: true }))).toEqual([
      'virtualUrl: Virtual URL is required for virtual events',
    ]);
    expect(eventInputSchema.parse({ name: 'x', campaignId: 'c' })).toMatchObject({
      eventType: 'fundraiser',
      status: 'draft',
      isPublic: true,
      allowDonations: true,
      requiresRsvp: false,
      isVirtual: false,
      maxAttendees: 0,
      ticketPrice: 0,
      fundraisingGoal: 0,
    });
  });
});

describe('dashboard query schemas', () => {
  it('read blank campaignId as none and default the upcoming limit', () => {
    expect(dashboardOverviewQuerySchema.parse({ campaignId: '' })).toEqual({ campaignId: undefined });
    expect(upcomingEventsQuerySchema.parse({})).toEqual({ campaignId: undefined, limit: 10 });
    expect(upcomingEventsQuerySchema.parse({ limit: '3', campaignId: 'abc' })).toEqual({ campaignId: 'abc', limit: 3 });
  });
});
