import { createHash, randomBytes } from 'node:crypto';
import { authorizeQuery, type WechatProvider } from './wechat-provider.js';

/** Where the sandbox's authorize step lives (registered only with this provider, never in production). */
export const SANDBOX_AUTHORIZE_PATH = '/dev/wechat/authorize';
const CODE_PREFIX = 'sbx_';
const CODE_TTL_MS = 5 * 60_000; // reference §2.4: a code is single-use and lives 5 minutes

/**
 * Answers without the internet: a stable openId per code and a fixed ticket, signed with the real algorithm.
 * Its authorize step hands out codes as WeChat does (single-use, 5 minutes); other codes (the demo outside WeChat
 * makes one per browser) are still exchanged for a stable openId.
 */
export class SandboxWechatProvider implements WechatProvider {
  readonly name = 'sandbox' as const;
  private readonly issued = new Map<string, number>();
  constructor(
    readonly appId: string,
    private readonly now: () => number = () => Date.now(),
  ) {}

  authorizeUrl(redirectUri: string, state: string): string {
    return `${SANDBOX_AUTHORIZE_PATH}?${authorizeQuery(this.appId, redirectUri, state)}`;
  }

  /** The sandbox's stand-in for WeChat's consent-free snsapi_base step: a fresh code for the redirect back. */
  issueCode(): string {
    const now = this.now();
    for (const [code, expiresAt] of this.issued) if (expiresAt <= now) this.issued.delete(code);
    const code = `${CODE_PREFIX}${randomBytes(16).toString('hex')}`;
    this.issued.set(code, now + CODE_TTL_MS);
    return code;
  }

  async openIdFromCode(code: string): Promise<string> {
    if (code.startsWith(CODE_PREFIX)) {
      const expiresAt = this.issued.get(code);
      this.issued.delete(code);
      if (expiresAt === undefined || expiresAt <= this.now()) throw new Error('sandbox oauth: code unknown, used or expired');
    }
    return `sandbox_${createHash('sha256').update(code).digest('hex').slice(0, 24)}`;
  }

  async jsapiTicket(): Promise<string> {
    return 'sandbox-jsapi-ticket';
  }
}
