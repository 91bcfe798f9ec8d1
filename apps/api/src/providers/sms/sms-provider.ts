/** Adapter shape from reference §7: the provider only delivers; codes, expiry and attempts live in our OTP service. */
/** one_time_password: a staff reset's login password, param `password` (ADR 0024); the others carry `code`. */
/** confirm_phone: a store consumer's phone (ADR 0038), param `code`. */
export type SmsPurpose = 'reset_password' | 'reset_pay_password' | 'one_time_password' | 'confirm_phone';

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
