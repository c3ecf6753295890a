import { buttonClass } from "../../components/button-styles";
import { ChevronDownIcon, CompareIcon, CompassIcon, ShareIcon } from "../../components/icons";
import { RotatingModelName, rotatingHeadlineLabel } from "./rotating-model-name";
import { scrollToSection } from "./scroll-to-section";
import { SECTION_IDS } from "./section-ids";

const JUMPS = [
  { label: "Discover", target: SECTION_IDS.discover, Icon: CompassIcon },
  { label: "Share", target: SECTION_IDS.share, Icon: ShareIcon },
  { label: "Compare", target: SECTION_IDS.compare, Icon: CompareIcon },
] as const;

/** The landing hero: rotating headline, jump buttons, calls to action, Explore. */
export function Hero({ onJoin }: { onJoin: () => void }) {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <HeroBackdrop />
      <div className="mx-auto flex min-h-[calc(100dvh-4rem)] max-w-4xl flex-col items-center px-4 pt-16 pb-10 text-center sm:px-6 sm:pt-24">
        <p className="inline-flex items-center gap-2 rounded-full border border-zinc-200 bg-white/70 px-3.5 py-1.5 text-xs font-medium text-zinc-700 shadow-sm backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/70 dark:text-zinc-300">
          <span className="size-1.5 rounded-full bg-emerald-500" aria-hidden="true" />
          Self-hosted · Bring your own keys
        </p>
        <h1
          id="hero-title"
          aria-label={rotatingHeadlineLabel("Ask", ". Share the answer.")}
          className="mt-8 text-5xl font-extrabold tracking-tight text-balance text-zinc-950 sm:text-7xl dark:text-white"
        >
          <span className="block">
            Ask <RotatingModelName />.
          </span>
          <span className="block text-zinc-500 dark:text-zinc-400">Share the answer.</span>
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-pretty text-zinc-600 sm:text-xl dark:text-zinc-300">
          Parley is a home for your AI conversations. Chat with the model you choose, keep every conversation, share the good ones with a link or with the
          community, and learn from how others put AI to work.
        </p>
        <div className="mt-10 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <button type="button" onClick={onJoin} className={buttonClass("primary", "lg", "px-7")}>
            Join the Community
          </button>
          <button type="button" onClick={() => scrollToSection(SECTION_IDS.discover)} className={buttonClass("secondary", "lg", "px-7")}>
            Learn More
          </button>
        </div>
        <div className="mt-10 flex flex-wrap items-center justify-center gap-2">
          <span className="mr-1 text-sm text-zinc-500 dark:text-zinc-400">Jump to</span>
          {JUMPS.map(({ label, target, Icon }) => (
            <button
              key={label}
              type="button"
              onClick={() => scrollToSection(target)}
              className="inline-flex items-center gap-2 rounded-full border border-zinc-200 bg-white/80 px-4 py-2 text-sm font-medium text-zinc-800 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:text-brand-700 dark:border-zinc-800 dark:bg-zinc-900/80 dark:text-zinc-100 dark:hover:border-brand-700 dark:hover:text-brand-300"
            >
              <Icon className="size-4" />
              {label}
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => scrollToSection(SECTION_IDS.discover)}
          className="mt-auto flex flex-col items-center gap-1 rounded-xl px-3 pt-12 pb-2 text-xs font-semibold tracking-widest text-zinc-500 uppercase hover:text-zinc-800 dark:text-zinc-400 dark:hover:text-zinc-100"
        >
          Explore
          <ChevronDownIcon className="size-5 animate-nudge" />
        </button>
      </div>
    </section>
  );
}

/** Soft colour fields and a faint grid behind the hero (styles.css); decoration only. */
function HeroBackdrop() {
  return (
    <div className="pointer-events-none absolute inset-0 -z-10" aria-hidden="true">
      <div className="hero-glow hero-glow--main" />
      <div className="hero-glow hero-glow--side" />
      <div className="hero-grid" />
    </div>
  );
}
