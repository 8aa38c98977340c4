import { browserKey, parseUserAgent, UNKNOWN_BROWSER, UNKNOWN_OS } from './userAgent';

describe('parseUserAgent', () => {
  test.each([
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome', 'macOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge', 'Windows'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari',
      'iPhone',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
      'Chrome',
      'iPhone',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox', 'Linux'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.0.0 Safari/537.36', 'Headless Chrome', 'Linux'],
    ['curl/8.5.0', 'curl', UNKNOWN_OS],
    ['', UNKNOWN_BROWSER, UNKNOWN_OS],
  ])('%s', (userAgent, browser, os) => {
    expect(parseUserAgent(userAgent)).toEqual({ browser, os });
  });

  test('a new version of the same browser is the same browser for login alerts', () => {
    expect(browserKey('Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0.0.0 Safari/537.36')).toBe(
      browserKey('Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36'),
    );
  });
});
