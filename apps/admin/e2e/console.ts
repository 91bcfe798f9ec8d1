import { expect, type Page } from '@playwright/test';

export const PLAT_ID = 'plat-demo';
/** The demo staff of the README (password staff1234; no second factor bound in development). */
export const STAFF = { admin: 'admin', finance: 'caiwu', warehouse: 'cangku', service: 'kefu', operator: 'yunying' } as const;
export const STAFF_PASSWORD = 'staff1234';

/** Logs in through the console's login page and waits for the console frame. */
export async function loginAs(page: Page, role: keyof typeof STAFF) {
  await page.goto('/admin/login');
  await page.getByLabel('账号').fill(STAFF[role]);
  await page.getByLabel('密码').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByRole('button', { name: /退出登录/ })).toBeVisible();
}

/** A staff API call by hand (setting up a test's data), as the given role; answers the envelope, SUCCESS expected. */
export async function staffApi(page: Page, role: keyof typeof STAFF) {
  const login = await page.request.post('/api/staff/staffLogin.do', {
    form: { platId: PLAT_ID, in: JSON.stringify({ username: STAFF[role], password: STAFF_PASSWORD }) },
  });
  const token = (await login.json()).staffToken as string;
  expect(token).toBeTruthy();
  return async (path: string, payload: Record<string, unknown>) => {
    const res = await page.request.post(path, { form: { platId: PLAT_ID, in: JSON.stringify(payload) }, headers: { staffToken: token } });
    const body = await res.json();
    expect(body.errorType, `${path}: ${body.msg}`).toBe('SUCCESS');
    return body;
  };
}
