import { z } from "zod";

/** A text part of a search snippet; `match` parts are the searched words. */
export const snippetPart = z.object({ text: z.string(), match: z.boolean() });

/** An author as posts and comments show them: `user_id` is the identity subject. */
export const authorShape = {
  user_id: z.string(),
  username: z.string(),
  handle: z.string().nullable(),
  avatar: z.string().nullable().describe("A picture URL, or an emoji chosen from the name"),
};

/** A post as feeds, search and creator pages list it (no conversation). */
export const postSummary = z.object({
  id: z.number().int(),
  ...authorShape,
  description: z.string(),
  categories: z.array(z.string()),
  model_versions: z.array(z.string()).describe("Empty on a comparison post until the viewer has voted"),
  compare_models: z.number().int().nullable().describe("How many models a comparison post compares; null on an ordinary post"),
  created_at: z.string(),
  likes: z.number().int(),
  comments: z.number().int(),
  has_liked: z.boolean(),
  forks: z.number().int(),
  forked_from_post_id: z.number().int().nullable(),
  hidden: z.boolean().describe("Hidden by a moderator: only its author still sees it, marked"),
});

/** One message of a post's conversation snapshot. */
export const postMessage = z.object({
  isUser: z.boolean(),
  model_name: z.string().nullable(),
  user: z.string().nullable(),
  content: z.string(),
  timestamp: z.string(),
  redactions: z
    .array(z.object({ kind: z.string(), start: z.number().int(), end: z.number().int() }))
    .optional()
    .describe("Where the privacy check's markers sit in `content` ('[redacted e-mail]'), when its author redacted anything (docs/privacy.md)"),
});

/** A comparison post's columns, tallies and turns, as one viewer may see them. */
export const comparisonView = z.object({
  revealed: z.boolean(),
  can_vote: z.boolean(),
  my_vote: z.number().int().nullable().describe("The place (in `columns`) of the answer the viewer voted for; null before a vote"),
  my_vote_left_out: z
    .enum(["author", "not_blind", "waiting", "capped"])
    .nullable()
    .describe(
      "Why the viewer's vote is not in the tally (docs/leaderboard.md, 'What is counted'): waiting (the account is newer than the vote settings allow; it counts once the account is old enough), capped (over the day's cap on a person's counted votes), not_blind or author; null when it counts or there is none",
    ),
  my_vote_counts_at: z
    .string()
    .nullable()
    .describe(
      "When the viewer's waiting vote counts (ISO time): once the account is VOTE_MIN_ACCOUNT_AGE_HOURS old; null unless `my_vote_left_out` is waiting",
    ),
  revealed_by_post_id: z
    .number()
    .int()
    .nullable()
    .describe(
      "A post this comparison was forked from or into that the viewer voted on or made: they know its models, so the comparison is shown revealed and they cannot vote on it",
    ),
  total_votes: z.number().int().nullable().describe("null until the viewer has voted (or for its author)"),
  columns: z
    .array(
      z.object({
        column: z.number().int().describe("The answer's place as shown to this viewer (0 for A): what a vote names, not the stored column"),
        label: z.string(),
        // The models and tallies only once the comparison is revealed to the viewer.
        model_id: z.string().nullable().optional(),
        model_name: z.string().optional(),
        votes: z.number().int().optional(),
        rated: z
          .boolean()
          .optional()
          .describe(
            "Whether the model is rated on the leaderboard: false for the offline demo model, which only repeats what it is asked, so no vote on a comparison showing it counts on the board (its tally still counts them)",
          ),
      }),
    )
    .describe(
      "The answers in the order this viewer is shown them (each viewer has an order of their own, a voter keeps the one they voted in), labelled A-D in that order",
    ),
  turns: z.array(
    z.object({ prompt: z.string(), answers: z.array(z.object({ content: z.string(), status: z.string() })).describe("In the order of `columns`") }),
  ),
});

/** Where a conversation was cloned from. */
export const forkedFrom = z
  .object({ session_id: z.number().int().nullable(), post_id: z.number().int().nullable(), username: z.string().nullable() })
  .nullable();

/** A post's origin or one of its public forks. */
const lineagePost = z.object({ id: z.number().int(), description: z.string(), ...authorShape });

/** A whole post: its summary, conversation snapshot, comparison and lineage. */
export const postDetail = postSummary.extend({
  messages: z.array(postMessage),
  comparison: comparisonView.nullable(),
  answer_comments: z.record(z.string(), z.number().int()).describe("Comments anchored to each answer, by the answer's key (only answers that have some)"),
  forked_from: lineagePost.nullable(),
  public_forks: z.array(lineagePost),
});

/** Tokens a reply used and what was charged to the allowance. */
export const usage = z.object({ input_tokens: z.number().int(), output_tokens: z.number().int(), charged_tokens: z.number().int() });

/** One exchange of a conversation: the person's message and the reply. */
export const historyEntry = z.object({
  id: z.number().int(),
  message_content: z.string(),
  response_content: z.string(),
  timestamp: z.string(),
  model_id: z.string().nullable(),
  user: z.string().nullable(),
  status: z.string().describe("complete, pending (still streaming), error or stopped"),
});

/** A conversation or a post as a public page shows it. */
export const transcript = z.object({
  kind: z.enum(["conversation", "post"]),
  title: z.string(),
  author: z.string(),
  categories: z.array(z.string()),
  models: z.array(z.string()),
  createdAt: z.string(),
  messages: z.array(
    z.object({
      role: z.enum(["user", "assistant"]),
      author: z.string(),
      content: z.string(),
      timestamp: z.string(),
      answer: z.string().nullable().describe("An answer's key, for its link (`?answer=<key>`); null for a prompt"),
    }),
  ),
});

/** A public link's state: off, or on with its token and address. */
export const publicLinkStatus = z.object({ enabled: z.boolean(), token: z.string().nullable(), path: z.string().nullable(), listed: z.boolean() });

/** A link's state: open, past its expiry, or at its view cap. */
export const linkState = z.enum(["active", "expired", "capped"]);

/** The owner's controls of one public link and its views. */
export const linkSettings = z.object({
  expires_at: z.string().nullable().describe("When the link stops (410); null: never"),
  password: z.boolean().describe("Whether a reader must enter a password (the password itself is never shown)"),
  view_cap: z.number().int().nullable().describe("Most viewers the link lets in; null: no cap"),
  views: z.number().int().describe("Viewers so far: each browser session once a day"),
  views_today: z.number().int().describe("Viewers today (UTC)"),
  state: linkState,
  locked: z.boolean().describe("Locked by too many wrong passwords from all addresses: no password is checked until the owner lifts the lock (lift_lock)"),
  locked_at: z.string().nullable().describe("When it was locked; null: not locked"),
});

/** One link on the Shared links page. */
export const sharedLink = z.object({
  kind: z
    .enum(["post", "conversation", "prompt", "share"])
    .describe("A post's, a conversation's or a prompt's public link, or a conversation's share (signed-in readers)"),
  id: z.number().int().describe("The post, conversation or prompt"),
  title: z.string(),
  /** Where the owner opens the object. */
  target: z.string(),
  /** The address readers open; null when it can no longer be shown. */
  path: z.string().nullable(),
  created_at: z.string(),
  /** A share's snapshot: when it was taken (shares only; null otherwise). */
  snapshot_at: z.string().nullable(),
  changed_since_snapshot: z
    .boolean()
    .nullable()
    .describe(
      "A share: whether the conversation changed since its snapshot (a follow-up, an edit or another branch), so that taking it again would change what readers see; null for other links",
    ),
  expires_at: z.string().nullable(),
  password: z.boolean(),
  view_cap: z.number().int().nullable(),
  views: z.number().int().nullable().describe("null for a share (signed-in readers are not counted)"),
  state: linkState,
  locked: z.boolean().describe("Locked by too many wrong passwords until its owner lifts the lock"),
});

/** A personal access token as listed: never its secret. */
export const accessTokenSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable().describe("When the token stops working; null: never"),
  read_only: z.boolean().describe("A read-only token is refused (403) on every write"),
});

/** The caller's settings, provider keys masked. */
export const userSettings = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  picture: z.string(),
  email_verified: z.boolean(),
  nickname: z.string(),
  open_ai_key: z.string().describe("Masked: only the last four characters show"),
  claude_api_key: z.string().describe("Masked: only the last four characters show"),
});

/** A file a procedure answers with: REST sends `body` as a download named `filename`. */
export function downloadFile(body: string) {
  return z.object({ filename: z.string(), contentType: z.string(), body: z.string().describe(body) });
}
