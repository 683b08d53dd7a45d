// Every test case's reference solution and wrong variant run in CI through Proctor's benchmarker:
// apps/server/test/builtInBenchmark.test.ts (-t calendar for this app's alone).
import { describe, expect, it } from 'vitest';
import { calendar } from '../../src/apps/calendar/index';
import { availableSlots, occurrencesOf, personClashes } from '../../src/apps/calendar/scheduling';
import { addMinutes, durationMinutes, formatClock, toLocal, weekStart } from '../../src/apps/calendar/time';
import { prepareSimulator, SimulatorInstance, vocabularyCoverage } from '../../src/kit';
import { InstanceClient } from '../../src/testing/index';

function freshInstance(id: string): SimulatorInstance {
  return new SimulatorInstance(prepareSimulator(calendar), { id, origin: `http://${id}.calendar.localhost` });
}

function count(instance: SimulatorInstance, table: string): number {
  return (instance.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
}

async function signedIn(instance: SimulatorInstance): Promise<InstanceClient> {
  const client = new InstanceClient(instance);
  await client.post('/login', { email: calendar.auth.user, password: calendar.auth.password, next: '/' });
  return client;
}

const RULES = { minNoticeHours: 4, windowDays: 21 };

describe('calendar seed', () => {
  it('should be as rich as a real team calendar', () => {
    const instance = freshInstance('seed');
    try {
      expect(count(instance, 'people')).toBe(40);
      expect(count(instance, 'rooms')).toBe(12);
      expect(count(instance, 'events')).toBeGreaterThanOrEqual(450);
      expect(count(instance, 'attendees')).toBeGreaterThanOrEqual(1200);
      expect(count(instance, 'working_hours')).toBeGreaterThanOrEqual(150);
      expect(count(instance, 'bookings')).toBeGreaterThanOrEqual(25);
    } finally {
      instance.destroy();
    }
  });

  it('should cover every level and skill, and the capabilities the brief names', () => {
    const coverage = vocabularyCoverage(calendar.testCases);
    expect(coverage.missingReasoningLevels).toEqual([]);
    expect(coverage.missingSkills).toEqual([]);
    expect(calendar.testCases.length).toBeGreaterThanOrEqual(15);
    for (const level of ['level_1', 'level_2', 'level_3', 'level_4', 'level_5']) {
      expect(
        calendar.testCases.filter((t) => t.metadata.reasoning_level === level).length,
      ).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('calendar time and scheduling', () => {
  it('should convert the virtual clock to Chicago wall-clock time', () => {
    expect(toLocal(new Date('2026-03-16T14:00:00.000Z'))).toBe('2026-03-16T09:00');
    // Before the DST switch on March 8, Chicago is UTC-6.
    expect(toLocal(new Date('2026-03-02T15:00:00.000Z'))).toBe('2026-03-02T09:00');
    expect(weekStart('2026-03-19')).toBe('2026-03-16');
    expect(addMinutes('2026-03-16T23:30', 45)).toBe('2026-03-17T00:15');
    expect(durationMinutes('2026-03-16T09:30', '2026-03-16T11:00')).toBe(90);
    expect(formatClock('00:05')).toBe('12:05 AM');
    expect(formatClock('12:30')).toBe('12:30 PM');
  });

  it('should expand a weekly series into its occurrences', () => {
    const instance = freshInstance('series');
    try {
      const standup = instance.db.prepare("SELECT * FROM events WHERE title = 'Product team standup'").get();
      const occurrences = occurrencesOf(standup as Parameters<typeof occurrencesOf>[0], {
        start: '2026-03-16T00:00',
        end: '2026-03-30T00:00',
      });
      expect(occurrences.map((o) => o.start)).toEqual(['2026-03-16T09:30', '2026-03-23T09:30']);
    } finally {
      instance.destroy();
    }
  });

  it('should offer booking slots only in working hours, after the notice and around busy time', () => {
    const instance = freshInstance('slots');
    try {
      // Monday 9 AM with 4 hours' notice: nothing before 1 PM; the free-shown planning block does not block.
      expect(availableSlots(instance.db, 1, '2026-03-16', 60, '2026-03-16T09:00', RULES)[0]).toBe('13:00');
      // Wednesday: the hiring sync 9:30–10:00 and the vendor demo 1–2 PM are busy.
      const wednesday = availableSlots(instance.db, 1, '2026-03-18', 30, '2026-03-16T09:00', RULES);
      expect(wednesday).toContain('09:00');
      expect(wednesday).not.toContain('09:30');
      expect(wednesday).not.toContain('13:00');
      expect(wednesday.at(-1)).toBe('16:30');
      expect(availableSlots(instance.db, 1, '2026-03-21', 30, '2026-03-16T09:00', RULES)).toEqual([]);
      expect(availableSlots(instance.db, 1, '2026-04-30', 30, '2026-03-16T09:00', RULES)).toEqual([]);
    } finally {
      instance.destroy();
    }
  });

  it('should find an attendee busy with a meeting she organizes but not with one she declined', () => {
    const instance = freshInstance('clashes');
    try {
      const at = (start: string, end: string) => [{ start, end }];
      expect(personClashes(instance.db, 4, at('2026-03-17T15:00', '2026-03-17T16:00'), null)).toHaveLength(1);
      expect(personClashes(instance.db, 4, at('2026-03-19T15:00', '2026-03-19T15:45'), null)).toHaveLength(0);
    } finally {
      instance.destroy();
    }
  });
});

describe('calendar event form', () => {
  const base = {
    title: 'Pricing sync',
    date: '2026-03-19',
    start_time: '15:00',
    end_time: '16:00',
    recurrence: 'none',
    show_as: 'busy',
  };

  it('should refuse an end before the start without writing anything', async () => {
    const instance = freshInstance('end-before-start');
    try {
      const client = await signedIn(instance);
      const response = await client.post('/events', { ...base, end_time: '14:00' });
      expect(response.status).toBe(422);
      expect(response.text).toContain('End time must be after the start time');
      expect(instance.state()).toEqual([]);
    } finally {
      instance.destroy();
    }
  });

  it('should refuse a booked room and a room too small, naming the reason', async () => {
    const instance = freshInstance('room-errors');
    try {
      const client = await signedIn(instance);
      const booked = await client.post('/events', { ...base, room: '1' });
      expect(booked.status).toBe(422);
      expect(booked.text).toContain('Fjord is already booked');
      const small = await client.post('/events', { ...base, room: '4', attendees: ['5', '6'] });
      expect(small.text).toContain('Anchor seats 2; this meeting has 3 people');
      expect(instance.state()).toEqual([]);
    } finally {
      instance.destroy();
    }
  });

  it('should warn about a busy guest and save only when confirmed', async () => {
    const instance = freshInstance('busy-guest');
    try {
      const client = await signedIn(instance);
      const form = { ...base, date: '2026-03-17', attendees: ['4'] };
      const warned = await client.post('/events', form);
      expect(warned.status).toBe(409);
      expect(warned.text).toContain('Some people are busy');
      expect(instance.state()).toEqual([]);
      await client.post('/events', { ...form, confirm_conflicts: '1' });
      expect(instance.state().map((m) => m.table_name)).toEqual(['events', 'attendees']);
    } finally {
      instance.destroy();
    }
  });

  it('should never write when pages are browsed', async () => {
    const instance = freshInstance('browse');
    try {
      const client = await signedIn(instance);
      for (const path of [
        '/calendar/week',
        '/calendar/month',
        '/calendar/day',
        '/events?q=sync',
        '/invitations',
        '/rooms/3',
        '/people/4',
        '/settings/availability',
        '/booking-page',
        '/book/jordan-ellis/intro-call',
      ]) {
        expect((await client.get(path)).status, path).toBe(200);
      }
      expect(instance.state()).toEqual([]);
    } finally {
      instance.destroy();
    }
  });
});
