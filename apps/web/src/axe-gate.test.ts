import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

/**
 * ADR 0016: every browser test runs under the axe gate (e2e/axe.ts), an automatic fixture of the `test` that file
 * exports. A spec that took `test` from '@playwright/test' directly would escape it.
 */
it('every browser spec takes test from e2e/axe.ts, so the axe gate checks the pages it visits', () => {
  const dir = join(import.meta.dirname, '../e2e');
  const specs = readdirSync(dir).filter((f) => f.endsWith('.spec.ts'));
  expect(specs.length).toBeGreaterThan(0);
  const escaping = specs.filter((f) => {
    const source = readFileSync(join(dir, f), 'utf8');
    const fromPlaywright = /import\s*\{([^}]*)\}\s*from\s*'@playwright\/test'/.exec(source)?.[1] ?? '';
    return /(^|[\s,])test([\s,]|$)/.test(fromPlaywright) || !/import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*'\.\/axe'/.test(source);
  });
  expect(escaping).toEqual([]);
});
