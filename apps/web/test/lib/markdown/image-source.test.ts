import { describe, expect, it } from "vitest";
import { thirdPartyImageHost } from "../../../src/lib/markdown/image-source";

const ORIGIN = "https://parley.example";

describe("markdown images", () => {
  it("names the other site an image would be fetched from", () => {
    expect(thirdPartyImageHost("https://example.com/cat.png", ORIGIN)).toBe("example.com");
    expect(thirdPartyImageHost("http://images.example.test:8080/a.gif?x=1", ORIGIN)).toBe("images.example.test:8080");
    expect(thirdPartyImageHost("//cdn.example.org/b.png", ORIGIN)).toBe("cdn.example.org");
    // Same host, other scheme: another origin, the address would still leave this site.
    expect(thirdPartyImageHost("http://parley.example/c.png", ORIGIN)).toBe("parley.example");
  });

  it("loads images from this site at once", () => {
    expect(thirdPartyImageHost("/uploads/d.png", ORIGIN)).toBeUndefined();
    expect(thirdPartyImageHost("https://parley.example/e.png", ORIGIN)).toBeUndefined();
  });
});
