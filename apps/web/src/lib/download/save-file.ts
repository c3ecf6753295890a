/** A file the server made for download (an export, the leaderboard's votes). */
export type DownloadedFile = { filename: string; contentType: string; body: string };

/** Saves text as a file through a temporary object URL, as a download link would. */
export function saveFile(file: DownloadedFile) {
  const url = URL.createObjectURL(new Blob([file.body], { type: file.contentType }));
  const link = document.createElement("a");
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
