import * as z from 'zod/mini';
import { defineOp } from './operation.js';
import { phonePageIn, phonePageOut } from './paging.js';
import { flag, formInOrder, idIn, int, intIn, optionalText, required } from './validation.js';

/** Collection accounts: where the agent's withdrawals and deposit refunds are paid (spec 3 §2 /eceiving, /eveningP). */

export const COLLECTION_ACCOUNT_MESSAGES = {
  bankRequired: '请选择开户银行',
  subBankRequired: '请输入开户支行',
  subBankTooLong: '开户支行不能超过20个字',
  nameRequired: '请输入持卡人姓名',
  nameTooLong: '持卡人姓名不能超过20个字',
  numberRequired: '请输入银行卡号',
  numberTooLong: '银行卡号最多20位',
  numberDigits: '银行卡号只能是数字',
  notFound: '收款账户不存在',
  bankNotFound: '开户银行不存在',
  tooMany: '最多可添加20个收款账户',
  saved: '操作成功',
  deleted: '删除成功',
} as const;

/** spec 3 §9 accountClassify: 1 bank card, 2 WeChat, 3 Alipay; an agent's own accounts are accountBelongType 1. */
export const ACCOUNT_CLASSIFY = { bankCard: 1, wechat: 2, alipay: 3 } as const;
export const ACCOUNT_BELONG_AGENT = 1;
export const MAX_COLLECTION_ACCOUNTS = 20;

export const collectionAccount = z.object({
  id: int(),
  accountBelongType: int(),
  accountClassify: int(),
  accountName: z.string(),
  accountNumber: z.string(),
  bankDicId: z.nullable(int()),
  bankDicName: z.string(),
  subBankName: z.string(),
  isDefault: int(),
  qrCodeImgUrl: z.string(),
});
export type CollectionAccount = z.output<typeof collectionAccount>;

const identity = { agentId: z.optional(z.nullable(intIn())), platId: optionalText(64) };
const accountId = idIn(COLLECTION_ACCOUNT_MESSAGES.notFound);

export const selectBaseOfflinePayAccountBoList = defineOp({
  name: 'selectBaseOfflinePayAccountBoList',
  path: '/api/base/selectBaseOfflinePayAccountBoList.do',
  auth: 'agent',
  input: z.object({ ...identity, accountBelongType: z.optional(z.nullable(intIn())), phonePage: phonePageIn }),
  output: z.object({ objs: z.array(collectionAccount), obj: z.object({ phonePage: phonePageOut }) }),
});

/** Ticking 'set default' (the others lose it). */
export const setDefaultAccount = defineOp({
  name: 'setDefaultAccount',
  path: '/api/base/setDefaultAccount.do',
  auth: 'agent',
  input: z.object({ ...identity, id: accountId }),
  output: z.object({}),
});

/** Unticking 'set default' (spec 3 §4 Other: unchecking calls cancel-default). */
export const setIsDefOffinePay = defineOp({
  name: 'setIsDefOffinePay',
  path: '/api/base/setIsDefOffinePay.do',
  auth: 'agent',
  input: z.object({ ...identity, id: accountId }),
  output: z.object({}),
});

export const deleteAccount = defineOp({
  name: 'deleteAccount',
  path: '/api/base/deleteAccount.do',
  auth: 'agent',
  input: z.object({ ...identity, id: accountId }),
  output: z.object({}),
  successMsg: COLLECTION_ACCOUNT_MESSAGES.deleted,
});

export const withdrawBank = z.object({ bankDicId: int(), bankDicName: z.string() });

export const selectBaseWithdrawCashBank = defineOp({
  name: 'selectBaseWithdrawCashBank',
  path: '/api/base/selectBaseWithdrawCashBank.do',
  auth: 'agent',
  input: z.object({ platId: optionalText(64) }),
  output: z.object({ objs: z.array(withdrawBank) }),
});

/** spec 3 §5 Collection account, in the order of the form: bank, branch, holder, card number. */
const accountFields = {
  bankDicId: idIn(COLLECTION_ACCOUNT_MESSAGES.bankRequired),
  subBankName: required(COLLECTION_ACCOUNT_MESSAGES.subBankRequired, z.maxLength(20, COLLECTION_ACCOUNT_MESSAGES.subBankTooLong)),
  accountName: required(COLLECTION_ACCOUNT_MESSAGES.nameRequired, z.maxLength(20, COLLECTION_ACCOUNT_MESSAGES.nameTooLong)),
  accountNumber: required(
    COLLECTION_ACCOUNT_MESSAGES.numberRequired,
    z.maxLength(20, COLLECTION_ACCOUNT_MESSAGES.numberTooLong),
    z.regex(/^\d+$/, COLLECTION_ACCOUNT_MESSAGES.numberDigits),
  ),
  isDefault: z.optional(z.nullable(flag())),
  ...identity,
};

export const saveAccount = defineOp({
  name: 'saveAccount',
  path: '/api/base/saveAccount.do',
  auth: 'agent',
  input: formInOrder(z.object(accountFields)),
  output: z.object({ obj: collectionAccount }),
  successMsg: COLLECTION_ACCOUNT_MESSAGES.saved,
});

export const updateAccount = defineOp({
  name: 'updateAccount',
  path: '/api/base/updateAccount.do',
  auth: 'agent',
  input: formInOrder(z.object({ id: accountId, ...accountFields })),
  output: z.object({ obj: collectionAccount }),
  successMsg: COLLECTION_ACCOUNT_MESSAGES.saved,
});

export const baseOfflinePayInfoById = defineOp({
  name: 'baseOfflinePayInfoById',
  path: '/api/base/baseOfflinePayInfoById.do',
  auth: 'agent',
  input: z.object({ ...identity, id: accountId }),
  output: z.object({ obj: collectionAccount }),
});
