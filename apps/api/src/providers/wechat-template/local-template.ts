import type { AccessTokenStore, TemplateProvider, TemplateSendRequest, TemplateSendResult } from './template-provider.js';

export interface DeliveredTemplate extends TemplateSendRequest {
  sentAt: string;
}

/**
 * Delivers nothing: keeps the messages for the demo and the tests, once per event key, as WeChat would have shown them
 * (ADR 0037: a job that crashed after sending and sends again must not show the agent two messages). A test may make
 * the next sends fail with `failNext`.
 */
export class LocalTemplateProvider implements TemplateProvider {
  readonly name = 'local' as const;
  readonly delivered: DeliveredTemplate[] = [];
  private readonly keys = new Set<string>();
  private failures: { retry: boolean; code: string }[] = [];

  async send(req: TemplateSendRequest, _tokens?: AccessTokenStore): Promise<TemplateSendResult> {
    const failure = this.failures.shift();
    if (failure) return { ok: false, retry: failure.retry, code: failure.code, message: `local failure ${failure.code}` };
    if (this.keys.has(req.eventKey)) return { ok: true, msgId: req.eventKey, duplicate: true };
    this.keys.add(req.eventKey);
    this.delivered.push({ ...req, sentAt: new Date().toISOString() });
    if (this.delivered.length > 2000) this.delivered.splice(0, this.delivered.length - 2000);
    return { ok: true, msgId: req.eventKey };
  }

  failNext(count: number, code = '-1', retry = true) {
    for (let i = 0; i < count; i++) this.failures.push({ retry, code });
  }

  of(eventKey: string) {
    return this.delivered.filter((d) => d.eventKey === eventKey);
  }
}
