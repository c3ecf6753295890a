import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AVATAR_EMOJI } from "@parley/contracts";
import { Avatar, pictureAvatar } from "../../src/components/avatar";

const render = (avatar: string | null | undefined, username: string) => renderToStaticMarkup(createElement(Avatar, { avatar, username }));

/** The fallback rule, written out: the sum of the name's character codes modulo 30. */
const emojiOf = (name: string) => AVATAR_EMOJI[[...name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 30];

describe("avatar", () => {
  it("shows a picture that starts with http, fetched without a referrer", () => {
    const html = render("https://images.example.test/ada.png", "ada");
    expect(html).toMatch(/^<img /);
    expect(html).toContain('src="https://images.example.test/ada.png"');
    expect(html).toContain('referrerPolicy="no-referrer"');
  });

  it("shows the avatar's emoji, and the username's emoji when the avatar is empty", () => {
    expect(render("🦉", "ada")).toContain(">🦉</span>");
    expect(render("", "ada")).toContain(`>${emojiOf("ada")}</span>`);
    expect(render(null, "prompt_crafter")).toContain(`>${emojiOf("prompt_crafter")}</span>`);
    expect(render("🦉", "ada")).not.toContain("<img");
  });

  it("turns a profile picture claim into an avatar: the picture when it is an image URL, else the name's emoji", () => {
    expect(pictureAvatar("http://images.example.test/b.png", "ada")).toBe("http://images.example.test/b.png");
    expect(pictureAvatar("not-a-url", "ada")).toBe(emojiOf("ada"));
    expect(pictureAvatar(undefined, "Grace Hopper")).toBe(emojiOf("Grace Hopper"));
  });
});
