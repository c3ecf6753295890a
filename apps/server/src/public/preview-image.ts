import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { createCanvas, GlobalFonts, type SKRSContext2D } from "@napi-rs/canvas";

/** What a preview shows: the title, the models and the first lines of the prompt. */
export type PreviewContent = { title: string; models: string[]; prompt: string; author: string };

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

const FONT = "ParleyPreviewSans";
const FONT_BOLD = "ParleyPreviewSansBold";
let fontsReady = false;

/** The fonts ship with the dejavu-fonts-ttf package: nothing is looked up on the system. */
function registerFonts() {
  if (fontsReady) return;
  const require = createRequire(import.meta.url);
  GlobalFonts.registerFromPath(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"), FONT);
  GlobalFonts.registerFromPath(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"), FONT_BOLD);
  fontsReady = true;
}

/** A strong validator of the image: the same content always draws the same picture. */
export function previewEtag(content: PreviewContent): string {
  return `"${createHash("sha256").update(JSON.stringify(["v1", content.title, content.models, content.prompt, content.author])).digest("base64url").slice(0, 32)}"`;
}

/**
 * Draws the preview as a 1200x630 PNG. User text is only ever drawn as glyphs with fillText:
 * it is never parsed as markup of any kind.
 */
export async function renderPreviewImage(content: PreviewContent): Promise<Buffer> {
  registerFonts();
  const canvas = createCanvas(PREVIEW_WIDTH, PREVIEW_HEIGHT);
  const ctx = canvas.getContext("2d");
  const gradient = ctx.createLinearGradient(0, 0, PREVIEW_WIDTH, PREVIEW_HEIGHT);
  gradient.addColorStop(0, "#1e1b4b");
  gradient.addColorStop(1, "#4c1d95");
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, PREVIEW_WIDTH, PREVIEW_HEIGHT);

  ctx.fillStyle = "#c4b5fd";
  ctx.font = `30px ${FONT_BOLD}`;
  ctx.fillText("Parley", 72, 92);

  ctx.fillStyle = "#ffffff";
  ctx.font = `54px ${FONT_BOLD}`;
  const titleLines = wrap(ctx, oneLine(content.title) || "A conversation with AI", PREVIEW_WIDTH - 144, 2);
  titleLines.forEach((line, i) => ctx.fillText(line, 72, 178 + i * 66));

  let y = 178 + titleLines.length * 66 + 10;
  if (content.models.length > 0) {
    ctx.fillStyle = "#ddd6fe";
    ctx.font = `28px ${FONT}`;
    ctx.fillText(clip(ctx, `Using ${content.models.join(", ")}`, PREVIEW_WIDTH - 144), 72, y);
    y += 56;
  }

  const boxTop = y;
  const boxHeight = PREVIEW_HEIGHT - 70 - boxTop;
  if (boxHeight > 60 && content.prompt.trim()) {
    ctx.fillStyle = "rgba(255, 255, 255, 0.1)";
    roundRect(ctx, 60, boxTop, PREVIEW_WIDTH - 120, boxHeight, 24);
    ctx.fill();
    ctx.fillStyle = "#f5f3ff";
    ctx.font = `30px ${FONT}`;
    const lines = wrap(ctx, oneLine(content.prompt), PREVIEW_WIDTH - 180, Math.max(1, Math.floor((boxHeight - 30) / 42)));
    lines.forEach((line, i) => ctx.fillText(line, 90, boxTop + 50 + i * 42));
  }

  ctx.fillStyle = "#c4b5fd";
  ctx.font = `24px ${FONT}`;
  ctx.fillText(clip(ctx, content.author ? `Shared by ${oneLine(content.author)}` : "", PREVIEW_WIDTH - 144), 72, PREVIEW_HEIGHT - 30);
  return canvas.encode("png");
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** Text cut to `width`, ending in an ellipsis when cut. */
function clip(ctx: SKRSContext2D, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (ctx.measureText(`${text.slice(0, mid)}…`).width <= width) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, low).trimEnd()}…`;
}

/** Words laid into at most `maxLines` lines of `width`; the last line ends in an ellipsis when text remains. */
function wrap(ctx: SKRSContext2D, text: string, width: number, maxLines: number): string[] {
  const words = text.slice(0, 2000).split(" ").filter(Boolean);
  const lines: string[] = [];
  let line = "";
  let index = 0;
  for (; index < words.length && lines.length < maxLines; index++) {
    const word = words[index]!;
    const candidate = line ? `${line} ${word}` : word;
    if (ctx.measureText(candidate).width <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = ctx.measureText(word).width <= width ? word : clip(ctx, word, width);
  }
  if (line && lines.length < maxLines) lines.push(line);
  else if (line) index--;
  if (index < words.length && lines.length > 0) lines[lines.length - 1] = clip(ctx, `${lines.at(-1)!} ${words.slice(index).join(" ")}`, width);
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
