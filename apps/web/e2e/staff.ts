import { expect, type Page } from '@playwright/test';
import { DEMO } from './helpers';

/** The staff API as the finance role (caiwu): reviews have no console screen in these tests. */
export async function asFinance(page: Page) {
  const login = await page.request.post('/api/staff/staffLogin.do', { form: { platId: DEMO.platId, in: JSON.stringify({ username: 'caiwu', password: 'staff1234' }) } });
  const token = (await login.json()).staffToken as string;
  expect(token).toBeTruthy();
  return async (path: string, payload: Record<string, unknown>) => {
    const res = await page.request.post(path, { form: { platId: DEMO.platId, in: JSON.stringify(payload) }, headers: { staffToken: token } });
    const body = await res.json();
    expect(body.errorType, `${path}: ${body.msg}`).toBe('SUCCESS');
    return body;
  };
}
