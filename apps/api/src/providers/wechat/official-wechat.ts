import { authorizeQuery, type WechatProvider } from './wechat-provider.js';

interface Cached {
  value: string;
  expiresAt: number;
}

/**
 * api.weixin.qq.com: stable_token (isolated from /cgi-bin/token, so several processes do not invalidate each other)
 * and the jsapi ticket, both cached until five minutes before they expire.
 */
export class OfficialWechatProvider implements WechatProvider {
  readonly name = 'official' as const;
  private token: Cached | null = null;
  private ticket: Cached | null = null;

  constructor(
    readonly appId: string,
    private readonly appSecret: string,
    private readonly base = 'https://api.weixin.qq.com',
  ) {}

  authorizeUrl(redirectUri: string, state: string): string {
    return `https://open.weixin.qq.com/connect/oauth2/authorize?${authorizeQuery(this.appId, redirectUri, state)}#wechat_redirect`;
  }

  async openIdFromCode(code: string): Promise<string> {
    const q = new URLSearchParams({ appid: this.appId, secret: this.appSecret, code, grant_type: 'authorization_code' });
    const body = await this.get<{ openid?: string; is_snapshotuser?: number; errcode?: number }>(
      `/sns/oauth2/access_token?${q}`,
    );
    // reference §2.4: a snapshot-page virtual user cannot bind or pay.
    if (!body.openid || body.is_snapshotuser === 1) throw new Error(`wechat oauth failed: ${body.errcode ?? 'snapshot'}`);
    return body.openid;
  }

  async jsapiTicket(): Promise<string> {
    if (this.ticket && this.ticket.expiresAt > Date.now()) return this.ticket.value;
    const accessToken = await this.accessToken();
    const body = await this.get<{ errcode: number; ticket?: string; expires_in?: number }>(
      `/cgi-bin/ticket/getticket?access_token=${encodeURIComponent(accessToken)}&type=jsapi`,
    );
    if (body.errcode !== 0 || !body.ticket) throw new Error(`wechat ticket failed: ${body.errcode}`);
    this.ticket = { value: body.ticket, expiresAt: Date.now() + ((body.expires_in ?? 7200) - 300) * 1000 };
    return body.ticket;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const res = await fetch(`${this.base}/cgi-bin/stable_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credential', appid: this.appId, secret: this.appSecret }),
      signal: AbortSignal.timeout(5000),
    });
    const body = (await res.json()) as { access_token?: string; expires_in?: number; errcode?: number };
    if (!body.access_token) throw new Error(`wechat token failed: ${body.errcode}`);
    this.token = { value: body.access_token, expiresAt: Date.now() + ((body.expires_in ?? 7200) - 300) * 1000 };
    return body.access_token;
  }

  private async get<T>(path: string): Promise<T> {
    const res = await fetch(`${this.base}${path}`, { signal: AbortSignal.timeout(5000) });
    return (await res.json()) as T;
  }
}
