import { COMPARE_TEXTS } from "../texts";
import type { Board } from "./leaderboard-table";
import { VoteDownloads } from "./vote-downloads";

const P = "mt-2 text-sm leading-6 text-zinc-700 dark:text-zinc-300";

/** 'How is this computed?': the method in a few paragraphs, with the figures of the fit on screen (docs/leaderboard.md says the same at length). */
export function MethodSection({ board }: { board: Board }) {
  const { method } = board;
  return (
    <section id="how-computed" aria-labelledby="how-computed-title" className="mt-10 rounded-2xl border border-zinc-200 p-5 dark:border-zinc-800">
      <h2 id="how-computed-title" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
        {COMPARE_TEXTS.howComputed}
      </h2>
      <p className={P}>
        Every counted vote is one choice among the 2 to 4 answers the voter was shown, without knowing which model wrote which. The board fits the Luce choice
        model (Bradley-Terry for more than two answers): the chance an answer is picked is exp(θ) of its model over the sum of exp(θ) of the answers shown. A
        four-way vote is used as a four-way choice, not split into pairs. A tie, or &lsquo;both bad&rsquo; in a battle, counts as half a win for each answer.
      </p>
      <p className={P}>
        The θ are found by maximum likelihood with a weak prior that keeps a model that won or lost every vote finite, then shown on an Elo-like scale: the
        average model is {method.anchor}, and 400 points more means 10 to 1 odds in a head-to-head. The 95% interval comes from the curvature of the likelihood
        at its peak (the Fisher information). The rank range is every rank the intervals allow: the best is 1 plus the models whose interval lies wholly above,
        the worst leaves out the models whose interval lies wholly below. Under {method.provisional_below} counted votes a model is marked provisional.
      </p>
      <p className={P}>
        Answers are shown to each voter in an order of their own, and the order is recorded with the vote; the fit estimates how much being shown in each place
        helps and takes it out of the ratings
        {method.position_effects && method.position_effects.length > 0
          ? ` (now: ${method.position_effects.map((effect) => `${effect.position} ${effect.points > 0 ? "+" : ""}${Math.round(effect.points)}`).join(", ")} points against A)`
          : ""}
        . With style control on, each answer&rsquo;s length and its markdown headers and list items, relative to the other answers of the vote, enter the same
        fit, in steps of 0.5 and only where five comparisons share them (so the votes below, which list them, say nothing of which answer of a comparison you
        have not voted on is which), so a model is not rated for writing long
        {method.style_effects ? ` (now: ${Math.round(method.style_effects.length)} points per standard deviation of length)` : ""}.
      </p>
      <p className={P}>
        Only blind votes count: not the author&rsquo;s, not one changed after the models were shown, not one cast knowing the models from a fork; a
        person&rsquo;s votes beyond a daily cap, and votes from very new accounts until they are old enough, wait or are left out. The offline demo model only
        repeats what it is asked, so it is never rated: votes on comparisons that show it stay off the board. The board is fitted again in the background every
        few seconds to minutes and says above how many votes it left out and why.
      </p>
      <VoteDownloads />
    </section>
  );
}
