import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants';

export const ErrorResponse = z.object({ detail: z.string() }).meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const Pagination = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total_count: z.number().int(),
  total_pages: z.number().int(),
});
export type Pagination = z.infer<typeof Pagination>;

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
});

export const IdParam = z.object({ id: z.coerce.number().int().positive() });
export const OkResponse = z.object({ ok: z.literal(true) });

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
