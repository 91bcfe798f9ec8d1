import { chinaTimeText, STAFF_ADMIN_MESSAGES as M, type OpParsedInput, type saveStaff, type StaffMember } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { iso } from '../../lib/clock.js';
import { hashPassword } from '../../lib/secrets.js';
import { recordAudit } from '../audit/audit.queries.js';
import type { StaffSessions } from './staff.service.js';
import type { StaffRow } from './staff.repository.js';
import * as repo from './staff-members.repository.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { StaffActor } from './staff-actor.js';

type SaveInput = OpParsedInput<typeof saveStaff>;
const toMember = (s: StaffRow): StaffMember => ({
  id: Number(s.id),
  username: s.username,
  displayName: s.display_name,
  role: s.role,
  enabled: !s.disabled_at,
  totpEnabled: !!s.totp_secret,
  createDate: chinaTimeText(s.created_at),
});

/** What the audit keeps of a member: never a password or a secret. */
const described = (s: Pick<StaffRow, 'username' | 'display_name' | 'role' | 'disabled_at'> & { totp: boolean }) =>
  `${s.username}/${s.display_name}/${s.role}/${s.disabled_at ? '停用' : '启用'}${s.totp ? '/TOTP' : ''}`;


/** Staff management by an admin (ADR 0020): list, create, edit, disable, reset password or authenticator. */
export function createStaffMembers(deps: Deps, sessions: StaffSessions) {
  const k = deps.db.kysely;
  const postgres = deps.db.dialect === 'postgres';

  return {
    async list(platId: string, input: { phonePage: { pageNum: number; pageSize: number }; keyword?: string | null; role?: string | null }) {
      const { pageNum, pageSize } = input.phonePage;
      const { rows, total } = await repo.pageMembers(k, platId, { keyword: input.keyword || null, role: input.role || null }, pageSize, (pageNum - 1) * pageSize);
      return { objs: rows.map(toMember), obj: { phonePage: { pageNum, pageSize, pageTotal: Math.ceil(total / pageSize) }, total } };
    },

    async save(admin: StaffActor, input: SaveInput) {
      const at = iso(deps.clock.now());
      const hash = input.password ? await hashPassword(input.password) : null;
      if (await repo.usernameTaken(k, admin.platId, input.username, input.id ?? null)) throw new AppError('VALIDATION', M.usernameTaken);
      let endSessions = false;
      let saved: StaffRow;
      try {
        saved = await k.transaction().execute(async (trx) => {
          const admins = await repo.lockEnabledAdmins(trx, admin.platId, postgres);
          const audit = { platId: admin.platId, staffId: admin.staffId, staffName: admin.staffName, role: admin.role, operation: 'saveStaff', targetKind: 'staff', ip: admin.ip, at };
          if (!input.id) {
            if (!hash) throw new AppError('VALIDATION', M.passwordRequired);
            const row = { plat_id: admin.platId, username: input.username, display_name: input.displayName, role: input.role, password_hash: hash, created_at: at, disabled_at: input.enabled ? null : at, disabled_reason: input.enabled ? '' : (input.disabledReason ?? '') };
            const id = await repo.insertMember(trx, row);
            await recordAudit(trx, { ...audit, targetId: id, before: '', after: described({ ...row, totp: false }), detail: '新建员工' });
            return (await repo.findMember(trx, admin.platId, id))!;
          }
          const before = await repo.findMember(trx, admin.platId, input.id);
          if (!before) throw new AppError('VALIDATION', M.notFound);
          const disable = !input.enabled && !before.disabled_at;
          const roleChange = input.role !== before.role;
          if (input.id === admin.staffId && (disable || roleChange)) throw new AppError('VALIDATION', M.notSelf);
          // The last enabled admin stays: disabling or demoting them would lock everyone out of staff management.
          const losesAdmin = before.role === 'admin' && !before.disabled_at && (disable || roleChange);
          if (losesAdmin && admins.filter((id) => id !== input.id).length === 0) throw new AppError('VALIDATION', M.lastAdmin);
          const resetTotp = !!input.resetTotp && !!before.totp_secret;
          const patch = {
            username: input.username,
            display_name: input.displayName,
            role: input.role,
            disabled_at: input.enabled ? null : (before.disabled_at ?? at),
            // ADR 0033: the reason told at login; kept while disabled unless a new one is given
            disabled_reason: input.enabled ? '' : (input.disabledReason ?? before.disabled_reason),
            ...(hash ? { password_hash: hash } : {}),
            ...(resetTotp ? { totp_secret: null, totp_pending_secret: null, totp_last_step: null } : {}),
          };
          if (!(await repo.updateMember(trx, input.id, before, patch))) throw new AppError('VALIDATION', M.stateChanged);
          const after = { ...before, ...patch };
          const changes = [hash ? '重置密码' : '', resetTotp ? '重置动态验证码' : ''].filter(Boolean).join('，');
          await recordAudit(trx, {
            ...audit,
            targetId: input.id,
            before: described({ ...before, totp: !!before.totp_secret }),
            after: described({ ...after, totp: !!after.totp_secret }),
            detail: [changes || '修改员工', disable && patch.disabled_reason ? `停用原因：${patch.disabled_reason}` : ''].filter(Boolean).join('，'),
          });
          // A disabled member, a new role or a new password: whoever holds an old session logs in again.
          endSessions = disable || roleChange || !!hash || resetTotp;
          return after as StaffRow;
        });
      } catch (err) {
        if (err instanceof AppError) throw err;
        // Two admins creating the same account at once: the unique constraint decides.
        if (isUniqueViolation(err)) throw new AppError('VALIDATION', M.usernameTaken);
        throw err;
      }
      if (endSessions) await sessions.endSessionsOf(Number(saved.id));
      return { obj: toMember(saved) };
    },
  };
}
export type StaffMembers = ReturnType<typeof createStaffMembers>;
