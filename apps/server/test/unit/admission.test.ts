import { describe, expect, it } from 'vitest';
import { EnvironmentAdmission, type Slot } from '../../src/environments/admission';
import { HttpError } from '../../src/kernel/http/errors';

const A = 1;
const B = 2;
const C = 3;
const noPlan = null;

/** Runs waiting for a slot, each saying who it is once it has one. */
function queue(admission: EnvironmentAdmission, signal = new AbortController().signal) {
  const started: string[] = [];
  const slots = new Map<string, Slot>();
  const wait = (name: string, organizationId: number) =>
    void admission.wait(organizationId, noPlan, signal).then(
      (slot) => {
        started.push(name);
        slots.set(name, slot);
      },
      () => started.push(`${name} abandoned`),
    );
  return { started, slots, wait };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('environment admission', () => {
  it("should refuse an organization's make past its limit with 429, and every make past the machine's with 503", () => {
    const admission = new EnvironmentAdmission({ maxEnvironments: 3, perOrganization: 2 });
    admission.take(A, noPlan);
    admission.take(A, noPlan);
    expect(() => admission.take(A, noPlan)).toThrow(
      new HttpError(
        429,
        "Your organization's limit of 2 environments at once is reached: close one of its environments or try again shortly",
      ),
    );
    const b = admission.take(B, noPlan);
    expect(() => admission.take(C, noPlan)).toThrow(/All 3 environment slots are in use/);
    b.release();
    b.release();
    expect(admission.heldBy(B)).toBe(0);
    // A plan's own limit stands in for the setting.
    expect(() => admission.take(A, { max_environments: 2 })).toThrow(/limit of 2 environments/);
    admission.take(C, { max_environments: 1 });
    expect(admission.heldBy(C)).toBe(1);
  });

  it('should give a freed slot to the waiting run of the organization holding the fewest, then the earliest', async () => {
    const admission = new EnvironmentAdmission({ maxEnvironments: 2, perOrganization: 2 });
    const first = admission.take(A, noPlan);
    const second = admission.take(A, noPlan);
    const runs = queue(admission);
    // A's backlog came first; B's single run and C's after it.
    runs.wait('A1', A);
    runs.wait('A2', A);
    runs.wait('B1', B);
    runs.wait('C1', C);
    await settled();
    expect(runs.started).toEqual([]);

    first.release();
    await settled();
    // B and C hold none, A holds one: B waited longest of the two.
    expect(runs.started).toEqual(['B1']);
    // A and C hold none now: A's run waited longest.
    second.release();
    await settled();
    expect(runs.started).toEqual(['B1', 'A1']);
    // A holds one, C none: C's run goes before A's earlier one.
    runs.slots.get('B1')!.release();
    await settled();
    expect(runs.started).toEqual(['B1', 'A1', 'C1']);
  });

  it("should keep an organization's runs waiting at its limit while others take the free slots", async () => {
    const admission = new EnvironmentAdmission({ maxEnvironments: 3, perOrganization: 1 });
    const running = admission.take(A, noPlan);
    const runs = queue(admission);
    runs.wait('A1', A);
    runs.wait('B1', B);
    await settled();
    expect(runs.started).toEqual(['B1']);
    running.release();
    await settled();
    expect(runs.started).toEqual(['B1', 'A1']);
  });

  it('should drop a waiting run whose job was stopped, and hand the slot to the next', async () => {
    const admission = new EnvironmentAdmission({ maxEnvironments: 1, perOrganization: 1 });
    const running = admission.take(C, noPlan);
    const stopped = new AbortController();
    const abandoned = queue(admission, stopped.signal);
    const runs = queue(admission);
    abandoned.wait('A1', A);
    runs.wait('B1', B);
    stopped.abort(new Error('shutting down'));
    await settled();
    expect(abandoned.started).toEqual(['A1 abandoned']);
    running.release();
    await settled();
    expect(runs.started).toEqual(['B1']);
  });
});
