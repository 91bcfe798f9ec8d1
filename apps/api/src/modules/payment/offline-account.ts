import type { findOfflineAccounts } from './payment.repository.js';

type OfflineAccountRow = Awaited<ReturnType<typeof findOfflineAccounts>>[number];

/** The platform's offline receiving account as the pay page, /upgrade, /offline and the deposit show it (spec 2 §6). */
export const toOfflineAccount = (a: OfflineAccountRow) => ({
  id: Number(a.id),
  accountClassify: a.account_classify,
  bankDicName: a.bank_dic_name,
  subBankName: a.sub_bank_name,
  accountName: a.account_name,
  accountNumber: a.account_number,
  qrCodeImgUrl: a.qr_code_img_url,
  isDefault: a.is_default,
});
