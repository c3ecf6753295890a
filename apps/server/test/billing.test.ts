import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYMENTS_NOT_CONFIGURED } from "@parley/api";
import { createBilling } from "../src/billing/create-billing";
import { loadConfig } from "../src/config";
import { createChatApp } from "./support/chat-fixture";
import { startFakeStripe } from "./support/fake-stripe";

const SECRET = "whsec_test_secret";
const PRICES = { basic: "price_basic_test", pro: "price_pro_test" };

describe("without Stripe settings", () => {
  let t: Awaited<ReturnType<typeof createChatApp>>;
  beforeAll(async () => {
    t = await createChatApp();
    await t.signUp("dana");
  });
  afterAll(() => t.close());

  it("shows the plans' config as disabled and refuses checkout with a plain message", async () => {
    expect((await t.call("dana", "GET", "/subscription/config")).body).toEqual({ basicPrice: null, proPrice: null, enabled: false });
    const checkout = await t.call("dana", "POST", "/subscription/create-checkout-session", { price_id: "price_x" });
    expect(checkout.status).toBe(412);
    expect(checkout.body.message).toBe(PAYMENTS_NOT_CONFIGURED);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/config" })).json()).toMatchObject({ payments: { enabled: false } });
    const webhook = await t.app.inject({ method: "POST", url: "/billing/webhook", headers: { "content-type": "application/json" }, payload: "{}" });
    expect(webhook.statusCode).toBe(404);
  });
});

describe("with Stripe", () => {
  let t: Awaited<ReturnType<typeof createChatApp>>;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  const signer = new Stripe("sk_test_signer");

  beforeAll(async () => {
    fake = await startFakeStripe();
    const config = loadConfig({
      PUBLIC_URL: "http://localhost:3000",
      STRIPE_SECRET_KEY: "sk_test_parley",
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_PRICE_BASIC: PRICES.basic,
      STRIPE_PRICE_PRO: PRICES.pro,
      STRIPE_API_URL: fake.url,
    });
    t = await createChatApp({ config, billing: await createBilling(config) });
    await t.signUp("erin");
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const deliver = (event: object) => {
    const payload = JSON.stringify(event);
    return t.app.inject({
      method: "POST",
      url: "/billing/webhook",
      headers: { "content-type": "application/json", "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
      payload,
    });
  };
  const subscription = (id: string, customer: string, price: string, status = "active", start = Math.floor(Date.now() / 1000)) => ({
    id,
    object: "subscription" as const,
    customer,
    status,
    metadata: {},
    items: { object: "list" as const, data: [{ id: `si_${id}`, price: { id: price }, current_period_start: start, current_period_end: start + 2_592_000 }] },
  });
  /** Stripe's current state of a subscription, as the server reads it back. */
  const inStripe = (sub: ReturnType<typeof subscription>) => fake.subscriptions.set(sub.id, sub);
  const event = (id: string, type: string, created: number, object: object) => ({ id, object: "event", type, created, data: { object } });
  const subscriptionEvent = (id: string, type: string, created: number, price: string, status = "active") =>
    event(id, type, created, subscription("sub_test_1", "cus_test_1", price, status, created));
  /** Signs someone up and starts a checkout, which gives them a Stripe customer; returns their customer and user ids. */
  const customerFor = async (name: string) => {
    await t.signUp(name);
    expect((await t.call(name, "POST", "/subscription/create-checkout-session", { price_id: PRICES.basic })).status).toBe(200);
    const session = fake.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!;
    return { customer: session.body.get("customer")!, userId: session.body.get("client_reference_id")! };
  };
  const recordOf = async (name: string) => (await t.call(name, "GET", "/subscription/userSubscription")).body;
  const record = async () => (await t.call("erin", "GET", "/subscription/userSubscription")).body;

  it("creates a subscription Checkout Session for a configured price, with one Stripe customer per user", async () => {
    expect((await t.call("erin", "GET", "/subscription/config")).body).toEqual({ basicPrice: PRICES.basic, proPrice: PRICES.pro, enabled: true });
    expect((await t.call("erin", "POST", "/subscription/create-checkout-session", { price_id: "price_other" })).status).toBe(400);

    const first = await t.call("erin", "POST", "/subscription/create-checkout-session", { price_id: PRICES.basic });
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    await t.call("erin", "POST", "/subscription/create-checkout-session", { price_id: PRICES.pro });
    expect(fake.requests.filter((r) => r.path === "/v1/customers")).toHaveLength(1);
    const checkout = fake.requests.find((r) => r.path === "/v1/checkout/sessions")!;
    expect(checkout.authorization).toBe("Bearer sk_test_parley");
    expect(Object.fromEntries(checkout.body)).toMatchObject({
      mode: "subscription",
      customer: "cus_test_1",
      "line_items[0][price]": PRICES.basic,
      success_url: "http://localhost:3000/admin?tab=subscription&session_id={CHECKOUT_SESSION_ID}",
    });
  });

  it("refuses a webhook whose signature does not match", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/billing/webhook",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=deadbeef" },
      payload: JSON.stringify(subscriptionEvent("evt_forged", "customer.subscription.created", 1_800_000_000, PRICES.pro)),
    });
    expect(response.statusCode).toBe(400);
    expect(await record()).toMatchObject({ subscription_type: "FREE" });
  });

  it("applies each event once, in Stripe's order of creation, and sets the plan and allowance", async () => {
    const now = Math.floor(Date.now() / 1000);
    inStripe(subscription("sub_test_1", "cus_test_1", PRICES.basic, "active", now));
    const created = await deliver(subscriptionEvent("evt_1", "customer.subscription.created", now, PRICES.basic));
    expect(created.json()).toEqual({ received: true, outcome: "applied" });
    expect(await record()).toMatchObject({ subscription_type: "BASE", max_tokens_allowed: 5000, tokens_used: 0, subscription_id: "sub_test_1" });

    expect((await deliver(subscriptionEvent("evt_1", "customer.subscription.created", now, PRICES.basic))).json()).toMatchObject({ outcome: "duplicate" });

    inStripe(subscription("sub_test_1", "cus_test_1", PRICES.pro, "active", now));
    expect((await deliver(subscriptionEvent("evt_2", "customer.subscription.updated", now + 60, PRICES.pro))).json()).toMatchObject({ outcome: "applied" });
    expect(await record()).toMatchObject({ subscription_type: "PREMIUM", max_tokens_allowed: 300_000 });

    // An older event arriving late changes nothing.
    expect((await deliver(subscriptionEvent("evt_0", "customer.subscription.updated", now - 60, PRICES.basic))).json()).toMatchObject({ outcome: "stale" });
    expect(await record()).toMatchObject({ subscription_type: "PREMIUM" });

    const portal = await t.call("erin", "POST", "/subscription/customer-portal", { session_id: "" });
    expect(portal.body).toEqual({ url: "https://billing.stripe.test/p/session/test_1" });

    inStripe(subscription("sub_test_1", "cus_test_1", PRICES.pro, "canceled", now));
    expect((await deliver(subscriptionEvent("evt_3", "customer.subscription.deleted", now + 120, PRICES.pro, "canceled"))).json()).toMatchObject({
      outcome: "applied",
    });
    expect(await record()).toMatchObject({ subscription_type: "FREE", max_tokens_allowed: 0, status: "canceled", subscription_id: null });
  });

  it("grants nothing for a subscription Stripe does not know of (its event is signed, but Stripe answers 404 for it)", async () => {
    const before = await record();
    const now = Math.floor(Date.now() / 1000);
    const answer = await deliver(
      event("evt_unknown", "customer.subscription.created", now, subscription("sub_nobody_knows", "cus_test_1", PRICES.pro, "active", now)),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: true, outcome: "ignored" });
    expect(await record()).toEqual(before);
  });

  it("has no portal for someone who never subscribed", async () => {
    await t.signUp("frank");
    const portal = await t.call("frank", "POST", "/subscription/customer-portal", { session_id: "" });
    expect(portal.status).toBe(404);
    expect(portal.body.message).toMatch(/no subscription to manage yet/);
  });

  it("sends a subscriber who chooses another plan to the Billing Portal instead of a second checkout", async () => {
    const { customer } = await customerFor("gina");
    const now = Math.floor(Date.now() / 1000);
    inStripe(subscription("sub_gina", customer, PRICES.basic, "active", now));
    await deliver(event("evt_gina_1", "customer.subscription.created", now, subscription("sub_gina", customer, PRICES.basic)));
    expect(await recordOf("gina")).toMatchObject({ subscription_type: "BASE", subscription_id: "sub_gina" });

    const sessions = fake.requests.filter((r) => r.path === "/v1/checkout/sessions").length;
    const upgrade = await t.call("gina", "POST", "/subscription/create-checkout-session", { price_id: PRICES.pro });
    expect(upgrade.status).toBe(200);
    expect(upgrade.body).toEqual({ url: "https://billing.stripe.test/p/session/test_1" });
    expect(fake.requests.filter((r) => r.path === "/v1/checkout/sessions")).toHaveLength(sessions);
  });

  it("sends to the portal someone whose paid checkout Stripe knows before its event arrives", async () => {
    const { customer } = await customerFor("hana");
    inStripe(subscription("sub_hana", customer, PRICES.basic));
    expect(await recordOf("hana")).toMatchObject({ subscription_type: "FREE" });
    const again = await t.call("hana", "POST", "/subscription/create-checkout-session", { price_id: PRICES.pro });
    expect(again.body).toEqual({ url: "https://billing.stripe.test/p/session/test_1" });
  });

  it("keeps a subscriber on the plan of their current subscription when an older subscription changes or ends", async () => {
    const { customer, userId } = await customerFor("ivan");
    const now = Math.floor(Date.now() / 1000);
    inStripe(subscription("sub_ivan_old", customer, PRICES.basic, "active", now));
    await deliver(event("evt_ivan_1", "customer.subscription.created", now, subscription("sub_ivan_old", customer, PRICES.basic, "active", now)));
    expect(await recordOf("ivan")).toMatchObject({ subscription_type: "BASE", subscription_id: "sub_ivan_old" });

    // A second subscription bought in a completed checkout becomes the current one.
    inStripe(subscription("sub_ivan_new", customer, PRICES.pro, "active", now + 10));
    await deliver(event("evt_ivan_2", "customer.subscription.created", now + 10, subscription("sub_ivan_new", customer, PRICES.pro, "active", now + 10)));
    const completed = { id: "cs_ivan", object: "checkout.session", mode: "subscription", client_reference_id: userId, customer, subscription: "sub_ivan_new" };
    expect((await deliver(event("evt_ivan_3", "checkout.session.completed", now + 11, completed))).json()).toMatchObject({ outcome: "applied" });
    expect(await recordOf("ivan")).toMatchObject({ subscription_type: "PREMIUM", max_tokens_allowed: 300_000, subscription_id: "sub_ivan_new" });

    // The old subscription's later events name another subscription: the plan stays Pro.
    expect(
      (
        await deliver(event("evt_ivan_4", "customer.subscription.updated", now + 15, subscription("sub_ivan_old", customer, PRICES.basic, "active", now)))
      ).json(),
    ).toMatchObject({
      outcome: "ignored",
    });
    expect(await recordOf("ivan")).toMatchObject({ subscription_type: "PREMIUM", subscription_id: "sub_ivan_new" });
    inStripe(subscription("sub_ivan_old", customer, PRICES.basic, "canceled", now));
    expect(
      (
        await deliver(event("evt_ivan_5", "customer.subscription.deleted", now + 20, subscription("sub_ivan_old", customer, PRICES.basic, "canceled", now)))
      ).json(),
    ).toMatchObject({
      outcome: "ignored",
    });
    expect(await recordOf("ivan")).toMatchObject({
      subscription_type: "PREMIUM",
      max_tokens_allowed: 300_000,
      status: "active",
      subscription_id: "sub_ivan_new",
    });
  });

  it("adopts the customer's best other live subscription at Stripe when the current one ends, instead of dropping to Free", async () => {
    const { customer } = await customerFor("kim");
    const now = Math.floor(Date.now() / 1000);
    inStripe(subscription("sub_kim", customer, PRICES.pro, "active", now));
    await deliver(event("evt_kim_1", "customer.subscription.created", now, subscription("sub_kim", customer, PRICES.pro, "active", now)));
    expect(await recordOf("kim")).toMatchObject({ subscription_type: "PREMIUM", subscription_id: "sub_kim" });

    // Made outside Parley's checkout (the Stripe dashboard): their events arrive while the current one is live and change nothing.
    inStripe(subscription("sub_kim_basic", customer, PRICES.basic, "active", now + 1));
    inStripe(subscription("sub_kim_pro", customer, PRICES.pro, "trialing", now + 2));
    inStripe(subscription("sub_kim_unpaid", customer, PRICES.pro, "incomplete", now + 3));
    inStripe(subscription("sub_kim_other", customer, "price_not_sold_here", "active", now + 4));
    await deliver(event("evt_kim_2", "customer.subscription.created", now + 1, subscription("sub_kim_basic", customer, PRICES.basic, "active", now + 1)));
    expect(await recordOf("kim")).toMatchObject({ subscription_type: "PREMIUM", subscription_id: "sub_kim" });

    // The current one ends: the best live one (Pro, trialing) is adopted, not an unpaid one or an unknown price.
    inStripe(subscription("sub_kim", customer, PRICES.pro, "canceled", now));
    expect(
      (await deliver(event("evt_kim_3", "customer.subscription.deleted", now + 10, subscription("sub_kim", customer, PRICES.pro, "canceled", now)))).json(),
    ).toMatchObject({
      outcome: "applied",
    });
    expect(await recordOf("kim")).toMatchObject({
      subscription_type: "PREMIUM",
      max_tokens_allowed: 300_000,
      status: "trialing",
      subscription_id: "sub_kim_pro",
    });

    // That one ends as an update (its trial not paid): the Basic one is left.
    inStripe(subscription("sub_kim_pro", customer, PRICES.pro, "incomplete_expired", now + 2));
    await deliver(
      event("evt_kim_4", "customer.subscription.updated", now + 20, subscription("sub_kim_pro", customer, PRICES.pro, "incomplete_expired", now + 2)),
    );
    expect(await recordOf("kim")).toMatchObject({ subscription_type: "BASE", max_tokens_allowed: 5000, status: "active", subscription_id: "sub_kim_basic" });

    // With nothing live left, Free.
    inStripe(subscription("sub_kim_basic", customer, PRICES.basic, "canceled", now + 1));
    await deliver(event("evt_kim_5", "customer.subscription.deleted", now + 30, subscription("sub_kim_basic", customer, PRICES.basic, "canceled", now + 1)));
    expect(await recordOf("kim")).toMatchObject({ subscription_type: "FREE", max_tokens_allowed: 0, subscription_id: null });
    const listed = fake.requests.filter((r) => r.method === "GET" && r.path === "/v1/subscriptions");
    expect(listed.length).toBeGreaterThanOrEqual(3);
  });

  it("keeps a canceled subscription canceled when an update from the same second arrives after the deletion", async () => {
    const { customer } = await customerFor("jade");
    const now = Math.floor(Date.now() / 1000);
    inStripe(subscription("sub_jade", customer, PRICES.pro, "active", now));
    await deliver(event("evt_jade_1", "customer.subscription.created", now, subscription("sub_jade", customer, PRICES.pro, "active", now)));
    expect(await recordOf("jade")).toMatchObject({ subscription_type: "PREMIUM" });

    inStripe(subscription("sub_jade", customer, PRICES.pro, "canceled", now));
    await deliver(event("evt_jade_3", "customer.subscription.deleted", now + 5, subscription("sub_jade", customer, PRICES.pro, "canceled", now)));
    expect(await recordOf("jade")).toMatchObject({ subscription_type: "FREE", status: "canceled", subscription_id: null });

    // Stripe sent this update before the deletion, within the same second; it arrives last.
    await deliver(event("evt_jade_2", "customer.subscription.updated", now + 5, subscription("sub_jade", customer, PRICES.pro, "active", now)));
    expect(await recordOf("jade")).toMatchObject({ subscription_type: "FREE", max_tokens_allowed: 0, status: "canceled", subscription_id: null });
    // And an older one too.
    await deliver(event("evt_jade_0", "customer.subscription.updated", now + 1, subscription("sub_jade", customer, PRICES.pro, "active", now)));
    expect(await recordOf("jade")).toMatchObject({ subscription_type: "FREE", status: "canceled" });
  });

  it("says the same about a Stripe failure over REST and tRPC: 502 with what to do", async () => {
    await t.signUp("gale");
    fake.behaviour.checkoutUrl = false;
    try {
      const rest = await t.call("gale", "POST", "/subscription/create-checkout-session", { price_id: PRICES.basic });
      const trpc = await t.app.inject({
        method: "POST",
        url: "/trpc/subscription.checkout",
        headers: { authorization: "Bearer test:gale", "content-type": "application/json" },
        payload: { price_id: PRICES.basic },
      });
      expect(rest.status).toBe(502);
      expect(rest.body).toEqual({ message: "Stripe did not return a checkout page. Please try again." });
      expect(trpc.statusCode).toBe(502);
      expect(trpc.json().error.message).toBe(rest.body.message);
    } finally {
      fake.behaviour.checkoutUrl = true;
    }
  });
});
