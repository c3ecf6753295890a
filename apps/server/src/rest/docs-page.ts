import type { OpenApiDocument } from "./openapi-document";

type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
};
type Parameter = { name: string; in: string; required: boolean; schema: Schema };
type Response = { description: string; content?: Record<string, { schema?: Schema }> };
type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: unknown[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, Response>;
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const refName = (ref: string) => ref.split("/").at(-1)!;

/** Escaped prose, with `code` spans as the OpenAPI descriptions write them. */
const prose = (text: string) => escape(text).replace(/`([^`]+)`/g, "<code>$1</code>");
const schemaAnchor = (name: string) => `schema-${name}`;

/** A schema as a short readable type: `string (1 to 255 characters)`, `array of PostSummary`, ... */
function typeOf(schema: Schema | undefined): string {
  if (!schema || Object.keys(schema).length === 0) return "any";
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return `<a href="#${schemaAnchor(name)}">${escape(name)}</a>`;
  }
  if (schema.const !== undefined) return `<code>${escape(JSON.stringify(schema.const))}</code>`;
  if (schema.enum) return `one of ${schema.enum.map((v) => `<code>${escape(JSON.stringify(v))}</code>`).join(", ")}`;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeOf).join(" or ");
  const type = Array.isArray(schema.type) ? schema.type.join(" or ") : (schema.type ?? "any");
  if (type === "array") return `array of ${typeOf(schema.items)}${limits(schema, "minItems", "maxItems", "items")}`;
  if (type === "string") return `string${schema.format ? ` (${escape(String(schema.format))})` : ""}${limits(schema, "minLength", "maxLength", "characters")}`;
  if (type === "integer" || type === "number") return `${type}${numberLimits(schema)}`;
  return escape(type);
}

function limits(schema: Schema, min: string, max: string, unit: string) {
  const low = schema[min] as number | undefined;
  const high = schema[max] as number | undefined;
  if (low !== undefined && high !== undefined) return `, ${low} to ${high} ${unit}`;
  if (low !== undefined) return `, at least ${low} ${unit}`;
  if (high !== undefined) return `, at most ${high} ${unit}`;
  return "";
}

function numberLimits(schema: Schema) {
  const parts: string[] = [];
  const safe = (n: unknown) => typeof n === "number" && Math.abs(n) < Number.MAX_SAFE_INTEGER;
  if (safe(schema.minimum)) parts.push(`from ${String(schema.minimum)}`);
  if (safe(schema.exclusiveMinimum)) parts.push(`above ${String(schema.exclusiveMinimum)}`);
  if (safe(schema.maximum)) parts.push(`up to ${String(schema.maximum)}`);
  return parts.length ? `, ${parts.join(", ")}` : "";
}

const defaultOf = (schema: Schema) => (schema.default === undefined ? "" : ` Default <code>${escape(JSON.stringify(schema.default))}</code>.`);

/** The fields of an object schema as a table; anything else as its type. */
function fieldsOf(schema: Schema | undefined, caption: string): string {
  if (!schema?.properties) return `<p>${escape(caption)}: ${typeOf(schema)}</p>`;
  const required = new Set(schema.required ?? []);
  const rows = Object.entries(schema.properties).map(
    ([name, field]) =>
      `<tr><th scope="row"><code>${escape(name)}</code></th><td>${typeOf(field)}</td><td>${required.has(name) ? "yes" : "no"}</td><td>${prose(field.description ?? "")}${defaultOf(field)}</td></tr>`,
  );
  return `<table><caption>${escape(caption)}</caption><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Notes</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function parametersOf(parameters: Parameter[]) {
  const rows = parameters.map(
    (p) =>
      `<tr><th scope="row"><code>${escape(p.name)}</code></th><td>${escape(p.in)}</td><td>${typeOf(p.schema)}</td><td>${p.required ? "yes" : "no"}</td><td>${escape(p.schema.description ?? "")}${defaultOf(p.schema)}</td></tr>`,
  );
  return `<table><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Notes</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function responsesOf(responses: Record<string, Response>) {
  const rows = Object.entries(responses).map(([status, response]) => {
    const types = Object.entries(response.content ?? {})
      .map(([type, { schema }]) => `<code>${escape(type)}</code>: ${typeOf(schema)}`)
      .join("<br>");
    return `<tr><th scope="row">${escape(status)}</th><td>${prose(response.description)}</td><td>${types}</td></tr>`;
  });
  return `<table><caption>Responses</caption><thead><tr><th scope="col">Status</th><th scope="col">Meaning</th><th scope="col">Body</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function operationOf(method: string, path: string, operation: Operation, schemas: Record<string, Schema>) {
  const body = operation.requestBody;
  const bodySchema = body?.content["application/json"]?.schema;
  const bodyFields = bodySchema?.$ref ? schemas[refName(bodySchema.$ref)] : undefined;
  return `<section class="operation" id="${escape(operation.operationId)}" aria-labelledby="${escape(operation.operationId)}-title">
<h3 id="${escape(operation.operationId)}-title"><span class="method method-${escape(method)}">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h3>
<p>${prose(operation.summary)}</p>
${operation.description ? `<p>${prose(operation.description)}</p>` : ""}
<p class="auth">${operation.security.length ? "Needs <code>Authorization: Bearer &lt;token&gt;</code>." : "No sign-in needed."} Operation id <code>${escape(operation.operationId)}</code>.</p>
${operation.parameters?.length ? parametersOf(operation.parameters) : ""}
${
  body
    ? `<p>Request body (${Object.keys(body.content)
        .map((t) => `<code>${escape(t)}</code>`)
        .join(" or ")}${body.required ? "" : ", optional"}): ${typeOf(bodySchema)}</p>${bodyFields?.properties ? fieldsOf(bodyFields, "Request body") : ""}`
    : ""
}
${responsesOf(operation.responses)}
</section>`;
}

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fff;line-height:1.5}
main{max-width:72rem;margin:0 auto;padding:1rem 1.5rem 4rem}
nav ul{columns:3 16rem;padding-left:1.2rem}
table{border-collapse:collapse;margin:.5rem 0 1rem;width:100%}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border:1px solid #c8c8c8;padding:.3rem .5rem;text-align:left;vertical-align:top}
thead th{background:#f0f0f0}
code{font-family:ui-monospace,monospace;font-size:.92em}
.operation{border-top:1px solid #d0d0d0;padding-top:.5rem;margin-top:1.5rem}
.method{display:inline-block;min-width:4.2rem;text-align:center;border-radius:4px;color:#fff;padding:0 .4rem;font-size:.9em}
.method-get{background:#0b5394}.method-post{background:#1e6b2e}.method-delete{background:#a61c1c}
a{color:#0b4f8a}
`;

/**
 * The API's documentation as one self-contained page, rendered on the server from the OpenAPI
 * document: no script, no outside resources, so the app's Content-Security-Policy holds.
 */
export function renderDocsPage(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation: operation as unknown as Operation })),
  );
  const tags = document.tags.map((t) => t.name);
  const components = document.components.schemas as Record<string, Schema>;
  const sections = tags.map((tag) => {
    const ofTag = operations.filter((o) => o.operation.tags[0] === tag);
    return `<section aria-labelledby="tag-${escape(tag)}"><h2 id="tag-${escape(tag)}">${escape(tag)}</h2>${ofTag.map((o) => operationOf(o.method, o.path, o.operation, components)).join("\n")}</section>`;
  });
  const toc = operations.map((o) => `<li><a href="#${escape(o.operation.operationId)}">${escape(o.method.toUpperCase())} ${escape(o.path)}</a></li>`).join("");
  const schemas = Object.entries(components)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([name, schema]) =>
        `<section id="${schemaAnchor(name)}" aria-labelledby="${schemaAnchor(name)}-title"><h3 id="${schemaAnchor(name)}-title">${escape(name)}</h3>${schema.description ? `<p>${escape(schema.description)}</p>` : ""}${fieldsOf(schema, `${name} fields`)}</section>`,
    )
    .join("\n");
  const security = document.components.securitySchemes.bearer.description;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)} ${escape(document.info.version)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escape(document.info.title)}</h1>
<p>${prose(document.info.description)}</p>
<p>Base address: <code>${escape(document.servers[0]!.url)}</code>. Machine-readable: <a href="/api/v1/openapi.json">OpenAPI 3.1 document</a>.</p>
<p>Authentication: ${escape(security)}</p>
<nav aria-label="Operations"><h2>Operations</h2><ul>${toc}</ul></nav>
${sections.join("\n")}
<section aria-labelledby="schemas"><h2 id="schemas">Schemas</h2>
${schemas}
</section>
</main>
</body>
</html>
`;
}
