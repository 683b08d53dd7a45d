import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths, ROUTES, type RouteName } from '../../src/paths';

/** A value with a slash, a space, a question mark and a hash: each must stay inside its own segment. */
const AWKWARD = 'a/b c?d#e';

/** Arguments for each builder that takes any; every other entry is a plain address. */
const SAMPLE_ARGS: Partial<Record<RouteName, unknown[]>> = {
  liveView: [AWKWARD],
  session: [AWKWARD],
  networkRequests: [AWKWARD],
  agent: [AWKWARD],
  testCase: [AWKWARD],
  simulator: [AWKWARD],
  simulatorEditor: [AWKWARD],
  site: [AWKWARD],
  integration: [AWKWARD],
  mutationDiff: [AWKWARD],
  recorderTestCase: [AWKWARD],
  playground: [AWKWARD],
  login: ['/settings'],
  loginInvite: [AWKWARD],
  joinOrganization: [{ invite: AWKWARD }],
  annotatorActivity: [AWKWARD],
  labelling: [AWKWARD],
};

function build(name: RouteName): string {
  const entry = paths[name] as string | ((...args: unknown[]) => string);
  return typeof entry === 'string' ? entry : entry(...(SAMPLE_ARGS[name] ?? []));
}

describe('paths', () => {
  it('should build, for every route of the router, an address that route matches', () => {
    for (const name of Object.keys(ROUTES) as RouteName[]) {
      const url = new URL(build(name), 'http://dashboard.test');
      const match = matchPath(ROUTES[name], url.pathname);
      expect(match, `${name}: ${url.pathname}`).not.toBeNull();
      // A segment's value comes back whole, not cut at its slash or its question mark.
      for (const value of Object.values(match?.params ?? {}))
        expect(decodeURIComponent(value ?? ''), name).toBe(AWKWARD);
    }
  });

  it('should encode path segments so that an id with a slash names one page', () => {
    expect(paths.session('s/1')).toBe('/sessions/s%2F1');
    expect(paths.simulatorEditor('shop')).toBe('/simulators/shop/editor');
    expect(paths.testCase('tc_1')).toBe('/tests/tc_1');
  });

  it('should put the filters of a page in its query, leaving out those not given', () => {
    expect(paths.runGroup('b 1')).toBe('/sessions?run_session_batch_id=b+1');
    expect(paths.agentSessions(7)).toBe('/sessions?agent_artifact_ids=7');
    expect(paths.agentSessions(7, 'needs_human_scoring')).toBe(
      '/sessions?agent_artifact_ids=7&human_score_filter=needs_human_scoring',
    );
    expect(paths.testCase('tc_1', 'mutation_conflict')).toBe('/tests/tc_1?section=mutation_conflict');
    expect(paths.playground('shop', 'tc_1')).toBe('/playground?app=shop&testcaseId=tc_1');
    expect(paths.playground('shop')).toBe('/playground?app=shop');
    expect(paths.networkRequests()).toBe('/network-requests');
    expect(paths.mutationDiff('tc_1')).toBe('/mutation-diff?testcaseId=tc_1');
    expect(paths.joinOrganization({ inviteExpired: true })).toBe('/join-organization?invite_expired=true');
    expect(paths.joinOrganization({ invite: 'inv_1' })).toBe('/join-organization?invite=inv_1');
  });

  it('should send sign-in back to where the visitor was going, and nowhere for the home page', () => {
    expect(paths.login('/settings')).toBe('/login?returnTo=%2Fsettings');
    expect(paths.login('/')).toBe('/login');
    expect(paths.login()).toBe('/login');
  });
});
