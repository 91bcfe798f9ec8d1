import { randomBytes } from 'node:crypto';

/** Without 0/O and 1/I look-alikes: 32 symbols, so a random byte's low five bits pick one without bias. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** 16 symbols × 5 bits = 80 bits from the operating system's CSPRNG: guessing a code is hopeless. */
export const CODE_LENGTH = 16;

/** `n` distinct random codes. */
export function makeCodes(n: number): string[] {
  const out = new Set<string>();
  while (out.size < n) {
    const want = n - out.size;
    const bytes = randomBytes(want * CODE_LENGTH);
    for (let i = 0; i < want; i++) {
      let code = '';
      for (let j = 0; j < CODE_LENGTH; j++) code += CODE_ALPHABET[bytes[i * CODE_LENGTH + j]! & 31];
      out.add(code);
    }
  }
  return [...out];
}
