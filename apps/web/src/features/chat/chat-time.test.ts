import { describe, expect, it } from 'vitest';
import { chatTimeText } from './chat-time.js';

// 2026-11-25 09:30 in China (01:30 UTC).
const now = new Date('2026-11-25T01:30:00Z');

describe('chatTimeText (a message bubble\'s time)', () => {
  it('says HH:mm for a message of today, by China time', () => {
    expect(chatTimeText('2026-11-25 08:05:09', now)).toBe('08:05');
    expect(chatTimeText('2026-11-25 00:00:00', now)).toBe('00:00');
  });
  it('gives the date for an earlier day', () => {
    expect(chatTimeText('2026-11-24 23:59:59', now)).toBe('11-24 23:59');
    expect(chatTimeText('2025-12-31 10:00:00', now)).toBe('2025-12-31 10:00');
  });
  it('says nothing for a message not stored yet', () => {
    expect(chatTimeText('', now)).toBe('');
  });
});
