/** What `GET /api/v1/config` tells the SPA before anyone signs in (one build runs anywhere). */
export type PublicConfig = {
  oidc: { authority: string; clientId: string; audience: string; scope: string; embedded: boolean };
  payments: { enabled: boolean };
};

const CONFIG_PATH = "/api/v1/config";

/** Fetches and checks the public config; a server that answers something else is an error a person can read. */
export async function fetchPublicConfig(fetchImpl: typeof fetch = fetch): Promise<PublicConfig> {
  const response = await fetchImpl(CONFIG_PATH, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`Could not load the sign-in settings (${response.status} ${response.statusText}).`);
  return parsePublicConfig(await response.json());
}

export function parsePublicConfig(value: unknown): PublicConfig {
  const body = value as { oidc?: Record<string, unknown>; payments?: Record<string, unknown> } | null;
  const oidc = body?.oidc;
  const fields = ["authority", "clientId", "audience", "scope"] as const;
  if (!oidc || fields.some((field) => typeof oidc[field] !== "string" || oidc[field] === "")) {
    throw new Error("The server's sign-in settings are incomplete: check the OIDC_* variables.");
  }
  return {
    oidc: {
      authority: String(oidc.authority),
      clientId: String(oidc.clientId),
      audience: String(oidc.audience),
      scope: String(oidc.scope),
      embedded: oidc.embedded === true,
    },
    payments: { enabled: body?.payments?.enabled === true },
  };
}
