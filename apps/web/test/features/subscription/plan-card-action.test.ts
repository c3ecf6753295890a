import { describe, expect, it } from "vitest";
import { planCardAction } from "../../../src/features/subscription/plan-card-action";

describe("plan card actions", () => {
  it("offers checkout for both plans to someone on the free plan", () => {
    expect(planCardAction("free", "basic")).toBe("choose");
    expect(planCardAction("free", "pro")).toBe("choose");
  });

  it("shows a subscriber their current plan and sends plan changes to Manage Subscription, never to a second checkout", () => {
    expect(planCardAction("basic", "basic")).toBe("current");
    expect(planCardAction("basic", "pro")).toBe("manage");
    expect(planCardAction("pro", "basic")).toBe("manage");
    expect(planCardAction("pro", "pro")).toBe("current");
  });

  it("offers nothing to buy until the current plan is known", () => {
    expect(planCardAction(undefined, "pro")).toBe("wait");
  });
});
