import { avatarEmojiFor, isImageAvatar } from "@parley/contracts";

const SIZES = {
  xs: "size-7 text-sm",
  sm: "size-8 text-base",
  md: "size-10 text-xl",
  lg: "size-12 text-2xl",
  xl: "size-16 text-3xl",
} as const;

/**
 * A person's avatar: their picture when the avatar starts with http, fetched without
 * a referrer; else the avatar's emoji; an empty avatar falls back to the emoji derived from the
 * username. Decorative: the name is always next to it.
 */
export function Avatar({ avatar, username, size = "md" }: { avatar: string | null | undefined; username: string; size?: keyof typeof SIZES }) {
  const box = `${SIZES[size]} shrink-0 rounded-full`;
  if (isImageAvatar(avatar)) {
    return <img src={avatar} alt="" className={`${box} bg-zinc-100 object-cover dark:bg-zinc-800`} referrerPolicy="no-referrer" loading="lazy" />;
  }
  return (
    <span
      aria-hidden="true"
      className={`${box} inline-flex items-center justify-center bg-gradient-to-br from-brand-50 to-fuchsia-50 ring-1 ring-brand-100 dark:from-brand-950 dark:to-fuchsia-950 dark:ring-brand-900`}
    >
      {avatar || avatarEmojiFor(username)}
    </span>
  );
}

/** The avatar of a profile picture claim: the picture when it is an image URL, else the name's emoji. */
export function pictureAvatar(picture: string | null | undefined, name: string): string {
  return isImageAvatar(picture) ? picture : avatarEmojiFor(name);
}
