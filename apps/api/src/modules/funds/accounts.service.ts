import { ACCOUNT_BELONG_AGENT, ACCOUNT_CLASSIFY, COLLECTION_ACCOUNT_MESSAGES, MAX_COLLECTION_ACCOUNTS, type CollectionAccount } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { iso } from '../../lib/clock.js';
import * as repo from './accounts.repository.js';
import { pageOf } from './paging.js';

export function toCollectionAccount(r: repo.CollectionAccountRow): CollectionAccount {
  return {
    id: Number(r.id),
    accountBelongType: r.account_belong_type,
    accountClassify: r.account_classify,
    accountName: r.account_name,
    accountNumber: r.account_number,
    bankDicId: r.bank_dic_id === null ? null : Number(r.bank_dic_id),
    bankDicName: r.bank_dic_name,
    subBankName: r.sub_bank_name,
    isDefault: r.is_default,
    qrCodeImgUrl: r.qr_code_img_url,
  };
}

interface AccountFields {
  bankDicId: number;
  subBankName: string;
  accountName: string;
  accountNumber: string;
  isDefault?: number | null;
}

const notFound = () => new AppError('RECORD_NOT_FOUND', COLLECTION_ACCOUNT_MESSAGES.notFound);

/** The agent's collection accounts (spec 3 §2 /eceiving, /eveningP); every query is scoped to the session's agent. */
export function createCollectionAccounts({ db, clock }: Deps) {
  const k = db.kysely;

  async function bankOf(platId: string, bankDicId: number) {
    const bank = await repo.findBank(k, platId, bankDicId);
    if (!bank) throw new AppError('VALIDATION', COLLECTION_ACCOUNT_MESSAGES.bankNotFound);
    return bank;
  }

  async function own(agentId: number, id: number) {
    const row = await repo.findOwn(k, agentId, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(agentId: number, page: { pageSize: number; pageNum: number }) {
      const total = await repo.countOwn(k, agentId);
      const rows = await repo.pageOwnByAge(k, agentId, page.pageSize, (page.pageNum - 1) * page.pageSize);
      return { objs: rows.map(toCollectionAccount), obj: { phonePage: pageOf(page, total) } };
    },

    async byId(agentId: number, id: number) {
      return { obj: toCollectionAccount(await own(agentId, id)) };
    },

    async banks(platId: string) {
      return { objs: (await repo.banks(k, platId)).map((b) => ({ bankDicId: Number(b.id), bankDicName: b.bank_name })) };
    },

    /** Saved as a bank card of the agent (accountClassify 1, accountBelongType 1); the first one becomes the default. */
    async save(platId: string, agentId: number, input: AccountFields) {
      const bank = await bankOf(platId, input.bankDicId);
      const id = await k.transaction().execute(async (trx) => {
        const count = await repo.countOwn(trx, agentId);
        if (count >= MAX_COLLECTION_ACCOUNTS) throw new AppError('VALIDATION', COLLECTION_ACCOUNT_MESSAGES.tooMany);
        const isDefault = input.isDefault === 1 || count === 0 ? 1 : 0;
        if (isDefault) await repo.clearDefault(trx, agentId);
        return repo.insertAccount(trx, {
          plat_id: platId,
          agent_id: agentId,
          account_belong_type: ACCOUNT_BELONG_AGENT,
          account_classify: ACCOUNT_CLASSIFY.bankCard,
          bank_dic_id: Number(bank.id),
          bank_dic_name: bank.bank_name,
          sub_bank_name: input.subBankName,
          account_name: input.accountName,
          account_number: input.accountNumber,
          is_default: isDefault,
          created_at: iso(clock.now()),
        });
      });
      return this.byId(agentId, id);
    },

    async update(platId: string, agentId: number, input: AccountFields & { id: number }) {
      await own(agentId, input.id);
      const bank = await bankOf(platId, input.bankDicId);
      await k.transaction().execute(async (trx) => {
        if (input.isDefault === 1) await repo.clearDefault(trx, agentId);
        const set = {
          bank_dic_id: Number(bank.id),
          bank_dic_name: bank.bank_name,
          sub_bank_name: input.subBankName,
          account_name: input.accountName,
          account_number: input.accountNumber,
          ...(input.isDefault === undefined || input.isDefault === null ? {} : { is_default: input.isDefault }),
        };
        if (!(await repo.updateOwn(trx, agentId, input.id, set))) throw notFound();
      });
      return this.byId(agentId, input.id);
    },

    async setDefault(agentId: number, id: number, on: boolean) {
      await own(agentId, id);
      await k.transaction().execute(async (trx) => {
        if (on) await repo.clearDefault(trx, agentId);
        if (!(await repo.updateOwn(trx, agentId, id, { is_default: on ? 1 : 0 }))) throw notFound();
      });
      return {};
    },

    /** Soft delete: withdrawals keep the account's copy of the bank fields, so history stays readable. */
    async remove(agentId: number, id: number) {
      await own(agentId, id);
      await k.transaction().execute(async (trx) => {
        if (!(await repo.updateOwn(trx, agentId, id, { is_deleted: 1, is_default: 0 }))) throw notFound();
      });
      return {};
    },
  };
}
export type CollectionAccounts = ReturnType<typeof createCollectionAccounts>;
