import { Link } from "@tanstack/react-router";
import { CATEGORIES } from "@parley/contracts";
import { FeatureSection } from "./feature-section";
import { Hero } from "./hero";
import { Highlights } from "./highlights";
import { CompareIllustration, DiscoverIllustration, ShareIllustration } from "./illustrations";
import { SECTION_IDS } from "./section-ids";

const categoryList = CATEGORIES.map((category) => category.charAt(0).toUpperCase() + category.slice(1)).join(", ");

/** The public landing page. */
export function LandingPage({ onJoin }: { onJoin: () => void }) {
  return (
    <>
      <Hero onJoin={onJoin} />
      <FeatureSection
        id={SECTION_IDS.discover}
        eyebrow="Discover"
        title="Discover Trending Prompts"
        illustration={<DiscoverIllustration />}
        points={[
          "Browse the prompts people share, trending or newest, and see how each model answered them",
          "Filter the feed by Most Popular, Latest, Creative or Technical",
          "Like and comment on the conversations that helped you",
          "Open any post and continue it as your own chat",
        ]}
      >
        <p>
          See what people are asking AI right now. The community feed brings together the conversations others found worth sharing, so good prompts get found
          instead of lost in someone&apos;s history.
        </p>
        <p className="mt-5">
          <Link to="/discover/prompts" className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300">
            See the trending prompts →
          </Link>
        </p>
      </FeatureSection>
      <FeatureSection
        id={SECTION_IDS.share}
        eyebrow="Share"
        title="Share Your Conversations"
        illustration={<ShareIllustration />}
        reversed
        points={[
          "Read-only links you can turn off at any time",
          `Post to the feed with a description and a category: ${categoryList}`,
          "Others can clone your chat and build on it; your original never changes",
        ]}
      >
        <p>Turn a useful chat into something others can learn from. Send a read-only link to a colleague, or publish it to the community feed.</p>
      </FeatureSection>
      <FeatureSection
        id={SECTION_IDS.compare}
        eyebrow="Compare"
        title="Cross-Model Intelligence"
        illustration={<CompareIllustration />}
        points={[
          "Claude, GPT and any OpenAI-compatible service in one place",
          "Local models through Ollama, with no key at all",
          "Start from ready-made prompts and reuse them across models",
        ]}
      >
        <p>Pick the model for every conversation and see how differently they answer the same question, then keep the answer that serves you best.</p>
      </FeatureSection>
      <Highlights />
    </>
  );
}
