import { editPayPassword, sendSMSCode } from '@shop/contract';
import type { TestApp } from './app.js';
import { SECOND } from './time.js';

/**
 * Gives a logged-in agent its first payment password through the real operations (ADR 0024: SMS-verified): a funcType 6
 * code to its own phone, read from the local outbox, then editPayPassword. Moves the test clock past the SMS cooldown.
 */
export async function setPayPasswordBySms(t: TestApp, token: string, phone: string, payPassword = '123456') {
  t.clock.advance(61 * SECOND);
  const sent = await t.call(sendSMSCode, { funcType: 6, suPhone: phone }, { token });
  if (sent.body.errorType !== 'SUCCESS') throw new Error(`sendSMSCode: ${sent.text}`);
  const code = (await t.smsOutbox(phone))!.code;
  const set = await t.call(editPayPassword, { suPhone: phone, smsCode: code, newPayPassword: payPassword }, { token });
  if (set.body.errorType !== 'SUCCESS') throw new Error(`editPayPassword: ${set.text}`);
}
