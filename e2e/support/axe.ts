// Accessibility check shared by the e2e specs: axe-core on the current page, failing on any
// serious or critical violation (the bar issue 3 sets for every page).
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Runs axe (WCAG 2.x A/AA rules) on `page` and asserts no serious or critical violations. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}

/** Runs axe's heading-order rule on `page` (a moderate finding, so not in the check above): no heading skips a level below the one before it. */
export async function expectNoSkippedHeadingLevels(page: Page) {
  const results = await new AxeBuilder({ page }).withRules(["heading-order"]).analyze();
  const skipped = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? violation.help}`),
  );
  expect(skipped, `headings that skip a level on ${page.url()}`).toEqual([]);
}
