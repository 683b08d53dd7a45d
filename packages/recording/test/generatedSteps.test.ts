import { RecordedStep } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { imageSize, modernizeRecording, modernizeStep } from '../src';
import { inlineBytes, v1Session } from './fixtures';
import { jpegWithSize, png } from './images';

/** mulberry32: a small seeded PRNG, so a failure reproduces from its seed. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Random = ReturnType<typeof prng>;

const baseJpeg = inlineBytes(v1Session().steps[0]!.before_state!.screenshot_base64!);
const ID_CHARACTERS = ['a', 'Z', '0', '9', '-', '_', ':', '.', ' ', '#', '[', 'é', '😀', '\u0001', '\0'];

/** A v1 timestamp in one of the forms v1 wrote, with the milliseconds it stands for. */
function timestamp(random: Random): { written: number | string; millis: number } {
  const millis = random.int(1_500_000_000_000, 1_900_000_000_000);
  const form = random.int(0, 2);
  return {
    written: form === 0 ? millis : form === 1 ? millis / 1000 : new Date(millis).toISOString(),
    millis,
  };
}

function elementId(random: Random): string | null | undefined {
  const kind = random.int(0, 4);
  if (kind === 0) return null;
  if (kind === 1) return undefined;
  if (kind === 2) return '';
  return Array.from({ length: random.int(1, 12) }, () => random.pick(ID_CHARACTERS)).join('');
}

interface GeneratedState {
  written: unknown;
  image: Buffer | null;
  bboxes: { x: number; y: number; width: number; height: number }[];
}

function pageState(random: Random): GeneratedState | null {
  if (random.chance(0.2)) return null;
  const image = random.chance(0.2)
    ? null
    : random.chance(0.5)
      ? png(random.int(1, 40), random.int(1, 40), [
          random.int(0, 255),
          random.int(0, 255),
          random.int(0, 255),
        ])
      : jpegWithSize(baseJpeg, random.int(1, 65_535), random.int(1, 65_535));
  const bboxes = Array.from({ length: random.int(0, 3) }, () => ({
    x: random.int(-50, 1280),
    y: random.int(-50, 5000),
    width: random.int(0, 1280),
    height: random.int(0, 800),
  }));
  const base64 = image?.toString('base64') ?? null;
  const screenshot =
    base64 === null
      ? random.pick([null, '', undefined])
      : random.chance(0.3)
        ? `data:image/*;base64,${base64}`
        : base64;
  return {
    written: {
      current_url: `http://app.localhost/${random.int(0, 99)}`,
      screenshot_base64: screenshot,
      metadata: { bboxes },
    },
    image,
    bboxes,
  };
}

/** The action types version 1 recorded (`select` came later). */
const V1_ACTION_TYPES = ['click', 'scroll', 'type', 'submit', 'url_change', 'mouse_move'] as const;

function generatedStep(random: Random, n: number) {
  const type = random.pick(V1_ACTION_TYPES);
  const time = timestamp(random);
  const id = elementId(random);
  const start = random.int(0, 10_000);
  const specific: Record<string, unknown> =
    type === 'click'
      ? { x: random.int(0, 1280), y: random.int(0, 800), ...(random.chance(0.5) && { button: 'right' }) }
      : type === 'type'
        ? { text: Array.from({ length: random.int(0, 30) }, () => random.pick(ID_CHARACTERS)).join('') }
        : type === 'scroll'
          ? {
              direction: random.pick(['up', 'down', 'left', 'right']),
              dx: random.int(-900, 900),
              dy: random.int(-900, 900),
            }
          : type === 'url_change'
            ? { url: `http://app.localhost/page/${n}` }
            : type === 'mouse_move'
              ? {
                  positions: Array.from({ length: random.int(0, 5) }, () => ({
                    x: 1,
                    y: 2,
                    t: timestamp(random).written,
                  })),
                }
              : {};
  const hasTarget = ['click', 'type', 'scroll', 'submit'].includes(type);
  const before = pageState(random);
  const after = pageState(random);
  return {
    written: {
      action: {
        type,
        id: `act-${n}`,
        timestamp: time.written,
        is_simulator_action: random.chance(0.1),
        start_seq_id: start,
        end_seq_id: start + random.int(0, 40),
        ...specific,
        ...(hasTarget && id !== undefined && { element_id: id }),
      },
      before_state: before?.written ?? null,
      after_state: after?.written ?? null,
    },
    type,
    millis: time.millis,
    targetId: hasTarget && id ? id : null,
    bbox: before?.bboxes[0] ?? after?.bboxes[0] ?? null,
    states: { before_state: before, after_state: after },
  };
}

describe('upgrading generated version 1 steps', () => {
  it('should give a valid current step for every one, keeping what v1 recorded', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const random = prng(seed);
      const generated = generatedStep(random, seed);
      const idx = random.int(0, 500);
      const { step, attachments } = modernizeStep({ ...generated.written, idx }, 1);
      const context = `seed ${seed}`;

      expect(RecordedStep.safeParse(step).success, context).toBe(true);
      expect(step.idx, context).toBe(idx);
      expect(step.action.type, context).toBe(generated.type);
      expect(step.action.timestamp, context).toBe(generated.millis);
      if ('target' in step.action) {
        expect(step.action.target?.id ?? null, context).toBe(generated.targetId);
        if (step.action.target) expect(step.action.target.bbox, context).toEqual(generated.bbox);
      }
      for (const state of ['before_state', 'after_state'] as const) {
        const image = generated.states[state]?.image ?? null;
        const ref = step[state]?.screenshot ?? null;
        if (!image) {
          expect(ref, context).toBeNull();
          continue;
        }
        expect(attachments[ref!.key]!.equals(image), context).toBe(true);
        expect(ref, context).toMatchObject({ ...imageSize(image), bytes: image.length });
      }
    }
  });

  it('should give a valid current recording for a session of generated steps', () => {
    const random = prng(2024);
    const steps = Array.from({ length: 120 }, (_, n) => generatedStep(random, n).written);
    const recording = modernizeRecording({ format: 'proctor-recording', version: 1, steps });
    expect(recording.steps.map((step) => step.idx)).toEqual(steps.map((_, idx) => idx));
    expect(modernizeRecording(recording)).toStrictEqual(recording);
  });
});
