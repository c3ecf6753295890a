import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type * as Skia from "@napi-rs/canvas";
import type { SKRSContext2D } from "@napi-rs/canvas";

/**
 * What a preview shows: the title, the models and the first lines of the prompt; for a link to
 * one answer, the first lines of that answer too, under the prompt it replies to.
 */
export type PreviewContent = { title: string; models: string[]; prompt: string; author: string; answer?: { author: string; content: string } };

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

const FONT = "ParleyPreviewSans";
const FONT_BOLD = "ParleyPreviewSansBold";
/** Every family drawn with: DejaVu first, then the fallbacks, glyph by glyph (see `registerFonts`). */
let fallbackFamilies = "";

/**
 * Fonts for scripts DejaVu Sans lacks, each an OFL-licensed npm package (nothing is looked up
 * on the system): Noto Sans SC (Chinese, and Japanese kana and kanji) and Noto Sans KR (Hangul)
 * as Fontsource's variable WOFF2 slices, about a hundred files each, every slice its own family;
 * then the monochrome Noto Emoji.
 */
const SLICED_FALLBACKS = ["@fontsource-variable/noto-sans-sc", "@fontsource-variable/noto-sans-kr"];
const EMOJI_FONT = "@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf";

/**
 * Skia (@napi-rs/canvas) loads with the first picture, not with the server: the native library
 * and its font manager stay out of an idle server's memory (about 20 MB resident).
 */
type Canvas = typeof Skia;
let canvasModule: Promise<Canvas> | undefined;
const loadCanvas = () => (canvasModule ??= import("@napi-rs/canvas"));

/** Registers the fonts once; Skia then takes each glyph from the first family in the list that has it. */
function registerFonts({ GlobalFonts }: Canvas) {
  if (fallbackFamilies) return;
  const require = createRequire(import.meta.url);
  GlobalFonts.registerFromPath(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"), FONT);
  GlobalFonts.registerFromPath(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"), FONT_BOLD);
  const families: string[] = [];
  for (const pkg of SLICED_FALLBACKS) {
    const files = join(dirname(require.resolve(`${pkg}/LICENSE`)), "files");
    for (const file of readdirSync(files)
      .filter((name) => name.endsWith("-wght-normal.woff2"))
      .sort()) {
      const family = `ParleyPreviewFallback${families.length}`;
      if (!GlobalFonts.registerFromPath(join(files, file), family)) throw new Error(`Cannot load the preview font ${file}`);
      families.push(family);
    }
  }
  GlobalFonts.registerFromPath(require.resolve(EMOJI_FONT), "ParleyPreviewEmoji");
  families.push("ParleyPreviewEmoji");
  fallbackFamilies = families.join(", ");
}

/** A CSS font for the canvas: size, DejaVu (regular or bold) and every fallback. */
const font = (px: number, bold = false) => `${px}px ${bold ? FONT_BOLD : FONT}, ${fallbackFamilies}`;

/** A strong validator of the image: the same content always draws the same picture. */
export function previewEtag(content: PreviewContent): string {
  const parts = [
    "v2",
    content.title,
    content.models,
    content.prompt,
    content.author,
    ...(content.answer ? [content.answer.author, content.answer.content] : []),
  ];
  return `"${createHash("sha256").update(JSON.stringify(parts)).digest("base64url").slice(0, 32)}"`;
}

/**
 * Draws the preview as a 1200x630 PNG. User text is only ever drawn as glyphs with fillText:
 * it is never parsed as markup of any kind.
 */
export async function renderPreviewImage(content: PreviewContent): Promise<Buffer> {
  const skia = await loadCanvas();
  registerFonts(skia);
  const canvas = skia.createCanvas(PREVIEW_WIDTH, PREVIEW_HEIGHT);
  const ctx = canvas.getContext("2d");
  const gradient = ctx.createLinearGradient(0, 0, PREVIEW_WIDTH, PREVIEW_HEIGHT);
  gradient.addColorStop(0, "#1e1b4b");
  gradient.addColorStop(1, "#4c1d95");
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, PREVIEW_WIDTH, PREVIEW_HEIGHT);

  ctx.fillStyle = "#c4b5fd";
  ctx.font = font(30, true);
  ctx.fillText("Parley", 72, 92);

  ctx.fillStyle = "#ffffff";
  ctx.font = font(54, true);
  const titleLines = wrap(ctx, oneLine(content.title) || "A conversation with AI", PREVIEW_WIDTH - 144, 2);
  titleLines.forEach((line, i) => ctx.fillText(line, 72, 178 + i * 66));

  let y = 178 + titleLines.length * 66 + 10;
  if (content.models.length > 0) {
    ctx.fillStyle = "#ddd6fe";
    ctx.font = font(28);
    ctx.fillText(clip(ctx, `Using ${content.models.join(", ")}`, PREVIEW_WIDTH - 144), 72, y);
    y += 56;
  }

  if (content.answer) drawAnswer(ctx, content.prompt, content.answer, y);
  const boxTop = y;
  const boxHeight = PREVIEW_HEIGHT - 70 - boxTop;
  if (!content.answer && boxHeight > 60 && content.prompt.trim()) {
    ctx.fillStyle = "rgba(255, 255, 255, 0.1)";
    roundRect(ctx, 60, boxTop, PREVIEW_WIDTH - 120, boxHeight, 24);
    ctx.fill();
    ctx.fillStyle = "#f5f3ff";
    ctx.font = font(30);
    const lines = wrap(ctx, oneLine(content.prompt), PREVIEW_WIDTH - 180, Math.max(1, Math.floor((boxHeight - 30) / 42)));
    lines.forEach((line, i) => ctx.fillText(line, 90, boxTop + 50 + i * 42));
  }

  ctx.fillStyle = "#c4b5fd";
  ctx.font = font(24);
  ctx.fillText(clip(ctx, content.author ? `Shared by ${oneLine(content.author)}` : "", PREVIEW_WIDTH - 144), 72, PREVIEW_HEIGHT - 30);
  return canvas.encode("png");
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** A link to one answer: the prompt in one or two lines, then the answer's author and its first lines in the box. */
function drawAnswer(ctx: SKRSContext2D, prompt: string, answer: { author: string; content: string }, top: number) {
  let y = top;
  if (prompt.trim()) {
    ctx.fillStyle = "#ddd6fe";
    ctx.font = font(26);
    const asked = wrap(ctx, oneLine(prompt), PREVIEW_WIDTH - 144, 2);
    asked.forEach((line, i) => ctx.fillText(line, 72, y + i * 36));
    y += asked.length * 36 + 6;
  }
  const boxHeight = PREVIEW_HEIGHT - 70 - y;
  if (boxHeight <= 60) return;
  ctx.fillStyle = "rgba(255, 255, 255, 0.1)";
  roundRect(ctx, 60, y, PREVIEW_WIDTH - 120, boxHeight, 24);
  ctx.fill();
  ctx.fillStyle = "#c4b5fd";
  ctx.font = font(24, true);
  ctx.fillText(clip(ctx, oneLine(answer.author), PREVIEW_WIDTH - 180), 90, y + 40);
  ctx.fillStyle = "#f5f3ff";
  ctx.font = font(28);
  const lines = wrap(ctx, oneLine(answer.content), PREVIEW_WIDTH - 180, Math.max(1, Math.floor((boxHeight - 70) / 38)));
  lines.forEach((line, i) => ctx.fillText(line, 90, y + 82 + i * 38));
}

/** Text cut to `width`, ending in an ellipsis when cut (never inside a character's surrogate pair). */
function clip(ctx: SKRSContext2D, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text;
  const chars = Array.from(text);
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (ctx.measureText(`${chars.slice(0, mid).join("")}…`).width <= width) low = mid;
    else high = mid - 1;
  }
  return `${chars.slice(0, low).join("").trimEnd()}…`;
}

/** Where a line may break: between words, and in Chinese and Japanese (written without spaces) between their words. */
const WORDS = new Intl.Segmenter("ja", { granularity: "word" });

/** Words laid into at most `maxLines` lines of `width`; the last line ends in an ellipsis when text remains. */
function wrap(ctx: SKRSContext2D, text: string, width: number, maxLines: number): string[] {
  const pieces = Array.from(WORDS.segment(text.slice(0, 2000)), (part) => part.segment);
  const lines: string[] = [];
  let line = "";
  let index = 0;
  for (; index < pieces.length; index++) {
    const piece = pieces[index]!;
    if (ctx.measureText((line + piece).trimEnd()).width <= width) {
      line += piece;
      continue;
    }
    // A word wider than a whole line is cut.
    if (!line.trim()) {
      line = clip(ctx, piece.trim(), width);
      continue;
    }
    lines.push(line.trim());
    line = piece.trimStart();
    if (lines.length === maxLines) break;
  }
  if (lines.length < maxLines) {
    if (line.trim()) lines.push(line.trim());
  } else if (index < pieces.length) {
    lines[maxLines - 1] = clip(ctx, `${lines[maxLines - 1]!}${pieces.slice(index).join("")}`, width);
  }
  return lines;
}

function roundRect(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}
