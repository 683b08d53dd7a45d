import type { ActNode, ElementAtResponse, ExtractNode, WebFlowRunEvent } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, streamFailure } from '../../src/api/ApiError';
import { pagePoint, viewerAddress } from '../../src/features/browserSessions/remoteBrowserView';
import {
  actWithPickedElement,
  flowRequest,
  hasUnsavedChanges,
  locatorLabel,
  moveNode,
  newExtractField,
  newFlowDraft,
  parametersUsed,
  updateField,
  withHealedLocator,
} from '../../src/features/webFlows/flowDraft';
import {
  applyFlowRunEvent,
  finishFlowRun,
  STREAM_ENDED_EARLY,
  startFlowRun,
} from '../../src/features/webFlows/flowRun';
import { runDurationSeconds, runStateColor } from '../../src/features/webFlows/runPresentation';
import { canEditWebFlows } from '../../src/features/webFlows/webFlowAccess';

const act = (id: string, patch: Partial<ActNode> = {}): ActNode => ({
  id,
  type: 'act',
  description: '',
  actionType: 'click',
  elementHint: '',
  locator: null,
  ...patch,
});

const extract = (id: string): ExtractNode => ({
  id,
  type: 'extract',
  description: '',
  schema: { fields: [{ ...newExtractField(), id: 'f1', name: 'names', isArray: true }] },
});

const picked: ElementAtResponse = {
  locator: { role: 'searchbox', name: 'Search' },
  selector: 'input[name="q"]',
  elementHint: 'Search',
  tagName: 'input',
  text: '',
  editable: true,
};

const replay = (nodeIds: string[], events: WebFlowRunEvent[]) =>
  events.reduce(applyFlowRunEvent, startFlowRun(nodeIds));

describe('the flow draft', () => {
  it('should name a new flow New Web Flow and count it as unsaved until it has been saved', () => {
    const draft = newFlowDraft();
    expect(draft.name).toBe('New Web Flow');
    expect(draft.created_at).toBeNull();
    expect(hasUnsavedChanges(draft, draft)).toBe(true);
    const saved = { ...draft, id: 4, created_at: '2026-11-29T10:00:00.000Z' };
    expect(hasUnsavedChanges(saved, saved)).toBe(false);
    expect(hasUnsavedChanges({ ...saved, name: 'Shop search' }, saved)).toBe(true);
  });

  it('should start a new flow where the install says (WEB_FLOW_START_URL), or with no start URL', () => {
    expect(newFlowDraft().start_url).toBe('');
    expect(newFlowDraft('https://flows.example.test/').start_url).toBe('https://flows.example.test/');
  });

  it('should save as parameters the {{names}} its typed text uses, keeping what was said about each', () => {
    const draft = {
      ...newFlowDraft(),
      nodes: [
        act('a', { actionType: 'type', text: '{{ query }}[Enter]' }),
        act('b', { actionType: 'type', text: '{{query}} {{page}}' }),
      ],
      parameters: [{ name: 'query', type: 'string' as const, description: 'What to look for' }],
    };
    expect(parametersUsed(draft.nodes)).toEqual(['query', 'page']);
    expect(flowRequest(draft).parameters).toEqual([
      { name: 'query', type: 'string', description: 'What to look for' },
      { name: 'page', type: 'string', description: '' },
    ]);
  });

  it('should record a picked element as the act locator and keep a hint already written', () => {
    const fresh = actWithPickedElement(act('a'), picked);
    expect(fresh).toMatchObject({ locator: picked.locator, elementHint: 'Search', actionType: 'click' });
    const written = actWithPickedElement(act('a', { elementHint: 'the search box' }), picked);
    expect(written.elementHint).toBe('the search box');
    expect(locatorLabel(fresh.locator)).toBe('role=searchbox name="Search"');
    expect(locatorLabel(null)).toBeNull();
  });

  it('should move nodes within the list, change a nested field, and take a healed locator', () => {
    const draft = { ...newFlowDraft(), nodes: [act('a'), extract('b'), act('c')] };
    expect(moveNode(draft, 'c', -1).nodes.map((node) => node.id)).toEqual(['a', 'c', 'b']);
    expect(moveNode(draft, 'a', -1)).toBe(draft);
    const nested = [{ ...newExtractField(), id: 'p', subParameters: [{ ...newExtractField(), id: 'q' }] }];
    expect(
      updateField(nested, 'q', (field) => ({ ...field, name: 'price' }))[0]?.subParameters[0]?.name,
    ).toBe('price');
    const healed = withHealedLocator(draft, 'a', { text: 'Add to cart' });
    expect(healed.nodes[0]).toMatchObject({ locator: { text: 'Add to cart' } });
  });
});

describe('a run of the flow', () => {
  it('should mark each node as its events arrive and merge each extract output into the Output', () => {
    const run = replay(
      ['a', 'b', 'c'],
      [
        { type: 'node_start', nodeId: 'a' },
        { type: 'node_end', nodeId: 'a', ok: true },
        { type: 'node_start', nodeId: 'b' },
        { type: 'node_end', nodeId: 'b', ok: true, output: { names: ['Mug'] } },
        { type: 'node_start', nodeId: 'c' },
      ],
    );
    expect(run.nodes).toEqual({
      a: { state: 'completed', error: null },
      b: { state: 'completed', error: null },
      c: { state: 'running', error: null },
    });
    expect(run.output).toEqual({ names: ['Mug'] });
    const more = applyFlowRunEvent(run, { type: 'node_end', nodeId: 'c', ok: true, output: { total: 2 } });
    expect(more.output).toEqual({ names: ['Mug'], total: 2 });
    const ended = applyFlowRunEvent(more, {
      type: 'run_end',
      runId: 'wfr_1',
      state: 'completed',
      response: { names: ['Mug'], total: 2 },
    });
    expect(ended).toMatchObject({ state: 'completed', runId: 'wfr_1', error: null });
  });

  it('should fail the node whose element is not found with its message, and the run with it', () => {
    const run = replay(
      ['a', 'b'],
      [
        { type: 'node_start', nodeId: 'a' },
        { type: 'node_end', nodeId: 'a', ok: false, error: 'Element not found: the missing button' },
        {
          type: 'run_end',
          runId: 'wfr_2',
          state: 'failed',
          response: {},
          error: 'Element not found: the missing button',
        },
      ],
    );
    expect(run.nodes.a).toEqual({ state: 'failed', error: 'Element not found: the missing button' });
    expect(run.nodes.b).toEqual({ state: 'pending', error: null });
    expect(run.state).toBe('failed');
    expect(finishFlowRun(run, null)).toBe(run);
  });

  it('should end a refused or cut-off run as failed, with the node in flight', () => {
    const inFlight = replay(['a'], [{ type: 'node_start', nodeId: 'a' }]);
    expect(finishFlowRun(inFlight, null)).toMatchObject({
      state: 'failed',
      error: STREAM_ENDED_EARLY,
      nodes: { a: { state: 'failed', error: STREAM_ENDED_EARLY } },
    });
    const refused = streamFailure(new ApiError(503, 'Service Unavailable'));
    expect(refused).toBe('Request failed with status 503: Service Unavailable');
    expect(finishFlowRun(startFlowRun(['a']), refused)).toMatchObject({ state: 'failed', error: refused });
    expect(streamFailure(new ApiError(0, 'Could not reach the server'))).toBe('Could not reach the server');
  });
});

describe('how runs are shown', () => {
  it('should colour completed success, pending warning, running primary and failed danger', () => {
    expect(runStateColor('completed')).toBe('green');
    expect(runStateColor('pending')).toBe('yellow');
    expect(runStateColor('running')).toBe('indigo');
    expect(runStateColor('failed')).toBe('red');
  });

  it('should give the duration in seconds, and none before the run has ended', () => {
    expect(
      runDurationSeconds({
        started_at: '2026-11-29T10:00:00.000Z',
        completed_at: '2026-11-29T10:00:02.345Z',
      }),
    ).toBe('2.3 s');
    expect(runDurationSeconds({ started_at: '2026-11-29T10:00:00.000Z', completed_at: null })).toBe('—');
  });

  it('should turn a click on the scaled live view into a point of the 1600x900 page', () => {
    const box = { left: 100, top: 50, width: 800, height: 450 };
    expect(pagePoint(box, { x: 100, y: 50 })).toEqual({ x: 0, y: 0 });
    expect(pagePoint(box, { x: 500, y: 275 })).toEqual({ x: 800, y: 450 });
    expect(pagePoint(box, { x: 950, y: 600 })).toEqual({ x: 1599, y: 899 });
  });

  it('should embed the browser session viewer without navigation, in builder mode', () => {
    expect(viewerAddress('bs 1', { isBuilder: true })).toBe(
      '/viewer?browserSessionId=bs+1&hideNav=true&isBuilder=true',
    );
    expect(viewerAddress('bs 1')).toBe('/viewer?browserSessionId=bs+1&hideNav=true');
  });
});

describe('who builds flows', () => {
  const member = { dashboard_access: false, is_account_admin: false, is_admin: false };
  it('should let members with dashboard access or admins build, and no one else', () => {
    expect(canEditWebFlows({ permissions: member })).toBe(false);
    expect(canEditWebFlows({ permissions: { ...member, dashboard_access: true } })).toBe(true);
    expect(canEditWebFlows({ permissions: { ...member, is_account_admin: true } })).toBe(true);
    expect(canEditWebFlows({ permissions: { ...member, is_admin: true } })).toBe(true);
  });
});
