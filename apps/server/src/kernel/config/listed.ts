/** `A`, `A and B`, `A, B and C`: the settings a configuration error names. */
export const listed = (names: readonly string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
