import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// OWASP ASVS 11.4.2: argon2id, m = 19 MiB, t = 2, p = 1.
const ARGON = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => hash(plain, ARGON);

export async function verifyPassword(stored: string | null | undefined, plain: string): Promise<boolean> {
  if (!stored) {
    // Same work for an unknown account, so timing does not tell which accounts exist.
    await hash(plain, ARGON);
    return false;
  }
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

/** 256-bit opaque session token; only its keyed hash is stored. */
export const newToken = () => randomBytes(32).toString('base64url');

export const keyedHash = (secret: string, value: string) => createHmac('sha256', secret).update(value).digest('hex');

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

// No 0/O, 1/l/I: the agent types it from an SMS.
const OTP_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A staff reset's one-time login password (ADR 0024): 10 CSPRNG characters (~57 bits), the login's maximum length. */
export const oneTimePassword = () => Array.from({ length: 10 }, () => OTP_ALPHABET[randomInt(0, OTP_ALPHABET.length)]).join('');

/** Six CSPRNG digits (ASVS 6.5.x: at least 20 bits). */
export const sixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const nonce = (bytes = 16) => randomBytes(bytes).toString('hex');
