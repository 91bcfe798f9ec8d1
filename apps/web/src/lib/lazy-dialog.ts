import type { Dialog } from '../components/ui.js';
// antd-mobile's page-wide styles (body text size and font), which these screens had at their first paint while they
// loaded all of antd-mobile: with the dialog loaded later, they still paint the same (ADR 0049).
import 'antd-mobile/es/global';

/**
 * antd-mobile's confirm dialog, loaded on first use (ADR 0049): screens that only ask for a confirmation after a tap
 * (logout on /my, receiving an order, the simulated share sheet) no longer load antd-mobile before their first paint.
 */
export async function confirmDialog(props: Parameters<typeof Dialog.confirm>[0]): Promise<boolean> {
  const ui = await import('../components/ui.js');
  return ui.Dialog.confirm(props);
}
