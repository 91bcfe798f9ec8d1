import { describe, expect, it } from 'vitest';
import { IntentKey } from '../src/intent-key.js';

describe('one idempotency key per user intent (ADR 0023)', () => {
  it('keeps the key for a retry of the same content, changes it with the content and after a success', () => {
    const intent = new IntentKey();
    const first = intent.for({ toAgentPhone: '13800000004', rechargeMoney: '1' });
    expect(intent.for({ toAgentPhone: '13800000004', rechargeMoney: '1' })).toBe(first);
    const other = intent.for({ toAgentPhone: '13800000005', rechargeMoney: '2' });
    expect(other).not.toBe(first);
    intent.done();
    expect(intent.for({ toAgentPhone: '13800000005', rechargeMoney: '2' })).not.toBe(other);
  });
});
