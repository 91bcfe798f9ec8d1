import { ApiError } from '../../lib/api.js';
import { toast } from '../../lib/toast.js';

/**
 * After a money submission with the password sheet open: a wrong password answers its message (the sheet shows it
 * and clears the dots); any other refusal is toasted and answers nothing (the caller closes the sheet).
 */
export function pinRefusal(err: unknown): string | undefined {
  if (err instanceof ApiError && err.code === 'PAY_PASSWORD_WRONG') return err.message;
  if (err instanceof ApiError && err.status === 200) toast(err.message);
  return undefined;
}
