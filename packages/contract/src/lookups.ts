import * as z from 'zod/mini';
import { yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { int, mobile, optionalText, required } from './validation.js';

/**
 * Public lookups (spec 3 §2, §5, §7): trace code, anti-counterfeit code and agent authorization by phone. No login;
 * the server limits them per address so phone numbers and codes cannot be enumerated.
 */

export const LOOKUP_MESSAGES = {
  traceRequired: '请输入追溯码',
  traceNotFound: '追溯码不存在',
  reviewRequired: '请输入防伪码',
  reviewWrong: '防伪码输入错误',
  phoneRequired: '请输入代理商手机号码',
  agentNotFound: '代理商不存在',
  badQr: '二维码错误',
} as const;

/** spec 3 §4: a scanned or pasted value containing 'code=' is reduced to what follows it. */
export function codeOf(text: string): string {
  const at = text.indexOf('code=');
  const code = at < 0 ? text : text.slice(at + 'code='.length);
  return code.split('&')[0]!.trim();
}

/** spec 3 §9: the phone on the trace page is masked, digits 4 to 7 replaced. */
export const maskPhone = (phone: string) => (phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone);

/** spec 3 §9: agentType 0 is headquarters, otherwise agent; ascriptionType 0 is agent, otherwise member. */
export const AGENT_TYPE = { headquarters: 0 } as const;
export const ASCRIPTION_TYPE = { agent: 0 } as const;
export const agentTypeText = (agentType: number) => (agentType === AGENT_TYPE.headquarters ? '总部' : '代理商');
export const ascriptionText = (ascriptionType: number) => (ascriptionType === ASCRIPTION_TYPE.agent ? '代理商' : '会员');

/** A code as the user typed or scanned it (max 64), reduced by the 'code=' rule. */
const codeIn = (message: string) => z.pipe(required(message, z.maxLength(200, message)), z.transform(codeOf));

/** spec 3 §3 Trace result. Phones are masked by the server. */
export const traceResult = z.object({
  traceCode: z.string(),
  prodBaseInfo: z.object({ prodName: z.string(), price: yuanOut }),
  prodSingleProduct: z.object({ artNum: z.string(), imgUrl: z.string() }),
  ascriptionType: int(),
  agentType: int(),
  agentBaseInfoBo: z.object({ agentName: z.string(), phone: z.string(), agentGradeInfo: z.object({ gradeName: z.string() }) }),
  ascriptionCusName: z.string(),
  ascriptionCusPhone: z.string(),
  ascriptionCusGradeName: z.string(),
});
export type TraceResult = z.output<typeof traceResult>;

export const searchDataByTraceCode = defineOp({
  name: 'searchDataByTraceCode',
  path: '/api/trace/searchDataByTraceCode.do',
  auth: 'public',
  input: z.object({ platId: optionalText(64), traceCode: codeIn(LOOKUP_MESSAGES.traceRequired) }),
  output: z.object({ obj: traceResult }),
});

/** One query of an anti-counterfeit code; the answer's msg says whether it is the first one. */
export const reviewRecord = z.object({ reviewSelDate: z.string() });

export const selectTraceReviewSelRecord = defineOp({
  name: 'selectTraceReviewSelRecord',
  path: '/api/trace/selectTraceReviewSelRecord.do',
  auth: 'public',
  input: z.object({ platId: optionalText(64), reviewCode: codeIn(LOOKUP_MESSAGES.reviewRequired) }),
  output: z.object({
    obj: z.object({ reviewCode: z.string(), prodName: z.string(), selCount: int(), firstSelDate: z.string() }),
    /** Every query of this code, the first one first (this one included). */
    objs: z.array(reviewRecord),
  }),
});

/** spec 3 §3 Authorization result. */
export const authorizedInfo = z.object({
  privilegedCode: z.string(),
  agentName: z.string(),
  phone: z.string(),
  agentGradeInfo: z.object({ gradeName: z.string() }),
  wxNumber: z.string(),
  introduceAgent: z.object({ agentName: z.string() }),
  /** The certificate PNG the server renders; validity dates in China time. */
  agentCertTemplateInfoBo: z.object({ backImgUrlNew: z.string(), validFrom: z.string(), validTo: z.string() }),
});
export type AuthorizedInfo = z.output<typeof authorizedInfo>;

export const selectAgentAuthorizedInfo = defineOp({
  name: 'selectAgentAuthorizedInfo',
  path: '/api/trace/selectAgentAuthorizedInfo.do',
  auth: 'public',
  input: z.object({ platId: optionalText(64), phone: mobile(LOOKUP_MESSAGES.phoneRequired) }),
  output: z.object({ obj: authorizedInfo }),
});

/** What an anti-counterfeit answer says: a code queried before is the usual sign of a copied code. */
export function reviewMessage(selCount: number, firstSelDate: string): string {
  return selCount <= 1
    ? '您查询的防伪码为正品，此码为首次查询'
    : `该防伪码已被查询${selCount}次，首次查询时间为${firstSelDate}，请谨防假冒`;
}
