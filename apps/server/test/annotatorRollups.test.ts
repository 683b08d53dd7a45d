import { HUMAN_CONSENSUS, SESSION_STATUSES } from '@proctor/contracts';
import { newPublicId, scores, sessions } from '@proctor/db';
import { eq, inArray, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { listAnnotatorFigures } from '../src/repositories/annotatorActivity';
import {
  countOrganizationAssignmentsByStage,
  listAssignmentProgress,
  NOT_RECORDED,
  pageOrganizationAssignments,
} from '../src/repositories/assignments';
import { catalog } from './support/catalog';
import { describeEachDatabase } from './support/proctor';

/** mulberry32: the same random sessions every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The annotator dashboards read each assignment's progress from assignment_progress, kept by a trigger on
 * sessions (migration 0019): after any mix of session writes it must hold what grouping the sessions gives.
 */
describeEachDatabase('assignment progress rollup against the direct computation', (proctor) => {
  const make = catalog(proctor);
  const db = () => proctor().ctx.db;

  it('should agree with the sessions after inserts, status and score changes, archiving, moves and deletes', async () => {
    const next = random(27);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
    const organizations = [
      await proctor().organization({ annotator: true }),
      await proctor().organization({ annotator: true }),
    ];
    const testCases = await Promise.all(Array.from({ length: 5 }, () => make.testCase()));
    const consensus = [null, ...HUMAN_CONSENSUS];
    const randomValues = () => ({
      organizationId: pick(organizations).id,
      testCaseId: next() < 0.1 ? null : pick(testCases).id,
      status: pick(SESSION_STATUSES),
      archived: next() < 0.1,
      humanConsensus: pick(consensus),
      humanScoreCount: Math.floor(next() * 4),
      needsHumanScoring: next() < 0.5,
    });

    const inserted = await db()
      .insert(sessions)
      .values(Array.from({ length: 120 }, () => ({ publicId: newPublicId(), ...randomValues() })))
      .returning({ id: sessions.id });
    const ids = inserted.map((row) => row.id);
    // One column at a time, as the server's writes change them, and all at once.
    const changes = [
      () => ({ status: pick(SESSION_STATUSES) }),
      () => ({ archived: next() < 0.5 }),
      () => ({ humanConsensus: pick(consensus), humanScoreCount: Math.floor(next() * 4) }),
      () => ({ needsHumanScoring: next() < 0.5 }),
      () => ({ testCaseId: pick(testCases).id }),
      () => ({ organizationId: pick(organizations).id }),
      () => ({ userId: null, failureReason: 'not counted' }),
      randomValues,
    ];
    for (let i = 0; i < 150; i++)
      await db()
        .update(sessions)
        .set(pick(changes)())
        .where(eq(sessions.id, pick(ids)));
    // Many rows in one statement, then some deleted.
    await db()
      .update(sessions)
      .set({ status: 'scoring_completed' })
      .where(inArray(sessions.id, ids.slice(0, 40)));
    await db()
      .delete(sessions)
      .where(inArray(sessions.id, ids.slice(40, 55)));

    for (const organization of organizations) {
      const rollup = await listAssignmentProgress(db(), 'rollup', organization.id);
      expect(rollup.length).toBeGreaterThan(0);
      expect(rollup).toEqual(await listAssignmentProgress(db(), 'sessions', organization.id));
    }
  });

  it('should give the same pages and tab counts from the rollup as from the sessions', async () => {
    const next = random(5);
    const organization = await proctor().organization({ annotator: true });
    const simulator = await make.simulator();
    const testCases = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        make.testCase({ simulatorId: simulator.id, isSample: i % 5 === 0 }),
      ),
    );
    await db().execute(sql`insert into organization_test_cases (organization_id, test_case_id, requested_recording_count, completed)
      select ${organization.id}, id, 2, id % 7 = 0 from test_cases where id in (${sql.join(
        testCases.map((testCase) => sql`${testCase.id}`),
        sql`, `,
      )})`);
    await db()
      .insert(sessions)
      .values(
        Array.from({ length: 60 }, () => ({
          publicId: newPublicId(),
          organizationId: organization.id,
          testCaseId: testCases[Math.floor(next() * testCases.length)]!.id,
          status: next() < 0.8 ? 'scoring_completed' : 'run_started',
          humanConsensus: next() < 0.5 ? 'pass' : null,
          humanScoreCount: Math.floor(next() * 3),
          needsHumanScoring: next() < 0.5,
        })),
      );

    const counts = (source: 'rollup' | 'sessions') =>
      countOrganizationAssignmentsByStage(db(), organization.id, { source });
    expect(await counts('rollup')).toEqual(await counts('sessions'));
    for (const stage of [
      'NEEDS_LABELLING',
      'NEEDS_RECORDING',
      'NEEDS_SCORING',
      'REVIEW',
      'COMPLETED',
    ] as const) {
      const page = (source: 'rollup' | 'sessions') =>
        pageOrganizationAssignments(
          db(),
          { assignedTo: organization.id, stage },
          { offset: 0, limit: 50, viewerUserId: null },
          source,
        );
      expect(await page('rollup')).toEqual(await page('sessions'));
    }
  });

  it("should count as recorded the statuses the repository's NOT_RECORDED leaves out, and only those", async () => {
    for (const status of SESSION_STATUSES) {
      const result = (await db().execute(
        sql`select assignment_session_counts(false, ${status}) as counts`,
      )) as unknown as { rows: { counts: boolean }[] };
      expect({ status, counts: result.rows[0]!.counts }).toEqual({
        status,
        counts: !NOT_RECORDED.includes(status),
      });
    }
  });
});

/**
 * The annotator admin's 30-day figures read whole days from annotator_daily_figures, kept by triggers on
 * sessions and scores (migration 0021), and the window's first part-day from the rows: after any mix of writes
 * they must be what reading every row of the window gives.
 */
describeEachDatabase('annotator daily figures against the rows', (proctor) => {
  const db = () => proctor().ctx.db;
  const DAY = 24 * 3600 * 1000;

  it('should agree with the rows for windows starting anywhere, after scores, repeats, archiving, moves and deletes', async () => {
    const next = random(30);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
    const admin = await proctor().actor({ annotator: true, permissions: { is_account_admin: true } });
    const organization = admin.organization!;
    const people = [
      admin,
      ...(await Promise.all(Array.from({ length: 3 }, () => proctor().actor({ organization })))),
    ];
    const stranger = await proctor().actor({ annotator: true });
    const now = Date.now();
    // Times over the last 40 days, a third of them on or next to a UTC midnight.
    const at = () => {
      const time = now - Math.floor(next() * 40 * DAY);
      const edge = next();
      if (edge < 0.2) return new Date(Math.floor(time / DAY) * DAY);
      if (edge < 0.33) return new Date(Math.floor(time / DAY) * DAY - 1);
      return new Date(time);
    };

    const made = await db()
      .insert(sessions)
      .values(
        Array.from({ length: 80 }, () => {
          const owner = next() < 0.9 ? pick(people) : stranger;
          return {
            publicId: newPublicId(),
            organizationId: owner.organization!.id,
            userId: owner.user.id,
            status: 'scoring_completed',
            archived: next() < 0.1,
            sessionDuration: next() < 0.2 ? null : Math.round(next() * 1000) / 997,
            createdAt: at(),
          };
        }),
      )
      .returning({ id: sessions.id, createdAt: sessions.createdAt });
    const scoreValues = () => {
      const session = pick(made);
      const time = new Date(session.createdAt.getTime() + Math.floor(next() * 3 * DAY));
      return {
        sessionId: session.id,
        userId: pick([...people, stranger]).user.id,
        type: next() < 0.85 ? 'human_in_the_loop' : 'state_mutation_match',
        result: {
          correct: next() < 0.7,
          ...(next() < 0.8 ? { session_time: Math.round(next() * 5000) / 7 } : {}),
        },
        createdAt: new Date(Math.min(time.getTime(), now)),
      };
    };
    const given = await db()
      .insert(scores)
      .values(Array.from({ length: 150 }, scoreValues))
      .returning({ id: scores.id, sessionId: scores.sessionId, userId: scores.userId });
    // The same people scoring the same sessions again, days later.
    await db()
      .insert(scores)
      .values(
        given.slice(0, 30).map((score) => ({
          ...scoreValues(),
          sessionId: score.sessionId,
          userId: score.userId,
          type: 'human_in_the_loop',
        })),
      );

    const sessionChanges = [
      () => ({ archived: next() < 0.5 }),
      () => ({ organizationId: pick([organization, stranger.organization!]).id }),
      () => ({ sessionDuration: next() < 0.3 ? null : next() * 2 }),
      () => ({ userId: pick(people).user.id, createdAt: at() }),
      () => ({ status: 'run_failed' }),
    ];
    for (let i = 0; i < 60; i++)
      await db()
        .update(sessions)
        .set(pick(sessionChanges)())
        .where(eq(sessions.id, pick(made).id));
    for (let i = 0; i < 20; i++)
      await db()
        .update(scores)
        .set(next() < 0.5 ? { createdAt: at() } : { result: { correct: next() < 0.5 } })
        .where(eq(scores.id, pick(given).id));
    await db()
      .delete(scores)
      .where(
        inArray(
          scores.id,
          given.slice(100, 110).map((score) => score.id),
        ),
      );
    await db()
      .delete(sessions)
      .where(
        inArray(
          sessions.id,
          made.slice(70, 75).map((session) => session.id),
        ),
      );

    const figures = async (since: Date, source: 'rollup' | 'rows') =>
      (await listAnnotatorFigures(db(), organization.id, since, source)).map((row) => ({
        ...row,
        avgSessionHours: row.avgSessionHours === null ? null : row.avgSessionHours.toFixed(9),
        avgScoringSeconds: row.avgScoringSeconds === null ? null : row.avgScoringSeconds.toFixed(9),
      }));
    const midnight = Math.floor(now / DAY) * DAY;
    let busy = 0;
    for (const since of [now - 30 * DAY, midnight - 30 * DAY, midnight - 12 * DAY + 1, now - 3 * DAY, now]) {
      const rollup = await figures(new Date(since), 'rollup');
      expect(rollup).toEqual(await figures(new Date(since), 'rows'));
      busy += rollup.filter((row) => row.totalScores > 0 && row.totalSessions > 0).length;
    }
    expect(busy).toBeGreaterThan(0);
  });
});
