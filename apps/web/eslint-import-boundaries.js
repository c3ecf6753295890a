// Import boundaries of the web app: a feature (src/features/<name>/) is used only by itself and by
// the routes, which compose features and pass what one needs from another as props or children.
// Pieces several features share live in src/components/ (UI) or src/lib/ (logic and hooks).
import path from "node:path";

const SRC = path.join(import.meta.dirname, "src");
const FEATURES = path.join(SRC, "features");
const ROUTES = path.join(SRC, "routes");

/** The feature folder a path lies in, or null when it is outside src/features/<name>/. */
function featureOf(file) {
  const relative = path.relative(FEATURES, file);
  if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0];
}

const isInside = (file, folder) => !path.relative(folder, file).startsWith("..");

export const importBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "Keep features apart: only a feature itself and the routes import from it." },
    schema: [],
    messages: {
      otherFeature: "features/{{from}} may not import from features/{{to}}: move the shared piece to components/ or lib/, or let the route pass it in.",
      outsideRoutes: "Only routes/ and features/{{to}} itself import from features/{{to}}; components/ and lib/ stay independent of features.",
    },
  },
  create(context) {
    const file = context.filename;
    if (isInside(file, ROUTES)) return {};
    const from = featureOf(file);
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== "Literal" || typeof source.value !== "string" || !source.value.startsWith(".")) return;
      const to = featureOf(path.resolve(path.dirname(file), source.value));
      if (to === null || to === from) return;
      context.report({ node: source, messageId: from === null ? "outsideRoutes" : "otherFeature", data: { from, to } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
