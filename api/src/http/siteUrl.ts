import type { AppConfig } from '../config';

export type SiteConfig = Pick<AppConfig, 'publicUrl' | 'corsOrigins'>;

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The origins whose pages are this site: PUBLIC_URL's and the configured frontends (CORS_ORIGINS). */
export function siteOrigins(config: SiteConfig): string[] {
  const publicOrigin = originOf(config.publicUrl);
  return [...new Set([...(publicOrigin ? [publicOrigin] : []), ...config.corsOrigins])];
}

/**
 * Base address of a link the API sends a browser (a reset email, a checkout return). Always a
 * configured value: the browser's Origin only chooses among the configured frontends (the dev
 * shell runs on its own port); anything else, and every Host header, gets PUBLIC_URL. A link built
 * from a header would let an attacker point a victim's reset link at a host they own.
 */
export function siteUrlFor(config: SiteConfig, browserOrigin?: string): string {
  if (browserOrigin && config.corsOrigins.includes(browserOrigin)) return browserOrigin;
  return config.publicUrl;
}
