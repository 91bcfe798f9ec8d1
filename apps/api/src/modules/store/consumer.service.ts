import { STORE_MESSAGES, maskPhone } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError, HttpError } from '../../lib/errors.js';
import { addMs, DAY, iso } from '../../lib/clock.js';
import { keyedHash, newToken } from '../../lib/secrets.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import type { SmsService } from '../sms/sms.service.js';
import * as repo from './consumer.repository.js';

/** The SMS code type of a consumer's phone confirmation (the shop's SMS service, its cooldown and daily cap). */
export const STORE_PHONE_SMS_FUNC = 9;
const SESSION_DAYS = 30;

/**
 * A store's consumer (ADR 0038): identified by the WeChat openId the server reads from the silent OAuth code, with a
 * random session token (only its keyed hash stored) and a phone confirmed by SMS before the first checkout.
 */
export function createConsumerService(deps: Deps, o: { openIdOf: (code: string) => Promise<string>; sms: SmsService }) {
  const { clock, config } = deps;
  const k = deps.db.kysely;
  const tokenHash = (token: string) => keyedHash(config.hashSecret, `consumer:${token}`);
  const cache = new TtlCache<string, { consumerId: number; platId: string; expiresAt: string }>(5_000);
  const view = (c: { phone: string | null; phone_confirmed_at: string | null }) => ({
    phoneConfirmed: c.phone && c.phone_confirmed_at ? 1 : 0,
    maskedPhone: maskPhone(c.phone ?? ''),
  });

  async function consumerOf(id: number) {
    const c = await repo.findConsumer(k, id);
    if (!c) throw new HttpError(401, 'UNAUTHENTICATED');
    return c;
  }

  return {
    async login(platId: string, code: string) {
      const openId = await o.openIdOf(code);
      const now = clock.now();
      const c = await repo.findOrCreateConsumer(k, platId, openId, iso(now));
      const token = newToken();
      await repo.insertSession(k, { token_hash: tokenHash(token), consumer_id: Number(c.id), created_at: iso(now), expires_at: iso(addMs(now, SESSION_DAYS * DAY)) });
      return { consumerToken: token, openId, ...view(c) };
    },

    async resolve(token: string) {
      let s = cache.get(token);
      if (!s) {
        const row = await repo.findSession(k, tokenHash(token));
        if (!row) throw new HttpError(401, 'UNAUTHENTICATED');
        s = cache.set(token, { consumerId: Number(row.consumer_id), platId: row.plat_id, expiresAt: row.expires_at });
      }
      if (s.expiresAt <= iso(clock.now())) throw new AppError('SESSION_EXPIRED');
      return { consumerId: s.consumerId, platId: s.platId };
    },

    async info(consumerId: number) {
      return view(await consumerOf(consumerId));
    },

    /** The consumer and their openId and confirmed phone, for checkout and payment. */
    async get(consumerId: number) {
      const c = await consumerOf(consumerId);
      return { id: Number(c.id), platId: c.plat_id, openId: c.open_id, phone: c.phone && c.phone_confirmed_at ? c.phone : null };
    },

    async sendCode(platId: string, phone: string) {
      await o.sms.send(platId, phone, STORE_PHONE_SMS_FUNC, true);
    },

    async confirmPhone(consumerId: number, platId: string, phone: string, code: string) {
      await o.sms.consume(platId, phone, STORE_PHONE_SMS_FUNC, code);
      await repo.confirmPhone(k, consumerId, phone, iso(clock.now()));
      return view(await consumerOf(consumerId));
    },

    requirePhone(phone: string | null) {
      if (!phone) throw new AppError('VALIDATION', STORE_MESSAGES.phoneUnconfirmed);
    },
  };
}
export type ConsumerService = ReturnType<typeof createConsumerService>;
