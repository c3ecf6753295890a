import { useCallback, useRef, useState } from "react";
import type { fillPromptVariables, PromptDetail } from "@parley/contracts";
import { messageOf, trpc } from "../../lib/trpc";

/**
 * A built-in prompt: readable by everyone yet private and nobody's. (Someone else's private prompt
 * is a 404, so a private prompt the caller does not own can only be a built-in one.) The composer's
 * list says which are built in; this is for a prompt chosen by its id alone ('Use in chat').
 */
const isBuiltin = (prompt: PromptDetail) => !prompt.isOwner && prompt.visibility === "private";

/**
 * The variables filler lives beside the prompt schemas (and zod) in the contracts: it loads when a
 * prompt is chosen, with the prompt, instead of with every chat.
 */
const loadFiller = () => import("./prompt-filler").then((module) => module.fillPromptVariables);

/** The library prompt (and its version) the message being written came from; a send records it. */
export type PromptUse = { promptId: number; promptVersion: number };

type PromptUseOptions = {
  /** Puts the (filled-in) prompt text in the message box. */
  write: (text: string) => void;
  /** A built-in prompt (no library page of its own) becomes the conversation's system prompt, as before. */
  onBuiltin: (id: number) => void;
};

/**
 * Choosing a prompt in the composer (its dropdown, the `/` picker, or 'Use in chat'): a library
 * prompt's text goes into the message box, through a small form first when it has variables; the
 * send then records the prompt and version. A built-in prompt stays the conversation's system prompt.
 */
export function usePromptUse({ write, onBuiltin }: PromptUseOptions) {
  const utils = trpc.useUtils();
  const [use, setUse] = useState<PromptUse | null>(null);
  const [filling, setFilling] = useState<PromptDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const filler = useRef<typeof fillPromptVariables | null>(null);

  const apply = useCallback(
    (prompt: PromptDetail, values: Record<string, string>) => {
      // `choose` loads the filler before it opens a form or applies a prompt.
      const fill = filler.current;
      if (!fill) return [];
      const filled = fill(prompt.text, values);
      if (filled.missing) return filled.missing;
      write(filled.text);
      setUse({ promptId: prompt.id, promptVersion: prompt.version });
      setFilling(null);
      return [];
    },
    [write],
  );

  const choose = useCallback(
    async (id: number) => {
      setError(null);
      try {
        const [prompt, fill] = await Promise.all([utils.prompt.get.fetch({ id }), loadFiller()]);
        filler.current = fill;
        if (isBuiltin(prompt)) onBuiltin(id);
        else if (prompt.variables.length > 0) setFilling(prompt);
        else apply(prompt, {});
      } catch (failure) {
        setError(messageOf(failure));
      }
    },
    [utils, apply, onBuiltin],
  );

  return {
    use,
    filling,
    error,
    choose,
    /** Fills the open form's prompt in; answers the names still missing a value (empty: done). */
    fill: (values: Record<string, string>) => (filling ? apply(filling, values) : []),
    cancel: () => setFilling(null),
    /** The message was sent, or its box emptied: what comes next starts from no prompt. */
    clear: () => setUse(null),
    /** A refused send's text came back to the box: it still came from this prompt. */
    restore: setUse,
  };
}
