import { useEffect } from 'react';
import type { UserInfo } from '@shop/contract/session';
import { askToSetPayPassword } from './pay-password-gate.js';

const waitingKey = (agentId: number) => `pay-pass-await-approval:${agentId}`;

function read(key: string) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* private mode: the prompt is simply not remembered */
  }
}

/**
 * ADR 0024: after the first top-up is approved, the first visit of /home or /my asks an agent without a
 * payment password to set one, once. The device remembers having seen the agent before approval (agentStatus 0);
 * seeing it active afterwards is the approval. Agents active before this device knew them are asked at their first
 * money action instead (lib/pay-password-gate.ts).
 */
export function usePayPasswordAfterApproval(user: Pick<UserInfo, 'agentId' | 'agentStatus' | 'payPassword'> | null) {
  const agentId = user?.agentId;
  const status = user?.agentStatus;
  const hasPassword = user?.payPassword;
  useEffect(() => {
    if (!agentId) return;
    const key = waitingKey(agentId);
    if (status === 0) {
      if (!hasPassword) write(key, '1');
      return;
    }
    if (status !== 1 || read(key) !== '1') return;
    write(key, null);
    if (!hasPassword) void askToSetPayPassword(undefined, { cancelText: '稍后设置' });
  }, [agentId, status, hasPassword]);
}
