/**
 * First letter of the name, upper-cased, or 'U'. Its own module: the header shows it while the user
 * menu loads, without pulling Mantine's Avatar into the first page's chunk.
 */
export function initialOf(name: string | null | undefined): string {
  const first = Array.from(name?.trim() ?? '')[0];
  return first ? first.toUpperCase() : 'U';
}
