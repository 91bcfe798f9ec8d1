/** A fresh key: crypto.randomUUID where the page is a secure context, else 128 random bits in hex. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One idempotency key per user intent (ADR 0023), for the shop and the console alike: the same key while the content
 * stays the same (a retry after a refusal or a lost answer), a new one once the content changes or after a success.
 * Leave the payment password out of the content: a retry with the right password is the same intent.
 */
export class IntentKey {
  private current: { key: string; content: string } | null = null;

  for(content: unknown): string {
    const text = JSON.stringify(content) ?? '';
    if (!this.current || this.current.content !== text) this.current = { key: newIdempotencyKey(), content: text };
    return this.current.key;
  }

  /** After a success: the next submission is another intent. */
  done(): void {
    this.current = null;
  }
}
