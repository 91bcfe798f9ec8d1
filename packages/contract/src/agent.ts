import * as z from 'zod/mini';
import { defineOp } from './operation.js';
import { flag, formInOrder, idIn, int, mobile, optionalText, required, trimmed } from './validation.js';
import { loginPassword } from './session.js';

export const agentSetInfoGet = defineOp({
  name: 'agentSetInfoGet',
  path: '/api/agent/agentSetInfoGet.do',
  auth: 'public',
  input: z.object({ platId: optionalText(64) }),
  output: z.object({
    obj: z.object({ agreementTitle: z.string(), agreementContent: z.string(), isEnable: int() }),
  }),
});

export const agentSetting = z.object({
  /** Comma-separated parallel lists of the grades open for registration. */
  levelIds: z.string(),
  levelNames: z.string(),
  /** 1: the agreement must be ticked. */
  isEnable: int(),
  invitationTitle: z.string(),
  invitationContent: z.string(),
  isContainName: int(),
  inviterName: z.string(),
});

export const selectAgentSetInfo = defineOp({
  name: 'selectAgentSetInfo',
  path: '/api/agent/selectAgentSetInfo.do',
  auth: 'public',
  input: z.object({ phone: optionalText(11), platId: optionalText(64), isShare: z.optional(flag()) }),
  output: z.object({ obj: agentSetting }),
});

const INVITER_SELF = '不能与注册手机号一致';
// A fresh object per use: zod's refine rewrites the params it is given (`message` becomes `error`).
const inviterNotSelf = () => ({ message: INVITER_SELF, path: ['inviterPhone'] });
const differentPhones = (v: { phone?: string; inviterPhone: string }) => v.phone !== v.inviterPhone;

/** spec 1 §3 agentApplyInfo, with the spec 1 §5 registration rules (phone, password and inviter trimmed). */
const applicationFields = {
  isShare: z._default(flag(), 0),
  platId: optionalText(64),
  openId: optionalText(128),
  agentName: required('请输入姓名', z.maxLength(10, '姓名长度不能超过10个字符')),
  phone: mobile('请输入手机号'),
  gradeId: idIn('请选择注册代理商级别'),
  gradeName: optionalText(32),
  password: loginPassword('请输入您的登录密码', '登录密码长度6~10个字符'),
  inviterPhone: mobile('请输入邀请人手机号'),
};

export const applicationInput = z.object(applicationFields).check(z.refine(differentPhones, inviterNotSelf()));

export const selectInviterAgent = defineOp({
  name: 'selectInviterAgent',
  path: '/api/agent/selectInviterAgent.do',
  auth: 'public',
  input: z
    .object({ phone: optionalText(11), inviterPhone: mobile('请输入邀请人手机号'), platId: optionalText(64) })
    .check(z.refine(differentPhones, inviterNotSelf())),
  output: z.object({ obj: z.object({ inviterName: z.string(), inviterPhone: z.string() }) }),
});

export const submitApplications = defineOp({
  name: 'submitApplications',
  path: '/api/agent/submitApplications.do',
  auth: 'public',
  input: applicationInput,
  output: z.object({}),
  successMsg: '注册成功',
});

/** The /register and /share form, checked in the order the spec lists its messages (spec 1 §5). */
export function registrationForm(agreementRequired: boolean) {
  return formInOrder(
    z.object({
      agentName: applicationFields.agentName,
      phone: applicationFields.phone,
      gradeId: applicationFields.gradeId,
      password: applicationFields.password,
      repeatPassword: loginPassword('请再次输入您的登录密码', '登录密码长度6~10个字符'),
      inviterPhone: applicationFields.inviterPhone,
      agreed: z._default(z.boolean(), false),
    }),
    {
      repeatPassword: (v) => (trimmed(v.repeatPassword) === trimmed(v.password) ? null : '与登录密码不一致'),
      inviterPhone: (v) => (trimmed(v.inviterPhone) === trimmed(v.phone) ? INVITER_SELF : null),
      agreed: (v) => (agreementRequired && v.agreed !== true ? '请勾选代理商注册协议' : null),
    },
  );
}
