import { Group, Pagination, Text } from '@mantine/core';

/**
 * Where a page of a list stands: which page, how long pages are, how many items in all, how many on this page;
 * `totalCapped`: the total was counted only up to `totalCount`, and more match.
 */
export interface ListPosition {
  page: number;
  pageSize: number;
  totalCount: number;
  onPage: number;
  totalCapped?: boolean;
}

/** What a list counts, as one and as many: {one: 'session', many: 'sessions'}. */
export interface ListNoun {
  one: string;
  many: string;
}

const number = (value: number) => value.toLocaleString('en');

/**
 * "Showing 46–47 of 47 groups" under a page of a list ("of 10,000+ requests" when the total was capped); an empty
 * list and a page past the end say so.
 */
export function showingText(
  { page, pageSize, totalCount, onPage, totalCapped }: ListPosition,
  noun: ListNoun,
): string {
  const counted = totalCapped
    ? `${number(totalCount)}+ ${noun.many}`
    : `${number(totalCount)} ${totalCount === 1 ? noun.one : noun.many}`;
  if (totalCount === 0) return `No ${noun.many}`;
  if (onPage === 0) return `Page ${page} is past the last of ${counted}`;
  const first = (page - 1) * pageSize + 1;
  return `Showing ${number(first)}–${number(first + onPage - 1)} of ${counted}`;
}

/**
 * A list answer's pagination (`{page, page_size, total_count}`, with `total_count_capped` where the total is
 * counted up to a cap) with the rows it gave, as a position.
 */
export function positionOf(
  pagination: { page: number; page_size: number; total_count: number; total_count_capped?: boolean },
  onPage: number,
): ListPosition {
  return {
    page: pagination.page,
    pageSize: pagination.page_size,
    totalCount: pagination.total_count,
    onPage,
    totalCapped: pagination.total_count_capped ?? false,
  };
}

/**
 * The line under a paged list: where the page shown stands, and the pages when there is more than one, with
 * `page` (the one asked for, which a list still loading has not shown yet) chosen.
 */
export function ListFooter({
  position,
  noun,
  totalPages,
  page,
  onPageChange,
  testId,
  withEdges,
}: {
  position: ListPosition;
  noun: ListNoun;
  totalPages: number;
  page: number;
  onPageChange: (page: number) => void;
  testId: string;
  withEdges?: boolean;
}) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed" data-testid={testId}>
        {showingText(position, noun)}
      </Text>
      {totalPages > 1 && (
        <Pagination
          total={totalPages}
          value={page}
          onChange={onPageChange}
          aria-label="Pages"
          withEdges={withEdges}
        />
      )}
    </Group>
  );
}
