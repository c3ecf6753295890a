import { knownComparisons } from "../prompts/known-comparisons";
import { requireVisiblePrompt } from "../prompts/sharing";
import { boardOf, viewOf, type BoardSnapshot } from "./board";
import { knownPromptVotes } from "./prompt-votes";
import { tablePairMatrix, POINTS_PER_UNIT, PROVISIONAL_VOTES, RATING_ANCHOR, type PairMatrix } from "./fit";
import type { Database } from "@parley/db";

/** Labels of the positions answers are shown in. */
const POSITION_LABELS = ["A", "B", "C", "D", "E", "F", "G", "H"];

const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

export type LeaderboardQuery = { category?: string; style?: boolean; promptId?: number };

/** What the board says about how it was computed: the scale, the interval, the marker and the fitted nuisance effects. */
function methodOf(view: ReturnType<typeof viewOf>) {
  return {
    model: "Luce choice model (Bradley-Terry for k answers), maximum likelihood with a ridge prior",
    anchor: RATING_ANCHOR,
    points_per_unit: round(POINTS_PER_UNIT, 4),
    interval: 0.95,
    provisional_below: PROVISIONAL_VOTES,
    position_effects: view?.fit.positionEffects?.map((points, i) => ({ position: POSITION_LABELS[i + 1]!, points: round(points) })) ?? null,
    style_effects: view?.fit.styleEffects ? { length: round(view.fit.styleEffects.length), markdown: round(view.fit.styleEffects.markdown) } : null,
  };
}

/** A pair matrix as the answer carries it: each row's share of the decided votes against each column, and the votes that showed both. */
function presentPairs(pairs: PairMatrix, names: BoardSnapshot["names"] | undefined) {
  return {
    models: pairs.models.map((key) => names?.get(key)?.modelName ?? key),
    win_rates: pairs.wins.map((row, i) =>
      row.map((wins, j) => {
        const decided = wins + pairs.wins[j]![i]!;
        return i === j || decided === 0 ? null : round(wins / decided, 4);
      }),
    ),
    counts: pairs.counts,
  };
}

/**
 * The leaderboard as last fitted (never fitted on a request: until the first fit after start-up
 * it answers with no rows and `fitted_at: null`). One category or all; style control on or off;
 * with a prompt, the pairwise matrix of that prompt's votes on the comparisons whose models the
 * viewer knows (knownComparisons): over a blind one it would name its models and tally.
 */
export async function getLeaderboard(db: Database, viewerId: string, query: LeaderboardQuery) {
  let known: Set<string> | undefined;
  if (query.promptId !== undefined) {
    await requireVisiblePrompt(db, viewerId, query.promptId);
    known = await knownComparisons(db, viewerId, query.promptId);
  }
  const board = boardOf(db);
  const snapshot = board.latest;
  const category = query.category ?? null;
  const style = query.style === true;
  // Every reader of a view gets the same answer until the next fit: it is built once per fit.
  if (query.promptId !== undefined || !snapshot)
    return presentBoard(board, snapshot, category, style, query.promptId === undefined ? undefined : { id: query.promptId, known: known! });
  const key = `${category ?? ""}|${style}`;
  let answers = presented.get(snapshot);
  if (!answers) presented.set(snapshot, (answers = new Map()));
  let answer = answers.get(key);
  if (!answer) answers.set(key, (answer = presentBoard(board, snapshot, category, style, undefined)));
  return answer;
}

/** The answers already built from a fit, by view. */
const presented = new WeakMap<BoardSnapshot, Map<string, ReturnType<typeof presentBoard>>>();

function presentBoard(
  board: { intervalSeconds: number | null },
  snapshot: BoardSnapshot | null,
  category: string | null,
  style: boolean,
  prompt: { id: number; known: Set<string> } | undefined,
) {
  const view = snapshot ? viewOf(snapshot, category, style) : null;
  const names = snapshot?.names;
  const models = (view?.fit.ratings ?? []).map((row) => {
    const named = names?.get(row.key);
    return {
      rank: row.rank,
      rank_low: row.rankLow,
      rank_high: row.rankHigh,
      model_id: named?.modelId ?? null,
      model_name: named?.modelName ?? row.key,
      rating: round(row.rating),
      ci_low: round(row.ciLow),
      ci_high: round(row.ciHigh),
      provisional: row.provisional,
      votes: row.votes,
      comparisons: row.comparisons,
      votes_won: row.won,
      ties: row.ties,
      votes_cast: row.votes,
      win_rate: row.votes === 0 ? 0 : round((row.won + row.ties / 2) / row.votes, 4),
    };
  });
  let pairs = view?.pairs ?? { models: [], wins: [], counts: [] };
  if (prompt && view) {
    pairs = tablePairMatrix(snapshot!.table, knownPromptVotes(snapshot!, prompt.id, prompt.known, category), pairs.models);
  }
  return {
    category,
    style,
    prompt_id: prompt?.id ?? null,
    fitted_at: snapshot?.fittedAt.toISOString() ?? null,
    refit_seconds: board.intervalSeconds,
    counted_votes: view?.fit.votes ?? 0,
    left_out: snapshot?.leftOut ?? [],
    method: methodOf(view),
    models,
    pairs: presentPairs(pairs, names),
  };
}
