import { STAFF_PASSWORD_RULE, STAFF_USERNAME_RULE } from '@shop/contract';
import type { Db } from '../../db/connect.js';
import { AppError } from '../../lib/errors.js';
import { iso } from '../../lib/clock.js';
import { hashPassword } from '../../lib/secrets.js';
import { recordAudit } from '../audit/audit.queries.js';
import * as repo from './staff-members.repository.js';

export interface FirstAdmin {
  username: string;
  displayName: string;
  password: string;
}

/**
 * ADR 0047: the first start of a production platform. A production database is migrated but seeded with nothing, and
 * every other staff member, grade and setting is made in the console by an admin, so the one thing the console
 * cannot make is its own first admin. Refused once the platform has any staff member: it is never a back door.
 */
export async function createFirstAdmin(db: Db, platId: string, input: FirstAdmin, now: Date): Promise<{ id: number }> {
  const username = input.username.trim();
  const displayName = input.displayName.trim();
  // The rules of saveStaff (the console's 员工管理): the first admin is made as any later member would be.
  if (!STAFF_USERNAME_RULE.test(username)) throw new AppError('VALIDATION', '账号须为3-32位字母、数字、下划线或点');
  if (!displayName || displayName.length > 32) throw new AppError('VALIDATION', '请填写姓名（不超过32个字）');
  if (!STAFF_PASSWORD_RULE.test(input.password)) throw new AppError('VALIDATION', '密码须为8-64位，且同时包含字母和数字');
  const hash = await hashPassword(input.password);
  const at = iso(now);
  return db.kysely.transaction().execute(async (trx) => {
    if (await repo.hasAnyMember(trx, platId)) throw new AppError('VALIDATION', '该平台已有员工账号，请用管理员账号登录控制台，在“员工管理”中添加或重置');
    const id = await repo.insertMember(trx, { plat_id: platId, username, display_name: displayName, role: 'admin', password_hash: hash, created_at: at, disabled_at: null });
    await recordAudit(trx, {
      platId,
      staffId: id,
      staffName: username,
      role: 'admin',
      operation: 'saveStaff',
      targetKind: 'staff',
      targetId: id,
      ip: '127.0.0.1',
      at,
      before: '',
      after: `${username}/${displayName}/admin/启用`,
      detail: '首个管理员，由安装命令 npm run setup:admin 创建',
    });
    return { id };
  });
}
