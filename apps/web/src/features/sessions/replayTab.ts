/**
 * Which recorded tab the DOM replay shows for a step: the tab the step acted in; a step that does not say (an
 * older recording) or whose tab recorded no DOM shows the tab of the nearest earlier step that does, else the
 * first tab. A tab chosen by hand wins while the same step stays selected.
 */
export function replayTab(
  steps: readonly { page: string | null }[],
  index: number,
  pages: readonly string[],
  chosen: { step: number; page: string } | null = null,
): string | null {
  if (chosen && chosen.step === index && pages.includes(chosen.page)) return chosen.page;
  for (let i = Math.min(index, steps.length - 1); i >= 0; i--) {
    const page = steps[i]?.page;
    if (page && pages.includes(page)) return page;
  }
  return pages[0] ?? null;
}
