import { z } from 'zod';
import { defineOp } from './operation.js';
import { mobile, required } from './validation.js';
import { loginPassword } from './session.js';

export const agentSetInfoGet = defineOp({
  name: 'agentSetInfoGet',
  path: '/api/agent/agentSetInfoGet.do',
  auth: 'public',
  input: z.object({ platId: z.string().trim().max(64).optional() }),
  output: z.object({
    obj: z.object({ agreementTitle: z.string(), agreementContent: z.string(), isEnable: z.number().int() }),
  }),
});

export const agentSetting = z.object({
  /** Comma-separated parallel lists of the grades open for registration. */
  levelIds: z.string(),
  levelNames: z.string(),
  /** 1: the agreement must be ticked. */
  isEnable: z.number().int(),
  invitationTitle: z.string(),
  invitationContent: z.string(),
  isContainName: z.number().int(),
  inviterName: z.string(),
});

export const selectAgentSetInfo = defineOp({
  name: 'selectAgentSetInfo',
  path: '/api/agent/selectAgentSetInfo.do',
  auth: 'public',
  input: z.object({
    phone: z.string().trim().max(11).optional(),
    platId: z.string().trim().max(64).optional(),
    isShare: z.coerce.number().int().min(0).max(1).optional(),
  }),
  output: z.object({ obj: agentSetting }),
});

/** spec 1 §3 agentApplyInfo, with the spec 1 §5 registration rules (phone, password and inviter trimmed). */
const applicationFields = {
  isShare: z.coerce.number().int().min(0).max(1).default(0),
  platId: z.string().trim().max(64).optional(),
  openId: z.string().trim().max(128).optional(),
  agentName: required('请输入姓名').max(10, '姓名长度不能超过10个字符'),
  phone: mobile('请输入手机号'),
  gradeId: z.coerce.number({ error: '请选择注册代理商级别' }).int('请选择注册代理商级别').positive('请选择注册代理商级别'),
  gradeName: z.string().trim().max(32).optional(),
  password: loginPassword('请输入您的登录密码', '登录密码长度6~10个字符'),
  inviterPhone: mobile('请输入邀请人手机号'),
};

const inviterNotSelf = {
  check: (v: { phone: string; inviterPhone: string }) => v.phone !== v.inviterPhone,
  issue: { message: '不能与注册手机号一致', path: ['inviterPhone'] },
};

export const applicationInput = z
  .object(applicationFields)
  .refine(inviterNotSelf.check, inviterNotSelf.issue);

export const selectInviterAgent = defineOp({
  name: 'selectInviterAgent',
  path: '/api/agent/selectInviterAgent.do',
  auth: 'public',
  input: z.object({
    phone: z.string().trim().optional(),
    inviterPhone: mobile('请输入邀请人手机号'),
    platId: z.string().trim().max(64).optional(),
  }).refine((v) => v.phone !== v.inviterPhone, inviterNotSelf.issue),
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

/** The /register and /share form, in the order the spec lists its messages. */
export function registrationForm(agreementRequired: boolean) {
  return z
    .object({
      agentName: applicationFields.agentName,
      phone: applicationFields.phone,
      gradeId: applicationFields.gradeId,
      password: applicationFields.password,
      repeatPassword: loginPassword('请再次输入您的登录密码', '登录密码长度6~10个字符'),
      inviterPhone: applicationFields.inviterPhone,
      agreed: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (v.password !== v.repeatPassword) {
        ctx.addIssue({ code: 'custom', message: '与登录密码不一致', path: ['repeatPassword'] });
      } else if (v.phone === v.inviterPhone) {
        ctx.addIssue({ code: 'custom', ...inviterNotSelf.issue });
      } else if (agreementRequired && !v.agreed) {
        ctx.addIssue({ code: 'custom', message: '请勾选代理商注册协议', path: ['agreed'] });
      }
    });
}
