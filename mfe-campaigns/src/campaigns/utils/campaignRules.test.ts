import {
  DEFAULT_SUGGESTED_AMOUNTS,
  addSuggestedAmount,
  campaignToFormValues,
  defaultCampaignValues,
  removeSuggestedAmount,
  shapeCampaignForSave,
  slugify,
  validateCampaign,
  type CampaignFormValues,
} from './campaignRules';

function values(overrides: Partial<CampaignFormValues> = {}): CampaignFormValues {
  return { ...defaultCampaignValues(), name: 'Spring Drive', slug: 'spring-drive', ...overrides };
}

describe('slugify', () => {
  test.each([
    ['Spring Drive 2026', 'spring-drive-2026'],
    ['Dana for Senate!', 'dana-for-senate'],
    ["Rock 'n' Roll  Gala", 'rock-n-roll-gala'],
    ['GOTV -- North / South', 'gotv-north-south'],
    ['Already-hyphenated---name', 'already-hyphenated-name'],
    ['Café & Co.', 'caf-co'],
    ['', ''],
  ])('%p -> %p', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});

describe('suggested amounts', () => {
  test('adds a new positive amount and keeps the list ascending', () => {
    expect(addSuggestedAmount([25, 50, 100], 75)).toEqual([25, 50, 75, 100]);
    expect(addSuggestedAmount([25, 50], 10)).toEqual([10, 25, 50]);
  });

  test('ignores zero, negative, non-numeric and already present amounts', () => {
    const list = [25, 50];
    expect(addSuggestedAmount(list, 0)).toBe(list);
    expect(addSuggestedAmount(list, -5)).toBe(list);
    expect(addSuggestedAmount(list, Number.NaN)).toBe(list);
    expect(addSuggestedAmount(list, 50)).toBe(list);
  });

  test('removes an amount', () => {
    expect(removeSuggestedAmount([25, 50, 100], 50)).toEqual([25, 100]);
  });
});

describe('defaults', () => {
  test('type fundraising, status draft, minimum 1, maximum 0, the six suggested amounts', () => {
    const defaults = defaultCampaignValues();
    expect(defaults).toMatchObject({
      campaignType: 'fundraising',
      status: 'draft',
      donationMinimum: '1',
      donationMaximum: '0',
      suggestedAmounts: [25, 50, 100, 250, 500, 1000],
    });
    expect(DEFAULT_SUGGESTED_AMOUNTS).toEqual([25, 50, 100, 250, 500, 1000]);
  });
});

describe('save shaping', () => {
  test('drops empty optional fields and empty committee/account ids', () => {
    const payload = shapeCampaignForSave(values({ description: '   ', committeeId: '', donationAccountId: '' }));
    expect(payload).toEqual({
      name: 'Spring Drive',
      slug: 'spring-drive',
      campaignType: 'fundraising',
      status: 'draft',
      fundraisingGoal: 0,
      contactGoal: 0,
      volunteerGoal: 0,
      allowPublicDonations: true,
      donationMinimum: 1,
      donationMaximum: 0,
      suggestedAmounts: [25, 50, 100, 250, 500, 1000],
    });
    for (const key of ['description', 'committeeId', 'donationAccountId', 'startDate', 'endDate']) {
      expect(payload).not.toHaveProperty(key);
    }
  });

  test('keeps filled optionals, numbers as numbers', () => {
    const payload = shapeCampaignForSave(
      values({
        description: ' Spring push ',
        committeeId: 'cm-1',
        donationAccountId: 'da-1',
        fundraisingGoal: '50000.5',
        contactGoal: '2000',
        volunteerGoal: '40',
        donationMaximum: '2900',
      }),
    );
    expect(payload).toMatchObject({
      description: 'Spring push',
      committeeId: 'cm-1',
      donationAccountId: 'da-1',
      fundraisingGoal: 50000.5,
      contactGoal: 2000,
      volunteerGoal: 40,
      donationMaximum: 2900,
    });
  });

  test('start and end dates are sent as calendar days, never as instants', () => {
    const payload = shapeCampaignForSave(values({ startDate: '2026-03-01', endDate: '2026-06-30' }));
    expect(payload.startDate).toBe('2026-03-01');
    expect(payload.endDate).toBe('2026-06-30');
  });
});

describe('validation texts', () => {
  test('a valid campaign has no errors', () => {
    expect(validateCampaign(values())).toEqual({});
  });

  test('name, slug and type are required', () => {
    expect(validateCampaign(values({ name: ' ', slug: '', campaignType: '' }))).toEqual({
      name: 'Campaign name is required',
      slug: 'Campaign slug is required',
      campaignType: 'Campaign type is required',
    });
  });

  test('end date must be after start date; the same day is fine', () => {
    expect(validateCampaign(values({ startDate: '2026-06-30', endDate: '2026-03-01' }))).toEqual({
      endDate: 'End date must be after start date',
    });
    expect(validateCampaign(values({ startDate: '2026-03-01', endDate: '2026-03-01' }))).toEqual({});
    expect(validateCampaign(values({ startDate: '2026-03-01', endDate: '' }))).toEqual({});
  });

  test('minimum donation must not be below 0', () => {
    expect(validateCampaign(values({ donationMinimum: '-1' }))).toEqual({ donationMinimum: 'Minimum donation must be positive' });
    expect(validateCampaign(values({ donationMinimum: '0' }))).toEqual({});
  });

  test('a positive maximum below the minimum is rejected; 0 means no limit', () => {
    expect(validateCampaign(values({ donationMinimum: '50', donationMaximum: '20' }))).toEqual({
      donationMaximum: 'Maximum donation must be greater than minimum',
    });
    expect(validateCampaign(values({ donationMinimum: '50', donationMaximum: '0' }))).toEqual({});
    expect(validateCampaign(values({ donationMinimum: '50', donationMaximum: '50' }))).toEqual({});
  });

  test('goals have a minimum of 0', () => {
    expect(Object.keys(validateCampaign(values({ fundraisingGoal: '-1', contactGoal: '-2', volunteerGoal: '-3' })))).toEqual([
      'fundraisingGoal',
      'contactGoal',
      'volunteerGoal',
    ]);
  });
});

describe('campaignToFormValues', () => {
  test('shows a stored campaign with its dates as calendar days', () => {
    const form = campaignToFormValues({
      name: 'Gala',
      slug: 'gala',
      description: null,
      campaignType: 'event',
      status: 'active',
      committeeId: null,
      donationAccountId: 'da-1',
      fundraisingGoal: 1000,
      contactGoal: 10,
      volunteerGoal: 2,
      startDate: '2026-03-01T00:00:00.000Z',
      endDate: '2026-06-30T23:59:59.999Z',
      allowPublicDonations: false,
      donationMinimum: 5,
      donationMaximum: 0,
      suggestedAmounts: [100, 20],
    });
    expect(form).toMatchObject({
      description: '',
      committeeId: '',
      donationAccountId: 'da-1',
      fundraisingGoal: '1000',
      startDate: '2026-03-01',
      endDate: '2026-06-30',
      allowPublicDonations: false,
      donationMinimum: '5',
      suggestedAmounts: [20, 100],
    });
  });
});
