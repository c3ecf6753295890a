import { RateLimitError, type RateLimiter } from "@parley/api";
import { previewEtag, renderPreviewImage, type PreviewContent } from "./preview-image";

/** A drawn preview and its strong validator. */
export type Preview = { etag: string; png: Buffer };

/** Draws one preview (renderPreviewImage; tests count its calls). */
export type DrawPreview = (content: PreviewContent) => Promise<Buffer>;

/** Rendered previews kept, by stamp and by ETag: a few hundred recent ones. */
const MAX_CACHED = 200;

/** What a picture shows at most, however long the conversation: drawing cost does not grow with it. */
export const PREVIEW_EXCERPT = { title: 200, prompt: 600, models: 4, model: 60, author: 80 } as const;

/** The excerpt a preview is drawn from. */
export function boundedExcerpt(content: PreviewContent): PreviewContent {
  return {
    title: content.title.slice(0, PREVIEW_EXCERPT.title),
    models: content.models.slice(0, PREVIEW_EXCERPT.models).map((model) => model.slice(0, PREVIEW_EXCERPT.model)),
    prompt: content.prompt.slice(0, PREVIEW_EXCERPT.prompt),
    author: content.author.slice(0, PREVIEW_EXCERPT.author),
    ...(content.answer
      ? { answer: { author: content.answer.author.slice(0, PREVIEW_EXCERPT.model), content: content.answer.content.slice(0, PREVIEW_EXCERPT.prompt) } }
      : {}),
  };
}

/** A map that forgets its oldest entry past MAX_CACHED. */
function boundedSet<V>(map: Map<string, V>, key: string, value: V) {
  if (!map.has(key) && map.size >= MAX_CACHED) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/**
 * The preview images of public links: cached by the link's stamp (see getPublicPreviewStamp) so
 * a known picture is answered before the conversation is read; each image drawn once however
 * many ask for it at the same time (single flight); and drawing limited per client address (the
 * `preview` rate limit: previews are asked anonymously, and each costs real CPU).
 */
export function createPreviews(options: { limiter: RateLimiter; draw?: DrawPreview }) {
  const draw = options.draw ?? renderPreviewImage;
  const byStamp = new Map<string, Preview>();
  const byEtag = new Map<string, Preview>();
  const drawing = new Map<string, Promise<Preview>>();

  return {
    /** The picture drawn under this stamp, if this instance still has it. */
    cached: (stamp: string): Preview | undefined => byStamp.get(stamp),

    /**
     * The picture of `content`: from the cache, from a drawing already under way, or drawn now,
     * counted against `address`'s allowance (a refusal is a RateLimitError, 429).
     */
    picture(content: PreviewContent, stamp: string | null, address: string): Promise<Preview> {
      const excerpt = boundedExcerpt(content);
      const etag = previewEtag(excerpt);
      const known = byEtag.get(etag);
      const remember = (preview: Preview) => {
        if (stamp !== null) boundedSet(byStamp, stamp, preview);
        return preview;
      };
      if (known) return Promise.resolve(remember(known));
      let pending = drawing.get(etag);
      if (!pending) {
        // Set before anything is awaited, so every request arriving meanwhile joins this one.
        pending = (async () => {
          const { allowed, retryAfterSeconds } = await options.limiter.hit("preview", `ip:${address}`);
          if (!allowed) throw new RateLimitError("preview", Math.max(1, retryAfterSeconds));
          const preview = { etag, png: await draw(excerpt) };
          boundedSet(byEtag, etag, preview);
          return preview;
        })().finally(() => drawing.delete(etag));
        drawing.set(etag, pending);
      }
      return pending.then(remember);
    },

    /** The ETag the picture of `content` has, drawn or not (a client's If-None-Match is checked against it). */
    etagOf: (content: PreviewContent) => previewEtag(boundedExcerpt(content)),
  };
}

export type Previews = ReturnType<typeof createPreviews>;
