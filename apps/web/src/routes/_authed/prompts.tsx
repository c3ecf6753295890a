import { createFileRoute } from "@tanstack/react-router";
import { libraryInput } from "../../features/prompts/inputs";
import { LibraryPage, type Editing } from "../../features/prompts/library-page";

type LibrarySearch = { edit?: number | "new" };

/** `edit`: a positive prompt id, or `new`; anything else shows no editor. */
const parseEdit = (value: unknown): LibrarySearch["edit"] => {
  if (value === "new") return "new";
  const id = typeof value === "number" ? value : typeof value === "string" ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/** The Prompts library; its first page is fetched while the route loads. */
export const Route = createFileRoute("/_authed/prompts")({
  validateSearch: (search: Record<string, unknown>): LibrarySearch => {
    const edit = parseEdit(search.edit);
    return edit === undefined ? {} : { edit };
  },
  loader: ({ context }) => context.trpc.prompt.library.prefetchInfinite(libraryInput()),
  component: LibraryRoute,
});

function LibraryRoute() {
  const { edit } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onEdit = (editing: Editing) => void navigate({ search: editing === null ? {} : { edit: editing }, replace: true });
  return <LibraryPage editing={edit ?? null} onEdit={onEdit} />;
}
