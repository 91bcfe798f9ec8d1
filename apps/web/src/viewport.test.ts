import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The shop may be pinch-zoomed (WCAG 1.4.4): the viewport neither caps the scale nor forbids zooming. */
describe('index.html viewport', () => {
  const html = readFileSync(join(import.meta.dirname, '..', 'index.html'), 'utf8');
  const content = /<meta name="viewport" content="([^"]*)"/.exec(html)?.[1] ?? '';

  it('allows pinch-zoom', () => {
    expect(content).toContain('width=device-width');
    expect(content).not.toMatch(/user-scalable\s*=\s*(no|0)/);
    expect(content).not.toMatch(/maximum-scale\s*=\s*1(\.0*)?\b/);
  });
});
