import type { Deps } from '../../deps.js';
import { iso } from '../../lib/clock.js';
import { recordAudit } from '../audit/audit.queries.js';
import * as repo from './chat-greeting.repository.js';
import type { StaffActor } from '../staff/staff.queries.js';

/** The greeting a customer sees when a chat opens (spec 3 §7 sayHello), edited in the console; audited. */
export function createChatGreeting({ db, clock }: Deps) {
  const k = db.kysely;
  return {
    async read(platId: string) {
      return { obj: { greetings: (await repo.findGreeting(k, platId)) ?? '' } };
    },
    async save(a: StaffActor, greetings: string) {
      await k.transaction().execute(async (trx) => {
        const before = await repo.findGreeting(trx, a.platId);
        await repo.saveGreeting(trx, a.platId, greetings);
        await recordAudit(trx, {
          platId: a.platId,
          staffId: a.staffId,
          staffName: a.staffName,
          role: a.role,
          operation: 'saveChatGreeting',
          targetKind: 'chat_settings',
          targetId: 0,
          before: before ?? '',
          after: greetings,
          detail: '修改客服欢迎语',
          ip: a.ip,
          at: iso(clock.now()),
        });
      });
      return { obj: { greetings } };
    },
  };
}
export type ChatGreeting = ReturnType<typeof createChatGreeting>;
