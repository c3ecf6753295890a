import { z } from "zod";
import { int4Id } from "../input";
import { LINK_EXPIRIES, LINK_KINDS, LINK_LIMITS } from "../reach";
import { sessionIdSchema } from "./common";
import { privacyChoiceFields } from "./privacy";
import { linkSettings, publicLinkStatus, sharedLink, transcript } from "./shapes";
import { publicPrompt } from "./prompt";

const postId = int4Id("a post id");
const token = z.string({ message: "must be the token of a public link" }).max(200, "must be the token of a public link");
const enabled = z.boolean({ message: "must be true or false" });
const linkKind = z.enum(LINK_KINDS, { message: `must be one of ${LINK_KINDS.join(", ")}` });
/** The id of a link's post, conversation or prompt (digits from a REST path too). */
const linkTargetId = z.coerce
  .number({ message: "must be the id of the link's post, conversation or prompt" })
  .int("must be a whole number")
  .positive("must be an id above 0")
  .max(Number.MAX_SAFE_INTEGER, "must be an id of at most 2^53 - 1");

/** Inputs of the public link procedures, by procedure name. */
export const publicLinkInputs = {
  postStatus: z.object({ postId }),
  setPost: z.object({ postId, enabled, listed: z.boolean({ message: "must be true or false" }).optional(), ...privacyChoiceFields }),
  sessionStatus: z.object({ sessionId: sessionIdSchema }),
  setSession: z.object({ sessionId: sessionIdSchema, enabled, ...privacyChoiceFields }),
  post: z.object({ token }),
  session: z.object({ token }),
  sessionShare: z.object({ token }),
  /** A published prompt read through its public link. */
  prompt: z.object({ token }),
  /** A password-protected link opened for this browser session. */
  unlock: z.object({
    token,
    password: z
      .string({ message: "must be the link's password" })
      .min(1, "must be the link's password")
      .max(LINK_LIMITS.passwordMax, `must be at most ${LINK_LIMITS.passwordMax} characters`),
  }),
  /** A password-protected share opened for this browser session. */
  unlockShare: z.object({
    sessionId: sessionIdSchema,
    password: z
      .string({ message: "must be the share's password" })
      .min(1, "must be the share's password")
      .max(LINK_LIMITS.passwordMax, `must be at most ${LINK_LIMITS.passwordMax} characters`),
  }),
  /** The owner's controls of one link: a public link or a share. */
  settings: z.object({ kind: linkKind, id: linkTargetId }),
  configure: z.object({
    kind: linkKind,
    id: linkTargetId,
    /** From now: a day, a week, a month, or never. Left out: unchanged. */
    expires: z.enum(LINK_EXPIRIES, { message: `must be one of ${LINK_EXPIRIES.join(", ")}` }).optional(),
    /** A new password, or null to remove it. Left out: unchanged. */
    password: z
      .string({ message: "must be a password (text) or null" })
      .min(LINK_LIMITS.passwordMin, `must be at least ${LINK_LIMITS.passwordMin} characters`)
      .max(LINK_LIMITS.passwordMax, `must be at most ${LINK_LIMITS.passwordMax} characters`)
      .nullable()
      .optional(),
    /** Most viewers, or null for no cap. Left out: unchanged. */
    view_cap: z
      .number({ message: "must be a number of views or null" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(LINK_LIMITS.viewCapMax, `must be at most ${LINK_LIMITS.viewCapMax}`)
      .nullable()
      .optional(),
    /** Lifts the lock that too many wrong passwords put on the link (true). Left out: unchanged. */
    lift_lock: z.literal(true, { message: "must be true to lift the link's lock" }).optional(),
  }),
  /** Turns one of the caller's links off: a public link, or a conversation's share. */
  revoke: z.object({ kind: linkKind, id: linkTargetId }),
  /** Every link of the caller turned off at once: said on purpose. */
  revokeAll: z.object({ confirm: z.literal(true, { message: "must be true: every one of your links is turned off" }) }),
  /** The snapshot of a shared conversation taken again, from the conversation as it is now, through the privacy check (share_refresh). */
  refreshShare: z.object({ sessionId: sessionIdSchema, ...privacyChoiceFields }),
} as const;

/** Answers of the public link procedures, by procedure name. */
export const publicLinkOutputs = {
  postStatus: publicLinkStatus,
  setPost: publicLinkStatus,
  sessionStatus: publicLinkStatus,
  setSession: publicLinkStatus,
  post: z.object({ kind: z.literal("post"), post_id: z.number().int(), indexable: z.boolean(), transcript }),
  session: z.object({ kind: z.literal("conversation"), indexable: z.literal(false), transcript }),
  sessionShare: z.object({ session_id: z.number().int() }),
  prompt: publicPrompt,
  unlock: z.object({ unlocked: z.literal(true) }),
  unlockShare: z.object({ unlocked: z.literal(true) }),
  settings: linkSettings,
  configure: linkSettings,
  mine: z.object({ links: z.array(sharedLink) }),
  revoke: z.object({ revoked: z.literal(true) }),
  revokeAll: z.object({ revoked: z.number().int().describe("How many links were turned off") }),
  refreshShare: sharedLink,
} as const;
