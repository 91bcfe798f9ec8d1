import type { Transaction } from 'kysely';
import type { Database } from '../schema.js';
import { hashPassword } from '../../lib/secrets.js';

/**
 * Lookups demo data (ADR 0018, listed in the README): trace and anti-counterfeit codes for the demo products and
 * agents, the material centre, and a small network (陈静 and 刘洋 below her) with paid orders and approved top-ups
 * spread over several months for /performance. The two agents are their own, so the other demo agents' screens and
 * the tests built on them do not change. Balances stay equal to their ledger records.
 */
export const DEMO_TRACE_CODES = [
  // An agent holds it (张明).
  { code: 'TC2026000001', product: 0, agentPhone: '13800000001', ascriptionType: 0 },
  // Still at headquarters.
  { code: 'TC2026000002', product: 1, agentPhone: null, ascriptionType: 0 },
  // Sold by 赵强 to a member.
  { code: 'TC2026000003', product: 2, agentPhone: '13800000004', ascriptionType: 1, cus: { name: '陈女士', phone: '13912345678', grade: '普通会员' } },
] as const;

/** The second code was queried before: a new query shows the copied-code warning. */
export const DEMO_REVIEW_CODES = [
  { code: 'FW8K2M9Q4T', product: 0, queriedDaysAgo: [] as number[] },
  { code: 'FW3J7N5R1X', product: 1, queriedDaysAgo: [12, 3] },
  { code: 'FW6P4D8H2C', product: 2, queriedDaysAgo: [] as number[] },
];

export const DEMO_PERFORMANCE_AGENTS = [
  { phone: '13800000005', name: '陈静', inviter: null },
  { phone: '13800000006', name: '刘洋', inviter: '13800000005' },
] as const;

const CLASSIFIES = ['产品素材', '活动海报', '朋友圈文案'];
const poster = (n: number) => `/api/material/media/demo-${n}.jpg`;
const VIDEO = '/api/material/media/demo-video.webm';
const MATERIALS: { classify: number; minutesAgo: number; images: number[]; text: string; video?: boolean }[] = [
  { classify: 0, minutesAgo: 0.5, images: [1], text: '益生菌固体饮料，每日一袋，肠道轻松。冬季新品已上架，欢迎咨询下单！' },
  { classify: 0, minutesAgo: 25, images: [2, 3], text: '深海鱼油 + 胶原蛋白肽，家人健康的好搭档。' },
  { classify: 0, minutesAgo: 60 * 5, images: [4], text: '维生素C咀嚼片，酸甜好吃，全家都爱。' },
  { classify: 0, minutesAgo: 60 * 30, images: [5], text: '蛋白质粉，运动后的优质补给。' },
  // The video made by apps/api/scripts/make-demo-video.ts (Chromium's own encoder), with a poster as its cover.
  { classify: 1, minutesAgo: 60 * 12, images: [1], video: true, text: '益生菌固体饮料短视频，转发朋友圈更吸睛。' },
  { classify: 1, minutesAgo: 60 * 24 * 3, images: [6], text: '新品上市限时优惠，转发本海报即可参与活动。' },
  { classify: 1, minutesAgo: 60 * 24 * 6, images: [1, 2, 3, 4], text: '冬季健康礼盒，四款热销组合，送礼自用皆宜。' },
  { classify: 2, minutesAgo: 60 * 2, images: [], text: '早安！今天也要元气满满，记得每天一袋益生菌哦～' },
  { classify: 2, minutesAgo: 60 * 24 * 2, images: [3], text: '坚持就是最好的保养，胶原蛋白肽陪你美丽每一天。' },
];

type Trx = Transaction<Database>;

async function agentId(trx: Trx, platId: string, phone: string) {
  const row = await trx.selectFrom('agents').select('id').where('plat_id', '=', platId).where('phone', '=', phone).executeTakeFirst();
  return row ? Number(row.id) : null;
}

export async function seedLookupsContent(trx: Trx, platId: string, gradeIds: number[], now: Date): Promise<void> {
  const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const DAY = 86_400_000;
  const singles = await trx
    .selectFrom('single_products as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .select(['s.id', 's.price', 's.spec_disp_str', 's.img_url', 'p.id as prod_id', 'p.prod_name', 's.weight'])
    .where('s.plat_id', '=', platId)
    .where('p.prod_type', '=', 1)
    .orderBy('s.id')
    .limit(3)
    .execute();
  if (singles.length < 3) return;

  for (const t of DEMO_TRACE_CODES) {
    const owner = t.agentPhone ? await agentId(trx, platId, t.agentPhone) : null;
    const cus = 'cus' in t ? t.cus : undefined;
    await trx
      .insertInto('trace_codes')
      .values({
        plat_id: platId,
        trace_code: t.code,
        single_prod_id: Number(singles[t.product]!.id),
        agent_type: owner ? 1 : 0,
        agent_id: owner,
        ascription_type: t.ascriptionType,
        cus_name: cus?.name ?? '',
        cus_phone: cus?.phone ?? '',
        cus_grade_name: cus?.grade ?? '',
        created_at: at(30 * DAY),
      })
      .execute();
  }
  for (const r of DEMO_REVIEW_CODES) {
    const { id } = await trx
      .insertInto('review_codes')
      .values({ plat_id: platId, review_code: r.code, single_prod_id: Number(singles[r.product]!.id), created_at: at(30 * DAY) })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const d of r.queriedDaysAgo) await trx.insertInto('review_queries').values({ review_code_id: Number(id), queried_at: at(d * DAY) }).execute();
  }

  await trx.insertInto('material_stores').values({ plat_id: platId, store_name: '健康生活馆', store_img_url: poster(6) }).execute();
  const classifyIds: number[] = [];
  for (const [sort, name] of CLASSIFIES.entries()) {
    const { id } = await trx.insertInto('material_classifies').values({ plat_id: platId, classify_name: name, sort }).returning('id').executeTakeFirstOrThrow();
    classifyIds.push(Number(id));
  }
  for (const m of MATERIALS) {
    await trx
      .insertInto('materials')
      .values({
        plat_id: platId,
        classify_id: classifyIds[m.classify]!,
        material_content: m.text,
        material_type: m.video ? 1 : 2,
        file_urls: m.video ? VIDEO : m.images.map(poster).join(','),
        video_picture_url: m.video ? poster(m.images[0]!) : '',
        created_at: at(m.minutesAgo * 60_000),
      })
      .execute();
  }

  await seedPerformance(trx, platId, gradeIds, now, singles);
}

type Single = { id: number; price: number; spec_disp_str: string; img_url: string; prod_id: number; prod_name: string; weight: number };

/** Two agents with paid orders over six months and approved top-ups (paid offline: no balance moves for the orders). */
async function seedPerformance(trx: Trx, platId: string, gradeIds: number[], now: Date, singles: Single[]) {
  const hash = await hashPassword('demo1234');
  const ids = new Map<string, { id: number; name: string; code: string }>();
  for (const a of DEMO_PERFORMANCE_AGENTS) {
    const inviter = a.inviter ? ids.get(a.inviter)!.id : null;
    const { id } = await trx
      .insertInto('agents')
      .values({
        plat_id: platId,
        phone: a.phone,
        agent_name: a.name,
        agent_code: `tmp-${a.phone}`,
        password_hash: hash,
        pay_password_hash: null,
        grade_id: gradeIds[inviter ? 1 : 2]!,
        agent_type: 1,
        agent_status: 1,
        is_need_bond_status: 0,
        is_active: 1,
        inviter_id: inviter,
        head_img_url: '',
        open_id: null,
        last_store: 0,
        lave_income: 0,
        lave_integral: 0,
        bond_money: 0,
        frozen_store: 0,
        created_at: new Date(now.getTime() - 200 * 86_400_000).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const code = `DL${String(id).padStart(6, '0')}`;
    await trx.updateTable('agents').set({ agent_code: code }).where('id', '=', Number(id)).execute();
    ids.set(a.phone, { id: Number(id), name: a.name, code });
  }
  const chen = ids.get('13800000005')!;
  const liu = ids.get('13800000006')!;

  // Orders: one or two a month for six months, for both agents.
  let n = 0;
  for (let month = 0; month < 6; month++) {
    for (const [who, qty] of [[chen, 2 + (month % 3)], [liu, 1 + (month % 2)]] as const) {
      if (who === liu && month === 4) continue;
      const s = singles[(month + n) % singles.length]!;
      const paidAt = new Date(now.getTime() - (month * 30 + 3) * 86_400_000);
      await paidOrder(trx, platId, who, s, qty, paidAt, `PF${paidAt.toISOString().slice(0, 10).replace(/-/g, '')}${String(++n).padStart(4, '0')}`);
    }
  }
  // Approved top-ups of 刘洋 (a first top-up, then an upgrade): goods fund credited through ledger records.
  let store = 0;
  for (const [i, r] of [{ daysAgo: 95, money: 500_000, type: 1 }, { daysAgo: 35, money: 2_000_000, type: 2 }].entries()) {
    const atIso = new Date(now.getTime() - r.daysAgo * 86_400_000).toISOString();
    const code = `CZ${atIso.slice(0, 10).replace(/-/g, '')}${String(i + 1).padStart(4, '0')}`;
    await trx
      .insertInto('recharge_applies')
      .values({
        plat_id: platId,
        agent_id: liu.id,
        recharge_code: code,
        grade_up_type: r.type,
        old_grade_id: gradeIds[0]!,
        new_grade_id: gradeIds[1]!,
        recharge_money: r.money,
        pay_type: 1,
        account_id: null,
        check_state: 1,
        checked_at: atIso,
        checked_by: null,
        created_at: atIso,
        pay_serial: null,
        paid_at: atIso,
      })
      .execute();
    store += r.money;
    await trx
      .insertInto('account_changes')
      .values({ plat_id: platId, agent_id: liu.id, account: 'store', amount: r.money, balance_after: store, change_state: r.type === 1 ? 12 : 13, order_code: code, remark: '充值', created_at: atIso })
      .execute();
  }
  await trx.updateTable('agents').set({ last_store: store }).where('id', '=', liu.id).execute();
}

async function paidOrder(trx: Trx, platId: string, who: { id: number; name: string; code: string }, s: Single, qty: number, paidAt: Date, code: string) {
  const total = Number(s.price) * qty;
  const iso = paidAt.toISOString();
  const earlier = new Date(paidAt.getTime() - 3_600_000).toISOString();
  const { id } = await trx
    .insertInto('orders')
    .values({
      plat_id: platId, order_code: code, order_type: 1, pay_type: 4, circulation_state: 5, pay_state: 1, close_state: 0,
      total_money: total, post_money: 0, all_money: total, actual_money: total, point_balance_money: 0, balance_point: 0,
      prod_all_point: 0, actual_point: 0, gift_point: 0, is_up_send_post: 0, up_agent_id: null, seckill_id: null, is_first_gift: 0,
      order_note: '', create_agent_id: who.id, create_agent_name: who.name, create_agent_tel: '', create_agent_code: who.code,
      apg_id: null, apg_code: null, apg_sys_code: null, receiver_name: who.name, receiver_phone: '13800000000', receiver_nation: '中国',
      receiver_province: '浙江省', receiver_city: '杭州市', receiver_county: '西湖区', receive_county_id: '330106', receiver_post_code: '',
      receiver_address: '文三路100号', idempotency_key: null, created_at: earlier, pay_date: iso, close_date: null, close_reason: null,
      send_state: 1, send_date: iso, receipt_date: iso, confirm_pay_state: 1, confirm_reject_reason: null, offline_pay_money: total,
      pay_serial: null, pay_deadline: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('order_lines')
    .values({
      order_id: Number(id), prod_id: Number(s.prod_id), single_prod_id: Number(s.id), activity_item_id: null, prod_name: s.prod_name,
      spec_disp_str: s.spec_disp_str, img_url: s.img_url, weight: Number(s.weight), buy_num: qty, prod_old_price: Number(s.price),
      prod_price: Number(s.price), prod_deal_price: Number(s.price), prod_all_money: total, prod_point: 0, total_point: 0,
      point_balance_money: 0, balance_point: 0, is_first_gift: 0,
    })
    .execute();
}
