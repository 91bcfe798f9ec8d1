import { staffed, type Handlers } from '../../http/context.js';
import type { AgentMoneyRecords } from '../../modules/staff/agent-money-records.service.js';

/** The agent detail's money tabs (ADR 0033): top-ups and upgrades, withdrawals, deposits, collection accounts. */
export function agentRecordsHandlers(records: AgentMoneyRecords): Handlers {
  return {
    selectAgentMoneyRecords: staffed((input, ctx) => records.list(ctx.platId, input)),
  };
}
