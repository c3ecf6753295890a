import { Link } from "@tanstack/react-router";
import type { Author } from "@parley/contracts";
import { Avatar } from "../../components/avatar";

/** A prompt's author: avatar and name, linking to their creator page when they have a handle. */
export function PromptAuthor({ author, size = "sm" }: { author: Author; size?: "xs" | "sm" | "md" }) {
  const name = <span className="truncate font-semibold text-zinc-950 dark:text-white">{author.name}</span>;
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <Avatar avatar={author.avatarUrl} username={author.name} size={size} />
      {author.handle ? (
        <Link to="/u/$handle" params={{ handle: author.handle }} className="relative z-10 min-w-0 truncate hover:underline">
          {name}
        </Link>
      ) : (
        name
      )}
    </span>
  );
}
