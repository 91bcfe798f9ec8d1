import type { Operation, OpInput } from '@shop/contract/operation';
import { call, type Reply } from '../../lib/api.js';
import { opKey, queryClient } from '../../lib/query.js';

/**
 * A lookup asked from its form: the server's refusal is toasted there ('追溯码不存在' ...); the answer is kept in the
 * query cache so the result page shows it without asking again (each lookup counts toward the address's quota).
 */
export async function lookup<O extends Operation>(op: O, input: OpInput<O>): Promise<Reply<O> | null> {
  try {
    return await queryClient.fetchQuery({ queryKey: opKey(op, input), queryFn: () => call(op, input), staleTime: 60_000 });
  } catch {
    return null;
  }
}
