import tseslint from 'typescript-eslint';

// Import rules of the api layers (ADR 0013). Paths are relative imports as written in the source.
const SQL = { name: 'kysely', message: 'SQL lives in *.repository.ts (CONVENTIONS 6).' };
const NO_FLOWS = { allowTypeImports: true, regex: '(^|/)flows/', message: 'Services and repositories never import a flow; a flow calls them (ADR 0013).' };
const NO_HTTP = { allowTypeImports: true, regex: '(^|/)http/', message: 'http/ is transport only: import AppError from lib/errors.ts (ADR 0013).' };
const LEVEL = 'error';
// A type says what is exchanged, not who is called: type-only imports are allowed across layers.
const OTHER_REPOSITORY = {
  allowTypeImports: true,
  // The ledger is the kernel (ARCHITECTURE): whoever moves a balance does it through ledger.repository.
  regex: '^\\.\\./(\\.\\./)*(?!ledger/)[^./][^/]*/.*\\.repository(\\.js)?$',
  message: "Only a module touches its own repository: ask the other module's face (<area>.queries.ts) (ADR 0013).",
};
const ANY_REPOSITORY = { allowTypeImports: true, regex: '\\.repository(\\.js)?$', message: 'Jobs call a flow or a service, never a repository (ADR 0013).' };
const OTHER_SERVICE = {
  allowTypeImports: true,
  regex: '^\\.\\./(\\.\\./)*[^./][^/]*/.*\\.service(\\.js)?$',
  message: "A route calls its own module's service or a flow (ADR 0013).",
};
const HTTP_ERRORS = { regex: '(^|/)http/errors(\\.js)?$', message: 'AppError and HttpError live in lib/errors.ts (ADR 0013).' };
const NO_MODULE_CODE = { allowTypeImports: true, regex: '^\\./.*\\.(service|routes)(\\.js)?$', message: 'A repository is SQL only: it imports no service or route.' };
const FACES_ONLY = {
  allowTypeImports: true,
  // Another module only through its face; the ledger is the kernel every flow may move a balance through.
  regex: '(^|/)modules/(?!ledger/)[^/]+/(?![^/]+\\.queries(\\.js)?$)',
  message: 'A flow uses another module only through its face file <area>.queries.ts (ADR 0013).',
};

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
  // Layering of the api (ADR 0013, ARCHITECTURE "Layering"): routes / jobs → flows → module faces → a module's own
  // repository → db. Each file group gets one rule list (a later flat-config entry replaces, not merges, a rule).
  {
    files: ['apps/api/src/modules/**/*.routes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [LEVEL, { paths: [SQL], patterns: [OTHER_REPOSITORY, OTHER_SERVICE, HTTP_ERRORS] }],
    },
  },
  {
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['apps/api/src/modules/**/*.routes.ts', 'apps/api/src/modules/**/*.repository.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [LEVEL, { paths: [SQL], patterns: [NO_FLOWS, NO_HTTP, OTHER_REPOSITORY] }],
    },
  },
  {
    files: ['apps/api/src/modules/**/*.repository.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [LEVEL, { patterns: [NO_FLOWS, NO_HTTP, OTHER_REPOSITORY, NO_MODULE_CODE] }],
    },
  },
  {
    files: ['apps/api/src/flows/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [LEVEL, { patterns: [NO_HTTP, FACES_ONLY] }],
    },
  },
  {
    files: ['apps/api/src/jobs/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [LEVEL, { patterns: [NO_HTTP, ANY_REPOSITORY] }],
    },
  },
  {
    files: ['apps/api/src/db/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        LEVEL,
        { patterns: [{ regex: '(^|/)(modules|flows|http|jobs)/', message: 'db/ imports no module, flow, route or job (ADR 0013).', allowTypeImports: true }] },
      ],
    },
  },
  {
    // AppError lives in lib/ (ADR 0013); http/errors.ts only re-exports it for work in progress.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/http/**', 'apps/api/src/modules/**', 'apps/api/src/flows/**', 'apps/api/src/jobs/**', 'apps/api/src/db/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [LEVEL, { patterns: [HTTP_ERRORS] }],
    },
  },
);
