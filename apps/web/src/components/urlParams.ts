import { MAX_RECORD_ID } from '@proctor/contracts';

/**
 * Reading a page's filters from its address (the sessions and replays lists): what a person typed or an old
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
