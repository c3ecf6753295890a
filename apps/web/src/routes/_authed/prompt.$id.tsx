import { useEffect, useState } from "react";
import { createFileRoute } from "@tanstack/react-router";
import { Spinner } from "../../components/spinner";
import { PromptPage } from "../../features/prompts/prompt-page";
import { PROMPT_TEXTS } from "../../features/prompts/texts";
import { trpc } from "../../lib/trpc";

/** The route's id as an integer; anything that is not a positive one shows 'Prompt Not Found'. */
function parsePromptId(raw: string): number {
  const id = Number.parseInt(raw, 10);
  return Number.isSafeInteger(id) && id > 0 && String(id) === raw ? id : 0;
}

/** `key`: the key of an unlisted prompt's address (docs/prompts.md); anything else is left out. */
type PromptSearch = { key?: string };
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A prompt's page; the prompt is fetched while the route loads (once opened by its key, for an unlisted one). */
export const Route = createFileRoute("/_authed/prompt/$id")({
  validateSearch: (search: Record<string, unknown>): PromptSearch => (typeof search.key === "string" && KEY.test(search.key) ? { key: search.key } : {}),
  loaderDeps: ({ search }) => ({ key: search.key }),
  loader: async ({ context, params, deps }) => {
    const id = parsePromptId(params.id);
    // A missing prompt is not a route error: the page says 'Prompt Not Found' itself. With a key,
    // the page opens the prompt by it first (before that, its id alone reads as missing).
    if (id > 0 && !deps.key) await context.trpc.prompt.get.prefetch({ id });
  },
  component: PromptRoute,
});

function PromptRoute() {
  const id = parsePromptId(Route.useParams().id);
  const { key } = Route.useSearch();
  return key && id > 0 ? <OpenedByKey key={`${id}:${key}`} id={id} openKey={key} /> : <PromptPage key={id} promptId={id} />;
}

/** Opens an unlisted prompt by its address's key (from then on it is the viewer's to open by id), then shows its page. */
function OpenedByKey({ id, openKey }: { id: number; openKey: string }) {
  const utils = trpc.useUtils();
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    let live = true;
    utils.client.prompt.get
      .query({ id, key: openKey })
      .then((prompt) => utils.prompt.get.setData({ id }, prompt))
      .catch(() => undefined)
      .finally(() => live && setOpened(true));
    return () => {
      live = false;
    };
  }, [id, openKey, utils]);
  if (!opened)
    return (
      <div role="status" className="flex justify-center py-20">
        <Spinner />
        <span className="sr-only">{PROMPT_TEXTS.loading}</span>
      </div>
    );
  return <PromptPage promptId={id} />;
}
