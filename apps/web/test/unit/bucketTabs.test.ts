import { describe, expect, it } from 'vitest';
import { bucketTabs } from '../../src/features/humanRecorder/bucketTabs';
import { paths } from '../../src/paths';

describe('the human recorder dashboard tabs', () => {
  it('should show Review and Completed only in admin view', () => {
    expect(bucketTabs(false).map((tab) => tab.label)).toEqual([
      'Needs Recording',
      'Needs Scoring',
      'Needs Labelling',
    ]);
    expect(bucketTabs(true).map((tab) => tab.stage)).toEqual([
      'NEEDS_RECORDING',
      'NEEDS_SCORING',
      'NEEDS_LABELLING',
      'REVIEW',
      'COMPLETED',
    ]);
  });

  it('should show the chosen tabs in the order given, still without admin view tabs outside it', () => {
    const annotatorAdmin = [
      'NEEDS_LABELLING',
      'NEEDS_RECORDING',
      'NEEDS_SCORING',
      'REVIEW',
      'COMPLETED',
    ] as const;
    expect(bucketTabs(true, annotatorAdmin).map((tab) => tab.stage)).toEqual([...annotatorAdmin]);
    expect(bucketTabs(false, ['REVIEW', 'NEEDS_SCORING']).map((tab) => tab.stage)).toEqual(['NEEDS_SCORING']);
  });

  it("should link Annotate to the labelling page with the organization's assignment", () => {
    expect(paths.labelling('tc_1', 42)).toBe('/needs-labelling/label/tc_1?assignmentId=42');
    expect(paths.labelling('tc/2')).toBe('/needs-labelling/label/tc%2F2');
  });
});
