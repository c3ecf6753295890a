import { avatarEmojiFor, isImageAvatar } from "@parley/contracts";
import { users } from "@parley/db";
import { displayNameOf } from "../../account/display-name";

/** Columns of `users` needed to present an author. */
export type AuthorRow = { handle: string | null; subject: string; nickname: string | null; name: string | null; email: string | null; picture: string | null };

/** The selection that reads an `AuthorRow` (joined with `users`). */
export const authorColumns = {
  handle: users.handle,
  subject: users.subject,
  nickname: users.nickname,
  name: users.name,
  email: users.email,
  picture: users.picture,
};

/**
 * An author as posts and comments show them: `user_id` is the identity subject (the
 * post page compares it with the viewer's), the avatar a picture URL or an emoji from the name,
 * `handle` the address of their creator page.
 */
export function presentAuthor(author: AuthorRow) {
  const username = displayNameOf(author);
  return { user_id: author.subject, username, handle: author.handle, avatar: isImageAvatar(author.picture) ? author.picture : avatarEmojiFor(username) };
}
