import { MAX_RECORD_ID } from '@proctor/contracts';

/**
 * A page's filters in its address (the sessions and replays lists). Reading: what a person typed or an old
 * link carries is taken when it makes sense and otherwise counts as absent, never as an error.
 */

/** A whole number from 1 to `max`; anything else (typed or stale) counts as absent. */
export const positiveInteger = (value: string, max: number): number | null => {
  if (!/^[1-9][0-9]*$/.test(value)) return null;
  const number = Number(value);
  return number <= max ? number : null;
};

/** The non-blank, distinct parts of a comma list. */
export const commaList = (value: string | null): string[] => [
  ...new Set(
    (value ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  ),
];

/** The record ids of a comma list; parts that are not ids are left out. */
export const idList = (value: string | null): number[] =>
  commaList(value)
    .map((part) => positiveInteger(part, MAX_RECORD_ID))
    .filter((id): id is number => id !== null);

/** Writes a comma list into an address's query, leaving the parameter out when the list is empty. */
export function setCommaList(
  search: URLSearchParams,
  name: string,
  values: ReadonlyArray<string | number>,
): void {
  if (values.length > 0) search.set(name, values.join(','));
}

/** A list as an API query's comma list; undefined when empty, so that it is not sent. */
export const joinedList = (values: ReadonlyArray<string | number>): string | undefined =>
  values.length > 0 ? values.join(',') : undefined;
