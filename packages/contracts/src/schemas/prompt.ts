// The prompt procedures' inputs and answers (docs/prompts.md). Apart from prompts.ts, which the web
// app's pages import for the variables and limits, so that those pages load no zod for them.
import { z } from "zod";
import { CATEGORIES, DEFAULT_CATEGORY } from "../categories";
import { DISCOVERY_LIMITS } from "../discovery";
import { int4Id, storableText } from "../input";
import { PROMPT_LIBRARY_FORMAT, PROMPT_LIBRARY_VERSION, PROMPT_LIMITS, PROMPT_SORTS, PROMPT_VISIBILITIES, parsePromptVariables } from "../prompts";
import { cursorSchema } from "./common";
import { handleInput } from "./handle";
import { reportFields } from "./admin";
import { privacyChoiceFields } from "./privacy";

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

const promptId = int4Id("a prompt id");
const byPrompt = z.object({ id: promptId });

/** A prompt's name: trimmed, not empty, at most 100 characters. */
export const promptName = storableText("must be the prompt's name")
  .trim()
  .min(1, "Give the prompt a name.")
  .max(PROMPT_LIMITS.name, `A prompt's name can be at most ${PROMPT_LIMITS.name} characters.`);

/** A prompt's text: not empty, at most 20,000 characters and 20 distinct variables. */
export const promptText = storableText("must be the prompt's text")
  .refine((text) => text.trim().length > 0, "Write the prompt's text first: it cannot be empty.")
  .refine((text) => text.length <= PROMPT_LIMITS.text, `A prompt's text can be at most ${PROMPT_LIMITS.text.toLocaleString("en-US")} characters.`)
  .refine(
    (text) => text.length > PROMPT_LIMITS.text || parsePromptVariables(text).length <= PROMPT_LIMITS.variables,
    `A prompt can use at most ${PROMPT_LIMITS.variables} different variables ({{name}}).`,
  );

/** A prompt's description: optional; empty means none. */
export const promptDescription = storableText("must be the prompt's description")
  .trim()
  .max(PROMPT_LIMITS.description, `A prompt's description can be at most ${PROMPT_LIMITS.description} characters.`)
  .nullish()
  .transform((text) => (text ? text : null));

/** A prompt's category, one of the chat categories. */
export const promptCategory = z.enum(CATEGORIES, { message: `must be one of ${CATEGORIES.join(", ")}` });

const promptFields = {
  name: promptName,
  text: promptText,
  description: promptDescription,
  category: promptCategory.optional().default(DEFAULT_CATEGORY),
};

const promptSearch = storableText("must be the text to search for")
  .trim()
  .max(DISCOVERY_LIMITS.searchQuery, `A search can be at most ${DISCOVERY_LIMITS.searchQuery} characters.`)
  .optional()
  .transform((q) => (q ? q : undefined));

const versionNumber = z.coerce
  .number({ message: "must be a version number" })
  .int("must be a whole number")
  .positive("must be a version number from 1")
  .max(1_000_000, "must be a version number of this prompt");

/** One prompt of a library file. */
export const promptLibraryEntry = z.object({
  name: promptName,
  text: promptText,
  description: promptDescription,
  category: promptCategory.optional().default(DEFAULT_CATEGORY),
  versions: z
    .array(z.object({ name: promptName, text: promptText }), { message: "must be a list of earlier versions ({ name, text })" })
    .max(PROMPT_LIMITS.importVersions, `A prompt of the file can carry at most ${PROMPT_LIMITS.importVersions} earlier versions.`)
    .optional()
    .default([]),
});

/** The library file (export and import): docs/prompts.md. */
export const promptLibraryFile = z.object({
  format: z.literal(PROMPT_LIBRARY_FORMAT, { message: `must be "${PROMPT_LIBRARY_FORMAT}": this is not a Parley prompt library file` }),
  version: z.literal(PROMPT_LIBRARY_VERSION, { message: `must be ${PROMPT_LIBRARY_VERSION}: this library file is of a version this server does not read` }),
  prompts: z
    .array(promptLibraryEntry, { message: "must be the list of prompts" })
    .max(PROMPT_LIMITS.importPrompts, `A library file can hold at most ${PROMPT_LIMITS.importPrompts} prompts.`),
});
export type PromptLibraryFile = z.output<typeof promptLibraryFile>;

/** Inputs of the prompt procedures, by procedure name. */
export const promptInputs = {
  library: z.object({ cursor: cursorSchema.optional(), q: promptSearch }).optional().default({ q: undefined }),
  get: byPrompt.extend({
    key: z
      .string({ message: "must be the key of the prompt's unlisted address" })
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "must be the key of the prompt's unlisted address (the key=... of its link)")
      .optional(),
  }),
  create: z.object(promptFields),
  update: byPrompt.extend(promptFields),
  remove: byPrompt,
  versions: byPrompt.extend({ cursor: cursorSchema.optional() }),
  restore: byPrompt.extend({ version: versionNumber }),
  setVisibility: byPrompt.extend({
    visibility: z.enum(PROMPT_VISIBILITIES, { message: `must be one of ${PROMPT_VISIBILITIES.join(", ")}` }),
    // The privacy check's choice (docs/privacy.md), when publishing.
    ...privacyChoiceFields,
  }),
  setPublicLink: byPrompt.extend({ enabled: z.boolean({ message: "must be true or false" }), ...privacyChoiceFields }),
  like: byPrompt.extend({ liked: z.boolean({ message: "must be true or false" }) }),
  save: byPrompt,
  comments: byPrompt.extend({ cursor: cursorSchema.optional() }),
  comment: byPrompt.extend({
    text: storableText()
      .trim()
      .min(1, "Write a comment first: it cannot be empty.")
      .max(PROMPT_LIMITS.comment, `A comment can be at most ${PROMPT_LIMITS.comment.toLocaleString("en-US")} characters.`),
  }),
  deleteComment: z.object({ commentId: int4Id("a comment id") }),
  report: byPrompt.extend(reportFields),
  reportComment: z.object({ commentId: int4Id("a comment id"), ...reportFields }),
  discover: z
    .object({
      sort: z
        .enum(PROMPT_SORTS, { message: `must be one of ${PROMPT_SORTS.join(", ")}` })
        .optional()
        .default("trending"),
      q: promptSearch,
      category: promptCategory.optional(),
      cursor: cursorSchema.optional(),
      // A larger page than the server serves is answered with the largest one, not refused.
      limit: z.coerce
        .number({ message: "must be a number" })
        .int("must be a whole number")
        .min(1, "must be at least 1")
        .optional()
        .default(PROMPT_LIMITS.pageSize)
        .transform((limit) => Math.min(limit, PROMPT_LIMITS.discoverMax)),
    })
    .optional()
    .default({ sort: "trending", q: undefined, limit: PROMPT_LIMITS.pageSize }),
  answers: byPrompt,
  byCreator: z.object({ handle: handleInput, cursor: cursorSchema.optional() }),
  importLibrary: promptLibraryFile,
} as const;

/** The fields a chat send and a comparison start take to record the prompt they came from. */
export const promptUseFields = {
  promptId: promptId.nullish(),
  promptVersion: versionNumber.nullish(),
};

// ---------------------------------------------------------------------------------------------
// Outputs
// ---------------------------------------------------------------------------------------------

/** A prompt's author as prompt screens show them. */
export const promptAuthor = z.object({
  handle: z.string().nullable(),
  name: z.string(),
  avatarUrl: z.string().nullable().describe("A picture URL, or an emoji chosen from the name"),
});
export type Author = z.infer<typeof promptAuthor>;

export const promptCard = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  visibility: z.enum(PROMPT_VISIBILITIES),
  author: promptAuthor,
  likes: z.number().int(),
  saves: z.number().int(),
  uses: z.number().int().describe("People who sent this prompt (each counted once)"),
  comments: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  textPreview: z.string().describe(`The text's first ${PROMPT_LIMITS.textPreview} characters`),
  hidden: z.boolean().describe("Hidden by a moderator: only its owner still sees it, marked"),
});
export type PromptCard = z.infer<typeof promptCard>;

export const promptDetail = promptCard.extend({
  text: z.string(),
  version: z.number().int(),
  variables: z.array(z.object({ name: z.string(), default: z.string().nullable() })),
  forkedFrom: z.object({ id: z.number().int(), name: z.string() }).nullable().describe("The prompt this one was saved from, while it can be seen"),
  isOwner: z.boolean(),
  likedByMe: z.boolean(),
  publicLink: z.string().nullable().describe("The path of the opt-in public link, for its owner; null when off"),
  unlistedPath: z.string().nullable().describe("The address an unlisted prompt is opened by (`/prompt/{id}?key=...`), for its owner; null otherwise"),
});
export type PromptDetail = z.infer<typeof promptDetail>;

export const promptComment = z.object({
  id: z.number().int(),
  text: z.string(),
  author: promptAuthor,
  createdAt: z.string(),
  isOwner: z.boolean(),
  /** True on the author's own comment while a moderator keeps it hidden (nobody else sees it). */
  hidden: z.boolean(),
});
export type PromptComment = z.infer<typeof promptComment>;

export const promptPage = z.object({ items: z.array(promptCard), nextCursor: z.string().nullable() });
export type PromptPage = z.infer<typeof promptPage>;

export const promptCommentPage = z.object({ items: z.array(promptComment), nextCursor: z.string().nullable() });
export type PromptCommentPage = z.infer<typeof promptCommentPage>;

export const promptVersions = z.object({
  versions: z.array(z.object({ version: z.number().int(), name: z.string(), text: z.string(), createdAt: z.string() })),
  nextCursor: z.string().nullable().describe(`The next page's cursor (older versions, ${PROMPT_LIMITS.versionsPage} a page), or null at the oldest kept`),
});
export type PromptVersions = z.infer<typeof promptVersions>;

export const promptAnswers = z.object({
  models: z.array(
    z.object({
      model: z.string(),
      displayName: z.string(),
      votes: z.number().int().describe("Blind votes this model's answers got on the comparison posts started from this prompt"),
      posts: z.array(
        z.object({ postId: z.number().int(), title: z.string(), kind: z.enum(["post", "comparison"]), author: promptAuthor, createdAt: z.string() }),
      ),
    }),
  ),
});
export type PromptAnswers = z.infer<typeof promptAnswers>;

export const promptLike = z.object({ liked: z.boolean(), likes: z.number().int() });
export const promptImported = z.object({ imported: z.number().int() });
export const promptReported = z.object({ reported: z.literal(true), already_reported: z.boolean(), message: z.string() });

/** A prompt read through its public link, by anyone. */
export const publicPrompt = z.object({
  kind: z.literal("prompt"),
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  text: z.string(),
  variables: z.array(z.object({ name: z.string(), default: z.string().nullable() })),
  author: promptAuthor,
  createdAt: z.string(),
});
export type PublicPrompt = z.infer<typeof publicPrompt>;
export const promptRemoved = z.object({ id: z.number().int() });

/** Answers of the prompt procedures, by procedure name. */
export const promptOutputs = {
  library: promptPage,
  get: promptDetail,
  create: promptDetail,
  update: promptDetail,
  remove: promptRemoved,
  versions: promptVersions,
  restore: promptDetail,
  setPublicLink: promptDetail,
  exportLibrary: promptLibraryFile,
  importLibrary: promptImported,
  setVisibility: promptDetail,
  like: promptLike,
  save: promptDetail,
  comments: promptCommentPage,
  comment: promptComment,
  deleteComment: promptRemoved,
  discover: promptPage,
  answers: promptAnswers,
  byCreator: promptPage,
  report: promptReported,
  reportComment: promptReported,
} as const;
