// The workspace rules plus the layers of src/ (listed once, in layers.js): an import that runs
// from a layer back up to a higher one, or sideways into another folder of the same layer, fails
// with the rule `boundaries/dependencies`.
import boundaries from "eslint-plugin-boundaries";
import workspace, { TYPE_CHECKED } from "../../eslint.config.js";
import { backUpMessage, COMPOSERS, isBackUp, LAYERS } from "./layers.js";

const folders = LAYERS.flat();

export default [
  ...workspace,
  { ...TYPE_CHECKED, files: ["src/**/*.ts"] },
  {
    files: ["src/**/*.ts"],
    plugins: { boundaries },
    settings: {
      "import/resolver": { node: { extensions: [".ts"] } },
      "boundaries/elements": [
        ...folders.map((folder) => ({ type: folder, pattern: `src/${folder}` })),
        // Last, so it takes only the files at the top of src/: the composers (COMPOSERS).
        { type: "composer", pattern: "src" },
      ],
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "allow",
          policies: folders.flatMap((from) => [
            ...folders
              .filter((to) => isBackUp(from, to))
              .map((to) => ({
                from: { element: { type: from } },
                disallow: { to: { element: { type: to } } },
                message: backUpMessage(from, to),
              })),
            {
              from: { element: { type: from } },
              disallow: { to: { element: { type: "composer" } } },
              message: `api layers: ${from}/ may not import ${COMPOSERS.join(" or ")}, which compose the layers above it.`,
            },
          ]),
        },
      ],
    },
  },
];
