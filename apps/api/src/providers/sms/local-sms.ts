import type { SmsProvider, SmsSendRequest, SmsSendResult } from './sms-provider.js';

export interface OutboxMessage extends SmsSendRequest {
  sentAt: string;
}

/** Delivers nothing: keeps the messages so the demo and the tests can read the codes (GET /dev/sms-outbox). */
export class LocalSmsProvider implements SmsProvider {
  readonly name = 'local' as const;
  private readonly outbox: OutboxMessage[] = [];

  async send(req: SmsSendRequest): Promise<SmsSendResult> {
    this.outbox.push({ ...req, sentAt: new Date().toISOString() });
    if (this.outbox.length > 1000) this.outbox.splice(0, this.outbox.length - 1000);
    return { provider: 'local', accepted: true, providerMessageId: req.traceId, rateLimited: false };
  }

  latest(phone: string): OutboxMessage | undefined {
    for (let i = this.outbox.length - 1; i >= 0; i--) if (this.outbox[i]!.phone === phone) return this.outbox[i];
    return undefined;
  }
}
