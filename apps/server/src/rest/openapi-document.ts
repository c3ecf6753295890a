import {
  accessTokenSummary,
  ACCESS_TOKENS,
  comparisonView,
  errorBody,
  historyEntry,
  linkSettings,
  postDetail,
  postMessage,
  postSummary,
  promptCard,
  promptComment,
  promptDetail,
  publicLinkStatus,
  sendFailure,
  sharedLink,
  snippetPart,
  transcript,
  usage,
  userSettings,
} from "@parley/contracts";
import { z, type ZodType } from "zod";
import type { RestRow } from "./rows";

type JsonSchema = Record<string, unknown>;
type Parameter = { name: string; in: "path" | "query"; required: boolean; schema: JsonSchema; description?: string };
type Operation = Record<string, unknown>;

/** The document's own details. */
export type OpenApiInfo = { version: string; serverUrl: string };

const COMPONENT = "#/components/schemas/";

/** A row's key, e.g. `POST /post/comment/:postId`. */
export const routeKey = (route: Pick<RestRow, "method" | "path">) => `${route.method} ${route.path}`;

/** `/post/comment/:postId` as OpenAPI writes it: `/api/v1/post/comment/{postId}`. */
export const openApiPath = (path: string) => `/api/v1${path.replace(/:([A-Za-z]+)/g, "{$1}")}`;

/** A stable, unique name per row: the method and the path's fixed segments, e.g. `postPostComment`. */
export function operationIdOf(route: Pick<RestRow, "method" | "path">) {
  const words = route.path
    .split("/")
    .filter((segment) => segment && !segment.startsWith(":"))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [route.method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join("");
}

const pathParamsOf = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);

/** The name again, or, when another row of the same method and fixed words took it (`GET /prompts` before `GET /prompts/:id`), the name with its path parameters (`getPromptsById`). */
function uniqueOperationId(id: string, route: Pick<RestRow, "path">, named: Set<string>) {
  const unique = named.has(id)
    ? `${id}By${pathParamsOf(route.path)
        .map((p) => p[0]!.toUpperCase() + p.slice(1))
        .join("And")}`
    : id;
  named.add(unique);
  return unique;
}

/** The object schema inside `.optional()`, `.nullable()`, `.default()` wrappers, if there is one. */
function objectOf(schema: ZodType | undefined): z.ZodObject | undefined {
  let current: unknown = schema;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof z.ZodObject) return current;
    current = current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault ? current.unwrap() : undefined;
  }
  return undefined;
}

/** Shapes that several answers share, named in the document's components. */
const namedShapes: Record<string, ZodType> = {
  SharedLink: sharedLink,
  LinkSettings: linkSettings,
  PostSummary: postSummary,
  Post: postDetail,
  PostMessage: postMessage,
  Comparison: comparisonView,
  HistoryEntry: historyEntry,
  Usage: usage,
  UserSettings: userSettings,
  AccessToken: accessTokenSummary,
  PublicLinkStatus: publicLinkStatus,
  Transcript: transcript,
  SnippetPart: snippetPart,
  PromptCard: promptCard,
  Prompt: promptDetail,
  PromptComment: promptComment,
};

/**
 * Builds the OpenAPI 3.1 document of the /api/v1 table from the rows (declared on the
 * procedures) and zod's own JSON Schema of their schemas: the procedures' inputs give the
 * parameters and bodies, their outputs (`.output()`, or a special's) the answers. Nothing here
 * restates a shape.
 */
export function buildOpenApiDocument(routes: readonly RestRow[], info: OpenApiInfo) {
  const requests = z.registry<{ id: string }>();
  const responses = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(namedShapes)) responses.add(schema, { id });
  responses.add(errorBody, { id: "Error" });
  responses.add(sendFailure, { id: "ReplyFailed" });

  const paths: Record<string, Record<string, Operation>> = {};
  const pending: { operation: Operation; route: RestRow; requestId?: string; responseId?: string; bodyOptional: boolean }[] = [];
  const named = new Set<string>();
  for (const route of routes) {
    const operationId = uniqueOperationId(operationIdOf(route), route, named);
    const { parameters, body } = splitInput(route);
    if (body && !requests.has(body)) requests.add(body, { id: `${upperFirst(operationId)}Request` });
    const requestId = body ? requests.get(body)?.id : undefined;
    const answer = route.output;
    if (answer && !responses.has(answer)) responses.add(answer, { id: `${upperFirst(operationId)}Response` });
    const responseId = answer ? responses.get(answer)?.id : undefined;
    const operation: Operation = {
      operationId,
      tags: [route.path.split("/")[1]!],
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      security: route.access === "public" ? [] : [{ bearer: [] }],
      ...(parameters.length ? { parameters } : {}),
    };
    // A body whose every field is optional may be left out (the path alone names what to do).
    const bodyOptional = body !== undefined && route.body === undefined && body.safeParse({}).success;
    pending.push({ operation, route, requestId, responseId, bodyOptional });
    (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operation;
  }

  const schemas = {
    ...componentSchemas(z.toJSONSchema(requests, { io: "input", uri: (id) => COMPONENT + id, unrepresentable: "any" }).schemas),
    ...componentSchemas(z.toJSONSchema(responses, { io: "output", uri: (id) => COMPONENT + id, unrepresentable: "any" }).schemas),
  };
  for (const { operation, route, requestId, responseId, bodyOptional } of pending) {
    if (requestId) operation.requestBody = requestBodyOf(route, requestId, bodyOptional);
    operation.responses = responsesOf(route, responseId);
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "Parley API",
      version: info.version,
      description:
        "The REST paths of Parley under /api/v1. Every call runs the same procedure, validation and permission checks as the web app. " +
        "Failures answer with a JSON body `{ message }` saying what went wrong and what to do.",
    },
    servers: [{ url: info.serverUrl }],
    tags: [...new Set(routes.map((r) => r.path.split("/")[1]!))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: `An OpenID Connect access token from the sign-in, or a personal access token (${ACCESS_TOKENS.prefix}...) made in the profile page. Either acts with exactly its owner's permissions.`,
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

const upperFirst = (text: string) => text[0]!.toUpperCase() + text.slice(1);

/** Component schemas without the per-document keywords the registry conversion adds. */
function componentSchemas(schemas: Record<string, JsonSchema>) {
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _schema, $id: _id, ...schema }]) => [id, schema]));
}

/**
 * A row's input split into path and query parameters and the JSON body; the fields the path
 * sets itself are neither.
 */
function splitInput(route: RestRow): { parameters: Parameter[]; body: ZodType | undefined } {
  const object = objectOf(route.input);
  const shape: Record<string, ZodType> = object?.shape ?? {};
  const inPath = pathParamsOf(route.path);
  const notSent = [...inPath, ...Object.keys(route.sets ?? {})];
  const parameters: Parameter[] = inPath.map((name) => parameterOf(name, "path", shape[name] ?? z.string()));
  const rest = Object.keys(shape).filter((name) => !notSent.includes(name));
  if (route.method === "GET") {
    parameters.push(...rest.map((name) => parameterOf(name, "query", shape[name]!)));
    return { parameters, body: undefined };
  }
  if (route.body !== undefined) return { parameters, body: route.body ?? undefined };
  if (!object || rest.length === 0) return { parameters, body: undefined };
  return { parameters, body: notSent.length ? z.object(Object.fromEntries(rest.map((name) => [name, shape[name]!]))) : route.input };
}

function parameterOf(name: string, where: "path" | "query", schema: ZodType): Parameter {
  const { $schema: _schema, description, ...json } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  const optional = schema.safeParse(undefined).success;
  return { name, in: where, required: where === "path" || !optional, schema: json, ...(typeof description === "string" ? { description } : {}) };
}

function requestBodyOf(route: RestRow, requestId: string, bodyOptional: boolean) {
  const json = { schema: { $ref: COMPONENT + requestId } };
  const optional = bodyOptional || (route.input !== undefined && route.input.safeParse(undefined).success && route.body === undefined);
  return {
    required: !optional,
    content: {
      "application/json": json,
      // The import also takes the export file as it is.
      ...(route.bodyLimit ? { "text/plain": { schema: { type: "string" } } } : {}),
    },
  };
}

const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: { $ref: `${COMPONENT}Error` } } } });

function responsesOf(route: RestRow, responseId: string | undefined) {
  const ok = responseId ? { $ref: COMPONENT + responseId } : {};
  const success = route.download
    ? {
        description: "The file, sent as an attachment (Content-Disposition names it)",
        content: {
          "text/markdown": { schema: { type: "string" } },
          "application/json": { schema: { type: "string" } },
          "text/csv": { schema: { type: "string" } },
        },
      }
    : {
        description: "Done",
        ...(route.headers
          ? { headers: Object.fromEntries(Object.entries(route.headers).map(([name, description]) => [name, { description, schema: { type: "string" } }])) }
          : {}),
        content: {
          "application/json": { schema: ok },
          ...(route.streams
            ? { "text/event-stream": { schema: { type: "string", description: "Server-Sent Events: one `event:` per event type, its JSON as `data:`" } } }
            : {}),
        },
      };
  const takesInput = route.input !== undefined || route.body !== undefined || route.path.includes(":");
  const admin = route.access === "admin";
  return {
    "200": success,
    ...(takesInput ? { "400": errorResponse("Bad input: the message names the field and what it needs") } : {}),
    ...(route.access === "signed-in" ? { "401": errorResponse("No valid access token") } : {}),
    ...(admin ? { "404": errorResponse("Not an admin (signed out included): the path answers as one that does not exist") } : {}),
    ...(route.path.includes(":") && !admin ? { "404": errorResponse("Not found, or not the caller's (someone else's private object is a 404 too)") } : {}),
    ...(route.bodyLimit ? { "413": errorResponse(route.bodyLimit.message) } : {}),
    ...(route.streams
      ? {
          "402": errorResponse("The plan's token allowance is used up"),
          "502": {
            description: "The model failed; the conversation is saved",
            content: { "application/json": { schema: { $ref: `${COMPONENT}ReplyFailed` } } },
          },
        }
      : {}),
    "429": errorResponse("Too many requests: wait the Retry-After seconds"),
    default: errorResponse("Any other failure, with a message a person can act on"),
  };
}
