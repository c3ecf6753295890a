import { createCanvas, loadImage } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { PREVIEW_HEIGHT, PREVIEW_WIDTH, renderPreviewImage, type PreviewContent } from "../src/public/preview-image";

// No model line, so the band below the title's first line holds only a second title line.
const BASE: PreviewContent = { title: "", models: [], prompt: "Hello", author: "alice" };

/** The pixels of the title's band (two lines of 54px text from y = 120). */
async function titleBand(title: string) {
  const image = await loadImage(await renderPreviewImage({ ...BASE, title }));
  expect([image.width, image.height]).toEqual([PREVIEW_WIDTH, PREVIEW_HEIGHT]);
  const canvas = createCanvas(PREVIEW_WIDTH, PREVIEW_HEIGHT);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(image, 0, 0);
  return ctx.getImageData(0, 120, PREVIEW_WIDTH, 140).data;
}

/** How many pixels of two bands differ clearly. */
function differing(a: Uint8ClampedArray, b: Uint8ClampedArray) {
  let count = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!) > 96) count++;
  }
  return count;
}

/** Pixels of white-ish text on the dark background. */
function ink(band: Uint8ClampedArray) {
  let count = 0;
  for (let i = 0; i < band.length; i += 4) if (band[i]! > 200 && band[i + 1]! > 200 && band[i + 2]! > 200) count++;
  return count;
}

// A character no font has: drawn as the missing-glyph box ("tofu"), the same box for each.
const TOFU = "\u{10FFFD}";

describe("preview images draw CJK and emoji text", () => {
  it.each([
    ["Japanese", "日本語のタイトル", "東京の天気予報"],
    ["Chinese", "如何烤面包", "今天天气很好"],
    ["Korean", "한국어 제목", "서울의 날씨"],
    ["emoji", "🎉🍣🚀", "🌈🍕🦊"],
  ])("%s titles are drawn as their own glyphs, not as boxes", async (_script, first, second) => {
    const [a, b, tofu, blank] = await Promise.all([titleBand(first), titleBand(second), titleBand(TOFU.repeat(Array.from(first).length)), titleBand("\u200b")]);
    // Glyphs were drawn where the title is...
    expect(ink(a)).toBeGreaterThan(ink(blank) + 300);
    // ...and they are not the missing-glyph box: two different texts draw different pictures
    // (boxes would be the same), and neither looks like a row of boxes.
    expect(differing(a, b)).toBeGreaterThan(500);
    expect(differing(a, tofu)).toBeGreaterThan(500);
  });

  it("wraps a long title written without spaces over two lines", async () => {
    const one = await titleBand("天気".repeat(6));
    const long = await titleBand("天気".repeat(60));
    const rows = (band: Uint8ClampedArray) => {
      const inked = new Set<number>();
      for (let i = 0; i < band.length; i += 4) if (band[i]! > 200 && band[i + 1]! > 200 && band[i + 2]! > 200) inked.add(Math.floor(i / 4 / PREVIEW_WIDTH));
      return inked;
    };
    // The long title's ink reaches into the second line (below the first line's rows).
    expect(Math.max(...rows(long))).toBeGreaterThan(Math.max(...rows(one)) + 30);
  });
});
