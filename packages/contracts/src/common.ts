import { z } from 'zod';
import { MAX_PAGE, MAX_PAGE_SIZE, MAX_RECORD_ID } from './constants';

export const ErrorResponse = z.object({ detail: z.string() }).meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const Pagination = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total_count: z.number().int(),
  total_pages: z.number().int(),
});
export type Pagination = z.infer<typeof Pagination>;

/**
 * The pagination of a list whose total is counted only up to a cap (the captured requests: an exact count over
 * hundreds of thousands of matching rows takes seconds). `total_count_capped` true: more rows than `total_count`
 * match, `total_count` is the cap (show it as "10,000+") and `total_pages` the pages the cap fills; false:
 * `total_count` is exact.
 */
export const CappedPagination = Pagination.extend({ total_count_capped: z.boolean() });
export type CappedPagination = z.infer<typeof CappedPagination>;

const RECORD_ID_RANGE = `Expected an id: a whole number from 1 to ${MAX_RECORD_ID}`;

function inRecordIdRange<T extends z.ZodNumber | z.ZodCoercedNumber>(number: T): T {
  return number
    .int({ error: RECORD_ID_RANGE })
    .min(1, { error: RECORD_ID_RANGE })
    .max(MAX_RECORD_ID, { error: RECORD_ID_RANGE }) as T;
}

/**
 * The id of a stored record, wherever one reaches the database: a larger number would make Postgres
 * fail ("out of range for type integer") instead of simply finding nothing. In a body or a query an
 * id out of range is bad input (400). In a path it names a record that cannot exist, so the server
 * answers 404 as for any unknown id (apps/server/src/app.ts); malformed path ids stay 400.
 */
export const RecordId = inRecordIdRange(z.number({ error: RECORD_ID_RANGE }));
/**
 * A whole number as written in a URL: decimal digits only, without leading zeros, signs or spaces.
 * `Number()` alone would also read `0x10`, `1e3`, ` 1` and `00000000001`, so one record could be named in
 * many ways and a typo could reach another record.
 */
function wholeNumberInUrl(error: string) {
  // Numbers too, for typed callers (the dashboard's client writes them into the URL as decimal).
  return z.union([z.string({ error }), z.number({ error })]).transform((value, ctx) => {
    const text = String(value);
    if (/^(0|[1-9][0-9]*)$/.test(text)) return Number(text);
    ctx.addIssue({ code: 'custom', message: error });
    return z.NEVER;
  });
}

/** A record id as written in a path or a query string. */
export const RecordIdInUrl = wholeNumberInUrl(RECORD_ID_RANGE).pipe(inRecordIdRange(z.number()));

const PAGE_NUMBER = 'Page must be a whole number';
/** A 1-based page number of a list. */
export const PageNumber = wholeNumberInUrl(PAGE_NUMBER)
  .pipe(
    z
      .number()
      .int()
      .min(1, { error: PAGE_NUMBER })
      .max(MAX_PAGE, { error: `Page must be at most ${MAX_PAGE}` }),
  )
  .default(1);

/** A page size as written in a query string, from 1 to `max`. */
export function pageSizeInUrl(max: number) {
  const error = `Page size must be a whole number from 1 to ${max}`;
  return wholeNumberInUrl(error).pipe(z.number().int().min(1, { error }).max(max, { error }));
}

export const PageQuery = z.object({
  page: PageNumber,
  page_size: pageSizeInUrl(MAX_PAGE_SIZE).optional(),
});

export const IdParam = z.object({ id: RecordIdInUrl });
export const OkResponse = z.object({ ok: z.literal(true) });

/** "true"/"false" in a query string. */
export const QueryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');
/** Blank query values mean "no filter" (the SPA omits them, other clients may not). */
export const QueryText = z
  .string()
  .trim()
  .max(2000)
  .transform((value) => value || undefined)
  .optional();

/** ISO-8601 timestamp as sent over the wire. */
export const Timestamp = z.string();

export function paginate(page: number, pageSize: number, totalCount: number): Pagination {
  return {
    page,
    page_size: pageSize,
    total_count: totalCount,
    total_pages: Math.max(1, Math.ceil(totalCount / pageSize)),
  };
}

/** `counted` rows counted up to `cap + 1` (more than the cap): the pagination of at most `cap` of them. */
export function paginateCapped(
  page: number,
  pageSize: number,
  counted: number,
  cap: number,
): CappedPagination {
  return { ...paginate(page, pageSize, Math.min(counted, cap)), total_count_capped: counted > cap };
}
