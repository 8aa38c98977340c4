import { campaignInputSchema } from '@caucus/contract';
import { defaultCampaignValues, shapeCampaignForSave, validateCampaign, type CampaignFormValues } from './campaignRules';

// The form and the API must agree: what the form sends passes the server's schema, and what the
// form refuses the server refuses with the same text.
function values(overrides: Partial<CampaignFormValues> = {}): CampaignFormValues {
  return { ...defaultCampaignValues(), name: 'Spring Drive', slug: 'spring-drive', ...overrides };
}

function serverMessages(form: CampaignFormValues): string[] {
  const result = campaignInputSchema.safeParse(shapeCampaignForSave(form));
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('form rules against the shared API contract', () => {
  test('a shaped campaign is a valid CampaignInput', () => {
    const payload = shapeCampaignForSave(
      values({ description: 'Door to door', committeeId: 'cm-1', startDate: '2026-03-01', endDate: '2026-06-30', fundraisingGoal: '500' }),
    );
    const parsed = campaignInputSchema.parse(payload);
    expect(parsed.startDate).toBe('2026-03-01');
    expect(parsed.endDate).toBe('2026-06-30');
    expect(campaignInputSchema.safeParse(shapeCampaignForSave(values())).success).toBe(true);
  });

  test.each<Partial<CampaignFormValues>>([
    { name: '' },
    { slug: '' },
    { campaignType: '' },
    { startDate: '2026-06-30', endDate: '2026-03-01' },
    { donationMinimum: '-1' },
    { donationMinimum: '50', donationMaximum: '20' },
  ])('the same message for %p', (overrides) => {
    const form = values(overrides);
    const messages = Object.values(validateCampaign(form));
    expect(messages).toHaveLength(1);
    expect(serverMessages(form)).toContain(messages[0]);
  });
});
