import { CHAT_TEXTS } from "./texts";

/**
 * Shares `{origin}/chat/share/{id}`: the device's share sheet on touch devices that
 * have one, otherwise the clipboard, with an alert saying which happened.
 */
export async function shareSessionLink(sessionId: number) {
  const url = `${window.location.origin}/chat/share/${sessionId}`;
  const touch = window.matchMedia?.("(pointer: coarse)").matches ?? false;
  if (touch && typeof navigator.share === "function") {
    try {
      await navigator.share({ title: CHAT_TEXTS.shareTitle, text: CHAT_TEXTS.shareText, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    window.alert(CHAT_TEXTS.shareCopied);
  } catch (error) {
    window.alert(CHAT_TEXTS.shareFailed(error instanceof Error ? error.message : String(error)));
  }
}
