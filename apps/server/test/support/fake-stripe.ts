import { createServer } from "node:http";

export type StripeRequest = { method: string; path: string; body: URLSearchParams; authorization: string };

/** The fields of a Stripe subscription that Parley reads. */
export type FakeSubscription = {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  metadata: Record<string, string>;
  items: { object: "list"; data: { id: string; price: { id: string }; current_period_start: number; current_period_end: number }[] };
};

/**
 * A small server speaking the parts of Stripe's API that Parley calls (customers, Checkout
 * Sessions, Billing Portal sessions, subscriptions), for the real `stripe` SDK to talk to over
 * HTTP. `subscriptions` is Stripe's current state of each subscription, set by the test.
 */
export async function startFakeStripe() {
  const requests: StripeRequest[] = [];
  const subscriptions = new Map<string, FakeSubscription>();
  let customers = 0;
  /** What the test changes about Stripe's answers. */
  const behaviour = { checkoutUrl: true };
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      const path = url.pathname;
      requests.push({ method: req.method ?? "GET", path, body: new URLSearchParams(raw), authorization: String(req.headers.authorization ?? "") });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": `req_${requests.length}` });
        res.end(JSON.stringify(body));
      };
      if (req.method === "POST" && path === "/v1/customers") return send(200, { id: `cus_test_${++customers}`, object: "customer" });
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        const url = behaviour.checkoutUrl ? `https://checkout.stripe.test/c/pay/cs_test_${requests.length}` : null;
        return send(200, { id: `cs_test_${requests.length}`, object: "checkout.session", url });
      }
      if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
        return send(200, { id: "bps_test_1", object: "billing_portal.session", url: "https://billing.stripe.test/p/session/test_1" });
      }
      if (req.method === "GET" && path === "/v1/subscriptions") {
        // Like Stripe without a status filter: the customer's subscriptions that are not canceled.
        const data = [...subscriptions.values()].filter((sub) => sub.customer === url.searchParams.get("customer") && sub.status !== "canceled");
        return send(200, { object: "list", url: "/v1/subscriptions", has_more: false, data });
      }
      const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
      if (req.method === "GET" && subscription) {
        const found = subscriptions.get(decodeURIComponent(subscription[1]!));
        if (found) return send(200, found);
        return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such subscription: '${subscription[1]}'` } });
      }
      send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${path}).` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { url, requests, subscriptions, behaviour, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
