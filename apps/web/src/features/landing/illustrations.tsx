import { CATEGORIES, FEED_FILTERS } from "@parley/contracts";
import { CompareIcon, ShareIcon } from "../../components/icons";
import { AvatarDot, Chip, Panel, TextLine } from "./illustration-parts";

const label = (category: string) => category.charAt(0).toUpperCase() + category.slice(1);

/** The feed: filter buttons over posts of different categories. */
export function DiscoverIllustration() {
  const posts = [
    { tone: "brand", category: "technology", lines: ["w-11/12", "w-3/4"] },
    { tone: "amber", category: "education", lines: ["w-full", "w-2/3"] },
    { tone: "emerald", category: "business", lines: ["w-5/6", "w-1/2"] },
  ] as const;
  return (
    <Panel>
      <div className="flex flex-wrap gap-2">
        {FEED_FILTERS.map((filter, index) => (
          <Chip key={filter.id} active={index === 1}>
            {filter.label}
          </Chip>
        ))}
      </div>
      <div className="mt-5 space-y-3">
        {posts.map((post) => (
          <div key={post.category} className="rounded-xl border border-zinc-100 p-4 dark:border-zinc-800">
            <div className="flex items-center gap-3">
              <AvatarDot tone={post.tone} />
              <TextLine width="w-24" />
              <span className="ml-auto text-xs font-medium text-brand-600 dark:text-brand-400">#{post.category}</span>
            </div>
            <div className="mt-3 space-y-2">
              {post.lines.map((width) => (
                <TextLine key={width} width={width} />
              ))}
            </div>
          </div>
        ))}
      </div>
    </Panel>
  );
}

/** A conversation, its read-only link, and the categories it can be posted under. */
export function ShareIllustration() {
  return (
    <div className="relative pb-8">
      <Panel className="pb-14">
        <div className="space-y-4">
          <div className="ml-auto w-3/4 space-y-2 rounded-2xl rounded-tr-sm bg-brand-600 p-4 dark:bg-brand-500">
            <div className="h-2.5 w-full rounded-full bg-white/60" />
            <div className="h-2.5 w-2/3 rounded-full bg-white/60" />
          </div>
          <div className="w-5/6 space-y-2 rounded-2xl rounded-tl-sm bg-zinc-100 p-4 dark:bg-zinc-800">
            <TextLine width="w-full" />
            <TextLine width="w-11/12" />
            <TextLine width="w-1/2" />
          </div>
        </div>
        <div className="mt-6 flex flex-wrap gap-2">
          {CATEGORIES.map((category, index) => (
            <Chip key={category} active={index === 1}>
              {label(category)}
            </Chip>
          ))}
        </div>
      </Panel>
      <Panel className="absolute bottom-0 left-4 flex items-center gap-3 !p-3 sm:-left-6">
        <span className="inline-flex size-9 items-center justify-center rounded-xl bg-brand-100 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
          <ShareIcon className="size-4" />
        </span>
        <span className="font-mono text-xs text-zinc-600 dark:text-zinc-300">/chat/share/…</span>
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-[11px] font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
          Read-only
        </span>
      </Panel>
    </div>
  );
}

/** The same question answered by two models, side by side. */
export function CompareIllustration() {
  const columns = [
    { name: "Claude", lines: ["w-full", "w-11/12", "w-4/5", "w-2/3"] },
    { name: "GPT", lines: ["w-11/12", "w-full", "w-3/5"] },
  ];
  return (
    <Panel>
      <div className="flex items-center gap-3 rounded-xl bg-zinc-100 px-4 py-3 dark:bg-zinc-800">
        <CompareIcon className="size-4 text-zinc-500" />
        <TextLine width="w-2/3" />
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3">
        {columns.map((column) => (
          <div key={column.name} className="rounded-xl border border-zinc-100 p-4 dark:border-zinc-800">
            <p className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{column.name}</p>
            <div className="mt-3 space-y-2">
              {column.lines.map((width) => (
                <TextLine key={width} width={width} />
              ))}
            </div>
          </div>
        ))}
      </div>
    </Panel>
  );
}
