import { SESSION_STATUSES } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { sessionStatusDisplay, sessionStatusLabel } from '../../src/features/sessions/sessionStatus';

describe('session status display', () => {
  it('should give every status the label, colour hint and spinner of the status table', () => {
    const table = Object.fromEntries(
      SESSION_STATUSES.map((status) => {
        const { label, tone, spinner } = sessionStatusDisplay({ status });
        return [status, [label, tone, spinner]];
      }),
    );
    expect(table).toEqual({
      created: ['Created', 'neutral', false],
      cancelled: ['Cancelled', 'danger', false],
      run_queued: ['Queued', 'neutral', false],
      run_started: ['Initializing', 'warning', true],
      run_setup_completed: ['Running', 'warning', true],
      run_completed: ['Ended', 'neutral', false],
      run_failed: ['Error', 'danger', false],
      postprocessing_started: ['Processing', 'warning', true],
      postprocessing_completed: ['Processed', 'primary', false],
      postprocessing_failed: ['Processing Error', 'danger', false],
      scoring_started: ['Scoring', 'warning', true],
      scoring_completed: ['Completed', 'success', false],
      scoring_failed: ['Scoring Error', 'danger', false],
    });
  });

  it('should draw each colour hint in its own colour', () => {
    expect(sessionStatusDisplay({ status: 'cancelled' }).color).toBe('red');
    expect(sessionStatusDisplay({ status: 'run_started' }).color).toBe('orange');
    expect(sessionStatusDisplay({ status: 'postprocessing_completed' }).color).toBe('indigo');
    expect(sessionStatusDisplay({ status: 'scoring_completed' }).color).toBe('green');
    expect(sessionStatusDisplay({ status: 'created' }).color).toBe('gray');
  });

  it('should read an unknown status, and no session at all, as Unknown', () => {
    expect(sessionStatusDisplay({ status: 'teleported' })).toMatchObject({
      label: 'Unknown',
      spinner: false,
    });
    expect(sessionStatusDisplay({ status: 'toString' })).toMatchObject({ label: 'Unknown' });
    expect(sessionStatusDisplay(null).label).toBe('Unknown');
    expect(sessionStatusDisplay(undefined).label).toBe('Unknown');
  });

  it('should read a session without a status as Completed once it ended, else Running with a spinner', () => {
    expect(sessionStatusDisplay({ status: null, endedAt: '2026-01-01T10:00:00Z' })).toMatchObject({
      label: 'Completed',
      tone: 'success',
      spinner: false,
    });
    expect(sessionStatusDisplay({ status: null, endedAt: null })).toMatchObject({
      label: 'Running',
      spinner: true,
    });
    expect(sessionStatusDisplay({})).toMatchObject({ label: 'Running', spinner: true });
  });

  it('should label filter options as the badges do', () => {
    expect(sessionStatusLabel('run_failed')).toBe('Error');
    expect(sessionStatusLabel('run_setup_completed')).toBe('Running');
  });
});
