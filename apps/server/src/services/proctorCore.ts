/** How many built-in test cases Proctor Core holds (fewer only while fewer are built in). */
export const PROCTOR_CORE_SIZE = 100;

/**
 * Proctor Core: a cross-simulator benchmark of `size` built-in test cases, drawn evenly over every built-in
 * simulator (one case from each in turn; a simulator that runs out leaves its turns to the others) and, within
 * a simulator, spread over the reasoning levels (the lowest level's first case, then the next level's first
 * case, …, then each level's second case, and so on, in definition order). The same definitions always give
 * the same selection, in simulator order. Returns, per simulator, the indexes of its chosen test cases.
 */
export function proctorCoreSelection(
  definitions: ReadonlyArray<{ testCases: ReadonlyArray<{ metadata: { reasoning_level: string } }> }>,
  size = PROCTOR_CORE_SIZE,
): number[][] {
  const byLevel = definitions.map((definition) => {
    const levels = new Map<string, number[]>();
    definition.testCases.forEach((testCase, index) => {
      const level = testCase.metadata.reasoning_level;
      levels.set(level, [...(levels.get(level) ?? []), index]);
    });
    const queues = [...levels.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, indexes]) => indexes);
    const spread: number[] = [];
    for (let round = 0; spread.length < definition.testCases.length; round += 1)
      for (const queue of queues) if (round < queue.length) spread.push(queue[round]!);
    return spread;
  });
  const quotas = definitions.map(() => 0);
  const total = Math.min(
    size,
    definitions.reduce((sum, definition) => sum + definition.testCases.length, 0),
  );
  for (let taken = 0; taken < total; )
    definitions.forEach((definition, i) => {
      if (taken < total && quotas[i]! < definition.testCases.length) {
        quotas[i]! += 1;
        taken += 1;
      }
    });
  return byLevel.map((spread, i) => spread.slice(0, quotas[i]).sort((a, b) => a - b));
}
