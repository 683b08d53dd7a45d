import { describe, expect, it } from 'vitest';
import { AssignToOrganizationsRequest, requestedRecordingCountOf } from '../src/assignment';

describe('the requested recording count', () => {
  it('should keep whole numbers from 1 to 100 and make anything else 1', () => {
    expect(['1', ' 5 ', '100'].map(requestedRecordingCountOf)).toEqual([1, 5, 100]);
    expect(['', '0', '101', '2.5', '-3', 'five', '1e2'].map(requestedRecordingCountOf)).toEqual([
      1, 1, 1, 1, 1, 1, 1,
    ]);
  });

  it('should be 1 when the request leaves it out, and refuse one out of range', () => {
    expect(AssignToOrganizationsRequest.parse({ organization_ids: [3] }).requested_recording_count).toBe(1);
    expect(
      AssignToOrganizationsRequest.safeParse({ organization_ids: [3], requested_recording_count: 101 })
        .success,
    ).toBe(false);
    expect(AssignToOrganizationsRequest.safeParse({ organization_ids: [3, 3] }).success).toBe(false);
  });
});
