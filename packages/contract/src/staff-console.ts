import * as z from 'zod/mini';
import { yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { phonePageIn, staffListOut } from './paging.js';
import { STAFF_ROLES } from './staff.js';
import { boolIn, formInOrder, idIn, int, required } from './validation.js';

/**
 * The console's own operations (ADR 0020): the dashboard's counts and their live socket, and staff
 * management by an admin. Which role may call them is the server's permission table (ADR 0020).
 */

/** The queues of pending work, each with the operation that opens it: a role only sees the queues it may open. */
export const DASHBOARD_QUEUES = {
  offlinePayments: 'selectPendingReviewOrders',
  toShip: 'selectOrdersToShip',
  recharges: 'selectPendingRecharges',
  withdrawals: 'selectPendingWithdrawals',
  bonds: 'selectPendingBonds',
  bondReturns: 'selectPendingBondReturns',
  openChats: 'ws:staff-chat',
} as const;
export type DashboardQueue = keyof typeof DASHBOARD_QUEUES;

/** Counts of the queues the member may open (the others are left out). */
export const dashboardQueues = z.object({
  offlinePayments: z.optional(int()),
  toShip: z.optional(int()),
  recharges: z.optional(int()),
  withdrawals: z.optional(int()),
  bonds: z.optional(int()),
  bondReturns: z.optional(int()),
  openChats: z.optional(int()),
});
export type DashboardQueues = z.output<typeof dashboardQueues>;

const paidDay = z.object({ date: z.string(), paidOrders: int(), paidAmount: yuanOut });

export const selectDashboardCounts = defineOp({
  name: 'selectDashboardCounts',
  path: '/api/staff/selectDashboardCounts.do',
  auth: 'staff',
  input: z.object({}),
  output: z.object({
    obj: z.object({
      queues: dashboardQueues,
      /** China-time today: orders paid, their amount (yuan), agents registered. */
      today: z.object({ paidOrders: int(), paidAmount: yuanOut, newAgents: int() }),
      /** The last 30 China-time days, oldest first, today last (days without orders too). */
      last30Days: z.array(paidDay),
    }),
  }),
});

/**
 * The dashboard's live counts (a WebSocket; a browser cannot set headers on it): the first frame is
 * `{ type: 'auth', staffToken }`; the server answers `{ type: 'counts', queues }` at once and again whenever a count
 * changes, `{ type: 'error', msg }` before closing with 4401 (unknown token), 4419 (expired) or 4403 (role).
 */
export const STAFF_EVENTS_SOCKET = '/api/ws/staff-events';
export type StaffEventFrame = { type: 'counts'; queues: DashboardQueues } | { type: 'error'; msg: string };

// ---- staff management (admin) ----

export const STAFF_ADMIN_MESSAGES = {
  notFound: '员工不存在',
  usernameRequired: '请输入账号',
  usernameInvalid: '账号为3-32位字母、数字、下划线或点',
  usernameTaken: '该账号已存在，请换一个账号',
  displayNameRequired: '请输入姓名',
  displayNameTooLong: '姓名不能超过32个字',
  roleRequired: '请选择角色',
  passwordRequired: '请设置登录密码',
  passwordWeak: '密码至少8位，且须同时包含字母和数字',
  notSelf: '不能停用自己的账号或修改自己的角色',
  lastAdmin: '至少需要保留一名启用的管理员',
  stateChanged: '该员工已被他人修改，请刷新后重试',
} as const;

const M = STAFF_ADMIN_MESSAGES;
const roleIn = z.enum(STAFF_ROLES, { error: M.roleRequired });
export const STAFF_PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d).{8,64}$/;
/** A staff member's username: 3 to 32 letters, digits, '_' or '.' (the console's form and the first-admin setup). */
export const STAFF_USERNAME_RULE = /^[A-Za-z0-9_.]{3,32}$/;

export const staffMember = z.object({
  id: int(),
  username: z.string(),
  displayName: z.string(),
  role: z.string(),
  enabled: z.boolean(),
  totpEnabled: z.boolean(),
  /** China time. */
  createDate: z.string(),
});
export type StaffMember = z.output<typeof staffMember>;

export const selectStaffList = defineOp({
  name: 'selectStaffList',
  path: '/api/staff/selectStaffList.do',
  auth: 'staff',
  input: z.object({
    phonePage: phonePageIn,
    /** Part of the account or the name. */
    keyword: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(32)))),
    role: z.optional(z.nullable(z.union([roleIn, z.literal('')]))),
  }),
  output: staffListOut(staffMember),
});

const optionalPassword = z.pipe(
  z.optional(z.nullable(z.string().check(z.trim()))),
  z.transform((v) => (v ? v : null)),
);

export const saveStaffInput = formInOrder(
  z.object({
    /** Absent: a new member. */
    id: z.optional(z.nullable(idIn(M.notFound))),
    username: required(M.usernameRequired, z.regex(STAFF_USERNAME_RULE, M.usernameInvalid)),
    displayName: required(M.displayNameRequired, z.maxLength(32, M.displayNameTooLong)),
    role: roleIn,
    /** Required for a new member; for an existing one, given = reset (ends their sessions). */
    password: optionalPassword,
    enabled: boolIn(),
    /** Unbinds the member's authenticator: they enrol again (lost phone). */
    resetTotp: z.optional(boolIn()),
    /** ADR 0033: why the member is disabled, told at login; ignored for an enabled member. */
    disabledReason: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(100, '停用原因不能超过100个字')))),
  }),
  {
    password: (v) => {
      const pw = typeof v.password === 'string' ? v.password.trim() : '';
      if (!pw) return v.id ? null : M.passwordRequired;
      return STAFF_PASSWORD_RULE.test(pw) ? null : M.passwordWeak;
    },
  },
);

export const saveStaff = defineOp({
  name: 'saveStaff',
  path: '/api/staff/saveStaff.do',
  auth: 'staff',
  input: saveStaffInput,
  output: z.object({ obj: staffMember }),
  successMsg: '保存成功',
});
