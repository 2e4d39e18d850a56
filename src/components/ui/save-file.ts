// Saves what the page holds as a file: the browser's download of an object URL, released once started.
export function saveFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Released after the click has handed the URL to the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
