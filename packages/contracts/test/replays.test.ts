import { describe, expect, it } from 'vitest';
import {
  formatReplayTotal,
  GroupedReplaysQuery,
  MAX_REPLAY_SEARCH_IDS,
  PAGE_SIZE,
  ReplaySearchQuery,
  sessionIdsIn,
} from '../src';

describe('replay search ids', () => {
  it('should read ids separated by spaces, commas or line breaks, once each, in order', () => {
    expect(sessionIdsIn('  b-1  a_2,b-1\n\tc3 ,, ')).toEqual(['b-1', 'a_2', 'c3']);
    expect(sessionIdsIn('   ')).toEqual([]);
  });

  it('should refuse a blank, malformed or too long list with the reason', () => {
    const reason = (session_ids: string) => {
      const parsed = ReplaySearchQuery.safeParse({ session_ids });
      return parsed.success ? null : parsed.error.issues[0]!.message;
    };
    expect(ReplaySearchQuery.parse({ session_ids: 'a b' })).toEqual({ session_ids: ['a', 'b'] });
    expect(reason(' ')).toMatch(/at least one/);
    expect(reason('ok not;ok')).toMatch(/letters, digits/);
    expect(reason('x'.repeat(101))).toMatch(/letters, digits/);
    expect(reason(Array.from({ length: MAX_REPLAY_SEARCH_IDS + 1 }, (_, n) => `id${n}`).join(' '))).toMatch(
      /At most 100/,
    );
    expect(reason('a '.repeat(6000))).toMatch(/too long/);
  });
});

describe('grouped replays query', () => {
  it('should default to page 1 of 45 groups', () => {
    expect(GroupedReplaysQuery.parse({})).toEqual({ page: 1, pageSize: PAGE_SIZE.replays });
    expect(
      GroupedReplaysQuery.parse({ noPassed: 'true', includePublic: 'false', agentArtifactIds: '3,4' }),
    ).toEqual({
      page: 1,
      pageSize: 45,
      noPassed: true,
      includePublic: false,
      agentArtifactIds: [3, 4],
    });
  });
});

describe('replay totals', () => {
  it('should say how many replays a group has', () => {
    expect(formatReplayTotal(1)).toBe('1 replay');
    expect(formatReplayTotal(2)).toBe('2 replays');
  });
});
