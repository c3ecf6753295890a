// The workspace rules plus React's hook rules, the app's import boundaries, and browser globals for
// the plain script in public/.
import reactHooks from "eslint-plugin-react-hooks";
import workspace from "../../eslint.config.js";
import { importBoundaries } from "./eslint-import-boundaries.js";

export default [
  ...workspace,
  { ignores: ["src/routeTree.gen.ts"] },
  reactHooks.configs.flat.recommended,
  // The app is not built with the React Compiler; this rule only says the compiler would skip
  // components that use libraries such as TanStack Virtual.
  { rules: { "react-hooks/incompatible-library": "off" } },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { web: { rules: { "import-boundaries": importBoundaries } } },
    rules: { "web/import-boundaries": "error" },
  },
  {
    files: ["public/**/*.js"],
    languageOptions: { sourceType: "script", globals: { window: "readonly", document: "readonly" } },
  },
];
