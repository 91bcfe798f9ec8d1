/** WeChat public-account services used by the session area (reference §2). Pay comes with the payment issue. */
export interface WechatProvider {
  readonly name: 'sandbox' | 'official';
  readonly appId: string;
  /** OAuth2 snsapi_base: exchange the single-use code for the openid. */
  openIdFromCode(code: string): Promise<string>;
  /** The JS-SDK jsapi_ticket, cached globally. */
  jsapiTicket(): Promise<string>;
}
