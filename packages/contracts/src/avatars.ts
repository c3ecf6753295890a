/** The 30 fallback emoji avatars. */
export const AVATAR_EMOJI = [
  "🦊",
  "🐼",
  "🐨",
  "🐯",
  "🦁",
  "🐸",
  "🐵",
  "🐧",
  "🐙",
  "🦄",
  "🐝",
  "🦉",
  "🐢",
  "🐬",
  "🦋",
  "🐳",
  "🦔",
  "🦜",
  "🐞",
  "🦩",
  "🐺",
  "🦝",
  "🐻",
  "🐰",
  "🐹",
  "🦦",
  "🦥",
  "🐲",
  "🦕",
  "🐠",
] as const;

/** Emoji for a username: the sum of its character codes modulo 30. */
export function avatarEmojiFor(username: string): string {
  let sum = 0;
  for (let i = 0; i < username.length; i++) sum += username.charCodeAt(i);
  return AVATAR_EMOJI[sum % AVATAR_EMOJI.length] ?? AVATAR_EMOJI[0];
}

/** An avatar is an image when it starts with http. */
export function isImageAvatar(avatar: string | null | undefined): avatar is string {
  return typeof avatar === "string" && avatar.startsWith("http");
}
