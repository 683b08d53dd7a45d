import type { RecordedStep } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import {
  CURRENT_RECORDING_VERSION,
  modernizeRecording,
  modernizeStep,
  RecordingDocument,
  RecordingFormatError,
} from '../src';
import { MODERNIZERS } from '../src/modernizers';
import { inlineBytes, readFixture, v1Session, v2Session } from './fixtures';
import { png } from './images';

/** What modernizing throws, for matching its message, version and path. */
function failure(run: () => unknown): RecordingFormatError {
  try {
    run();
  } catch (error) {
    if (error instanceof RecordingFormatError) return error;
    throw error;
  }
  throw new Error('expected a RecordingFormatError');
}

describe('a version 1 recording', () => {
  const v1 = v1Session();
  const recording = modernizeRecording(v1Session());

  it('should open as the current version, saying it was upgraded and that mutations were not counted', () => {
    expect(recording.version).toBe(CURRENT_RECORDING_VERSION);
    expect(recording.upgraded_from).toBe(1);
    expect(recording.mutation_counts).toBe('unknown');
    expect(recording.steps.map((step) => step.mutations)).toEqual(Array(5).fill({ before: 0, after: 0 }));
    expect(recording.steps.map((step) => [step.idx, step.action.type])).toEqual([
      [0, 'click'],
      [1, 'type'],
      [2, 'scroll'],
      [3, 'url_change'],
      [4, 'mouse_move'],
    ]);
    expect(recording.session).toEqual(v1.session);
    expect(recording.rrweb_events).toEqual(v1.rrweb_events);
    expect(recording.network).toEqual(v1.network);
    expect(recording.logs).toEqual(v1.logs);
  });

  it("should make the click's element its target, with the before-state's first bbox", () => {
    const click = recording.steps[0]!.action;
    expect(click).toMatchObject({ type: 'click', x: 84, y: 98, button: 'left' });
    expect(click.type === 'click' && click.target).toEqual({
      id: 'compose-button',
      selector: '#compose-button',
      tag: '',
      text: '',
      bbox: { x: 24, y: 80, width: 120, height: 36 },
    });
    expect(click.metadata).toEqual({ start_seq_id: 1, end_seq_id: 3 });
  });

  it('should keep the typed text, and escape an id that is not a plain identifier in its selector', () => {
    const typing = recording.steps[1]!.action;
    expect(typing).toMatchObject({ type: 'type', text: 'ana@example.com[Tab]Q1 report' });
    expect(typing.type === 'type' && typing.target).toMatchObject({
      id: 'compose:to',
      selector: '#compose\\:to',
    });
  });

  it('should give no target when the action had no element, and keep scroll, url and mouse positions', () => {
    expect(recording.steps[2]!.action).toMatchObject({
      type: 'scroll',
      direction: 'down',
      dx: 0,
      dy: 400,
      target: null,
    });
    expect(recording.steps[3]!.action).toMatchObject({ url: 'http://inbox.mail.localhost:4100/sent' });
    expect(recording.steps[4]!.before_state).toBeNull();
    expect(recording.steps[4]!.after_state).toBeNull();
  });

  it('should turn ISO dates, epoch seconds and epoch milliseconds into epoch milliseconds', () => {
    expect(recording.steps.map((step) => step.action.timestamp)).toEqual([
      Date.parse('2025-03-04T10:25:02.120Z'),
      1_741_083_905_500,
      1_741_083_907_250,
      Date.parse('2025-03-04T10:25:09Z'),
      1_741_083_910_100,
    ]);
    const moves = recording.steps[4]!.action;
    expect(moves.type === 'mouse_move' && moves.positions.map((p) => p.t)).toEqual([
      1_741_083_910_000, 1_741_083_910_050, 1_741_083_910_100,
    ]);
  });

  it('should move every screenshot to an attachment that decodes to the original bytes, with its size', () => {
    const attachments = recording.attachments!;
    v1.steps.forEach((v1Step, i) => {
      for (const state of ['before_state', 'after_state'] as const) {
        const original = v1Step[state]?.screenshot_base64;
        const ref = recording.steps[i]![state]?.screenshot ?? null;
        if (!original) {
          expect(ref).toBeNull();
          continue;
        }
        const bytes = inlineBytes(original);
        const stored = Buffer.from(attachments[ref!.key]!, 'base64');
        expect(stored.equals(bytes)).toBe(true);
        expect(ref!.bytes).toBe(bytes.length);
      }
    });
    expect(recording.steps[0]!.before_state!.screenshot).toMatchObject({
      mime: 'image/jpeg',
      width: 32,
      height: 20,
    });
    expect(recording.steps[1]!.after_state!.screenshot).toMatchObject({
      mime: 'image/png',
      width: 2,
      height: 2,
    });
    expect(recording.steps[2]!.after_state!.screenshot).toMatchObject({
      mime: 'image/png',
      width: 3,
      height: 2,
    });
    expect(recording.steps[3]!.before_state).toEqual({
      current_url: 'http://inbox.mail.localhost:4100/compose',
      screenshot: null,
      metadata: { bboxes: [] },
    });
  });

  it('should store a screenshot that several page states share once', () => {
    const keys = recording.steps.flatMap((step) =>
      [step.before_state?.screenshot?.key, step.after_state?.screenshot?.key].filter(
        (key) => key !== undefined,
      ),
    );
    expect(keys).toHaveLength(7);
    expect(new Set(keys).size).toBe(4);
    expect(Object.keys(recording.attachments!).sort()).toEqual([...new Set(keys)].sort());
    expect(recording.steps[0]!.after_state!.screenshot).toEqual(recording.steps[1]!.before_state!.screenshot);
  });

  it('should give a step stored alone the same step and attachment keys as the whole recording', () => {
    v1.steps.forEach((v1Step, idx) => {
      const { step, attachments, mutationCounts } = modernizeStep({ ...v1Step, idx }, 1);
      expect(step).toEqual(recording.steps[idx]);
      expect(mutationCounts).toBe('unknown');
      for (const [key, bytes] of Object.entries(attachments))
        expect(bytes.toString('base64')).toBe(recording.attachments![key]);
    });
  });

  it('should keep attachments the recording already had', () => {
    const v1WithAttachment = { ...v1Session(), attachments: { 'report.png': png(1, 1).toString('base64') } };
    expect(Object.keys(modernizeRecording(v1WithAttachment).attachments!)).toContain('report.png');
  });
});

describe('a current recording', () => {
  it('should pass unchanged', () => {
    const v2 = v2Session();
    const modernized = modernizeRecording(v2Session());
    expect(JSON.parse(JSON.stringify(modernized))).toStrictEqual(v2);
    expect(modernized.mutation_counts).toBeUndefined();
  });

  it('should be a fixed point: modernizing twice gives what modernizing once gave', () => {
    for (const document of [v1Session(), v2Session()]) {
      const once = modernizeRecording(document);
      expect(modernizeRecording(once)).toStrictEqual(once);
      expect(modernizeRecording(JSON.parse(JSON.stringify(once)))).toStrictEqual(once);
    }
  });

  it('should read a stored current step as it is, with no attachments', () => {
    const v2 = v2Session();
    for (const raw of v2.steps)
      expect(modernizeStep(raw, CURRENT_RECORDING_VERSION)).toEqual({
        step: raw,
        attachments: {},
        mutationCounts: 'recorded',
      });
  });
});

describe('a recording from a newer Proctor', () => {
  it('should be refused, naming both versions and saying to upgrade Proctor', () => {
    const error = failure(() => modernizeRecording(readFixture('v3-future')));
    expect(error.message).toBe(
      'This recording is in format version 3, newer than this Proctor reads (format version 2 and older). ' +
        'Upgrade Proctor to open it.',
    );
    expect(error.fromVersion).toBe(3);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('RecordingFormatError');
  });

  it('should be refused for a stored step too', () => {
    expect(failure(() => modernizeStep({}, 3)).message).toMatch(/format version 3, newer .* Upgrade Proctor/);
  });
});

describe('what is not a readable recording', () => {
  it.each([
    ['a string', 'hello', 'Not a Proctor recording: expected a JSON object, got "hello"'],
    ['null', null, 'Not a Proctor recording: expected a JSON object, got null'],
    ['an array', [], 'Not a Proctor recording: expected a JSON object, got an array'],
    [
      'no format',
      { version: 1, steps: [] },
      'Not a Proctor recording: it has no "format" (expected "proctor-recording")',
    ],
    [
      'another format',
      { format: 'playwright-trace', version: 1 },
      'Not a Proctor recording: "format" is "playwright-trace", expected "proctor-recording"',
    ],
    [
      'no version',
      { format: 'proctor-recording', steps: [] },
      'Not a Proctor recording: it has no "version"',
    ],
    [
      'a version in quotes',
      { format: 'proctor-recording', version: '2' },
      'Not a Proctor recording: "version" must be a whole number from 1, got "2"',
    ],
    [
      'a fractional version',
      { format: 'proctor-recording', version: 1.5 },
      'Not a Proctor recording: "version" must be a whole number from 1, got 1.5',
    ],
    [
      'version 0',
      { format: 'proctor-recording', version: 0 },
      'Not a Proctor recording: "version" must be a whole number from 1, got 0',
    ],
  ])('should refuse %s as not a recording', (_, document, message) => {
    const error = failure(() => modernizeRecording(document));
    expect(error.message).toBe(message);
    expect(error.fromVersion).toBeNull();
  });

  it('should name the path of an unknown action type in a v1 recording', () => {
    const v1 = v1Session();
    (v1.steps[3]!.action as { type: string }).type = 'hover';
    const error = failure(() => modernizeRecording(v1));
    expect(error.message).toBe(
      'Invalid Proctor recording (format version 1): steps[3].action.type: Invalid discriminator value. ' +
        "Expected 'click' | 'type' | 'scroll' | 'submit' | 'url_change' | 'mouse_move'",
    );
    expect(error.path).toBe('steps[3].action.type');
    expect(error.fromVersion).toBe(1);
  });

  it('should name the path of a missing field, an unreadable date and a screenshot that is not an image', () => {
    const missing = v1Session();
    delete (missing.steps[0]!.action as { x?: number }).x;
    expect(failure(() => modernizeRecording(missing)).message).toBe(
      'Invalid Proctor recording (format version 1): steps[0].action.x: Invalid input: expected number, received undefined',
    );

    const badDate = v1Session();
    badDate.steps[1]!.action.timestamp = 'yesterday';
    expect(failure(() => modernizeRecording(badDate)).message).toBe(
      'Invalid Proctor recording (format version 1): steps[1].action.timestamp: ' +
        'Expected epoch seconds, epoch milliseconds or an ISO 8601 date, got "yesterday"',
    );

    const gif = v1Session();
    gif.steps[2]!.before_state!.screenshot_base64 = Buffer.from('GIF89a\x01\x00\x01\x00', 'binary').toString(
      'base64',
    );
    expect(failure(() => modernizeRecording(gif)).path).toBe('steps[2].before_state.screenshot_base64');
    expect(failure(() => modernizeRecording(gif)).message).toMatch(/: Not a JPEG or PNG image/);

    const notBase64 = v1Session();
    notBase64.steps[0]!.after_state!.screenshot_base64 = 'not base64!';
    expect(failure(() => modernizeRecording(notBase64)).message).toMatch(
      /steps\[0\]\.after_state\.screenshot_base64: Not base64$/,
    );
  });

  it('should name the path of a problem in a current recording', () => {
    const noMutations = v2Session();
    delete (noMutations.steps[2] as Partial<RecordedStep>).mutations;
    const error = failure(() => modernizeRecording(noMutations));
    expect(error.message).toBe(
      'Invalid Proctor recording (format version 2): steps[2].mutations: Invalid input: expected object, received undefined',
    );
    expect(error.fromVersion).toBe(2);

    const missingAttachment = v2Session();
    const key = missingAttachment.steps[1]!.after_state!.screenshot!.key;
    delete missingAttachment.attachments![key];
    expect(failure(() => modernizeRecording(missingAttachment)).message).toBe(
      `Invalid Proctor recording (format version 2): steps[1].after_state.screenshot.key: No attachment "${key}" in the recording's attachments`,
    );
  });

  it('should refuse a stored v1 step without its idx, and a version that is not one', () => {
    const row = v1Session().steps[0];
    expect(failure(() => modernizeStep(row, 1)).message).toBe(
      'Invalid recorded step (format version 1): idx: Invalid input: expected number, received undefined',
    );
    expect(failure(() => modernizeStep(row, 0)).message).toBe(
      'Not a Proctor recording version: 0 (versions are whole numbers from 1)',
    );
  });
});

describe('the modernizers', () => {
  it('should lead from every older version to the current one, one version at a time', () => {
    const from = Object.keys(MODERNIZERS).map(Number);
    expect(from).toEqual(Array.from({ length: CURRENT_RECORDING_VERSION - 1 }, (_, i) => i + 1));
    expect(RecordingDocument.shape.version.value).toBe(CURRENT_RECORDING_VERSION);
  });
});
