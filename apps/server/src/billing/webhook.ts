import type { FastifyInstance } from "fastify";
import type Stripe from "stripe";
import { applyStripeEvent, type Billing } from "@parley/api";
import type { Database } from "@parley/db";

/**
 * POST /billing/webhook: Stripe's events, verified against STRIPE_WEBHOOK_SECRET on the raw body
 * (so this route reads the body as bytes, not JSON), each applied once.
 */
export async function registerStripeWebhook(app: FastifyInstance, deps: { db: Database; billing: Billing | null; secret: string | undefined }) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    scope.post("/billing/webhook", async (request, reply) => {
      if (!deps.billing || !deps.secret) {
        return reply.status(404).send({ message: "Payments are not configured on this server." });
      }
      const signature = request.headers["stripe-signature"];
      let event: Stripe.Event;
      try {
        event = deps.billing.stripe.webhooks.constructEvent(request.body as Buffer, String(signature ?? ""), deps.secret);
      } catch {
        return reply.status(400).send({ message: "The Stripe signature does not match this body." });
      }
      const outcome = await applyStripeEvent(deps.db, deps.billing, event);
      request.log.info({ event: event.id, type: event.type, outcome }, "stripe event");
      return reply.send({ received: true, outcome });
    });
  });
}
