import tseslint from 'typescript-eslint';

// The api's floors (ADR 0013, amended by ADR 0028): folders are floors and no import climbs one. Paths are relative
// imports as written in the source. A type says what is exchanged, not who is called: type-only imports may cross a
// module's face, never a floor.
const floor = (folders, message) => ({ regex: `(^|/)(${folders.join('|')})/`, message });
const SQL = { name: 'kysely', message: 'SQL lives in *.repository.ts (CONVENTIONS 6).' };
// Another module only through its face <area>.queries.ts; the ledger is the kernel anyone may move a balance through.
const FACE_FROM_MODULE = {
  allowTypeImports: true,
  regex: '^\\.\\./(?!ledger/)([^./][^/]*)/(?!\\1\\.queries(\\.js)?$)',
  message: "A module uses another module only through its face <area>.queries.ts (ADR 0028).",
};
const FACE_FROM_FLOW = {
  allowTypeImports: true,
  regex: '(^|/)modules/(?!ledger/)([^/]+)/(?!\\2\\.queries(\\.js)?$)',
  message: "A flow uses a module only through its face <area>.queries.ts (ADR 0028).",
};
const NO_REPOSITORY = { regex: '\\.repository(\\.js)?$', message: "Routes and jobs call a module's face or service, or a flow; never a repository (ADR 0028)." };
const API = 'apps/api/src';
const MODULE_FLOOR = floor(['routes', 'flows', 'http', 'jobs'], 'A module imports no route, flow, job or transport (ADR 0028).');

export default tseslint.config(
  { ignores: ['.tmp/**', '**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // CONVENTIONS 5: features do not import each other; shared pieces live in components/ or lib/.
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/admin/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./(?!\\.\\.)[^/]+/', message: 'Features do not import each other: move the shared piece to components/ or lib/.' }] },
      ],
    },
  },
  {
    // issue 7 #6: z.coerce read [5] as 5, true as 1 and "false" as true; `in` scalars go through the strict helpers.
    files: ['packages/contract/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='z'][property.name='coerce']",
          message: 'Use numberIn / intIn / idIn / boolIn / flag from validation.ts for scalars in `in`.',
        },
      ],
    },
  },
  // The api's floors, top to bottom: server/app/compose → routes, jobs → flows → modules → db; http is transport
  // under the routes, lib and providers are imported by anyone. One rule list per folder.
  ...[
    [`${API}/routes/**/*.ts`, [floor(['jobs'], 'Routes do not call jobs.'), NO_REPOSITORY], [SQL]],
    [`${API}/jobs/**/*.ts`, [floor(['routes', 'http'], 'Jobs sit beside the routes: they import no route or transport.'), NO_REPOSITORY], []],
    [`${API}/flows/**/*.ts`, [floor(['routes', 'jobs', 'http'], 'Flows import no route, job or transport (ADR 0028).'), FACE_FROM_FLOW], []],
    [`${API}/modules/**/*.repository.ts`, [MODULE_FLOOR, FACE_FROM_MODULE], []],
    // Only repositories write SQL (CONVENTIONS 6).
    [`${API}/modules/**/!(*.repository).ts`, [MODULE_FLOOR, FACE_FROM_MODULE], [SQL]],
    [`${API}/http/**/*.ts`, [floor(['modules', 'routes', 'flows', 'jobs'], 'http/ is transport: what it needs of a module is declared in http/auth.ts and handed in by app.ts (ADR 0028).')], []],
    [`${API}/db/**/*.ts`, [floor(['modules', 'routes', 'flows', 'http', 'jobs'], 'db/ imports no module, flow, route or job (ADR 0013).')], []],
    [`${API}/{lib,providers}/**/*.ts`, [floor(['modules', 'routes', 'flows', 'http', 'jobs', 'db'], 'lib/ and providers/ hold no rules: they import no floor above them.')], []],
  ].map(([files, patterns, paths]) => ({
    files: [files],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns }] },
  })),
);
