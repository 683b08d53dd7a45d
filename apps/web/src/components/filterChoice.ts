/** The choice "all" in a filter's select: picking it clears the filter. */
export const ALL_OPTION = 'all';

/** What a multi-select holds after a change: picking "all" empties it, and "all" is never kept with others. */
export function multiSelectChoice(previous: readonly string[], next: readonly string[]): string[] {
  if (next.includes(ALL_OPTION) && !previous.includes(ALL_OPTION)) return [];
  return next.filter((value) => value !== ALL_OPTION);
}
