import { describe, expect, it } from "vitest";
import { checkAppAddress } from "../../../src/lib/auth/app-address";
import type { PublicConfig } from "../../../src/lib/auth/public-config";

const embeddedAt = (origin: string): PublicConfig => ({
  oidc: { authority: `${origin}/oidc`, clientId: "parley-web", audience: `${origin}/api`, scope: "openid", embedded: true },
  payments: { enabled: false },
});

describe("checkAppAddress", () => {
  it("lets the configured address through", () => {
    expect(checkAppAddress(embeddedAt("http://localhost:3000"), { href: "http://localhost:3000/chat" })).toBeNull();
  });

  it("sends another name of this machine to the configured address, keeping the page", () => {
    expect(checkAppAddress(embeddedAt("http://localhost:3000"), { href: "http://127.0.0.1:3000/post/7?x=1#c" })).toEqual({
      redirectTo: "http://localhost:3000/post/7?x=1#c",
    });
    expect(checkAppAddress(embeddedAt("http://localhost:3000"), { href: "http://[::1]:3000/" })).toEqual({ redirectTo: "http://localhost:3000/" });
  });

  it("says in plain words what to open or set at any other address (a LAN address without PUBLIC_URL)", () => {
    expect(checkAppAddress(embeddedAt("http://localhost:3000"), { href: "http://192.168.1.20:3000/" })).toEqual({
      message: "Open Parley at http://localhost:3000, or set PUBLIC_URL to the address you use.",
    });
    expect(checkAppAddress(embeddedAt("http://localhost:3000"), { href: "http://127.0.0.1:8080/" })).toHaveProperty("message");
  });

  it("leaves external issuers alone: their redirect addresses are the provider's business", () => {
    const external = { ...embeddedAt("https://id.example.com"), oidc: { ...embeddedAt("https://id.example.com").oidc, embedded: false } };
    expect(checkAppAddress(external, { href: "http://192.168.1.20:3000/" })).toBeNull();
  });
});
