/**
 * The letters a picture shows for a name that has none: the first of its first and last words
 * ("Walker Games News" → "WN", as Chakra's avatar shows them), in any script. A resource's
 * initials logo and a person's avatar in the presence bar both read them here.
 */
export function initialsOf(title: string): string {
  const words = title
    .trim()
    .split(/[\s_\-.]+/)
    .filter(Boolean);
  if (!words.length) return '';
  const first = Array.from(words[0]!)[0] ?? '';
  const last = words.length > 1 ? (Array.from(words.at(-1)!)[0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}
