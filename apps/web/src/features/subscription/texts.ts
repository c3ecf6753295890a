/** Texts of the subscription screens. */
export const SUBSCRIPTION_TEXTS = {
  loading: "Loading subscription options...",
  loadFailed: "Failed to load subscription options",
  checkoutFailed: "Failed to create checkout session",
  unexpected: "Something went wrong",
  manageFailed: "Failed to manage subscription",
  notConfigured: "Payments are not configured on this server.",
} as const;
