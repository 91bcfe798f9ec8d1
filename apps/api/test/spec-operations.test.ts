import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHAT_AGENT_SOCKET, operations } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { specOperations } from './helpers/spec-operations.js';

/**
 * Every operation the three specs name (their §7 "The calls it makes") is routed by the server (ADR 0042): each `.do`
 * path as written; each named operation (spec 3 §7, the names of spec 2 §7) by the contract operation of that name;
 * spec 1 §7's operations named in words by the operation this table maps them to; the customer-service socket.
 * The specs live beside the repository (../shared/spec); a clean clone without them reads the list generated from them
 * once (docs/spec-operations.txt), and with them the list must still be what they say.
 */
const root = resolve(import.meta.dirname, '../../..');
// SPEC_DIR lets a run pretend to be the clean clone (a directory that does not exist).
const SPEC_DIR = process.env.SPEC_DIR ?? resolve(root, '../shared/spec');
const LIST = join(root, 'docs/spec-operations.txt');
const SPEC_TOTAL = 114;

function committedList(): string[] {
  return readFileSync(LIST, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

const t = useTestApp();

/** The contract operation a spec name means: its path ends in `/<name>.do`; a client's `fnX` helper name means `x`. */
function pathOfName(name: string): string | undefined {
  const byName = (n: string) => operations.find((op) => op.path.endsWith(`/${n}.do`))?.path;
  return byName(name) ?? (/^fn[A-Z]/.test(name) ? byName(name[2]!.toLowerCase() + name.slice(3)) : undefined);
}

function routed(line: string): boolean {
  const [kind, ...rest] = line.split(' ');
  const what = rest.join(' ');
  const post = (url: string | undefined) => !!url && t.app.hasRoute({ method: 'POST', url });
  if (kind === 'path') return post(what);
  if (kind === 'name') return post(pathOfName(what));
  if (kind === 'described') return post(pathOfName(what.split(' = ')[1] ?? ''));
  if (kind === 'socket') return t.app.hasRoute({ method: 'GET', url: `${CHAT_AGENT_SOCKET}/:agentId` });
  return false;
}

describe('the specs’ operations (spec 1 §7, spec 2 §7, spec 3 §7)', () => {
  it('the committed list is what the specs say (when the specs are beside the repository)', () => {
    if (!existsSync(SPEC_DIR)) return;
    expect(committedList()).toEqual(specOperations(SPEC_DIR));
  });

  it(`routes every one: ${SPEC_TOTAL} of ${SPEC_TOTAL}`, () => {
    const list = existsSync(SPEC_DIR) ? specOperations(SPEC_DIR) : committedList();
    const missing = list.filter((l) => !routed(l));
    console.log(`spec operations routed: ${list.length - missing.length} of ${SPEC_TOTAL}`);
    expect(list).toHaveLength(SPEC_TOTAL);
    expect(missing).toEqual([]);
    // The check can fail: a path, a name and a socket nobody routes are not found.
    expect(['path /api/home/noSuchCall.do', 'name noSuchCall', 'described nothing = noSuchCall'].filter(routed)).toEqual([]);
  });
});
