/**
 * The host a markdown image would be fetched from, when that is another site: opening a message
 * must not tell a third party the reader's address, so such an image waits for a click.
 * Undefined for an image on this site (nothing leaks) or a URL that does not parse.
 */
export function thirdPartyImageHost(src: string, pageOrigin: string): string | undefined {
  let url: URL;
  try {
    url = new URL(src, pageOrigin);
  } catch {
    return undefined;
  }
  return url.origin === pageOrigin ? undefined : url.host;
}
