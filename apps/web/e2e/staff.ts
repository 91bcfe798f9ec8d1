import { expect, type Page } from '@playwright/test';
import { DEMO } from './helpers';

export type StaffCall = (path: string, payload: Record<string, unknown>) => Promise<any>;

/** The staff API as one demo member (the console's own calls): reviews and resets have no shop screen. */
export async function asStaff(page: Page, username: 'admin' | 'caiwu' | 'cangku' | 'kefu' | 'yunying'): Promise<StaffCall> {
  const login = await page.request.post('/api/staff/staffLogin.do', { form: { platId: DEMO.platId, in: JSON.stringify({ username, password: 'staff1234' }) } });
  const token = (await login.json()).staffToken as string;
  expect(token).toBeTruthy();
  return async (path, payload) => {
    const res = await page.request.post(path, { form: { platId: DEMO.platId, in: JSON.stringify(payload) }, headers: { staffToken: token } });
    const body = await res.json();
    expect(body.errorType, `${path}: ${body.msg}`).toBe('SUCCESS');
    return body;
  };
}

/** The finance role (caiwu). */
export const asFinance = (page: Page) => asStaff(page, 'caiwu');
