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
      const counts = new Map((await repo.countByGrade(k, agentId, search)).map((r) => [Number(r.grade_id), Number(r.n)]));
      const tabs = (await repo.grades(k, platId)).map((g) => ({
        value: Number(g.id),
        name: g.grade_name,
        level: Number(g.grade_level),
        agentCount: counts.get(Number(g.id)) ?? 0,
      }));
      const invAll = [...counts.values()].reduce((a, b) => a + b, 0);
      const total = gradeId ? (counts.get(gradeId) ?? 0) : invAll;
      const { pageNum, pageSize } = q.phonePage;
      const rows = await repo.friendsPage(k, agentId, search, gradeId, (pageNum - 1) * pageSize, pageSize);
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
