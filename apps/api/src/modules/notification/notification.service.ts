import {
  KIND_GROUP,
  NOTIFY_KIND_TEXT,
  NOTIFY_KINDS,
  NOTIFY_MESSAGES as M,
  chinaTimeText,
  kindsOfGroup,
  type MessageGroup,
  type NotifyKind,
  type NotifyTemplate,
} from '@shop/contract';
import type { Deps } from '../../deps.js';
import { DAY, chinaDate, iso } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.queries.js';
import { bumpVersion, readVersions } from '../settings/settings.queries.js';
import type { StaffActor } from '../staff/staff.queries.js';
import * as repo from './notification.repository.js';
import { ANNOUNCEMENT_BATCH, fanOutAnnouncements } from './announcement-fanout.js';

/** The settings area version key of the templates (setting_versions, ADR 0022 / 0037). */
export const TEMPLATES_KEY = 'notifyTemplates';
/** Kinds an agent can switch off for WeChat (announcements are in-app only, ADR 0037; chat replies while away, ADR 0043). */
export const SWITCHABLE_KINDS: readonly NotifyKind[] = NOTIFY_KINDS.filter((k) => k !== 'announcement');

const kindText = (k: string) => NOTIFY_KIND_TEXT[k as NotifyKind] ?? k;

/** The message centre of an agent, the staff side (announcements, dead letters, counts, templates), ADR 0037. */
export function createNotificationService({ db, clock }: Deps) {
  const k = db.kysely;
  const toItem = (r: Awaited<ReturnType<typeof repo.listMessages>>[number]) => ({
    id: Number(r.id),
    kind: r.kind,
    kindText: kindText(r.kind),
    group: KIND_GROUP[r.kind as NotifyKind] ?? 'notice',
    title: r.title,
    body: r.body,
    link: r.link,
    read: r.read_at !== null,
    createDate: chinaTimeText(r.created_at),
  });

  return {
    async list(agentId: number, group: MessageGroup, page: { pageSize: number; pageNum: number }) {
      const kinds = kindsOfGroup(group);
      const [rows, total, unread] = await Promise.all([
        repo.listMessages(k, agentId, kinds, page.pageSize, (page.pageNum - 1) * page.pageSize),
        repo.countMessages(k, agentId, kinds),
        repo.unreadByKind(k, agentId),
      ]);
      const byGroup: Record<string, number> = { all: 0, funds: 0, orders: 0, service: 0, notice: 0 };
      for (const [kind, n] of unread) {
        byGroup.all! += n;
        const g = KIND_GROUP[kind as NotifyKind];
        if (g) byGroup[g]! += n;
      }
      return {
        objs: rows.map(toItem),
        obj: { phonePage: { pageSize: page.pageSize, pageNum: page.pageNum, pageTotal: Math.ceil(total / page.pageSize) }, unread: byGroup },
      };
    },

    async unread(agentId: number) {
      return { obj: { unread: await repo.countUnread(k, agentId) } };
    },

    /** Marks one of the agent's own messages read; another agent's message is "not found" (nothing is said about it). */
    async read(agentId: number, id: number) {
      const m = await repo.findOwnMessage(k, agentId, id);
      if (!m) throw new AppError('RECORD_NOT_FOUND', M.notFound);
      await repo.markRead(k, agentId, [id], [m.kind], iso(clock.now()));
      return { obj: { id, link: m.link } };
    },

    async readAll(agentId: number, group: MessageGroup) {
      return { obj: { count: await repo.markRead(k, agentId, 'all', kindsOfGroup(group), iso(clock.now())) } };
    },

    async prefs(agentId: number) {
      const [rows, agent] = await Promise.all([repo.prefsOf(k, agentId), repo.agentForSend(k, agentId)]);
      const off = new Set(rows.filter((r) => r.wechat_on === 0).map((r) => r.kind));
      return {
        objs: SWITCHABLE_KINDS.map((kind) => ({ kind, kindText: kindText(kind), wechatOn: !off.has(kind) })),
        obj: { wechatBound: !!agent?.open_id },
      };
    },

    async savePref(agentId: number, kind: NotifyKind, on: boolean) {
      if (!SWITCHABLE_KINDS.includes(kind)) throw new AppError('VALIDATION', M.kindInvalid);
      await repo.savePref(k, agentId, kind, on);
      return { obj: { kind, kindText: kindText(kind), wechatOn: on } };
    },

    // ---- staff ----

    /**
     * A message to every agent of the platform or of one grade (in-app only), audited. ADR 0043: the announcement row
     * is written here; its messages are written in batches by the job send-announcements (the first batch at once when
     * the whole reach fits in it), each agent once by the event key `announcement:<id>:<agentId>`.
     */
    async announce(actor: StaffActor, input: { title: string; body: string; gradeId: number | null }) {
      const grade = input.gradeId === null ? null : await repo.gradeOfPlatform(k, actor.platId, input.gradeId);
      if (input.gradeId !== null && !grade) throw new AppError('VALIDATION', M.gradeNotFound);
      const at = iso(clock.now());
      const scope = grade ? `等级 ${grade.grade_name}` : '全部代理商';
      const made = await k.transaction().execute(async (trx) => {
        const reach = await repo.announcementReach(trx, actor.platId, input.gradeId);
        if (reach.total === 0) throw new AppError('VALIDATION', M.noAgents);
        const id = await repo.insertAnnouncement(trx, {
          plat_id: actor.platId,
          title: input.title,
          body: input.body,
          grade_id: input.gradeId,
          scope_text: scope,
          total: reach.total,
          until_agent_id: reach.until,
          staff_id: actor.staffId,
          staff_name: actor.staffName,
          created_at: at,
        });
        await recordAudit(trx, {
          platId: actor.platId,
          staffId: actor.staffId,
          staffName: actor.staffName,
          role: actor.role,
          operation: 'sendAnnouncement',
          targetKind: 'announcement',
          targetId: id,
          targetLabel: input.title,
          after: `标题：${input.title}；范围：${scope}；人数：${reach.total}`,
          detail: input.body.slice(0, 200),
          ip: actor.ip,
          at,
        });
        return { id, total: reach.total };
      });
      // A small reach is written before answering; a larger one (or a failure here) is left to the job.
      if (made.total <= ANNOUNCEMENT_BATCH) await fanOutAnnouncements({ db, clock }, clock.now(), { only: made.id }).catch(() => undefined);
      return { obj: { id: made.id, count: made.total } };
    },

    /** The announcements sent, newest first, with their progress (已发送 N / M). */
    async announcements(platId: string) {
      const rows = await repo.announcementsOf(k, platId, 100);
      return {
        objs: rows.map((r) => ({
          id: Number(r.id),
          title: r.title,
          body: r.body,
          scopeText: r.scope_text,
          total: Number(r.total),
          sent: Number(r.sent),
          state: r.state,
          stateText: r.state === 'done' ? '已完成' : '发送中',
          staffName: r.staff_name,
          createDate: chinaTimeText(r.created_at),
          finishDate: r.finished_at ? chinaTimeText(r.finished_at) : '',
        })),
      };
    },

    async deadLetters(platId: string) {
      const rows = await repo.deadLetters(k, platId, 200);
      return {
        objs: rows.map((r) => ({
          id: Number(r.id),
          agentId: Number(r.agent_id),
          agentName: r.agent_name ?? '',
          phone: r.phone ?? '',
          kind: r.kind,
          kindText: kindText(r.kind),
          title: r.title ?? '',
          attempts: r.attempts,
          lastError: r.last_error,
          createDate: chinaTimeText(r.created_at),
        })),
      };
    },

    async retryDead(actor: StaffActor, id: number) {
      const at = iso(clock.now());
      return k.transaction().execute(async (trx) => {
        const row = await repo.outboxOfPlatform(trx, actor.platId, id);
        if (!row || !(await repo.requeueDead(trx, actor.platId, id, at))) throw new AppError('VALIDATION', M.deadNotFound);
        await recordAudit(trx, {
          platId: actor.platId,
          staffId: actor.staffId,
          staffName: actor.staffName,
          role: actor.role,
          operation: 'retryDeadLetter',
          targetKind: 'notification',
          targetId: id,
          targetLabel: `${kindText(row.kind)} ${row.event_key}`,
          agentId: Number(row.agent_id),
          before: `发送失败（${row.attempts}次）：${row.last_error}`,
          after: '重新排队发送',
          ip: actor.ip,
          at,
        });
        return { obj: { id } };
      });
    },

    /** Per China day: in-app messages written and template messages by their state now. */
    async deliveryCounts(platId: string, days: number) {
      const now = clock.now();
      const dates = Array.from({ length: days }, (_, i) => chinaDate(new Date(now.getTime() - (days - 1 - i) * DAY)));
      const from = iso(new Date(now.getTime() - (days + 1) * DAY));
      const [out, msgs] = await Promise.all([repo.outboxSince(k, platId, from), repo.messagesSince(k, platId, from)]);
      const byDay = new Map(dates.map((d) => [d, { date: d, inApp: 0, sent: 0, skipped: 0, dead: 0, pending: 0 }]));
      for (const m of msgs) {
        const d = byDay.get(chinaDate(new Date(m.created_at)));
        if (d) d.inApp += 1;
      }
      for (const o of out) {
        const d = byDay.get(chinaDate(new Date(o.created_at)));
        if (d && (o.state === 'sent' || o.state === 'skipped' || o.state === 'dead' || o.state === 'pending')) d[o.state] += 1;
      }
      return { objs: [...byDay.values()] };
    },

    async templates(platId: string) {
      const [rows, versions] = await Promise.all([repo.templatesOf(k, platId), readVersions(k, platId)]);
      const byKind = new Map(rows.map((r) => [r.kind, r]));
      return {
        objs: SWITCHABLE_KINDS.map((kind) => {
          const r = byKind.get(kind);
          return { kind, templateId: r?.template_id ?? '', fields: r ? (JSON.parse(r.fields_json) as NotifyTemplate['fields']) : DEFAULT_FIELDS };
        }),
        obj: { version: Number(versions.find((v) => v.setting_key === TEMPLATES_KEY)?.version ?? 0) },
      };
    },

    async saveTemplates(actor: StaffActor, input: { version: number; templates: NotifyTemplate[] }) {
      const at = iso(clock.now());
      return k.transaction().execute(async (trx) => {
        if (!(await bumpVersion(trx, actor.platId, TEMPLATES_KEY, input.version))) throw new AppError('VALIDATION', M.templateStale);
        const before = new Map((await repo.templatesOf(trx, actor.platId)).map((r) => [r.kind, r.template_id]));
        const changes: string[] = [];
        for (const t of input.templates) {
          if (t.kind === 'announcement') continue;
          await repo.replaceTemplate(trx, actor.platId, t.kind, t.templateId, JSON.stringify(t.fields));
          const was = before.get(t.kind) ?? '';
          changes.push(`${kindText(t.kind)}：${was || '未设置'} → ${t.templateId || '未设置'}（${t.fields.map((f) => `${f.key}=${f.source}`).join('，')}）`);
        }
        await recordAudit(trx, {
          platId: actor.platId,
          staffId: actor.staffId,
          staffName: actor.staffName,
          role: actor.role,
          operation: 'saveNotifyTemplates',
          targetKind: `setting:${TEMPLATES_KEY}`,
          targetId: input.version + 1,
          targetLabel: '微信模板消息',
          after: changes.join('；').slice(0, 2000),
          ip: actor.ip,
          at,
        });
        return { obj: { version: input.version + 1 } };
      });
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;

/** A kind without a saved mapping: the classic template layout (first, keyword1, keyword2, remark). */
export const DEFAULT_FIELDS: NotifyTemplate['fields'] = [
  { key: 'first', source: 'title' },
  { key: 'keyword1', source: 'body' },
  { key: 'keyword2', source: 'time' },
];
