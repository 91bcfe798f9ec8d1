import type { Executor } from '../../db/types.js';

/**
 * The codes audit targets are known by (ADR 0033): the order number, the withdrawal / top-up / deposit code, the
 * WeChat merchant order number, the agent's code, the member's account, a product's name. Read-only lookups by id
 * within the platform, used when a record is written (its `target_label`) and when an older record without one is read.
 */
type Lookup = (db: Executor, platId: string, ids: number[]) => Promise<{ id: number | string; label: string | null }[]>;

const LOOKUPS: Readonly<Record<string, Lookup>> = {
  order: (db, platId, ids) => db.selectFrom('orders').select(['id', 'order_code as label']).where('plat_id', '=', platId).where('id', 'in', ids).execute(),
  withdrawal: (db, platId, ids) =>
    db.selectFrom('withdrawals').select(['id', 'withdraw_code as label']).where('plat_id', '=', platId).where('id', 'in', ids).execute(),
  recharge: (db, platId, ids) =>
    db.selectFrom('recharge_applies').select(['id', 'recharge_code as label']).where('plat_id', '=', platId).where('id', 'in', ids).execute(),
  upgrade: (db, platId, ids) =>
    db.selectFrom('recharge_applies').select(['id', 'recharge_code as label']).where('plat_id', '=', platId).where('id', 'in', ids).execute(),
  bond: (db, platId, ids) => db.selectFrom('bond_pays').select(['id', 'bond_code as label']).where('plat_id', '=', platId).where('id', 'in', ids).execute(),
  bondReturn: (db, platId, ids) =>
    db.selectFrom('bond_returns').select(['id', 'bond_return_code as label']).where('plat_id', '=', platId).where('id', 'in', ids).execute(),
  wechatPayment: (db, platId, ids) =>
    db.selectFrom('wechat_payments').select(['id', 'out_trade_no as label']).where('plat_id', '=', platId).where('id', 'in', ids).execute(),
  agent: (db, platId, ids) => db.selectFrom('agents').select(['id', 'agent_code as label']).where('plat_id', '=', platId).where('id', 'in', ids).execute(),
  frozen_record: async (db, platId, ids) => {
    const rows = await db
      .selectFrom('frozen_records as f')
      .innerJoin('agents as a', 'a.id', 'f.agent_id')
      .select(['f.id', 'a.agent_code', 'f.release_at'])
      .where('f.plat_id', '=', platId)
      .where('f.id', 'in', ids)
      .execute();
    return rows.map((r) => ({ id: r.id, label: `${r.agent_code} 的冻结货款` }));
  },
  staff: async (db, platId, ids) => {
    const rows = await db.selectFrom('staff').select(['id', 'username', 'display_name']).where('plat_id', '=', platId).where('id', 'in', ids).execute();
    return rows.map((r) => ({ id: r.id, label: `${r.username}（${r.display_name}）` }));
  },
  product: (db, platId, ids) => db.selectFrom('products').select(['id', 'prod_name as label']).where('plat_id', '=', platId).where('id', 'in', ids).execute(),
  spec: async (db, platId, ids) => {
    const rows = await db
      .selectFrom('single_products as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .select(['s.id', 'p.prod_name', 's.spec_disp_str'])
      .where('s.plat_id', '=', platId)
      .where('s.id', 'in', ids)
      .execute();
    return rows.map((r) => ({ id: r.id, label: `${r.prod_name} ${r.spec_disp_str}`.trim() }));
  },
  notice: (db, platId, ids) => db.selectFrom('notices').select(['id', 'notice_name as label']).where('plat_id', '=', platId).where('id', 'in', ids).execute(),
  material_classify: (db, platId, ids) =>
    db.selectFrom('material_classifies').select(['id', 'classify_name as label']).where('plat_id', '=', platId).where('id', 'in', ids).execute(),
  activity: async (db, platId, ids) => {
    const rows = await db
      .selectFrom('activities as a')
      .innerJoin('products as p', 'p.id', 'a.product_id')
      .select(['a.id', 'p.prod_name as label'])
      .where('a.plat_id', '=', platId)
      .where('a.id', 'in', ids)
      .execute();
    return rows.map((r) => ({ id: r.id, label: `${r.label} 的活动` }));
  },
};

/** The labels of targets of one kind, by id; a kind without codes (or a target gone) is absent from the map. */
export async function targetLabels(db: Executor, platId: string, kind: string, ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (kind.startsWith('setting:')) {
    // A setting's audit target is the version the change made.
    for (const id of ids) out.set(id, `第 ${id} 版`);
    return out;
  }
  const lookup = LOOKUPS[kind];
  const wanted = [...new Set(ids)].filter((id) => id > 0);
  if (!lookup || !wanted.length) return out;
  for (const r of await lookup(db, platId, wanted)) if (r.label) out.set(Number(r.id), r.label);
  return out;
}

/** The display names of staff members by id (the trail names who acted). */
export async function staffDisplayNames(db: Executor, platId: string, ids: readonly number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('staff').select(['id', 'display_name']).where('plat_id', '=', platId).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [Number(r.id), r.display_name]));
}
