import { useState } from "react";
import { buttonClass } from "../../components/button-styles";
import { useDebouncedValue } from "../../lib/debounce/use-debounced-value";
import { trpc } from "../../lib/trpc";
import { LocalTime } from "../../lib/time/local-time";
import { ADMIN_TEXTS, numberFormat } from "./texts";

const PAGE = 50;
const CELL = "px-3 py-2 text-left align-top";

/** People: who, plan, tokens used this period, last seen; searchable, a page at a time. */
export function UsersPanel() {
  const [q, setQ] = useState("");
  const [offset, setOffset] = useState(0);
  const search = useDebouncedValue(q.trim(), 300);
  const users = trpc.admin.users.useQuery({ q: search || undefined, limit: PAGE, offset }, { placeholderData: (previous) => previous });
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor="admin-user-search" className="text-sm font-medium">
          {ADMIN_TEXTS.searchUsers}
        </label>
        <input
          id="admin-user-search"
          type="search"
          value={q}
          onChange={(event) => {
            setQ(event.target.value);
            setOffset(0);
          }}
          placeholder="Email, name or handle"
          className="h-10 rounded-full border border-zinc-300 bg-white px-4 text-sm dark:border-zinc-700 dark:bg-zinc-950"
        />
      </div>
      {users.isPending ? (
        <p role="status">{ADMIN_TEXTS.loading}</p>
      ) : users.isError ? (
        <p role="alert">{ADMIN_TEXTS.loadFailed}</p>
      ) : users.data.users.length === 0 ? (
        <p>{ADMIN_TEXTS.noUsers}</p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">People, most recently seen first</caption>
              <thead className="border-b border-zinc-200 text-xs text-zinc-600 uppercase dark:border-zinc-800 dark:text-zinc-400">
                <tr>
                  <th scope="col" className={CELL}>
                    Person
                  </th>
                  <th scope="col" className={CELL}>
                    Plan
                  </th>
                  <th scope="col" className={`${CELL} text-right`}>
                    Tokens this period
                  </th>
                  <th scope="col" className={CELL}>
                    Last seen
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.data.users.map((user) => (
                  <tr key={user.id} className="border-b border-zinc-100 dark:border-zinc-900">
                    <th scope="row" className={`${CELL} font-normal`}>
                      <span className="block font-semibold">{user.display_name}</span>
                      <span className="block text-xs text-zinc-600 dark:text-zinc-400">{user.email ?? "no email"}</span>
                    </th>
                    <td className={CELL}>{user.plan_label}</td>
                    <td className={`${CELL} text-right tabular-nums`}>
                      {numberFormat.format(user.tokens_used)} / {numberFormat.format(user.tokens_allowed)}
                      <span className="block text-xs text-zinc-600 dark:text-zinc-400">{numberFormat.format(user.tokens_this_period)} in all</span>
                    </td>
                    <td className={CELL}>{user.last_seen_at ? <LocalTime iso={user.last_seen_at} /> : "Never"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="flex items-center justify-between text-sm">
            <p>
              {offset + 1}–{offset + users.data.users.length} of {users.data.total}
            </p>
            <div className="flex gap-2">
              <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))} className={buttonClass("secondary", "sm")}>
                Previous
              </button>
              <button
                type="button"
                disabled={offset + PAGE >= users.data.total}
                onClick={() => setOffset(offset + PAGE)}
                className={buttonClass("secondary", "sm")}
              >
                Next
              </button>
            </div>
          </div>
        </>
      )}
    </div>
  );
}
