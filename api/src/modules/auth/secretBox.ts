import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The key used when TOTP_ENCRYPTION_KEY is not set. It is written here (and in the README) on
 * purpose: a development database stays readable across restarts. Production refuses to start
 * without TOTP_ENCRYPTION_KEY (config.ts); rows sealed with this key by an older install are sealed
 * again with the real key the first time they are read after TOTP_ENCRYPTION_KEY is set.
 */
export const DEVELOPMENT_TOTP_KEY = 'caucus-development-totp-key-not-secret';

/** Shortest TOTP_ENCRYPTION_KEY accepted: `openssl rand -hex 32` gives 64 characters. */
export const MIN_TOTP_KEY_LENGTH = 32;

const VERSION = 'v1';
const IV_BYTES = 12;

type Key = { id: string; bytes: Buffer };

function keyOf(material: string): Key {
  return {
    // SHA-256 turns any long random string into the 32 bytes AES-256 takes.
    bytes: createHash('sha256').update(`caucus-totp:${material}`, 'utf8').digest(),
    // Names the key in each sealed value, so a value sealed under an older key is recognized.
    id: createHash('sha256').update(`caucus-totp-id:${material}`, 'utf8').digest('hex').slice(0, 8),
  };
}

export type SecretBox = {
  /** AES-256-GCM with a fresh IV: "v1.<key id>.<iv>.<tag>.<ciphertext>" (base64url parts). */
  seal(plain: string): string;
  /**
   * The plain text of a stored value, and whether it should be stored again under the current key
   * (it was written before encryption, or sealed with the development key). Throws when the value
   * is sealed with a key this install does not have, or was altered.
   */
  open(stored: string): { plain: string; reseal: boolean };
  isSealed(stored: string): boolean;
};

/** Encryption at rest of the TOTP secrets (the database alone no longer gives anyone the codes). */
export function createSecretBox(keyMaterial: string | undefined): SecretBox {
  const current = keyOf(keyMaterial || DEVELOPMENT_TOTP_KEY);
  const development = keyOf(DEVELOPMENT_TOTP_KEY);
  const isSealed = (stored: string) => stored.startsWith(`${VERSION}.`);

  return {
    isSealed,

    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current.bytes, iv);
      cipher.setAAD(Buffer.from(`${VERSION}.${current.id}`, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, current.id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
    },

    open(stored) {
      // A base32 TOTP secret never holds a dot: anything without the prefix is a row from before.
      if (!isSealed(stored)) return { plain: stored, reseal: true };
      const [version, keyId, iv, tag, ciphertext] = stored.split('.');
      const key = [current, development].find((candidate) => candidate.id === keyId);
      if (!key || !iv || !tag || ciphertext === undefined) {
        throw new Error('A two-factor secret is sealed with another TOTP_ENCRYPTION_KEY than the one configured');
      }
      const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(`${version}.${keyId}`, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
      return { plain, reseal: key.id !== current.id };
    },
  };
}
