// The workspace rules plus React's hook rules, and browser globals for the plain script in public/.
import reactHooks from "eslint-plugin-react-hooks";
import workspace from "../../eslint.config.js";

export default [
  ...workspace,
  { ignores: ["src/routeTree.gen.ts"] },
  reactHooks.configs.flat.recommended,
  {
    files: ["public/**/*.js"],
    languageOptions: { sourceType: "script", globals: { window: "readonly", document: "readonly" } },
  },
];
