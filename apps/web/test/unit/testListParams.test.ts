import { describe, expect, it } from 'vitest';
import {
  isFiltered,
  listQueryFor,
  readTestListParams,
  withFilter,
  writeTestListParams,
} from '../../src/features/tests/testListParams';

describe('/tests query parameters', () => {
  it('should read every filter and the page, ignoring nonsense', () => {
    const params = readTestListParams(
      new URLSearchParams('start_url=shop&name=cart&prompt=refund&simulator_id=3&page=2'),
    );
    expect(params).toEqual({ startUrl: 'shop', name: 'cart', prompt: 'refund', simulatorId: 3, page: 2 });
    expect(readTestListParams(new URLSearchParams('simulator_id=x&page=-1'))).toEqual({
      startUrl: '',
      name: '',
      prompt: '',
      simulatorId: null,
      page: 1,
    });
  });

  it('should treat ids and pages beyond what the server accepts as absent', () => {
    const params = readTestListParams(new URLSearchParams('simulator_id=99999999999&page=99999999999'));
    expect(params.simulatorId).toBeNull();
    expect(params.page).toBe(1);
  });

  it('should leave out page 1 and blank filters', () => {
    const params = readTestListParams(new URLSearchParams('name=cart&page=1'));
    expect(writeTestListParams(params).toString()).toBe('name=cart');
    expect(writeTestListParams({ ...params, name: '  ', page: 3 }).toString()).toBe('page=3');
  });

  it('should go back to page 1 when a filter changes', () => {
    const params = readTestListParams(new URLSearchParams('name=cart&page=4'));
    const changed = withFilter(params, { prompt: 'refund' });
    expect(changed.page).toBe(1);
    expect(writeTestListParams(changed).toString()).toBe('name=cart&prompt=refund');
    expect(isFiltered(changed)).toBe(true);
    expect(isFiltered(readTestListParams(new URLSearchParams('page=2')))).toBe(false);
  });

  it('should ask the API for the page with the filters that are set', () => {
    const params = readTestListParams(new URLSearchParams('simulator_id=2&page=2&name=%20'));
    expect(listQueryFor(params, 30)).toEqual({
      start_url: undefined,
      name: undefined,
      prompt: undefined,
      simulator_id: 2,
      page: 2,
      page_size: 30,
    });
  });
});
