import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './connect.js';
import { foundation } from './migrations/001-foundation.js';
import { shopping } from './migrations/002-shopping.js';
import { ordersPayment } from './migrations/004-orders-payment.js';
import { addresses } from './migrations/003-addresses.js';
import { paymentWing } from './migrations/005-payment-wing.js';
import { pointsCodes } from './migrations/006-points-codes.js';
import { funds } from './migrations/007-funds.js';
import { upgradeBond } from './migrations/008-upgrade-bond.js';
import { pointsSign } from './migrations/009-points-sign.js';
import { wechatReservations } from './migrations/010-wechat-reservations.js';
import { lookupsContent } from './migrations/011-lookups-content.js';
import { chat } from './migrations/012-chat.js';
import { backOffice } from './migrations/013-back-office.js';
import { contentConsole } from './migrations/016-content-console.js';
import { settingsConsole } from './migrations/015-settings-console.js';
import { codeBatches } from './migrations/017-code-batches.js';
import { idempotencyKeys } from './migrations/018-idempotency-keys.js';
import { passwordResetLock } from './migrations/019-password-reset-lock.js';
import { depositDue } from './migrations/020-deposit-due.js';
import { autoReceipt } from './migrations/021-auto-receipt.js';
import { financeReports } from './migrations/024-finance-reports.js';
import { moneyHistory } from './migrations/023-money-history.js';
import { orderRefunds } from './migrations/027-order-refunds.js';
import { staffSessionsAuditLabels } from './migrations/026-staff-sessions-audit-labels.js';
import { networkIncomeByAgent } from './migrations/022-network-income-by-agent.js';
import { catalogConsole } from './migrations/014-catalog-console.js';
import { correctionsSearch } from './migrations/028-corrections-search.js';
import { wechatReconcile } from './migrations/025-wechat-reconcile.js';
import { sharedLimits } from './migrations/032-shared-limits.js';
import { afterSales } from './migrations/029-after-sales.js';
import { volumeIndexes } from './migrations/033-volume-indexes.js';
import { performanceRollup } from './migrations/036-performance-rollup.js';
import { notifications } from './migrations/030-notifications.js';
import { retailStore } from './migrations/031-retail-store.js';
import { notifyPresenceAnnouncements } from './migrations/035-notify-presence-announcements.js';

function provider(db: Db): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        '001-foundation': foundation(db.dialect),
        '002-shopping': shopping(db.dialect),
        '003-addresses': addresses(db.dialect),
        '004-orders-payment': ordersPayment(db.dialect),
        '005-payment-wing': paymentWing(db.dialect),
        '006-points-codes': pointsCodes(),
        '007-funds': funds(db.dialect),
        '008-upgrade-bond': upgradeBond(db.dialect),
        '009-points-sign': pointsSign(db.dialect),
        '010-wechat-reservations': wechatReservations(),
        '011-lookups-content': lookupsContent(db.dialect),
        '012-chat': chat(db.dialect),
        '013-back-office': backOffice(db.dialect),
        '016-content-console': contentConsole(),
        '015-settings-console': settingsConsole(),
        '017-code-batches': codeBatches(db.dialect),
        '018-idempotency-keys': idempotencyKeys(db.dialect),
        '019-password-reset-lock': passwordResetLock(),
        '020-deposit-due': depositDue(),
        '021-auto-receipt': autoReceipt(),
        '024-finance-reports': financeReports(),
        '023-money-history': moneyHistory(),
        '027-order-refunds': orderRefunds(db.dialect),
        '026-staff-sessions-audit-labels': staffSessionsAuditLabels(db.dialect),
        '022-network-income-by-agent': networkIncomeByAgent(),
        '014-catalog-console': catalogConsole(db.dialect),
        '028-corrections-search': correctionsSearch(),
        '025-wechat-reconcile': wechatReconcile(db.dialect),
        '032-shared-limits': sharedLimits(),
        '029-after-sales': afterSales(db.dialect),
        '033-volume-indexes': volumeIndexes(db.dialect),
        '030-notifications': notifications(db.dialect),
        '031-retail-store': retailStore(db.dialect),
        '035-notify-presence-announcements': notifyPresenceAnnouncements(db.dialect),
        '036-performance-rollup': performanceRollup(db.dialect),
      };
    },
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider: provider(db) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
