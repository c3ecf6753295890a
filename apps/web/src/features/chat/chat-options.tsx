import { useId, type ReactNode } from "react";
import { CATEGORIES, categoryLabel, LIMITS } from "@parley/contracts";
import { buttonClass } from "../../components/button-styles";
import { ForkIcon } from "./chat-icons";
import { LinkIcon } from "../../components/action-icons";
import { ShareAudience } from "../../components/public-link-panel";
import { ReportConversation } from "./report-conversation";
import { CHAT_TEXTS } from "./texts";

const FIELD = "rounded-xl border border-zinc-300 bg-white px-3 font-normal text-zinc-900 shadow-xs dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100";

type ChatOptionsProps =
  | { mode: "shared"; onClone: () => void; cloning: boolean; available: boolean; sessionId: number }
  | {
      mode: "own";
      sessionId: number;
      category: string;
      onCategoryChange: (category: string) => void;
      description: string;
      onDescriptionChange: (description: string) => void;
      saved: boolean;
      shared: boolean;
      onShare: () => void;
      onUnshare: () => void;
      sharing: boolean;
      onPost: () => void;
      posting: boolean;
      canPost: boolean;
      /** A reply (a chat's, a comparison's or a battle's) is still coming: posting waits for it. */
      replying: boolean;
      /** The privacy check's dialog while it is open (before sharing or posting). */
      privacyDialog?: ReactNode;
    };

/** The right panel 'Chat Options'. */
export function ChatOptions(props: ChatOptionsProps) {
  // The panel shows twice on some widths (beside the chat and in its drawer): ids of its own.
  const postWaitsId = useId();
  return (
    <aside aria-label="Chat Options" className="flex flex-col gap-5">
      <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">Chat Options</h2>
      {props.mode === "shared" ? (
        <>
          <p className="text-sm leading-6 text-zinc-600 dark:text-zinc-300">{CHAT_TEXTS.sharedPanel}</p>
          <button type="button" onClick={props.onClone} disabled={props.cloning || !props.available} className={buttonClass("primary", "md", "w-full")}>
            <ForkIcon className="size-4" />
            Clone and Continue
          </button>
          {props.available && <ReportConversation sessionId={props.sessionId} />}
        </>
      ) : (
        <>
          <label className="flex flex-col gap-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">
            Category
            <select value={props.category} onChange={(event) => props.onCategoryChange(event.target.value)} className={`${FIELD} h-10`}>
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {categoryLabel(category)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">
            Description
            <textarea
              value={props.description}
              maxLength={LIMITS.postDescription}
              onChange={(event) => props.onDescriptionChange(event.target.value.slice(0, LIMITS.postDescription))}
              rows={4}
              placeholder="What is this conversation about?"
              className={`${FIELD} resize-y py-2`}
            />
            <span className="self-end text-xs font-normal text-zinc-500 tabular-nums dark:text-zinc-400">
              {props.description.length}/{LIMITS.postDescription}
            </span>
          </label>
          <div className="flex flex-col gap-2">
            <button
              type="button"
              onClick={props.onPost}
              disabled={!props.canPost || props.posting || props.replying}
              aria-describedby={props.replying ? postWaitsId : undefined}
              className={buttonClass("primary", "md", "w-full")}
            >
              {props.posting ? "Posting..." : "Post Conversation"}
            </button>
            {props.replying && (
              <p id={postWaitsId} className="text-xs leading-5 text-zinc-500 dark:text-zinc-400">
                {CHAT_TEXTS.postWaitsForReply}
              </p>
            )}
            <button type="button" onClick={props.onShare} disabled={props.sharing} className={buttonClass("secondary", "md", "w-full")}>
              <LinkIcon className="size-4" />
              Share Conversation
            </button>
          </div>
          {props.shared && (
            <div className="rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900 dark:border-brand-900 dark:bg-brand-950/50 dark:text-brand-100">
              <p>Anyone signed in who has the link can read this conversation.</p>
              <button
                type="button"
                onClick={props.onUnshare}
                disabled={props.sharing}
                className="mt-2 font-semibold underline underline-offset-2 hover:no-underline disabled:opacity-60"
              >
                Stop sharing
              </button>
              {/* Who can open it, and that link's expiry, password and view limit (read once the share is stored). */}
              {props.saved && !props.sharing && <ShareAudience sessionId={props.sessionId} />}
            </div>
          )}
          {props.privacyDialog}
          {!props.saved && (
            <p className="text-xs leading-5 text-zinc-500 dark:text-zinc-400">
              Send a first message to save this conversation; then it can be shared or posted.
            </p>
          )}
        </>
      )}
    </aside>
  );
}
