import { describe, expect, it } from 'vitest';
import { selBaseInfoByInvAgentId } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { newAgent } from './helpers/account-area-fixture.js';

const t = useTestApp();
const page = { pageNum: 1, pageSize: 10 };

async function friends(token: string, extra: Record<string, unknown> = {}) {
  const r = await t.call(selBaseInfoByInvAgentId, { phonePage: page, ...extra }, { token });
  expect(r.body.errorType).toBe('SUCCESS');
  return r.body as { obj: { invAll: number; agentGradeInfoBoList: { value: number; name: string; agentCount: number }[]; phonePage: { pageTotal: number } }; objs: { agentName: string; phone: string; gradeName: string }[] };
}

describe('friends (selBaseInfoByInvAgentId, spec 3 §2 /friend)', () => {
  it('lists only the agents this agent invited, with tabs per grade and their counts', async () => {
    const x = await newAgent(t, { name: '邀请人甲' });
    const y = await newAgent(t, { name: '邀请人乙' });
    const a = await newAgent(t, { name: '好友一', inviterId: x.id });
    await newAgent(t, { name: '好友二', inviterId: x.id });
    await newAgent(t, { name: '好友三', inviterId: x.id, gradeLevel: 2 });
    await newAgent(t, { name: '别人的好友', inviterId: y.id });
    await newAgent(t, { name: '孙辈', inviterId: a.id });

    // The legacy id field naming another agent changes nothing: identity comes from the session.
    const all = await friends(x.token, { id: y.id });
    expect(all.obj.invAll).toBe(3);
    expect(all.objs.map((f) => f.agentName).sort()).toEqual(['好友一', '好友三', '好友二']);
    const tabs = all.obj.agentGradeInfoBoList;
    expect(tabs.map((g) => g.name)).toEqual(['体验代理', '银卡代理', '金卡代理', '钻石代理']);
    expect(tabs.map((g) => g.agentCount)).toEqual([2, 1, 0, 0]);

    const silver = await friends(x.token, { introduceGradeId: tabs[1]!.value });
    expect(silver.objs).toEqual([expect.objectContaining({ agentName: '好友三', gradeName: '银卡代理' })]);

    const theirs = await friends(y.token);
    expect(theirs.objs.map((f) => f.agentName)).toEqual(['别人的好友']);
  });

  it('searches by name or phone', async () => {
    const x = await newAgent(t);
    await newAgent(t, { name: '王小明', inviterId: x.id });
    const b = await newAgent(t, { name: '李四', inviterId: x.id });
    expect((await friends(x.token, { agentOrPhone: '小明' })).objs.map((f) => f.agentName)).toEqual(['王小明']);
    const byPhone = await friends(x.token, { agentOrPhone: b.phone.slice(-5) });
    expect(byPhone.objs.map((f) => f.agentName)).toEqual(['李四']);
    expect(byPhone.obj.invAll).toBe(1);
    expect((await friends(x.token, { agentOrPhone: '%' })).objs).toHaveLength(2);
  });

  it('answers an empty list for an agent without friends, paged', async () => {
    const lonely = await newAgent(t);
    const r = await friends(lonely.token);
    expect(r.obj.invAll).toBe(0);
    expect(r.objs).toEqual([]);
    expect(r.obj.phonePage.pageTotal).toBe(0);
  });

  it('pages ten at a time', async () => {
    const x = await newAgent(t);
    for (let i = 0; i < 12; i++) await newAgent(t, { inviterId: x.id });
    const first = await friends(x.token);
    expect(first.objs).toHaveLength(10);
    expect(first.obj.phonePage.pageTotal).toBe(2);
    const second = await friends(x.token, { phonePage: { pageNum: 2, pageSize: 10 } });
    expect(second.objs).toHaveLength(2);
  });
});
