import { PAGE_SIZE, SessionListQuery } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_SESSION_LIST_PARAMS,
  isSessionListFiltered,
  readSessionListParams,
  sessionListQueryFor,
  withSessionFilter,
  writeSessionListParams,
} from '../../src/features/sessions/sessionListParams';

const read = (query: string) => readSessionListParams(new URLSearchParams(query));

describe('/sessions query parameters', () => {
  it('should read the comma lists, the batch, include_replays and the page', () => {
    expect(
      read(
        'agent_artifact_ids=3,7&simulator_ids=2&statuses=run_failed,run_completed&test_case_names=Buy%20a%20mug,Refund' +
          '&run_session_batch_id=batch_1&include_replays=true&page=4&organization_ids=9' +
          '&human_score_filter=human_disagreement',
      ),
    ).toEqual({
      agentArtifactIds: [3, 7],
      simulatorIds: [2],
      statuses: ['run_failed', 'run_completed'],
      testCaseNames: ['Buy a mug', 'Refund'],
      organizationIds: [9],
      runSessionBatchId: 'batch_1',
      humanScoreFilter: 'human_disagreement',
      includeReplays: true,
      page: 4,
    });
    expect(read('human_score_filter=maybe').humanScoreFilter).toBeNull();
  });

  it('should drop what the server would refuse: unknown statuses, bad ids, blank parts, bad pages', () => {
    expect(
      read(
        'agent_artifact_ids=1,,x,0,-2,99999999999,1&statuses=run_failed,flying&test_case_names=%20,a&page=0',
      ),
    ).toEqual({
      ...EMPTY_SESSION_LIST_PARAMS,
      agentArtifactIds: [1],
      statuses: ['run_failed'],
      testCaseNames: ['a'],
    });
    expect(read('page=abc').page).toBe(1);
    expect(read('page=99999999').page).toBe(1);
    expect(read('run_session_batch_id=%20%20').runSessionBatchId).toBeNull();
  });

  it('should write back only what is set, and read back what it wrote', () => {
    expect(writeSessionListParams(EMPTY_SESSION_LIST_PARAMS).toString()).toBe('');
    const params = read('simulator_ids=2,5&statuses=run_started&include_replays=true&page=2');
    const written = writeSessionListParams(params);
    expect(written.get('simulator_ids')).toBe('2,5');
    expect(written.get('statuses')).toBe('run_started');
    expect(written.get('include_replays')).toBe('true');
    expect(written.get('page')).toBe('2');
    expect(readSessionListParams(written)).toEqual(params);
    expect(writeSessionListParams({ ...params, page: 1, includeReplays: false }).has('page')).toBe(false);
  });

  it('should go back to page 1 on any filter change', () => {
    const params = read('statuses=run_failed&page=5');
    expect(withSessionFilter(params, { simulatorIds: [3] })).toMatchObject({ simulatorIds: [3], page: 1 });
    expect(withSessionFilter(params, { includeReplays: true }).page).toBe(1);
  });

  it('should know whether the list is filtered', () => {
    expect(isSessionListFiltered(EMPTY_SESSION_LIST_PARAMS)).toBe(false);
    expect(isSessionListFiltered({ ...EMPTY_SESSION_LIST_PARAMS, includeReplays: true, page: 3 })).toBe(
      false,
    );
    expect(isSessionListFiltered(read('run_session_batch_id=b'))).toBe(true);
  });

  it('should ask the API for a query its contract accepts, with the organization filter for platform admins only', () => {
    const params = read(
      'agent_artifact_ids=3,7&statuses=run_failed&test_case_names=Buy,Sell&organization_ids=4&page=2',
    );
    const asAdmin = sessionListQueryFor(params, { pageSize: PAGE_SIZE.sessions, isPlatformAdmin: true });
    expect(asAdmin).toMatchObject({
      agentArtifactIds: '3,7',
      statuses: 'run_failed',
      testCaseNames: 'Buy,Sell',
      organizationIds: '4',
      page: 2,
      pageSize: 100,
    });
    expect(SessionListQuery.parse(asAdmin)).toMatchObject({
      agentArtifactIds: [3, 7],
      statuses: ['run_failed'],
      testCaseNames: ['Buy', 'Sell'],
      organizationIds: [4],
      page: 2,
      pageSize: 100,
    });
    const asMember = sessionListQueryFor(params, { pageSize: PAGE_SIZE.sessions, isPlatformAdmin: false });
    expect(asMember.organizationIds).toBeUndefined();
    expect(
      SessionListQuery.parse(
        sessionListQueryFor(EMPTY_SESSION_LIST_PARAMS, { pageSize: 100, isPlatformAdmin: false }),
      ),
    ).toMatchObject({
      page: 1,
      pageSize: 100,
    });
  });
});
