import { loadConfig } from '../../config';

describe('Stripe configuration', () => {
  it('defaults to the offline local checkout with no webhook secret (the webhook then refuses every event)', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.stripeSecretKey).toBeUndefined();
    expect(config.stripeWebhookSecret).toBeUndefined();
    expect(config.stripePriceIds).toEqual({});
  });

  it('requires a webhook secret once real payments are configured', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow('STRIPE_WEBHOOK_SECRET is required');
    const config = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PRICE_IDS: 'growth:price_G, team:price_T' });
    expect(config.stripeSecretKey).toBe('sk_test_1');
    expect(config.stripePriceIds).toEqual({ growth: 'price_G', team: 'price_T' });
  });

  it('refuses malformed price lists', () => {
    expect(() => loadConfig({ STRIPE_PRICE_IDS: 'growth' })).toThrow('STRIPE_PRICE_IDS');
    expect(() => loadConfig({ STRIPE_PRICE_IDS: 'growth:prod_1' })).toThrow('STRIPE_PRICE_IDS');
  });
});
