import type { Siblings } from "./branch-actions";
import { BRANCH_TEXTS, useBranchActions } from "./branch-actions";

/** '‹ 2/3 ›': which version of an exchange is shown, and a way to the others. */
export function BranchSwitcher({ siblings }: { siblings: Siblings }) {
  const actions = useBranchActions();
  if (!actions || siblings.count < 2) return null;
  const { position, count, ids } = siblings;
  const go = (to: number) => {
    const id = ids[to - 1];
    if (id !== undefined) actions.switchTo(id);
  };
  const button =
    "inline-flex size-6 items-center justify-center rounded-full text-zinc-600 hover:bg-zinc-100 disabled:opacity-40 disabled:hover:bg-transparent dark:text-zinc-300 dark:hover:bg-zinc-800";
  return (
    <span role="group" aria-label={BRANCH_TEXTS.versions} className="inline-flex items-center gap-0.5 text-xs text-zinc-600 tabular-nums dark:text-zinc-300">
      <button
        type="button"
        className={button}
        aria-label={BRANCH_TEXTS.previous}
        title={BRANCH_TEXTS.previous}
        disabled={actions.busy || position <= 1}
        onClick={() => go(position - 1)}
      >
        ‹
      </button>
      <span>
        {position}/{count}
      </span>
      <button
        type="button"
        className={button}
        aria-label={BRANCH_TEXTS.next}
        title={BRANCH_TEXTS.next}
        disabled={actions.busy || position >= count}
        onClick={() => go(position + 1)}
      >
        ›
      </button>
    </span>
  );
}
