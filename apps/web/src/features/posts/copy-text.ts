export { copyText } from "../../lib/clipboard/copy-text";

/** The address of a post's page. */
export function postLink(postId: number): string {
  return `${window.location.origin}/post/${postId}`;
}
