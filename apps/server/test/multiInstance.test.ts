import { builtInSimulators, SimulatorHost, type SimulatorInstance } from '@proctor/simulators';
import { afterEach, describe, expect, it } from 'vitest';
import { MultiSimulatorInstance } from '../src/environments/multiInstance';

const mail = builtInSimulators.find((simulator) => simulator.name === 'mail')!;
const calendar = builtInSimulators.find((simulator) => simulator.name === 'calendar')!;

/** A write as a request makes it: the row changes, and the instance notes when the request arrived. */
function write(instance: SimulatorInstance, sql: string, receivedAt: number): void {
  const before = instance.mutationCount();
  instance.db.prepare(sql).run();
  instance.noteWrites(receivedAt, before);
}
const addLabel = (instance: SimulatorInstance, name: string, at: number) =>
  write(instance, `INSERT INTO labels (name, color) VALUES ('${name}', 'green')`, at);
const renameEvent = (instance: SimulatorInstance, title: string, at: number) =>
  write(instance, `UPDATE events SET title = '${title}' WHERE id = 5`, at);

/** The instances of a mail + calendar environment, without a browser: one log, each mutation tagged. */
describe('MultiSimulatorInstance', () => {
  const host = new SimulatorHost();
  let multi: MultiSimulatorInstance | undefined;
  afterEach(() => multi?.destroy());

  function make() {
    const parts = [
      { name: 'mail', instance: host.createInstance(mail, { id: 'multi' }) },
      { name: 'calendar', instance: host.createInstance(calendar, { id: 'multi' }) },
    ];
    multi = new MultiSimulatorInstance(parts);
    return { multi, mailInstance: parts[0]!.instance, calendarInstance: parts[1]!.instance };
  }
  const rows = (instance: MultiSimulatorInstance, skip = 0) =>
    instance.mutations(skip).map((m) => `${m.simulator} ${m.action} ${m.table_name}`);

  it('should keep the order it first saw the writes in, each tagged with its app, and serve the first app', () => {
    const { multi, mailInstance, calendarInstance } = make();
    expect(multi.origin).toBe(mailInstance.origin);
    expect(multi.origins).toEqual([mailInstance.origin, calendarInstance.origin]);
    expect(multi.url('/mail/inbox')).toBe(mailInstance.url('/mail/inbox'));

    renameEvent(calendarInstance, 'Budget', 1_000);
    expect(multi.mutationCount()).toBe(1);
    addLabel(mailInstance, 'Travel', 2_000);
    expect(rows(multi)).toEqual(['calendar UPDATE events', 'mail INSERT labels']);
    // Positions, once given, do not move: steps store them.
    expect(rows(multi, 1)).toEqual(['mail INSERT labels']);
    expect(multi.state().map((m) => m.simulator)).toEqual(['mail', 'calendar']);
  });

  it('should count, before an instant, the longest start of the log that requests received earlier made', () => {
    const { multi, mailInstance, calendarInstance } = make();
    renameEvent(calendarInstance, 'First', 1_000);
    multi.mutationCount();
    addLabel(mailInstance, 'Late', 3_000);
    multi.mutationCount();
    renameEvent(calendarInstance, 'Second', 2_000);
    expect(rows(multi)).toEqual(['calendar UPDATE events', 'mail INSERT labels', 'calendar UPDATE events']);
    expect(multi.mutationCountBefore(500)).toBe(0);
    expect(multi.mutationCountBefore(1_500)).toBe(1);
    // The calendar's second write came before 2 500, but after mail's later one in the log: a prefix stops there.
    expect(multi.mutationCountBefore(2_500)).toBe(1);
    expect(multi.mutationCountBefore(4_000)).toBe(3);
  });

  it('should put every app back at reset and start the log over', () => {
    const { multi, mailInstance, calendarInstance } = make();
    addLabel(mailInstance, 'Travel', 1_000);
    renameEvent(calendarInstance, 'Budget', 1_000);
    expect(multi.mutationCount()).toBe(2);
    const backup = multi.backup();
    expect(backup.mutationCount).toBe(2);
    multi.reset();
    expect(multi.mutations()).toEqual([]);
    expect(mailInstance.db.prepare(`SELECT count(*) AS n FROM labels WHERE name = 'Travel'`).get()).toEqual({
      n: 0,
    });
    expect(calendarInstance.db.prepare('SELECT title FROM events WHERE id = 5').get()).not.toEqual({
      title: 'Budget',
    });
    addLabel(mailInstance, 'Again', 2_000);
    expect(rows(multi)).toEqual(['mail INSERT labels']);
  });

  it('should hold every app while a task runs exclusively, and let go of each after', async () => {
    const { multi, mailInstance, calendarInstance } = make();
    const order: string[] = [];
    let release!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const held = multi.exclusive(
      () =>
        new Promise<void>((resolve) => {
          order.push('multi');
          release = resolve;
          started();
        }),
    );
    await running;
    // Requests of either app that arrive while the task runs wait for it.
    const onMail = mailInstance.exclusive(() => order.push('mail'));
    const onCalendar = calendarInstance.exclusive(() => order.push('calendar'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['multi']);
    release();
    await Promise.all([held, onMail, onCalendar]);
    expect(order.slice(1).sort()).toEqual(['calendar', 'mail']);
    multi.destroy();
    expect(multi.destroyed).toBe(true);
    expect(mailInstance.destroyed && calendarInstance.destroyed).toBe(true);
  });
});
