/** The legacy wire envelope every call answers with (ARCHITECTURE "The wire contract"). */
export interface Envelope<Obj = unknown, Item = unknown> {
  errorType: 'SUCCESS' | ErrorCode;
  errorTypeBoolean: boolean;
  msg: string;
  subMsg: string;
  obj: Obj | null;
  objs: Item[];
  [extra: string]: unknown;
}

/**
 * Every refusal the server can answer, with the Chinese message a user reads.
 * Services throw `new AppError('CODE')`; one handler turns it into the envelope.
 */
export const errorCatalogue = {
  VALIDATION: '请求参数有误',
  UNAUTHENTICATED: '请先登录',
  SESSION_EXPIRED: '登录过期，请重新登录',
  NOT_FOUND: '网络请求不存在',
  RECORD_NOT_FOUND: '数据不存在',
  RATE_LIMITED: '操作过于频繁，请稍后再试',
  SERVER_ERROR: '服务器请求异常',
  LOGIN_FAILED: '账号或密码错误',
  LOGIN_LOCKED: '登录失败次数过多，请15分钟后再试',
  ACCOUNT_DISABLED: '您已退保 系统自动退出',
  SMS_TOO_FREQUENT: '请不要重复发送验证码',
  SMS_DAILY_LIMIT: '今日验证码发送次数已达上限，请明天再试',
  SMS_SEND_FAILED: '验证码发送失败，请稍后再试',
  SMS_CODE_WRONG: '验证码输入不正确',
  SMS_CODE_EXPIRED: '验证码已失效，请重新获取',
  SMS_NEEDS_LOGIN: '请先登录后再获取验证码',
  PHONE_TAKEN: '该手机号已注册',
  INVITER_NOT_FOUND: '邀请人不存在',
  INVITER_SELF: '不能与注册手机号一致',
  GRADE_NOT_OPEN: '该代理商级别暂不开放注册',
  URL_NOT_ALLOWED: '签名地址不合法',
  PAY_PASSWORD_WRONG: '密码错误',
  PAY_PASSWORD_LOCKED: '支付密码错误次数过多，请15分钟后再试',
  PAY_PASSWORD_NEEDED: '请输入支付密码',
  /** ADR 0024: no money leaves an account before a payment password is set (SMS-verified). */
  PAY_PASSWORD_NOT_SET: '请先设置支付密码',
  /** ADR 0024: a session opened with a staff reset's one-time password may only set a new one. */
  PASSWORD_CHANGE_REQUIRED: '请先设置新的登录密码',
  FILE_TOO_LARGE: '文件大小不能超过 10M',
  TOO_MANY_FILES: '最多上传6张图片',
  WECHAT_FAILED: '微信服务异常，请稍后再试',
  PRODUCT_NOT_FOUND: '商品不存在',
  ACTIVITY_NOT_FOUND: '活动不存在',
  NOTICE_NOT_FOUND: '公告不存在',
  /** A staff member whose role does not cover the operation. */
  FORBIDDEN: '无权执行此操作',
  /** Staff login (ADR 0020): the second factor. */
  TOTP_REQUIRED: '请输入动态验证码',
  TOTP_WRONG: '动态验证码错误或已使用',
  TOTP_ENROL_REQUIRED: '请先绑定动态验证码（账号安全）',
  STAFF_DISABLED: '该账号已停用，请联系管理员',
  /** ADR 0023: an idempotency key already used for a submission with other content. */
  IDEMPOTENCY_KEY_REUSED: '该请求编号已用于另一笔提交，请刷新页面后重试',
  /** ADR 0023: the first submission with this key has not answered yet. */
  IDEMPOTENCY_IN_PROGRESS: '该笔提交正在处理，请稍后刷新查看结果',
  /** ADR 0040: the file store (disk or bucket) did not take the file; nothing was recorded. */
  STORAGE_FAILED: '图片保存失败，请稍后重新上传',
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

export const SUCCESS = 'SUCCESS' as const;

export function isSuccess(env: Pick<Envelope, 'errorType' | 'errorTypeBoolean'>): boolean {
  return env.errorType === SUCCESS || env.errorTypeBoolean === true;
}
