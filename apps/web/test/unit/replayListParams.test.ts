import { GroupedReplaysQuery, PAGE_SIZE } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import {
  groupedReplaysQueryFor,
  isReplayListFiltered,
  readReplayListParams,
  withReplayFilter,
  writeReplayListParams,
} from '../../src/features/replays/replayListParams';

const read = (query: string) => readReplayListParams(new URLSearchParams(query));

describe('/replays query parameters', () => {
  it('should read the comma lists, the switches and the page as the spec names them', () => {
    expect(
      read(
        'agent_artifact_ids=3,7&simulator_ids=2&test_case_names=Buy%20a%20mug,Refund&include_public=true&no_passed=true&page=4',
      ),
    ).toEqual({
      agentArtifactIds: [3, 7],
      simulatorIds: [2],
      testCaseNames: ['Buy a mug', 'Refund'],
      includePublic: true,
      noPassed: true,
      page: 4,
    });
  });

  it('should drop what the server would refuse: bad ids, blank names, bad pages', () => {
    expect(read('agent_artifact_ids=1,x,0,99999999999,1&test_case_names=%20,a&page=0&no_passed=yes')).toEqual(
      {
        agentArtifactIds: [1],
        simulatorIds: [],
        testCaseNames: ['a'],
        includePublic: false,
        noPassed: false,
        page: 1,
      },
    );
  });

  it('should write back only what is set, and go back to page 1 on a filter change', () => {
    const params = read('simulator_ids=2&no_passed=true&page=3');
    expect(writeReplayListParams(params).toString()).toBe('simulator_ids=2&no_passed=true&page=3');
    const changed = withReplayFilter(params, { includePublic: true });
    expect(writeReplayListParams(changed).toString()).toBe(
      'simulator_ids=2&include_public=true&no_passed=true',
    );
    expect(writeReplayListParams(read('')).toString()).toBe('');
    expect(isReplayListFiltered(read(''))).toBe(false);
    expect(isReplayListFiltered(read('no_passed=true'))).toBe(true);
  });

  it('should ask the server for 45 groups a page, in a query its contract accepts', () => {
    const query = groupedReplaysQueryFor(
      read('agent_artifact_ids=3,7&test_case_names=a,b&include_public=true&page=2'),
    );
    expect(GroupedReplaysQuery.parse(query)).toEqual({
      agentArtifactIds: [3, 7],
      testCaseNames: ['a', 'b'],
      includePublic: true,
      page: 2,
      pageSize: PAGE_SIZE.replays,
    });
  });
});
