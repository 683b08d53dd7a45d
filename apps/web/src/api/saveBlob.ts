/** Hands a fetched file to the browser as a download under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; give the browser a moment before letting it go.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
