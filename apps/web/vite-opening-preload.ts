import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The opening screen's chunks start loading one step earlier (ADR 0049). Without this, the chunks of the screen a page
 * opens on (its page, the query layout and layer, the tab bar) are asked for by the entry's `import()` calls, i.e. only
 * once the entry and React (~80 KB) have downloaded and run: a second round trip after them on a phone's line before
 * the first paint. The build writes a tiny async module (`assets/opening-preload-<hash>.js`, first in the page's head;
 * an inline script would break the CSP's script-src 'self') that reads, from a JSON block of the page, the files each
 * route's opening needs beyond the entry; it adds `<link rel=modulepreload>` (and `preload as=style` for their CSS) for the path the page opens on, so
 * those files download beside the entry. The entry's `import()` then finds them loaded; nothing else changes. A path
 * behind login without a stored session gets /login's list (the app sends it there).
 */

const root = resolve(import.meta.dirname, 'src');
/** The screens app/router.tsx loads itself rather than through the route table. */
const OWN_LOADERS: Record<string, string> = {
  '/home': 'features/home/home-page.tsx',
  '/login': 'features/session/login-page.tsx',
};
const QUERY_LAYOUT = 'app/query-layout.tsx';
const QUERY_LAYER = 'app/query-layer.ts';
const TAB_BAR = 'app/tab-bar.tsx';
/**
 * The paths a page is opened on cold (a shared link, a QR code, the WeChat menu, a bookmark); other screens are reached
 * from these, with the entry already running. Kept short: the list is part of every first screen's bytes.
 */
const LANDINGS = new Set(['/home', '/login', '/detail', '/orders', '/ordersDetail', '/my', '/shop', '/check', '/traceability']);

interface Route {
  path: string;
  auth: boolean;
  tabShell: boolean;
  module: string;
}

/** The route table's screens (app/route-table.ts): `tab(path, title, () => import(...))` / `page(path, title, auth, ...)`. */
function routes(): Route[] {
  const source = readFileSync(resolve(root, 'app/route-table.ts'), 'utf8');
  const out: Route[] = [];
  for (const m of source.matchAll(/^\s*(tab|page)\('([^']+)',\s*'[^']*'(?:,\s*(true|false))?(?:,\s*\(\) => import\('\.\.\/([^']+)\.js'\))?\)/gm)) {
    const [, kind, path = '', auth, rel] = m;
    const module = OWN_LOADERS[path] ?? (rel ? `${rel}.tsx` : undefined);
    if (module) out.push({ path, auth: kind === 'tab' || auth === 'true', tabShell: kind === 'tab', module });
  }
  return out;
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  imports: string[];
  moduleIds: string[];
  isEntry: boolean;
  viteMetadata?: { importedCss: Set<string> };
}

export function openingPreload(): Plugin {
  return {
    name: 'shop-opening-preload',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (!html || html.type !== 'asset') return;
        const chunks = Object.values(bundle).filter((c): c is ChunkLike & (typeof bundle)[string] => c.type === 'chunk') as unknown as ChunkLike[];
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const withStatic = (file: string, seen = new Set<string>()) => {
          if (seen.has(file)) return seen;
          seen.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) withStatic(dep, seen);
          return seen;
        };
        const entry = chunks.find((c) => c.isEntry && /index/.test(c.fileName) && String(html.source).includes(c.fileName));
        if (!entry) throw new Error('opening-preload: no entry chunk for index.html');
        const loadedByEntry = withStatic(entry.fileName);
        const chunkOf = (module: string) => {
          const id = resolve(root, module);
          const chunk = chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) throw new Error(`opening-preload: no chunk holds ${module}`);
          return chunk.fileName;
        };
        const filesFor = (modules: string[]) => {
          const js = new Set<string>();
          for (const m of modules) for (const f of withStatic(chunkOf(m))) if (!loadedByEntry.has(f)) js.add(f);
          const css = [...js].flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
          return [...js, ...new Set(css)];
        };
        // Compact: every file once (F), each route as [needs login, ...indexes into F].
        const files: string[] = [];
        const index = (f: string) => (files.includes(f) ? files.indexOf(f) : files.push(f) - 1);
        const map: Record<string, number[]> = {};
        const landings = routes().filter((x) => LANDINGS.has(x.path));
        if (landings.length !== LANDINGS.size) throw new Error('opening-preload: a landing path is not in app/route-table.ts (or its line shape changed)');
        for (const r of landings) {
          // app/router.tsx: /login alone; /home (opening) paints before the query layer; the rest wait for it.
          const modules = r.path === '/login' ? [r.module] : [r.module, QUERY_LAYOUT, ...(r.path === '/home' ? [] : [QUERY_LAYER]), ...(r.tabShell ? [TAB_BAR] : [])];
          map[r.path] = [r.auth ? 1 : 0, ...filesFor(modules).map(index)];
        }
        // The list is data in the page (a JSON block: not run, so the CSP allows it); the script is a few lines of code
        // that read it, so the first screens' JavaScript grows by ~0.3 KB, not by the list (ADR 0049: /home ≤ 100 KB).
        const data = JSON.stringify({ F: files.map((f) => f.replace(/^assets\//, '')), m: map }).replace(/</g, '\\u003c');
        const code =
          `// ADR 0049: the opening screen's files (the JSON block #opening-files of the page), asked for beside the entry.\n` +
          `const{F,m}=JSON.parse(document.getElementById("opening-files").textContent);let r=m[location.pathname];` +
          `if(r&&r[0]&&!/"token":"/.test(localStorage.getItem("shop.session")||""))r=m["/login"];` +
          `if(r)for(const i of r.slice(1)){const f=F[i],l=document.createElement("link");` +
          `if(f.endsWith(".css")){l.rel="preload";l.as="style"}else l.rel="modulepreload";` +
          `l.href="/assets/"+f;document.head.appendChild(l)}\n`;
        const fileName = `assets/opening-preload-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName, source: code });
        html.source = String(html.source).replace(
          '<head>',
          `<head>\n    <script type="application/json" id="opening-files">${data}</script>\n    <script type="module" async src="/${fileName}"></script>`,
        );
      },
    },
  };
}
