import { generateSecret, generateURI, verifySync } from 'otplib';

/** TOTP (RFC 6238, 30-second steps, six digits) through otplib: the staff second factor of ADR 0020. */

export const newTotpSecret = () => generateSecret();

/** The otpauth:// address an authenticator app scans (the console shows it as a QR code). */
export const totpUri = (issuer: string, account: string, secret: string) => generateURI({ issuer, label: account, secret });

/**
 * The time step of a valid code (one step of clock drift either way), or null. A step at or before `lastStep` was
 * already used: refused, so a code seen over a shoulder cannot be replayed.
 */
export function checkTotp(secret: string, code: string, lastStep: number | null, now: Date): number | null {
  try {
    const result = verifySync({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: 30,
      ...(lastStep !== null ? { afterTimeStep: Number(lastStep) } : {}),
    });
    return result.valid && 'timeStep' in result ? Number(result.timeStep) : null;
  } catch {
    return null;
  }
}
