import { HAR_UPLOAD_MESSAGES } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { harFormProblem } from '../../src/features/harUpload/harForm';

const file = (name: string) => new File(['{}'], name);

describe('harFormProblem', () => {
  it('should ask for both a file and a simulator', () => {
    expect(harFormProblem({ file: null, simulatorId: '3' })).toBe(HAR_UPLOAD_MESSAGES.required);
    expect(harFormProblem({ file: file('site.har'), simulatorId: null })).toBe(HAR_UPLOAD_MESSAGES.required);
  });

  it('should refuse a file that is not a .har (or .json) file', () => {
    expect(harFormProblem({ file: file('site.txt'), simulatorId: '3' })).toBe(
      HAR_UPLOAD_MESSAGES.invalidFile,
    );
    expect(harFormProblem({ file: file('site.har.zip'), simulatorId: '3' })).toBe(
      HAR_UPLOAD_MESSAGES.invalidFile,
    );
  });

  it('should accept a .har or .json file with a simulator', () => {
    expect(harFormProblem({ file: file('Site.HAR'), simulatorId: '3' })).toBeNull();
    expect(harFormProblem({ file: file('export.json'), simulatorId: '3' })).toBeNull();
  });
});
