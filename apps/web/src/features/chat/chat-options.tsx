import { CATEGORIES, LIMITS } from "@parley/contracts";
import { buttonClass } from "../../components/button-styles";
import { CHAT_TEXTS } from "./texts";

const label = (category: string) => category.charAt(0).toUpperCase() + category.slice(1);

type ChatOptionsProps =
  | { mode: "shared"; onClone: () => void; cloning: boolean }
  | {
      mode: "own";
      category: string;
      onCategoryChange: (category: string) => void;
      description: string;
      onDescriptionChange: (description: string) => void;
      shared: boolean;
      onShare: () => void;
      onUnshare: () => void;
      onPost: () => void;
      posting: boolean;
      canPost: boolean;
    };

/** The right panel 'Chat Options' (spec §2). */
export function ChatOptions(props: ChatOptionsProps) {
  return (
    <aside aria-label="Chat Options" className="flex flex-col gap-4">
      <h2 className="text-sm font-semibold text-zinc-500 uppercase dark:text-zinc-400">Chat Options</h2>
      {props.mode === "shared" ? (
        <>
          <p className="text-sm text-zinc-600 dark:text-zinc-300">{CHAT_TEXTS.sharedPanel}</p>
          <button type="button" onClick={props.onClone} disabled={props.cloning} className={buttonClass("primary", "md", "w-full")}>
            Clone and Continue
          </button>
        </>
      ) : (
        <>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Category
            <select
              value={props.category}
              onChange={(event) => props.onCategoryChange(event.target.value)}
              className="h-10 rounded-lg border border-zinc-300 bg-white px-2 font-normal dark:border-zinc-700 dark:bg-zinc-900"
            >
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {label(category)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Description
            <textarea
              value={props.description}
              maxLength={LIMITS.postDescription}
              onChange={(event) => props.onDescriptionChange(event.target.value.slice(0, LIMITS.postDescription))}
              rows={4}
              placeholder="What is this conversation about?"
              className="resize-y rounded-lg border border-zinc-300 bg-white px-3 py-2 font-normal dark:border-zinc-700 dark:bg-zinc-900"
            />
            <span className="self-end text-xs font-normal text-zinc-500">
              {props.description.length}/{LIMITS.postDescription}
            </span>
          </label>
          <button type="button" onClick={props.onPost} disabled={!props.canPost || props.posting} className={buttonClass("primary", "md", "w-full")}>
            {props.posting ? "Posting..." : "Post Conversation"}
          </button>
          <button type="button" onClick={props.onShare} className={buttonClass("secondary", "md", "w-full")}>
            Share Conversation
          </button>
          {props.shared && (
            <button type="button" onClick={props.onUnshare} className={buttonClass("ghost", "sm", "w-full")}>
              Stop sharing
            </button>
          )}
        </>
      )}
    </aside>
  );
}
