/** WeChat public-account services used by the session area (reference §2). Pay comes with the payment issue. */
export interface WechatProvider {
  readonly name: 'sandbox' | 'official';
  readonly appId: string;
  /**
   * reference §2.4 step 1: where the browser goes for a silent snsapi_base authorization; WeChat (or the sandbox)
   * sends it back to `redirectUri` with `code` and the unchanged `state`.
   */
  authorizeUrl(redirectUri: string, state: string): string;
  /** OAuth2 snsapi_base: exchange the single-use code for the openid. */
  openIdFromCode(code: string): Promise<string>;
  /** The JS-SDK jsapi_ticket, cached globally. */
  jsapiTicket(): Promise<string>;
}

/** The authorize query of reference §2.4, in WeChat's order (appid, redirect_uri, response_type, scope, state). */
export function authorizeQuery(appId: string, redirectUri: string, state: string): string {
  const enc = encodeURIComponent;
  return `appid=${enc(appId)}&redirect_uri=${enc(redirectUri)}&response_type=code&scope=snsapi_base&state=${enc(state)}`;
}
