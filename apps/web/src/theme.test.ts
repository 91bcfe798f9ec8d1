import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ADR 0016: colours live in theme.css as tokens; screens use var(--shop-*) / var(--adm-*), never a raw
 * colour (hex, rgb()/hsl(), or a named colour), in their CSS or in inline styles.
 */
const SRC = import.meta.dirname;
const THEME = 'theme.css';

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name), ext) : ext.test(e.name) ? [join(dir, e.name)] : [],
  );
}

const NAMED = ['white', 'black', 'red', 'green', 'blue', 'gray', 'grey', 'silver', 'orange', 'yellow', 'purple', 'pink',
  'brown', 'gold', 'navy', 'teal', 'maroon', 'olive', 'lime', 'aqua', 'cyan', 'magenta', 'fuchsia', 'crimson', 'coral',
  'tomato', 'salmon', 'violet', 'indigo', 'beige', 'ivory', 'khaki', 'lightgray', 'lightgrey', 'darkgray', 'darkgrey',
  'dimgray', 'whitesmoke', 'gainsboro', 'orangered', 'darkred', 'darkgreen', 'skyblue', 'steelblue'];
const FUNCTION = /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/i;
const HEX = /#[0-9a-f]{3,8}\b/i;
const NAMED_WORD = new RegExp(`(?<![-\\w.#])(?:${NAMED.join('|')})(?![-\\w])`, 'i');

/** Raw colours in CSS declarations (custom-property definitions are the theme's business, and only allowed there). */
export function rawColoursInCss(css: string): string[] {
  const found: string[] = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const m of text.matchAll(/([a-z-]+)\s*:\s*([^;{}]+)[;}]/gi)) {
    const decl = m[0];
    const value = m[2] ?? '';
    if (HEX.test(value) || FUNCTION.test(value) || NAMED_WORD.test(value.replace(/var\([^)]*\)/g, ''))) found.push(decl.trim());
  }
  return found;
}

/** Raw colours in a component: hex or colour functions in any string, named colours in a style/colour property. */
export function rawColoursInTsx(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
    // A '#' after '/' is a URL fragment, not a colour.
    const text = m[2] ?? '';
    if (/(?:^|[\s:(,])#[0-9a-f]{3,8}(?![\w-])/i.test(text) || FUNCTION.test(text)) found.push(m[0]);
  }
  for (const m of source.matchAll(/\b(?:color|background(?:Color)?|border(?:Color)?|fill|stroke)\s*[:=]\s*['"`]([a-z]+)['"`]/gi)) {
    if (NAMED.includes((m[1] ?? '').toLowerCase())) found.push(m[0]);
  }
  return found;
}

describe('the theme', () => {
  it('is the only place with raw colours: every other stylesheet uses tokens', () => {
    const offenders = files(SRC, /\.css$/)
      .filter((f) => !f.endsWith(THEME))
      .flatMap((f) => rawColoursInCss(readFileSync(f, 'utf8')).map((d) => `${relative(SRC, f)}: ${d}`));
    expect(offenders).toEqual([]);
  });

  it('components set no raw colour inline', () => {
    const offenders = files(SRC, /\.tsx$/).flatMap((f) => rawColoursInTsx(readFileSync(f, 'utf8')).map((d) => `${relative(SRC, f)}: ${d}`));
    expect(offenders).toEqual([]);
  });

  it('catches what it is meant to catch', () => {
    expect(rawColoursInCss('.a { color: #e4393c; } .b { background: rgba(0, 0, 0, 0.5); } .c { border: 1px solid red; }')).toHaveLength(3);
    expect(rawColoursInCss('.a { color: var(--shop-red); background: transparent; border-color: currentColor; }')).toEqual([]);
    expect(rawColoursInTsx(`<div style={{ color: '#333' }} />`)).toHaveLength(1);
    expect(rawColoursInTsx(`<div style={{ background: 'rgb(1, 2, 3)' }} />`)).toHaveLength(1);
    expect(rawColoursInTsx(`<div style={{ color: 'red' }} />`)).toHaveLength(1);
    expect(rawColoursInTsx(`<a href="/detail#specs" style={{ color: 'var(--shop-red)' }} />`)).toEqual([]);
  });

  it('defines every token the stylesheets use', () => {
    const theme = readFileSync(join(SRC, THEME), 'utf8');
    const defined = new Set([...theme.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]));
    const used = files(SRC, /\.css$/).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/var\((--(?:shop|app)-[\w-]+)/g)].map((m) => m[1]));
    expect([...new Set(used)].filter((t) => !defined.has(t))).toEqual([]);
  });
});
