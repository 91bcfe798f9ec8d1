import * as z from 'zod/mini';
import { defineOp } from './operation.js';
import { phonePageIn, phonePageOut } from './paging.js';
import { int, intIn, mobile, optionalText, required } from './validation.js';
import { ACCOUNT_AREA_MESSAGES as M, BIRTH_RANGE, loginPasswordNew, payPassword, smsCodeIn } from './account-area-rules.js';

export * from './account-area-rules.js';

/**
 * Points and sign-in, friends, passwords and profile (spec 3 §2, §3, §7). Identity comes from the session only: the
 * legacy agentId / suId / id fields are accepted and ignored.
 */

const ignored = z.optional(z.unknown());
const identity = { platId: optionalText(64), agentId: ignored, suId: ignored, id: ignored };

// ---- points and sign-in (/points, /sign) ----

export const pointRecord = z.object({
  id: int(),
  changeSource: int(),
  /** 1 add, 2 reduce. */
  changeType: int(),
  changeCount: int(),
  createDate: z.string(),
});

export const selectAgentMyPointChange = defineOp({
  name: 'selectAgentMyPointChange',
  path: '/api/agentPoint/selectAgentMyPointChange.do',
  auth: 'agent',
  input: z.object({ ...identity, phonePage: phonePageIn }),
  output: z.object({ obj: z.object({ laveIntegral: int(), phonePage: phonePageOut }), objs: z.array(pointRecord) }),
});

/** spec 3 §3 Point settings, sign-in part. */
export const signSetting = z.object({
  state: int(),
  signState: int(),
  isContinuitySign: int(),
  continuityNum: int(),
  fixedIntegral: int(),
  continuityIntegral: int(),
  bgImage: z.string(),
});

export const signSummary = z.object({
  /** China date of the last sign-in ('' when never). */
  lastSignDateStr: z.string(),
  /** The streak as it stands today: 0 when broken. */
  countinueSign: int(),
  /** 1 when today is already signed. */
  isSignToday: int(),
});

export const selectAgentPointSign = defineOp({
  name: 'selectAgentPointSign',
  path: '/api/agentPoint/selectAgentPointSign.do',
  auth: 'agent',
  input: z.object(identity),
  output: z.object({
    obj: z.object({ basePointSetBo: signSetting, agentPointSignSummaryBo: signSummary, nowDate: z.string(), laveIntegral: int() }),
  }),
});

/** The legacy client's changeCountAll / countinueSign are accepted and never trusted: the server computes both. */
export const saveAgentPointSign = defineOp({
  name: 'saveAgentPointSign',
  path: '/api/agentPoint/saveAgentPointSign.do',
  auth: 'agent',
  input: z.object({ ...identity, isHaveContinue: ignored, changeCountAll: ignored, countinueSign: ignored }),
  output: z.object({ obj: z.object({ changeCountAll: int(), countinueSign: int(), laveIntegral: int() }) }),
  successMsg: M.signed,
});

export const rankEntry = z.object({
  indexRank: int(),
  agentName: z.string(),
  gradeName: z.string(),
  headImgUrl: z.string(),
  /** Points spent, all time. */
  pointCount: int(),
  /** Points spent this month (China time). */
  monthPointCount: int(),
});

export const selectAgentFlqPointRank = defineOp({
  name: 'selectAgentFlqPointRank',
  path: '/api/agentPoint/selectAgentFlqPointRank.do',
  auth: 'agent',
  input: z.object({
    platId: optionalText(64),
    selRankType: z._default(intIn(undefined, z.minimum(1), z.maximum(2)), 1),
    page: z._default(
      z.object({
        nowPage: z._default(intIn(undefined, z.minimum(1), z.maximum(2)), 1),
        everyPage: z._default(intIn(undefined, z.minimum(1), z.maximum(50)), 10),
      }),
      { nowPage: 1, everyPage: 10 },
    ),
  }),
  output: z.object({ objs: z.array(rankEntry) }),
});

// ---- friends (/friend) ----

export const friend = z.object({ agentName: z.string(), phone: z.string(), createDate: z.string(), gradeName: z.string(), headImgUrl: z.string() });
export const friendTab = z.object({ value: int(), name: z.string(), level: int(), agentCount: int() });

export const selBaseInfoByInvAgentId = defineOp({
  name: 'selBaseInfoByInvAgentId',
  path: '/api/agent/selBaseInfoByInvAgentId.do',
  auth: 'agent',
  input: z.object({
    ...identity,
    agentOrPhone: optionalText(20),
    /** A grade id; absent or 0 means every grade. */
    introduceGradeId: z.optional(z.nullable(intIn())),
    phonePage: phonePageIn,
  }),
  output: z.object({
    obj: z.object({ invAll: int(), agentGradeInfoBoList: z.array(friendTab), phonePage: phonePageOut }),
    objs: z.array(friend),
  }),
});

// ---- passwords (/edidPass, /payPass) ----

export const editPasswordBySuId = defineOp({
  name: 'editPasswordBySuId',
  path: '/api/agent/editPasswordBySuId.do',
  auth: 'agent',
  input: z.object({ ...identity, suPassword: required(M.currentPassword), newPassword: loginPasswordNew() }),
  output: z.object({}),
  successMsg: M.passwordChanged,
});

/** `payPassword` only says that one is set; the hash never leaves the server. */
const payOut = z.object({ obj: z.object({ payPassword: z.boolean() }) });

/** Sets the first payment password (none yet): SMS-verified like a change (ADR 0024), code funcType 6 to the own phone. */
export const editPayPassword = defineOp({
  name: 'editPayPassword',
  path: '/api/agent/editPayPassword.do',
  auth: 'agent',
  input: z.object({ ...identity, suPhone: mobile(M.phoneRequired), smsCode: smsCodeIn(), newPayPassword: payPassword() }),
  output: payOut,
  successMsg: M.paySaved,
});

/** Changes an existing payment password: SMS code (funcType 6) to the agent's own phone, new ≠ old. */
export const editPayPasswordBySuId = defineOp({
  name: 'editPayPasswordBySuId',
  path: '/api/agent/editPayPasswordBySuId.do',
  auth: 'agent',
  input: z.object({ ...identity, suPhone: mobile(M.phoneRequired), smsCode: smsCodeIn(), newPayPassword: payPassword() }),
  output: payOut,
  successMsg: M.paySaved,
});

// ---- profile (/center) ----

const birthDate = z.optional(
  z.string().check(
    z.trim(),
    z.refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && v >= BIRTH_RANGE.min && v <= BIRTH_RANGE.max), M.birthRange),
  ),
);
const areaCode = z.optional(z.string().check(z.trim(), z.regex(/^(\d{6})?$/, M.areaRequired)));

export const profile = z.object({
  agentName: z.string(),
  phone: z.string(),
  createDate: z.string(),
  wxNumber: z.string(),
  birthDate: z.string(),
  sex: int(),
  provinceCode: z.string(),
  cityCode: z.string(),
  /** A link the page can show (the avatar is public: rankings show it to other agents). */
  headImgUrl: z.string(),
  gradeName: z.string(),
});

export const selectAgentBaseInfoById = defineOp({
  name: 'selectAgentBaseInfoById',
  path: '/api/agent/selectAgentBaseInfoById.do',
  auth: 'agent',
  input: z.object(identity),
  output: z.object({ objs: z.array(profile) }),
});

export const improvePersonalInformation = defineOp({
  name: 'improvePersonalInformation',
  path: '/api/agent/improvePersonalInformation.do',
  auth: 'agent',
  input: z.object({
    ...identity,
    agentName: required(M.nameRequired, z.maxLength(10, M.nameLength)),
    phone: mobile(M.phoneRequired),
    /** Needed only when the phone changes: the code sent to the new number by sendChangePhoneCode. */
    smsCode: optionalText(6),
    wxNumber: z._default(z.string().check(z.trim(), z.maxLength(40, M.wxLength)), ''),
    birthDate,
    sex: z._default(intIn(M.sexInvalid, z.minimum(0, M.sexInvalid), z.maximum(2, M.sexInvalid)), 2),
    provinceCode: areaCode,
    cityCode: areaCode,
    countryName: optionalText(64),
    countryId: ignored,
    /** One uploaded image (uploadImgFile), or the current avatar link. */
    headImgUrl: z.optional(z.string().check(z.trim(), z.maxLength(300), z.refine((v) => !v.includes(','), M.avatarOne))),
  }),
  /** phoneChanged 1: every session ended, the page logs out ('你已修改手机号，请重新登录'). */
  output: z.object({ obj: z.object({ phoneChanged: int() }) }),
  successMsg: M.profileSaved,
});

/** A code (funcType 6) to the NEW phone before it replaces the current one; the number must not be registered. */
export const sendChangePhoneCode = defineOp({
  name: 'sendChangePhoneCode',
  path: '/api/agent/sendChangePhoneCode.do',
  auth: 'agent',
  input: z.object({ platId: optionalText(64), phone: mobile(M.phoneRequired) }),
  output: z.object({}),
  successMsg: '验证码发送成功',
});

export type PointRecord = z.output<typeof pointRecord>;
export type RankEntry = z.output<typeof rankEntry>;
export type Friend = z.output<typeof friend>;
export type Profile = z.output<typeof profile>;
