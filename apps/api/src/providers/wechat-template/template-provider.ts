/**
 * WeChat template messages (模板消息) of the official account (ADR 0037). The provider only delivers; what to send, when
 * to retry and the dead letters live in modules/notification.
 */
export interface TemplateSendRequest {
  /** The outbox row's unique event key: the local provider delivers each key once. */
  eventKey: string;
  openId: string;
  templateId: string;
  /** Absolute URL of the shop page the message opens. */
  url: string;
  data: Record<string, string>;
}

export type TemplateSendResult =
  | { ok: true; msgId: string; duplicate?: boolean }
  /** retry false: never deliverable as it is (user unsubscribed, bad template), straight to the dead letters. */
  | { ok: false; retry: boolean; code: string; message: string };

export interface TemplateProvider {
  readonly name: 'official' | 'local';
  /** `tokens`: where the official adapter shares its access token (the local one needs none). */
  send(req: TemplateSendRequest, tokens: AccessTokenStore): Promise<TemplateSendResult>;
}

/** Where the official adapter keeps the one access token every process shares (a database row, compare-and-set). */
export interface AccessTokenStore {
  read(appId: string): Promise<{ token: string; expiresAt: string; refreshUntil: string | null } | null>;
  /**
   * Takes the refresh lease: true for exactly one caller while the stored token is still `seen` (or expired) and
   * nobody else holds an unexpired lease.
   */
  claimRefresh(appId: string, seen: string, now: Date, leaseUntil: Date): Promise<boolean>;
  save(appId: string, token: string, expiresAt: Date): Promise<void>;
}
