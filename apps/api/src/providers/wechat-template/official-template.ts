import type { AccessTokenStore, TemplateProvider, TemplateSendRequest, TemplateSendResult } from './template-provider.js';

/** 40001 invalid credential, 42001 expired, 40014 invalid token: refresh once and send again. */
const TOKEN_ERRORS = new Set([40001, 40014, 42001]);
/** Never deliverable as the request stands: 43004 user unsubscribed, 40003 bad openid, 40037 bad template id, 47003 bad data. */
const FINAL_ERRORS = new Set([43004, 40003, 40037, 47003]);
/** Refresh a token this long before WeChat says it expires. */
const EARLY_MS = 5 * 60_000;
const LEASE_MS = 30_000;

export interface OfficialTemplateOptions {
  appId: string;
  appSecret: string;
  base?: string;
  now?: () => Date;
  /** How long a process waits for another one's refresh, polling the store. */
  waitMs?: number;
}

/**
 * api.weixin.qq.com `cgi-bin/message/template/send` (ADR 0037). The access token (`cgi-bin/token`) is kept in the
 * database: a new one invalidates the old after a few minutes, so several processes must share one and only one of
 * them refreshes it (the refresh lease is a compare-and-set on the row). WeChat has no idempotency key: delivery is at
 * least once, the caller marks the outbox row sent right after this answers.
 */
export class OfficialTemplateProvider implements TemplateProvider {
  readonly name = 'official' as const;
  private readonly base: string;
  private readonly now: () => Date;

  constructor(private readonly o: OfficialTemplateOptions) {
    this.base = o.base ?? 'https://api.weixin.qq.com';
    this.now = o.now ?? (() => new Date());
  }

  async send(req: TemplateSendRequest, store: AccessTokenStore): Promise<TemplateSendResult> {
    let token: string;
    try {
      token = await this.accessToken(store, null);
    } catch (err) {
      return { ok: false, retry: true, code: 'token', message: String(err).slice(0, 150) };
    }
    let body = await this.post(token, req);
    if (body.errcode !== undefined && TOKEN_ERRORS.has(body.errcode)) {
      // Someone (another process, or the console of the official account) replaced the token: refresh once.
      try {
        token = await this.accessToken(store, token);
      } catch (err) {
        return { ok: false, retry: true, code: 'token', message: String(err).slice(0, 150) };
      }
      body = await this.post(token, req);
    }
    if (!body.errcode) return { ok: true, msgId: String(body.msgid ?? '') };
    return { ok: false, retry: !FINAL_ERRORS.has(body.errcode), code: String(body.errcode), message: (body.errmsg ?? '').slice(0, 150) };
  }

  /** The shared token; `invalid` is one WeChat refused, so it is replaced even if not yet expired. */
  async accessToken(store: AccessTokenStore, invalid: string | null): Promise<string> {
    const { appId } = this.o;
    const deadline = Date.now() + (this.o.waitMs ?? 5000);
    for (;;) {
      const now = this.now();
      const row = await store.read(appId);
      const fresh = row && row.token && row.token !== invalid && Date.parse(row.expiresAt) - EARLY_MS > now.getTime();
      if (fresh) return row.token;
      const seen = row?.token ?? '';
      if (await store.claimRefresh(appId, seen, now, new Date(now.getTime() + LEASE_MS))) {
        const q = new URLSearchParams({ grant_type: 'client_credential', appid: appId, secret: this.o.appSecret });
        const res = await fetch(`${this.base}/cgi-bin/token?${q}`, { signal: AbortSignal.timeout(5000) });
        const body = (await res.json()) as { access_token?: string; expires_in?: number; errcode?: number };
        if (!body.access_token) throw new Error(`wechat token failed: ${body.errcode}`);
        await store.save(appId, body.access_token, new Date(now.getTime() + (body.expires_in ?? 7200) * 1000));
        return body.access_token;
      }
      if (Date.now() > deadline) throw new Error('wechat token: another process is refreshing');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  private async post(token: string, req: TemplateSendRequest) {
    const payload = {
      touser: req.openId,
      template_id: req.templateId,
      url: req.url,
      data: Object.fromEntries(Object.entries(req.data).map(([k, v]) => [k, { value: v }])),
    };
    try {
      const res = await fetch(`${this.base}/cgi-bin/message/template/send?access_token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(5000),
      });
      return (await res.json()) as { errcode?: number; errmsg?: string; msgid?: number | string };
    } catch (err) {
      return { errcode: -1, errmsg: String(err) };
    }
  }
}
