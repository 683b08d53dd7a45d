import { MantineProvider } from '@mantine/core';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/ApiError';
import { QueryView, type ViewedQuery } from '../../src/components/QueryView';

function render(query: ViewedQuery<string[]>, loading?: { label: string }): string {
  const view = createElement(QueryView<string[]>, {
    query,
    errorTitle: 'Failed to load agents',
    loading,
    // biome-ignore lint/correctness/noChildrenProp: the render function keeps its type only as a prop here
    children: (names: string[]): ReactNode => createElement('ul', null, names.join(', ')),
  });
  return renderToStaticMarkup(createElement(MantineProvider, null, view));
}

const base = { data: undefined, error: null, isPending: false, isError: false, refetch: () => undefined };

describe('QueryView', () => {
  it('should show placeholder rows, or a labelled loader, while the query loads', () => {
    const rows = render({ ...base, isPending: true });
    expect(rows).toContain('aria-busy="true"');
    expect(rows.match(/mantine-Skeleton-root/g)).toHaveLength(3);
    expect(rows).not.toContain('<ul>');
    expect(render({ ...base, isPending: true }, { label: 'Loading sessions' })).toContain(
      'aria-label="Loading sessions"',
    );
  });

  it("should show the error's title and detail with Try again when the query failed", () => {
    const html = render({ ...base, isError: true, error: new ApiError(503, 'Database unavailable') });
    expect(html).toContain('Failed to load agents');
    expect(html).toContain('Database unavailable');
    expect(html).toContain('Try again');
    expect(html).not.toContain('<ul>');
  });

  it('should show the answer, and keep it when a refresh failed', () => {
    expect(render({ ...base, data: ['Ada', 'Grace'] })).toBe(
      renderToStaticMarkup(createElement(MantineProvider, null, createElement('ul', null, 'Ada, Grace'))),
    );
    const refreshFailed = render({ ...base, data: ['Ada'], isError: true, error: new Error('offline') });
    expect(refreshFailed).toContain('<ul>Ada</ul>');
    expect(refreshFailed).not.toContain('Try again');
  });
});
