import { HAR_UPLOAD_MESSAGES, isHarFileName } from '@proctor/contracts';

export interface HarForm {
  file: File | null;
  /** The simulator's id, as the select holds it. */
  simulatorId: string | null;
}

/** What is wrong with the upload form (000 §5), or null when it may be sent. */
export function harFormProblem(form: HarForm): string | null {
  if (!form.file || !form.simulatorId) return HAR_UPLOAD_MESSAGES.required;
  if (!isHarFileName(form.file.name)) return HAR_UPLOAD_MESSAGES.invalidFile;
  return null;
}
