import { createServer } from "node:http";

export type StripeRequest = { method: string; path: string; body: URLSearchParams; authorization: string };

/**
 * A small server speaking the parts of Stripe's API that Parley calls (customers, Checkout
 * Sessions, Billing Portal sessions), for the real `stripe` SDK to talk to over HTTP.
 */
export async function startFakeStripe() {
  const requests: StripeRequest[] = [];
  let customers = 0;
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      requests.push({ method: req.method ?? "GET", path, body: new URLSearchParams(raw), authorization: String(req.headers.authorization ?? "") });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": `req_${requests.length}` });
        res.end(JSON.stringify(body));
      };
      if (req.method === "POST" && path === "/v1/customers") return send(200, { id: `cus_test_${++customers}`, object: "customer" });
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        return send(200, { id: `cs_test_${requests.length}`, object: "checkout.session", url: `https://checkout.stripe.test/c/pay/cs_test_${requests.length}` });
      }
      if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
        return send(200, { id: "bps_test_1", object: "billing_portal.session", url: "https://billing.stripe.test/p/session/test_1" });
      }
      send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${path}).` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
