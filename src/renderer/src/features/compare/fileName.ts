// A sheet's file name, from the comparison's name. Pure, so it is unit-tested.

/** A file name from a comparison's name: no path separators, control characters or leading dot. */
export function fileNameFor(name: string, extension: string): string {
  const base = name
    // Control characters are what a file name must not hold, so the pattern names them.
    // eslint-disable-next-line no-control-regex
    .replace(/[/\\:*?"<>|\x00-\x1f\x7f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 120)
    .trim();
  return `${base || 'Comparison'}.${extension}`;
}
