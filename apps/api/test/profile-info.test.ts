import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { improvePersonalInformation, selectAgentBaseInfoById, selectAgentPointSign, sendChangePhoneCode, uploadImgFile } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { newAgent } from './helpers/account-area-fixture.js';
import { SECOND } from './helpers/time.js';

const t = useTestApp();

async function upload(token: string) {
  const data = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#3a7' } }).png().toBuffer();
  return (await t.upload(uploadImgFile, [{ name: 'a.png', data: data }], { token })).body.obj as string;
}

const profileOf = async (token: string, id?: number) => (await t.call(selectAgentBaseInfoById, { id }, { token })).body.objs[0];
const base = (phone: string) => ({ agentName: '张三', phone, wxNumber: 'wx_abc', birthDate: '1990-05-06', sex: 1, provinceCode: '440000', cityCode: '440300' });

describe('profile (selectAgentBaseInfoById, improvePersonalInformation; spec 3 §5 Profile)', () => {
  it('saves and reads back the profile of the session agent only', async () => {
    const me = await newAgent(t);
    const other = await newAgent(t, { name: '别人' });
    const r = await t.call(improvePersonalInformation, { ...base(me.phone), id: other.id, suId: other.id }, { token: me.token });
    expect(r.body).toMatchObject({ errorType: 'SUCCESS', msg: '保存成功', obj: { phoneChanged: 0 } });
    expect(await profileOf(me.token, other.id)).toMatchObject({ ...base(me.phone), gradeName: '体验代理' });
    expect(await profileOf(other.token)).toMatchObject({ agentName: '别人', wxNumber: '', sex: 2, birthDate: '' });
  });

  it('refuses bad fields with the spec messages', async () => {
    const me = await newAgent(t);
    const msg = async (patch: Record<string, unknown>) => (await t.call(improvePersonalInformation, { ...base(me.phone), ...patch }, { token: me.token })).body.msg;
    expect(await msg({ wxNumber: 'w'.repeat(41) })).toBe('微信号不能超过40个字符');
    expect(await msg({ birthDate: '1948-12-31' })).toBe('出生日期须在1949-01-01至2025-11-01之间');
    expect(await msg({ birthDate: '2025-11-02' })).toBe('出生日期须在1949-01-01至2025-11-01之间');
    expect(await msg({ sex: 3 })).toBe('请选择性别');
    expect(await msg({ agentName: '' })).toBe('请输入姓名');
    expect(await msg({ headImgUrl: '/api/common/upload/a.jpg,/api/common/upload/b.jpg' })).toBe('头像只能上传一张');
    expect(await msg({ wxNumber: 'w'.repeat(40), birthDate: '1949-01-01' })).toBe('保存成功');
  });

  it('takes one avatar the agent uploaded and shows it to anyone; another agent’s upload is refused', async () => {
    const me = await newAgent(t);
    const other = await newAgent(t);
    const theirs = await upload(other.token);
    const refused = await t.call(improvePersonalInformation, { ...base(me.phone), headImgUrl: theirs }, { token: me.token });
    expect(refused.body.errorType).toBe('VALIDATION');

    const mine = await upload(me.token);
    const saved = await t.call(improvePersonalInformation, { ...base(me.phone), headImgUrl: mine }, { token: me.token });
    expect(saved.body.errorType).toBe('SUCCESS');
    const url = (await profileOf(me.token)).headImgUrl as string;
    expect(url).toMatch(/^\/api\/common\/avatar\/[0-9a-f-]{36}\.jpg$/);
    const img = await t.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    // An upload that is nobody's avatar is not readable through the avatar path.
    const notAvatar = await t.app.inject({ method: 'GET', url: theirs.replace('/upload/', '/avatar/') });
    expect(notAvatar.statusCode).toBe(404);
    // Saving again with the shown link keeps it.
    await t.call(improvePersonalInformation, { ...base(me.phone), headImgUrl: url }, { token: me.token });
    expect((await profileOf(me.token)).headImgUrl).toBe(url);
  });

  it('changes the phone only with the code sent to the new number, then ends every session', async () => {
    const me = await newAgent(t);
    const taken = await newAgent(t);
    const fresh = '13612345678';
    expect((await t.call(improvePersonalInformation, base(fresh), { token: me.token })).body.msg).toBe('修改手机号需要输入新手机号收到的验证码');
    expect((await t.call(sendChangePhoneCode, { phone: taken.phone }, { token: me.token })).body.msg).toBe('该手机号已注册');
    expect((await t.call(improvePersonalInformation, { ...base(taken.phone), smsCode: '123456' }, { token: me.token })).body.msg).toBe('该手机号已注册');

    t.clock.advance(61 * SECOND);
    expect((await t.call(sendChangePhoneCode, { phone: fresh }, { token: me.token })).body).toMatchObject({ errorType: 'SUCCESS', msg: '验证码发送成功' });
    const code = (await t.smsOutbox(fresh))!.code;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await t.call(improvePersonalInformation, { ...base(fresh), smsCode: wrong }, { token: me.token })).body.msg).toBe('验证码输入不正确');

    const r = await t.call(improvePersonalInformation, { ...base(fresh), smsCode: code }, { token: me.token });
    expect(r.body).toMatchObject({ errorType: 'SUCCESS', msg: '你已修改手机号，请重新登录', obj: { phoneChanged: 1 } });
    expect((await t.call(selectAgentPointSign, {}, { token: me.token })).status).toBe(401);
    const again = await t.login(fresh, 'demo1234');
    expect((await profileOf(again.token)).phone).toBe(fresh);
    expect((await profileOf(taken.token)).phone).toBe(taken.phone);
  });
});
