import { promptInputs } from "@parley/contracts";
import { isNewSearch, loadUser, loadViewer, protectedProcedure, rateLimit } from "../../kit/trpc";
import {
  createPrompt,
  deletePrompt,
  exportPromptLibrary,
  getPromptById,
  importPromptLibrary,
  listPromptLibrary,
  listPromptVersions,
  restorePromptVersion,
  updatePrompt,
} from "./library";
import { getPromptLinkPath, setPromptLink } from "./public-link";

/** The caller's own prompts: the library, its versions, its file, a prompt's page and its public link (composed into `prompt` in root.ts). */
export const promptLibraryProcedures = {
  library: protectedProcedure.meta({ rest: { method: "GET", path: "/prompts", summary: "The caller's prompt library (own and saved), last changed first; `q` searches it" } }).input(promptInputs.library).use(rateLimit("search", isNewSearch)).use(loadViewer).query(({ ctx, input }) => listPromptLibrary(ctx.db, ctx.user.id, input)),
  get: protectedProcedure.meta({ rest: { method: "GET", path: "/prompts/:id", summary: "A prompt's page: its text, variables, counts and lineage; `key` opens an unlisted prompt by its address" } })
    .input(promptInputs.get)
    .use(loadViewer)
    .query(({ ctx, input }) => getPromptById(ctx.db, ctx.user.id, input.id, (id) => getPromptLinkPath(ctx.db, ctx.keys, id), input.key)),
  create: protectedProcedure.meta({ rest: { method: "POST", path: "/prompts", summary: "Write a prompt (private until published)" } })
    .input(promptInputs.create)
    .use(rateLimit("prompt"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => {
      const id = await createPrompt(ctx.db, ctx.user.id, input, ctx.now());
      return getPromptById(ctx.db, ctx.user.id, id);
    }),
  update: protectedProcedure.meta({ rest: { method: "PATCH", path: "/prompts/:id", summary: "Change the caller's prompt; a changed name or text keeps the earlier one as a version" } })
    .input(promptInputs.update)
    .use(rateLimit("prompt"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => {
      await updatePrompt(ctx.db, ctx.user, input.id, input, ctx.now());
      return getPromptById(ctx.db, ctx.user.id, input.id, (id) => getPromptLinkPath(ctx.db, ctx.keys, id));
    }),
  remove: protectedProcedure.meta({ rest: { method: "DELETE", path: "/prompts/:id", summary: "Delete the caller's prompt" } }).input(promptInputs.remove).use(loadUser).mutation(({ ctx, input }) => deletePrompt(ctx.db, ctx.user.id, input.id)),
  versions: protectedProcedure.meta({ rest: { method: "GET", path: "/prompts/:id/versions", summary: "The kept versions of the caller's prompt, newest first, in pages (`cursor`: the nextCursor of the page before)" } }).input(promptInputs.versions).use(loadViewer).query(({ ctx, input }) => listPromptVersions(ctx.db, ctx.user.id, input.id, input.cursor)),
  restore: protectedProcedure.meta({ rest: { method: "POST", path: "/prompts/:id/versions/:version/restore", summary: "Make an earlier version current again, as a new version" } })
    .input(promptInputs.restore)
    .use(rateLimit("prompt"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => {
      await restorePromptVersion(ctx.db, ctx.user, input.id, input.version, ctx.now());
      return getPromptById(ctx.db, ctx.user.id, input.id, (id) => getPromptLinkPath(ctx.db, ctx.keys, id));
    }),
  /** A public link is a new public address: counted with sharing changes. */
  setPublicLink: protectedProcedure.meta({ rest: { method: "PUT", path: "/prompts/:id/public-link", summary: "Turn the public link of the caller's published prompt on or off" } })
    .input(promptInputs.setPublicLink)
    .use(rateLimit("share"))
    .use(loadUser)
    .mutation(async ({ ctx, input }) => {
      await setPromptLink(ctx.db, ctx.keys, ctx.user, input.id, input.enabled, input, ctx.now());
      return getPromptById(ctx.db, ctx.user.id, input.id, (id) => getPromptLinkPath(ctx.db, ctx.keys, id));
    }),
  exportLibrary: protectedProcedure.meta({ rest: { method: "GET", path: "/prompts/export", summary: "The caller's prompt library as a file (format parley.prompts, docs/prompts.md)" } }).use(loadViewer).query(({ ctx }) => exportPromptLibrary(ctx.db, ctx.user.id)),
  importLibrary: protectedProcedure.meta({ rest: { method: "POST", path: "/prompts/import", summary: "Add a library file's prompts to the caller's library, all or nothing (docs/prompts.md)" } })
    .input(promptInputs.importLibrary)
    .use(rateLimit("post"))
    .use(loadUser)
    .mutation(({ ctx, input }) => importPromptLibrary(ctx.db, ctx.user.id, input, ctx.now())),
};
