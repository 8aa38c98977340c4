import { createSecretBox, DEVELOPMENT_TOTP_KEY } from './secretBox';
import { loadConfig } from '../../config';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('secretBox (TOTP secrets at rest)', () => {
  const box = createSecretBox('a'.repeat(64));

  test('seals with a fresh IV each time and opens back', () => {
    const one = box.seal(SECRET);
    const two = box.seal(SECRET);
    expect(one).not.toBe(two);
    expect(one).not.toContain(SECRET);
    expect(one.length).toBeLessThanOrEqual(255);
    expect(box.open(one)).toEqual({ plain: SECRET, reseal: false });
  });

  test('an altered value, or one sealed with another key, is refused', () => {
    const sealed = box.seal(SECRET);
    const parts = sealed.split('.');
    const data = Buffer.from(parts[4], 'base64url');
    data[0] ^= 1;
    parts[4] = data.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => createSecretBox('b'.repeat(64)).open(sealed)).toThrow(/another TOTP_ENCRYPTION_KEY/);
  });

  test('plain text (from before encryption) and the development key are read and marked to seal again', () => {
    expect(box.open(SECRET)).toEqual({ plain: SECRET, reseal: true });
    const development = createSecretBox(undefined);
    expect(box.open(development.seal(SECRET))).toEqual({ plain: SECRET, reseal: true });
    expect(development.open(development.seal(SECRET))).toEqual({ plain: SECRET, reseal: false });
    expect(createSecretBox(DEVELOPMENT_TOTP_KEY).open(development.seal(SECRET)).reseal).toBe(false);
  });

  test('TOTP_ENCRYPTION_KEY: required in production, optional elsewhere, at least 32 characters when set', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://app.example.org' };
    expect(() => loadConfig(production)).toThrow('TOTP_ENCRYPTION_KEY is required when NODE_ENV=production');
    expect(loadConfig({ ...production, TOTP_ENCRYPTION_KEY: 'k'.repeat(64) }).totpEncryptionKey).toBe('k'.repeat(64));
    expect(loadConfig({ NODE_ENV: 'test' }).totpEncryptionKey).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', TOTP_ENCRYPTION_KEY: 'x'.repeat(32) }).totpEncryptionKey).toBe('x'.repeat(32));
    expect(() => loadConfig({ NODE_ENV: 'test', TOTP_ENCRYPTION_KEY: 'short' })).toThrow(/at least 32/);
  });
});
