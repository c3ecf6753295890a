// Shared lint rules for every workspace package (ESLint flat config). `pnpm lint` runs ESLint once
// from the root; each file is linted under the nearest eslint.config.js (packages/api's and apps/web's
// extend this one).
import js from "@eslint/js";
import tseslint from "typescript-eslint";

/** A call that makes a zod schema: zod's own, or the contracts' helpers that return one (input.ts). */
const SCHEMA_CALL =
  ":has(MemberExpression[object.name='z']), [callee.name=/^(storableText|int4Id)$/], :has(CallExpression[callee.name=/^(storableText|int4Id)$/])";

const NO_ACCESSOR_LITERALS = {
  selector: "ObjectExpression > Property[kind=/^(get|set)$/]",
  message:
    "No getters or setters in object literals in server code: put the accessor on a class's prototype (see StepOptions in apps/server/src/fast-paths/trpc/run-procedure.ts).",
};

/**
 * Server code is type-checked by lint too: a promise nobody awaits or catches, a promise where a
 * callback's return is ignored, an await of what is no promise, and assertions that assert
 * nothing. Only the server's and the packages' sources (the type information costs about a minute
 * of CPU for them; tests and the web app are left to tsc). packages/api's config applies it to its
 * own src/.
 */
export const TYPE_CHECKED = {
  languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  rules: {
    "@typescript-eslint/no-floating-promises": "error",
    "@typescript-eslint/no-misused-promises": "error",
    "@typescript-eslint/await-thenable": "error",
    "@typescript-eslint/no-unnecessary-type-assertion": "error",
    "@typescript-eslint/no-for-in-array": "error",
    "@typescript-eslint/switch-exhaustiveness-check": ["error", { considerDefaultExhaustiveForUnions: true }],
  },
};

export default tseslint.config(
  {
    ignores: ["**/node_modules/**", "**/dist/**", "**/.turbo/**", "**/routeTree.gen.ts", "**/drizzle/**", "data/**", "test-results/**", "playwright-report/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: "readonly",
        process: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
      },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  { ...TYPE_CHECKED, files: ["apps/server/src/**/*.ts", "packages/*/src/**/*.ts"] },
  {
    // Server code runs per request. V8 builds an object literal with a getter or setter in
    // dictionary mode, and what it makes for one outlives the young generation's collections,
    // keeping the values the literal holds (a request's context, the request) alive until the next
    // full one (docs/performance.md, HTTP).
    files: ["**/src/**/*.ts"],
    ignores: ["apps/web/**"],
    rules: { "no-restricted-syntax": ["error", NO_ACCESSOR_LITERALS] },
  },
  {
    // The web app's routes import these modules, so they are in every page's first script: a zod
    // schema made when one loads keeps zod there too (21 kB gzipped). Schemas go in src/schemas/.
    files: ["packages/contracts/src/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        NO_ACCESSOR_LITERALS,
        {
          selector: [
            "Program > VariableDeclaration > VariableDeclarator > CallExpression",
            "Program > ExportNamedDeclaration > VariableDeclaration > VariableDeclarator > CallExpression",
          ]
            .map((declared) => `${declared}:matches(${SCHEMA_CALL})`)
            .join(", "),
          message:
            "No zod schema made at the top of a contracts module outside src/schemas/: the web app's first script would load zod for it. Build it in src/schemas/, or inside a function.",
        },
      ],
    },
  },
);
