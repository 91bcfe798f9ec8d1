/** An account's bank fields as offline_accounts (the platform's) and collection_accounts (an agent's) keep them. */
export interface AccountFields {
  bank_dic_name: string;
  sub_bank_name: string;
  account_name: string;
  account_number: string;
}

/** The receive_* columns of a record that names an account (db/tables/shared.ts `Receiving`). */
export interface ReceivingColumns {
  receive_bank_name: string;
  receive_sub_bank_name: string;
  receive_account_name: string;
  receive_account_number: string;
}

/**
 * What a withdrawal, a deposit refund or an offline voucher copies from the account it names, as the account is now:
 * a later edit of the account does not rewrite the record (ADR 0017).
 */
export const receivingColumns = (a: AccountFields): ReceivingColumns => ({
  receive_bank_name: a.bank_dic_name,
  receive_sub_bank_name: a.sub_bank_name,
  receive_account_name: a.account_name,
  receive_account_number: a.account_number,
});

/** Those columns as the wire names them (receiveBankName, ...). */
export const receivingOf = (r: ReceivingColumns) => ({
  receiveBankName: r.receive_bank_name,
  receiveSubBankName: r.receive_sub_bank_name,
  receiveAccountName: r.receive_account_name,
  receiveAccountNumber: r.receive_account_number,
});
