import { avatarEmojiFor, isImageAvatar } from "@parley/contracts";

/** The profile picture when it is an image URL, otherwise an emoji chosen from the name (spec §9). */
export function UserAvatar({ picture, name, size = "lg" }: { picture: string; name: string; size?: "md" | "lg" }) {
  const box = size === "lg" ? "size-16 text-3xl" : "size-10 text-xl";
  if (isImageAvatar(picture)) {
    return <img src={picture} alt="" referrerPolicy="no-referrer" className={`${box} shrink-0 rounded-full object-cover ring-2 ring-white dark:ring-zinc-900`} />;
  }
  return (
    <span className={`${box} inline-flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-100 to-fuchsia-100 dark:from-brand-950 dark:to-fuchsia-950`} aria-hidden="true">
      {avatarEmojiFor(name)}
    </span>
  );
}
