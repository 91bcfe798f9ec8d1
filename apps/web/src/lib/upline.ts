import type { UserInfo } from '@shop/contract/session';

/**
 * Who the agent buys from, as the cart and the settlement name it (spec 1 §2): the upline's name, or 总部 when the agent
 * sits under headquarters. A session stored before the name was sent falls back to the upline's code.
 */
export function uplineName(user: Partial<Pick<UserInfo, 'apgId' | 'apgName' | 'apgSysCode'>> | null | undefined): string {
  if (!user || user.apgId === null || user.apgId === undefined) return '总部';
  return user.apgName || user.apgSysCode || '总部';
}
