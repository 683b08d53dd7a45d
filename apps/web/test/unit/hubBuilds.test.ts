import { HUB_BUILD_STATUSES } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { BUILD_STATUS, buildDuration, isBuilding } from '../../src/features/hub/hubBuilds';

describe('hub builds', () => {
  it('should name and colour every build status, each differently', () => {
    expect(HUB_BUILD_STATUSES.map((status) => BUILD_STATUS[status].label)).toEqual([
      'Building',
      'Proven',
      'Failed',
    ]);
    expect(BUILD_STATUS.proven.color).toBe('teal');
    expect(BUILD_STATUS.failed.color).toBe('red');
    expect(new Set(HUB_BUILD_STATUSES.map((status) => BUILD_STATUS[status].color)).size).toBe(3);
  });

  it('should tell a build still going from an ended one', () => {
    expect(isBuilding({ status: 'building' })).toBe(true);
    expect(isBuilding({ status: 'proven' })).toBe(false);
    expect(isBuilding({ status: 'failed' })).toBe(false);
    expect(isBuilding(undefined)).toBe(false);
  });

  it('should give an ended build its duration and a dash while it builds', () => {
    const created_at = '2026-11-29T04:00:00.000Z';
    expect(buildDuration({ created_at, ended_at: '2026-11-29T04:00:42.400Z' })).toBe('42s');
    expect(buildDuration({ created_at, ended_at: '2026-11-29T04:01:05.000Z' })).toBe('1m 5s');
    expect(buildDuration({ created_at, ended_at: '2026-11-29T05:02:05.000Z' })).toBe('1h 2m 5s');
    expect(buildDuration({ created_at, ended_at: created_at })).toBe('0s');
    expect(buildDuration({ created_at, ended_at: null })).toBe('—');
  });
});
