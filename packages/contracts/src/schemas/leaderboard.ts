import { z } from "zod";
import { CATEGORIES } from "../categories";
import { int4Id } from "../input";

/** Formats the anonymised votes download in. */
export const VOTE_DOWNLOAD_FORMATS = ["json", "csv"] as const;

/** true/false, also as the strings a query carries (`?style=true`). */
const queryFlag = z.union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")], { message: "must be true or false" }).optional();

// Only a category a post can carry: the feed's groups (ai, creative, technical) are no post's.
const category = z.enum(CATEGORIES, { message: `must be one of ${CATEGORIES.join(", ")}` }).optional();

export const leaderboardInputs = {
  leaderboard: z
    .object({
      category,
      /** Style control: the fit with each answer's length and markdown as covariates. */
      style: queryFlag,
      /** The pairwise matrix of the votes on comparisons started from this prompt. */
      promptId: int4Id("a prompt id").optional(),
    })
    .optional()
    .default({}),
  votes: z
    .object({
      format: z
        .enum(VOTE_DOWNLOAD_FORMATS, { message: `must be one of ${VOTE_DOWNLOAD_FORMATS.join(", ")}` })
        .optional()
        .default("json"),
    })
    .optional()
    .default({ format: "json" }),
} as const;

const leaderboardRow = z.object({
  rank: z.number().int().describe("Position by rating, 1 = highest"),
  rank_low: z.number().int().describe("Best rank the 95% intervals allow: 1 + the models whose interval lies wholly above this one's"),
  rank_high: z.number().int().describe("Worst rank the 95% intervals allow: the number of models less those whose interval lies wholly below this one's"),
  model_id: z.string().nullable(),
  model_name: z.string(),
  rating: z.number().describe("Elo-like scale: the average model is 1000; 400 points more means 10:1 odds of being picked in a head-to-head"),
  ci_low: z.number().describe("Lower end of the rating's 95% interval"),
  ci_high: z.number().describe("Upper end of the rating's 95% interval"),
  provisional: z.boolean().describe("Fewer counted votes than method.provisional_below"),
  votes: z.number().int().describe("Counted votes whose answers included this model's"),
  comparisons: z.number().int().describe("Distinct comparisons (posts and battles) behind those votes"),
  votes_won: z.number().int().describe("Votes that picked this model's answer"),
  ties: z.number().int().describe("Votes that called a tie (or both bad) with this model's answer shown"),
  votes_cast: z.number().int().describe("Same as votes"),
  win_rate: z.number().describe("(votes won + half the ties) / votes"),
});

export const leaderboardResponse = z.object({
  category: z.string().nullable(),
  style: z.boolean().describe("Whether this is the style-controlled view"),
  prompt_id: z.number().int().nullable().describe("The prompt whose votes the pairwise matrix counts, if one was asked for"),
  fitted_at: z.string().nullable().describe("When the board was last fitted (null before the first fit after start-up)"),
  refit_seconds: z.number().nullable().describe("Seconds between background refits"),
  counted_votes: z.number().int(),
  left_out: z.array(z.object({ reason: z.string(), votes: z.number().int() })).describe("Votes the board does not count, by reason"),
  method: z.object({
    model: z.string(),
    anchor: z.number(),
    points_per_unit: z.number(),
    interval: z.number(),
    provisional_below: z.number().int(),
    position_effects: z
      .array(z.object({ position: z.string(), points: z.number() }))
      .nullable()
      .describe("Fitted advantage, in rating points, of being shown in this position rather than first (A)"),
    style_effects: z
      .object({ length: z.number(), markdown: z.number() })
      .nullable()
      .describe("Rating points per standard deviation of relative length and of markdown count (style view)"),
  }),
  models: z.array(leaderboardRow),
  pairs: z.object({
    models: z.array(z.string()).describe("Model names, in the rows' order"),
    win_rates: z
      .array(z.array(z.number().nullable()))
      .describe("win_rates[i][j]: share of the votes showing both that picked i over j (ties half); null when none decided"),
    counts: z.array(z.array(z.number().int())).describe("counts[i][j]: counted votes that showed both i and j"),
  }),
});
