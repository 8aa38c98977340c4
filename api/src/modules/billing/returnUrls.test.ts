import { acceptReturnUrl, absoluteUrl, fillSessionId, withSessionIdPlaceholder } from './returnUrls';

const SITE = ['https://app.caucus.example'];

describe('acceptReturnUrl', () => {
  it.each([
    '/signup/success?session_id={CHECKOUT_SESSION_ID}',
    '/signup?plan=growth',
    'https://app.caucus.example/signup/success?session_id={CHECKOUT_SESSION_ID}',
  ])('accepts %s unchanged', (value) => {
    expect(acceptReturnUrl(value, SITE)).toBe(value);
  });

  it.each([
    'https://evil.example/',
    'https://app.caucus.example.evil.example/',
    'http://app.caucus.example/',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'https://user:pw@app.caucus.example/',
    '/a\tb',
    'relative/path',
    '',
  ])('refuses %j', (value) => {
    expect(acceptReturnUrl(value, SITE)).toBeUndefined();
  });
});

describe('session id placeholder', () => {
  it('adds session_id when the address lacks the placeholder, keeping query and fragment', () => {
    expect(withSessionIdPlaceholder('/signup/success')).toBe('/signup/success?session_id={CHECKOUT_SESSION_ID}');
    expect(withSessionIdPlaceholder('/s?a=1#top')).toBe('/s?a=1&session_id={CHECKOUT_SESSION_ID}#top');
    expect(withSessionIdPlaceholder('/s?id={CHECKOUT_SESSION_ID}')).toBe('/s?id={CHECKOUT_SESSION_ID}');
  });

  it('fills the placeholder and resolves paths against the site', () => {
    expect(fillSessionId('/s?session_id={CHECKOUT_SESSION_ID}', 'cs_local_a-b')).toBe('/s?session_id=cs_local_a-b');
    expect(absoluteUrl('/s', 'https://app.caucus.example/')).toBe('https://app.caucus.example/s');
    expect(absoluteUrl('https://app.caucus.example/s', 'https://other.example')).toBe('https://app.caucus.example/s');
  });
});
