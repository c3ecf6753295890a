import { useEffect, useRef, type ReactNode } from "react";
import { CloseIcon } from "../../components/icons";

type SideDrawerProps = { side: "left" | "right"; title: string; onClose: () => void; children: ReactNode };

/**
 * A side panel over the chat on narrow screens. A modal <dialog> gives focus containment,
 * Escape to close and an inert page behind it for free; a click on the backdrop closes it too.
 */
export function SideDrawer({ side, title, onClose, children }: SideDrawerProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-label={title}
      onClose={onClose}
      onClick={(event) => event.target === event.currentTarget && onClose()}
      className={`fixed top-0 m-0 h-dvh max-h-none w-[min(20rem,88vw)] max-w-none border-zinc-200 bg-zinc-50 p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/40 backdrop:backdrop-blur-[2px] dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100 ${
        side === "left" ? "left-0 border-r" : "right-0 left-auto border-l"
      }`}
    >
      <div className="flex h-full flex-col gap-2 p-3">
        <div className="flex justify-end">
          <button
            type="button"
            onClick={onClose}
            aria-label={`Close ${title}`}
            className="rounded-lg p-2 text-zinc-600 hover:bg-zinc-200 dark:text-zinc-300 dark:hover:bg-zinc-800"
          >
            <CloseIcon />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-1">{children}</div>
      </div>
    </dialog>
  );
}
