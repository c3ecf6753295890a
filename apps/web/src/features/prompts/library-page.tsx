import { useState } from "react";
import { Link } from "@tanstack/react-router";
import type { PromptCard } from "@parley/contracts";
import { buttonClass } from "../../components/button-styles";
import { PageIntro } from "../../components/page-intro";
import { SearchBox } from "../../components/search-box";
import { Spinner } from "../../components/spinner";
import { useDebouncedValue } from "../../lib/debounce/use-debounced-value";
import { messageOf, trpc } from "../../lib/trpc";
import { libraryInput } from "./inputs";
import { LibraryTransfer } from "./library-transfer";
import { PromptEditor } from "./prompt-editor";
import { PromptList } from "./prompt-list";
import { NOTICE } from "./styles";
import { PROMPT_TEXTS } from "./texts";
import { pagedPrompts } from "./use-paged-prompts";

/** What the editor shows: nothing, a new prompt, or an own prompt by id. */
export type Editing = "new" | number | null;

/**
 * The Prompts library (/prompts): the caller's own and saved prompts, searchable; write, edit
 * (with versions), delete, publish; export and import. `editing` lives in the address.
 */
export function LibraryPage({ editing, onEdit }: { editing: Editing; onEdit: (editing: Editing) => void }) {
  const utils = trpc.useUtils();
  const [text, setText] = useState("");
  const q = useDebouncedValue(text.trim(), 300);
  const query = trpc.prompt.library.useInfiniteQuery(libraryInput(q), { getNextPageParam: (page) => page.nextCursor ?? undefined });
  const [error, setError] = useState<string | null>(null);
  const remove = trpc.prompt.remove.useMutation({
    onSuccess: async () => {
      setError(null);
      await Promise.all([utils.prompt.library.invalidate(), utils.chat.options.invalidate()]);
    },
    onError: (failure) => setError(PROMPT_TEXTS.deleteFailed(messageOf(failure))),
  });
  const onDelete = (prompt: PromptCard) => {
    if (!window.confirm(PROMPT_TEXTS.confirmDelete(prompt.name))) return;
    if (editing === prompt.id) onEdit(null);
    remove.mutate({ id: prompt.id });
  };

  const actions = (prompt: PromptCard) => (
    <>
      <Link to="/chat" search={{ promptId: prompt.id }} aria-label={`${PROMPT_TEXTS.useInChat} ${prompt.name}`} className={buttonClass("primary", "sm")}>
        {PROMPT_TEXTS.useInChat}
      </Link>
      <button type="button" onClick={() => onEdit(prompt.id)} aria-label={`${PROMPT_TEXTS.edit} ${prompt.name}`} className={buttonClass("secondary", "sm")}>
        {PROMPT_TEXTS.edit}
      </button>
      <button
        type="button"
        onClick={() => onDelete(prompt)}
        disabled={remove.isPending}
        aria-label={`${PROMPT_TEXTS.delete} ${prompt.name}`}
        className={buttonClass("danger", "sm")}
      >
        {PROMPT_TEXTS.delete}
      </button>
    </>
  );

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <PageIntro title={PROMPT_TEXTS.libraryTitle} subtitle={PROMPT_TEXTS.librarySubtitle}>
        <LibraryTransfer />
      </PageIntro>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <SearchBox
          label={PROMPT_TEXTS.librarySearch}
          placeholder={PROMPT_TEXTS.librarySearchPlaceholder}
          value={text}
          onChange={setText}
          className="min-w-0 flex-1"
        />
        <button type="button" onClick={() => onEdit("new")} className={buttonClass("primary", "sm")}>
          {PROMPT_TEXTS.newPrompt}
        </button>
        <Link to="/discover/prompts" className={buttonClass("ghost", "sm")}>
          Discover prompts
        </Link>
      </div>
      {editing !== null && (
        <div className="mt-6">
          <EditorFor key={String(editing)} editing={editing} onClose={() => onEdit(null)} />
        </div>
      )}
      {error && (
        <p role="alert" className={`mt-6 ${NOTICE}`}>
          {error}
        </p>
      )}
      <div className="mt-6">
        <PromptList
          label={PROMPT_TEXTS.libraryTitle}
          titled
          paged={pagedPrompts(query)}
          empty={q ? PROMPT_TEXTS.libraryNoMatch(q) : PROMPT_TEXTS.libraryEmpty}
          failed={PROMPT_TEXTS.libraryFailed}
          actions={actions}
          showVisibility
        />
      </div>
    </section>
  );
}

/** The editor of a new prompt, or of an own prompt once its whole text is loaded. */
function EditorFor({ editing, onClose }: { editing: "new" | number; onClose: () => void }) {
  const id = editing === "new" ? 0 : editing;
  const prompt = trpc.prompt.get.useQuery({ id }, { enabled: id > 0 });
  if (id === 0) return <PromptEditor prompt={null} onDone={onClose} onCancel={onClose} />;
  if (prompt.isError)
    return (
      <p role="alert" className={NOTICE}>
        {messageOf(prompt.error)}
      </p>
    );
  if (!prompt.data) return <Spinner />;
  return <PromptEditor prompt={prompt.data} onDone={onClose} onCancel={onClose} />;
}
