/** Adapter shape from reference §7: the provider only delivers; codes, expiry and attempts live in our OTP service. */
export type SmsPurpose = 'reset_password' | 'reset_pay_password';

export interface SmsSendRequest {
  phone: string;
  purpose: SmsPurpose;
  params: Record<string, string>;
  traceId: string;
}

export interface SmsSendResult {
  provider: 'aliyun' | 'local';
  accepted: boolean;
  providerMessageId?: string;
  errorCode?: string;
  rateLimited: boolean;
}

export interface SmsProvider {
  readonly name: 'aliyun' | 'local';
  send(req: SmsSendRequest): Promise<SmsSendResult>;
}
