// The workspace rules plus React's hook rules, and browser globals for the plain script in public/.
import reactHooks from "eslint-plugin-react-hooks";
import workspace from "../../eslint.config.js";

export default [
  ...workspace,
  { ignores: ["src/routeTree.gen.ts"] },
  reactHooks.configs.flat.recommended,
  // The app is not built with the React Compiler; this rule only says the compiler would skip
  // components that use libraries such as TanStack Virtual.
  { rules: { "react-hooks/incompatible-library": "off" } },
  {
    files: ["public/**/*.js"],
    languageOptions: { sourceType: "script", globals: { window: "readonly", document: "readonly" } },
  },
];
