import { type HumanScoreRequest, IN_PROGRESS_SESSION_STATUSES, type SessionStatus } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { z } from 'zod';
import type { UserPrincipal } from '../kernel/access/principal';
import { conflict, forbidden } from '../kernel/http/errors';
import type { ScoreWithScorer } from '../repositories/scores';
import { recordScores } from '../scoring/classification';
import { ownSession } from './sessions';

/**
 * People's scores (000 §2.6, §4.2): a human score is a `human_in_the_loop` score record; whether its scorer was
 * a super scorer is kept on the record as they were when they scored, so a later change of permissions never
 * rewrites a past decision. Reading them: presenters/scores.ts.
 */

const inProgress = (status: string) => IN_PROGRESS_SESSION_STATUSES.includes(status as SessionStatus);

/**
 * A person scores a session of their organization (platform admins: any) once it has ended. The score is the
 * person's own judgement, so it cannot be given through an API key or while a platform admin views as
 * someone else.
 */
export async function addHumanScore(
  db: Database,
  principal: UserPrincipal,
  publicId: string,
  body: z.output<typeof HumanScoreRequest>,
): Promise<ScoreWithScorer> {
  if (principal.viewAsAdmin) throw forbidden('Scores cannot be given while viewing as another user');
  const session = await ownSession(db, principal, publicId);
  if (inProgress(session.status))
    throw conflict('This session has not ended yet: score it once it has finished');
  const [score] = await recordScores(db, [
    {
      sessionId: session.id,
      userId: principal.user.id,
      type: 'human_in_the_loop',
      config: {
        type: 'human_in_the_loop',
        is_super_scorer: principal.permissions.is_super_scorer === true,
        ...(body.snapshot_id ? { snapshot_id: body.snapshot_id } : {}),
      },
      result: {
        type: 'human_in_the_loop',
        correct: body.correct,
        reason: body.reason?.trim() ?? '',
        ...(body.session_time != null ? { session_time: body.session_time } : {}),
      },
    },
  ]);
  return {
    score: score!,
    sessionPublicId: session.publicId,
    user: { id: principal.user.id, name: principal.user.name, imageUrl: principal.user.imageUrl },
  };
}
