import { chinaTimeText } from '@shop/contract';
import type { Deps } from '../../deps.js';
import * as repo from './friends.repository.js';

interface Query {
  agentOrPhone?: string;
  introduceGradeId?: number | null;
  phonePage: { pageNum: number; pageSize: number };
}

/** /friend (spec 3 §2): only the agents the session's agent invited, tabs per grade with counts, search. */
export function createFriendsService({ db }: Deps) {
  const k = db.kysely;
  return {
    async friends(platId: string, agentId: number, q: Query) {
      const search = (q.agentOrPhone ?? '').trim();
      const gradeId = q.introduceGradeId || null;
      const { pageNum, pageSize } = q.phonePage;
      // ADR 0048: two statements at once, the tabs with their counts and the page.
      const [grades, rows] = await Promise.all([
        repo.gradesWithCounts(k, platId, agentId, search),
        repo.friendsPage(k, agentId, search, gradeId, (pageNum - 1) * pageSize, pageSize),
      ]);
      const tabs = grades.map((g) => ({
        value: Number(g.id),
        name: g.grade_name,
        level: Number(g.grade_level),
        agentCount: Number(g.n ?? 0),
      }));
      const invAll = tabs.reduce((a, t) => a + t.agentCount, 0);
      const total = gradeId ? (tabs.find((t) => t.value === gradeId)?.agentCount ?? 0) : invAll;
      return {
        obj: { invAll, agentGradeInfoBoList: tabs, phonePage: { pageNum, pageSize, pageTotal: Math.ceil(total / pageSize) } },
        objs: rows.map((r) => ({
          agentName: r.agent_name,
          phone: r.phone,
          createDate: chinaTimeText(r.created_at),
          gradeName: r.grade_name,
          headImgUrl: r.head_img_url,
        })),
      };
    },
  };
}
export type FriendsService = ReturnType<typeof createFriendsService>;
