import { ALIAS_MESSAGE, ALIAS_PATTERN, KEEPALIVE_REQUIRED_MESSAGE } from '@proctor/contracts';

export interface KeepaliveForm {
  simulator: string | null;
  alias: string;
}

/** What is wrong with the Create Environment form (000 §5), or null when it may be sent. */
export function keepaliveFormProblem(form: KeepaliveForm): string | null {
  const alias = form.alias.trim();
  if (!form.simulator || !alias) return KEEPALIVE_REQUIRED_MESSAGE;
  if (!ALIAS_PATTERN.test(alias)) return ALIAS_MESSAGE;
  return null;
}
