import path from 'node:path';
import { loadConfig, PRODUCTION_HASH_COST } from './config';

describe('loadConfig', () => {
  it('has working defaults for a local install', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.sqliteFile).toBe(path.resolve('data/caucus.sqlite'));
    expect(config.staticDir).toBeUndefined();
    expect(config.cookieSecure).toBe(false);
    expect(config.corsOrigins).toEqual([3000, 3001, 3002, 3003, 3004, 3005, 3006, 3007, 3008, 3009].map((p) => `http://localhost:${p}`));
    expect(config.logLevel).toBe('info');
    expect(config.sessionTtlDays).toBe(30);
    expect(config.sessionShortTtlHours).toBe(12);
    expect(config.bodyLimitBytes).toBe(1024 * 1024);
    expect(config.seedDemo).toBe(true);
    expect(config.passwordHashCost).toEqual(PRODUCTION_HASH_COST);
  });

  it('imports in large batches on SQLite, where each commit pays for every page it dirtied, and short ones on MariaDB', () => {
    expect(loadConfig({}).importBatchSize).toBe(5000);
    expect(loadConfig({ DATABASE_URL: 'mysql://root@127.0.0.1:3306/caucus' }).importBatchSize).toBe(1000);
    expect(loadConfig({ IMPORT_BATCH_SIZE: '250' }).importBatchSize).toBe(250);
  });

  it('requires PUBLIC_URL in production and allows no development origins there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('PUBLIC_URL is required when NODE_ENV=production');
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'javascript:alert(1)' })).toThrow('PUBLIC_URL must be');
    const production = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://app.example.org', TOTP_ENCRYPTION_KEY: 'k'.repeat(64) });
    expect(production.corsOrigins).toEqual([]);
    expect(production.stripeWebhookSecret).toBeUndefined();
    // Elsewhere links point at this machine's own port.
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '4000',
      DATABASE_URL: 'mysql://u:p@db:3306/caucus',
      STATIC_DIR: 'site',
      PUBLIC_URL: 'https://app.example.org/',
      CORS_ORIGINS: 'https://a.example, https://b.example/',
      LOG_LEVEL: 'WARN',
      SESSION_TTL_DAYS: '7',
      NODE_ENV: 'production',
      TOTP_ENCRYPTION_KEY: 'k'.repeat(64),
    });
    expect(config.port).toBe(4000);
    expect(config.databaseUrl).toBe('mysql://u:p@db:3306/caucus');
    expect(config.staticDir).toBe(path.resolve('site'));
    expect(config.publicUrl).toBe('https://app.example.org');
    // An https public URL implies Secure cookies unless explicitly turned off.
    expect(config.cookieSecure).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://x.example', COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.logLevel).toBe('warn');
    expect(config.sessionTtlDays).toBe(7);
    // A MySQL database only gets the demo account when asked.
    expect(config.seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'mysql://x/y', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('trusts one proxy hop of X-Forwarded-For unless told how many proxies append to it', () => {
    expect(loadConfig({}).trustProxyHops).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'on', TRUST_PROXY_HOPS: '2' }).trustProxyHops).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '0' })).toThrow('TRUST_PROXY_HOPS must be an integer between 1 and 10, got "0"');
  });

  it('is silent under tests unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
  });

  it('fails fast on nonsense', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT must be an integer between 0 and 65535, got "eighty"');
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/);
    expect(() => loadConfig({ SESSION_TTL_DAYS: '0' })).toThrow(/SESSION_TTL_DAYS/);
    expect(() => loadConfig({ METRICS_PORT: '99999' })).toThrow('METRICS_PORT must be an integer between 0 and 65535, got "99999"');
  });

  it('serves metrics only when given a port, on this machine unless told otherwise', () => {
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: ' ' }).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metricsHost).toBe('10.0.0.5');
  });
});
