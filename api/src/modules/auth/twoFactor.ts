import { createHash, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT } from '@caucus/contract';

export const TOTP_ISSUER = 'Caucus';
/** One period either side: an authenticator whose clock is up to 30 seconds off still works. */
const TOLERANCE_SECONDS = 30;
/** Time between the password and the code; long enough to find the phone, short enough to be of no use stolen. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Wrong codes per user in FAILED_LOGIN_WINDOW_MS, the password's limit (the code guards the same door). */
export const MAX_FAILED_CODES = 10;
export const CODE_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export function newTotpSecret(): string {
  return generateSecret();
}

export async function enrolmentOf(secret: string, email: string): Promise<{ otpauthUrl: string; qrCode: string }> {
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: email, secret });
  // Drawn here, not by a QR web service: the secret never leaves the server except to this user.
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}` };
}

/**
 * The time-step the code belongs to, or null when it is wrong or not newer than `afterTimeStep`
 * (a code seen once is refused, even within its 30 seconds).
 */
export async function verifyTotp(
  secret: string,
  code: string,
  at: Date,
  afterTimeStep: number | null,
): Promise<{ valid: true; timeStep: number } | { valid: false; replayed: boolean }> {
  const epoch = Math.floor(at.getTime() / 1000);
  const result = await verify({ secret, token: code, epoch, epochTolerance: TOLERANCE_SECONDS });
  // The functional API types its answer for HOTP and TOTP alike; a TOTP answer carries the time-step.
  if (!result.valid || !('timeStep' in result)) return { valid: false, replayed: false };
  if (afterTimeStep !== null && result.timeStep <= afterTimeStep) return { valid: false, replayed: true };
  return { valid: true, timeStep: result.timeStep };
}

// No 0/O/1/l/i: a code copied onto paper is read back without guessing.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like "k7m2p-x9q4t": 10 characters of a 31-letter alphabet, about 50 bits each. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < 10; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** As typed: case, spaces and dashes do not matter. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * SHA-256 salted with the user id: the codes are random enough that a slow hash adds nothing, and the
 * salt keeps one digest from matching the same code of another user.
 */
export function hashRecoveryCode(userId: string, code: string): string {
  return createHash('sha256')
    .update(`${userId}:${normalizeRecoveryCode(code)}`, 'utf8')
    .digest('hex');
}

export function newChallengeToken(): string {
  return randomBytes(32).toString('base64url');
}
