import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { isMysqlUrl } from './db/knex';
import { MIN_TOTP_KEY_LENGTH } from './modules/auth/secretBox';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export type PasswordHashCost = {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
};

export type AppConfig = {
  nodeEnv: string;
  port: number;
  databaseUrl: string | undefined;
  sqliteFile: string;
  staticDir: string | undefined;
  /**
   * The site's public address (PUBLIC_URL): every link the API builds (emails, checkout returns)
   * points here or at one of corsOrigins, never at a request's Host or Origin. Required in
   * production; elsewhere http://localhost:<PORT>.
   */
  publicUrl: string;
  cookieSecure: boolean;
  corsOrigins: string[];
  logLevel: LogLevel;
  /** Lifetime of a "Remember me" session. */
  sessionTtlDays: number;
  /** Lifetime of a session without "Remember me". */
  sessionShortTtlHours: number;
  /** Trust X-Forwarded-* headers (behind a load balancer). */
  trustProxy: boolean;
  /**
   * With trustProxy, how many proxies in front of the API append to X-Forwarded-For (TRUST_PROXY_HOPS,
   * default 1). The client's address is read that many entries from the right: whatever a client
   * writes further left is its own invention and must not choose the IP the per-IP limits count.
   */
  trustProxyHops: number;
  bodyLimitBytes: number;
  seedDemo: boolean;
  passwordHashCost: PasswordHashCost;
  /** smtp(s)://user:pass@host:port; unset = emails are only recorded in email_outbox. */
  smtpUrl: string | undefined;
  /** From address of every email the app sends. */
  mailFrom: string;
  /** Where contact-form notices go. */
  supportEmail: string;
  /** Set: signup checkout runs on Stripe. Unset: the built-in local checkout page stands in. */
  stripeSecretKey: string | undefined;
  /** Verifies webhook signatures. Unset: the webhook refuses every event (the local checkout needs none). */
  stripeWebhookSecret: string | undefined;
  /** Plan id -> Stripe price id, overriding plans.stripe_price_id (STRIPE_PRICE_IDS=growth:price_1,...). */
  stripePriceIds: Record<string, string>;
  /** Root folder of the local-disk file storage. */
  filesDir: string;
  /** Signs expiring file URLs. */
  fileUrlSecret: string;
  /**
   * Encrypts the two-factor (TOTP) secrets at rest (TOTP_ENCRYPTION_KEY, 32+ characters). Required in
   * production; elsewhere unset means the documented development key of modules/auth/secretBox.ts.
   */
  totpEncryptionKey: string | undefined;
  /** Per-IP limits and per-user/per-account analytics quotas counted in the database, so they hold across instances. */
  rateLimits: RateLimits;
  /** Set (S3_BUCKET and friends): uploads go to S3-compatible storage instead of filesDir. */
  s3: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string } | undefined;
  /** Body limit of the import upload routes (up to 200,000 rows per request). */
  importBodyLimitBytes: number;
  /**
   * How many times its sent size a compressed request body may inflate to (BODY_MAX_INFLATION_RATIO,
   * default 100; checked once it passes 1 MiB): a gzip bomb is refused with 413 while it inflates.
   */
  bodyMaxInflationRatio: number;
  /** Set: jobs (imports) go to BullMQ on this Redis; unset: they run in the API process. */
  redisUrl: string | undefined;
  /** With Redis, whether the API process also works jobs (JOBS_WORKER=false: only `npm run worker`). */
  jobsWorker: boolean;
  /** Redis key prefix of the job queue (separates installs, and test runs, sharing one Redis). */
  jobsPrefix: string;
  /** Rows per import batch transaction, and how long a job owns an import before another may take over. */
  importBatchSize: number;
  importLeaseMs: number;
  /**
   * Set: the process serves `GET /metrics` (Prometheus's text format) on this port of its own, never
   * on the public one (api/src/metrics). Unset: no metrics port.
   */
  metricsPort: number | undefined;
  /** The address the metrics port listens on (METRICS_HOST, default 127.0.0.1: this machine only). */
  metricsHost: string;
};

export type RateLimits = {
  /** Failed logins from one IP, whatever the email, in 15 minutes (each costs an argon2 verify). */
  loginFailuresPerIp: number;
  /** Signups (each an argon2 hash and a pending account) from one IP in an hour. */
  signupsPerIpPerHour: number;
  /**
   * Anonymous analytics calls (up to MAX_ANONYMOUS_ANALYTICS_EVENTS_PER_CALL events each) from one IP
   * in a minute and in a day. The browser sends at most one call every 2 s while it has events, so a
   * page view is one call.
   */
  anonymousAnalyticsPerIpPerMinute: number;
  anonymousAnalyticsPerIpPerDay: number;
  /** Analytics events a signed-in user, and all users of one account, may store in a minute and in a day. */
  analyticsEventsPerUserPerMinute: number;
  analyticsEventsPerUserPerDay: number;
  analyticsEventsPerAccountPerMinute: number;
  analyticsEventsPerAccountPerDay: number;
};

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginFailuresPerIp: 30,
  signupsPerIpPerHour: 10,
  anonymousAnalyticsPerIpPerMinute: 30,
  anonymousAnalyticsPerIpPerDay: 1_000,
  // A busy member records a few hundred events a day (page views, saves, searches).
  analyticsEventsPerUserPerMinute: 300,
  analyticsEventsPerUserPerDay: 5_000,
  analyticsEventsPerAccountPerMinute: 1_000,
  analyticsEventsPerAccountPerDay: 20_000,
};

const DEV_ORIGINS = [3000, 3001, 3002, 3003, 3004, 3005, 3006, 3007, 3008, 3009].map((port) => `http://localhost:${port}`);

// OWASP's argon2id baseline (19 MiB, 2 passes) is the floor; these sit above it.
export const PRODUCTION_HASH_COST: PasswordHashCost = { memoryCost: 65536, timeCost: 3, parallelism: 4 };

function parsePriceIds(value: string | undefined): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const pair of parseList(value) ?? []) {
    const [planId, priceId] = pair.split(':').map((part) => part.trim());
    if (!planId || !priceId || !/^price_[A-Za-z0-9_]+$/.test(priceId)) {
      throw new Error(`STRIPE_PRICE_IDS must look like "growth:price_123,team:price_456", got "${pair}"`);
    }
    ids[planId] = priceId;
  }
  return ids;
}

/**
 * Without FILE_URL_SECRET, a secret every instance of an install computes alike from the key they
 * must already share (TOTP_ENCRYPTION_KEY, required in production): a file link signed by one API
 * instance opens on another, and after a restart (docs/adr/0013-capacity-and-scale-out.md).
 */
function derivedFileUrlSecret(totpEncryptionKey: string | undefined): string | undefined {
  if (!totpEncryptionKey) return undefined;
  return createHmac('sha256', totpEncryptionKey).update('caucus file URL signing').digest('hex');
}

let processFileUrlSecret: string | undefined;

// One random secret per process, so every loadConfig() call of a run signs and verifies alike.
function fallbackFileUrlSecret(nodeEnv: string): string {
  if (!processFileUrlSecret) {
    processFileUrlSecret = randomBytes(32).toString('hex');
    if (nodeEnv !== 'test') {
      console.warn('FILE_URL_SECRET is not set: using a random secret, so file links stop working after a restart');
    }
  }
  return processFileUrlSecret;
}

function parseS3(env: NodeJS.ProcessEnv): AppConfig['s3'] {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const region = env.S3_REGION?.trim() || 'us-east-1';
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (!accessKeyId || !secretAccessKey) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required when S3_BUCKET is set');
  }
  const endpoint = env.S3_ENDPOINT?.trim() || `https://s3.${region}.amazonaws.com`;
  return { endpoint, bucket, region, accessKeyId, secretAccessKey };
}

function parseTotpKey(value: string | undefined, production: boolean): string | undefined {
  const key = value?.trim() || undefined;
  if (key && key.length < MIN_TOTP_KEY_LENGTH) {
    throw new Error(`TOTP_ENCRYPTION_KEY must be at least ${MIN_TOTP_KEY_LENGTH} characters (e.g. \`openssl rand -hex 32\`)`);
  }
  // The development key is printed in the README: secrets sealed with it are as good as plain text.
  // Enrolled users' secrets sealed with it earlier are read and sealed again under the real key on
  // first use (secretBox), so setting the variable locks no one out.
  if (!key && production) {
    throw new Error('TOTP_ENCRYPTION_KEY is required when NODE_ENV=production (32+ random characters, e.g. `openssl rand -hex 32`)');
  }
  return key;
}

const LOG_LEVELS: LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];

function parseBool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
}

function parseIntInRange(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max}, got "${value}"`);
  }
  return parsed;
}

function parseList(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return value
    .split(',')
    .map((item) => item.trim().replace(/\/+$/, ''))
    .filter(Boolean);
}

function parsePublicUrl(value: string | undefined, production: boolean, port: number): string {
  const text = value?.trim().replace(/\/+$/, '');
  if (!text) {
    // A production site that guessed its own address would build links from whatever reached it.
    if (production) throw new Error('PUBLIC_URL is required when NODE_ENV=production (e.g. https://app.example.org)');
    return `http://localhost:${port}`;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`PUBLIC_URL must be an http(s) address, got "${value}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash) {
    throw new Error(`PUBLIC_URL must be an http(s) address without credentials, query or fragment, got "${value}"`);
  }
  return text;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const logLevelRaw = (env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info')).toLowerCase();
  if (!LOG_LEVELS.includes(logLevelRaw as LogLevel)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const port = parseIntInRange('PORT', env.PORT, 8080, 0, 65535);
  const production = nodeEnv === 'production';
  const publicUrl = parsePublicUrl(env.PUBLIC_URL, production, port);
  const totpEncryptionKey = parseTotpKey(env.TOTP_ENCRYPTION_KEY, production);
  const stripeSecretKey = env.STRIPE_SECRET_KEY?.trim() || undefined;
  const stripeWebhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || undefined;
  // With real payments a guessable secret would let anyone forge "paid" events.
  if (stripeSecretKey && !stripeWebhookSecret) {
    throw new Error('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set');
  }
  const staticDir = env.STATIC_DIR?.trim() ? path.resolve(env.STATIC_DIR.trim()) : undefined;
  return {
    nodeEnv,
    port,
    databaseUrl,
    sqliteFile: path.resolve(env.SQLITE_FILE?.trim() || path.join('data', 'caucus.sqlite')),
    staticDir,
    publicUrl,
    cookieSecure: parseBool(env.COOKIE_SECURE, publicUrl.startsWith('https://')),
    // The dev servers' origins send credentials; production allows only what it names.
    corsOrigins: parseList(env.CORS_ORIGINS) ?? (production ? [] : DEV_ORIGINS),
    logLevel: logLevelRaw as LogLevel,
    sessionTtlDays: parseIntInRange('SESSION_TTL_DAYS', env.SESSION_TTL_DAYS, 30, 1, 365),
    sessionShortTtlHours: 12,
    trustProxy: parseBool(env.TRUST_PROXY, false),
    trustProxyHops: parseIntInRange('TRUST_PROXY_HOPS', env.TRUST_PROXY_HOPS, 1, 1, 10),
    bodyLimitBytes: parseIntInRange('BODY_LIMIT_BYTES', env.BODY_LIMIT_BYTES, 1024 * 1024, 1024, 50 * 1024 * 1024),
    // The embedded SQLite default is a local/demo install, so it gets the demo account.
    seedDemo: parseBool(env.SEED_DEMO, databaseUrl === undefined),
    passwordHashCost: PRODUCTION_HASH_COST,
    stripeSecretKey,
    stripeWebhookSecret,
    stripePriceIds: parsePriceIds(env.STRIPE_PRICE_IDS),
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM?.trim() || 'Caucus <no-reply@caucus.app>',
    supportEmail: env.SUPPORT_EMAIL?.trim() || 'support@caucus.app',
    filesDir: path.resolve(env.FILES_DIR?.trim() || path.join('data', 'files')),
    fileUrlSecret: env.FILE_URL_SECRET?.trim() || derivedFileUrlSecret(totpEncryptionKey) || fallbackFileUrlSecret(nodeEnv),
    totpEncryptionKey,
    s3: parseS3(env),
    // LOGIN_FAILURES_PER_IP: an install behind a shared office NAT may need more; a test, fewer.
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      loginFailuresPerIp: parseIntInRange('LOGIN_FAILURES_PER_IP', env.LOGIN_FAILURES_PER_IP, DEFAULT_RATE_LIMITS.loginFailuresPerIp, 1, 100_000),
    },
    importBodyLimitBytes: parseIntInRange('IMPORT_BODY_LIMIT_BYTES', env.IMPORT_BODY_LIMIT_BYTES, 128 * 1024 * 1024, 1024, 512 * 1024 * 1024),
    bodyMaxInflationRatio: parseIntInRange('BODY_MAX_INFLATION_RATIO', env.BODY_MAX_INFLATION_RATIO, 100, 2, 10000),
    redisUrl: env.REDIS_URL?.trim() || undefined,
    jobsWorker: parseBool(env.JOBS_WORKER, true),
    jobsPrefix: env.JOBS_PREFIX?.trim() || 'caucus',
    // SQLite pays at COMMIT for every page a batch dirtied, and 1,000 random rows already touch most
    // of each index's pages: 5,000-row batches halve a 100k-row import there (38 s -> 18 s). InnoDB
    // writes pages in the background, so MariaDB keeps short batches and holds row locks briefly.
    importBatchSize: parseIntInRange('IMPORT_BATCH_SIZE', env.IMPORT_BATCH_SIZE, isMysqlUrl(databaseUrl) ? 1000 : 5000, 1, 10000),
    importLeaseMs: parseIntInRange('IMPORT_LEASE_MS', env.IMPORT_LEASE_MS, 30000, 100, 600000),
    metricsPort: env.METRICS_PORT?.trim() ? parseIntInRange('METRICS_PORT', env.METRICS_PORT, 0, 0, 65535) : undefined,
    metricsHost: env.METRICS_HOST?.trim() || '127.0.0.1',
  };
}
