// Enough of a User-Agent to name a session the way people recognise it ("Chrome on macOS"). The
// order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", iOS browsers say "Safari".

export type ParsedUserAgent = { browser: string; os: string };

const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\//, 'Chrome'],
  // Automation and scripts (a test run, a scraper): named for what they are, not left unknown.
  [/\bHeadlessChrome\//, 'Headless Chrome'],
  [/\bChrom(?:e|ium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export const UNKNOWN_BROWSER = 'Unknown browser';
export const UNKNOWN_OS = 'unknown system';

export function parseUserAgent(userAgent: string | null | undefined): ParsedUserAgent {
  const text = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(text))?.[1] ?? UNKNOWN_BROWSER;
  const os = SYSTEMS.find(([pattern]) => pattern.test(text))?.[1] ?? UNKNOWN_OS;
  return { browser, os };
}

/** Browser family + OS: what "a new browser" means for login alerts (versions change every month). */
export function browserKey(userAgent: string | null | undefined): string {
  const { browser, os } = parseUserAgent(userAgent);
  return `${browser}|${os}`;
}
