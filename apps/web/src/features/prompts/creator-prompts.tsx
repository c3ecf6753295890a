import { trpc } from "../../lib/trpc";
import { PromptList } from "./prompt-list";
import { PROMPT_TEXTS } from "./texts";
import { pagedPrompts } from "./use-paged-prompts";

/** A person's public prompts, on their creator page. */
export function CreatorPrompts({ handle }: { handle: string }) {
  const query = trpc.prompt.byCreator.useInfiniteQuery({ handle }, { getNextPageParam: (page) => page.nextCursor ?? undefined });
  return (
    <section aria-labelledby="creator-prompts" className="mt-10">
      <h2 id="creator-prompts" className="text-xl font-semibold text-zinc-950 dark:text-white">
        {PROMPT_TEXTS.creatorPrompts}
      </h2>
      <div className="mt-4">
        <PromptList
          label={PROMPT_TEXTS.creatorPrompts}
          paged={pagedPrompts(query)}
          empty={PROMPT_TEXTS.creatorNoPrompts}
          failed={PROMPT_TEXTS.creatorPromptsFailed}
        />
      </div>
    </section>
  );
}
