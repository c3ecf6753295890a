/**
 * Copies text to the clipboard. The Clipboard API exists only on secure pages (https or
 * localhost); a server reached over plain http on a LAN falls back to a selected text area and
 * the older copy command.
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  try {
    if (!document.execCommand("copy")) throw new Error("The browser refused to copy.");
  } finally {
    area.remove();
  }
}
