import { WEB_FLOW_MESSAGES, type WebFlowRunParameters } from '@proctor/contracts';

/** What an act of type `type` does, in order: text typed as it is, or one key pressed. */
export type TypingStep = { text: string } | { key: string };

/**
 * `[Enter]`, `[Tab]`, `[Shift+Tab]`, `[Control+A]`, `[F5]`: a key name as Playwright knows it (capitalised, two
 * letters or more), with modifiers. Anything else in brackets (`[1]`, `[sic]`) is text.
 */
const KEY = /\[((?:(?:Shift|Control|Alt|Meta|ControlOrMeta)\+)*(?:[A-Z][A-Za-z0-9]+|[A-Za-z0-9]))\]/g;
const KEY_WITH_MODIFIER_OR_NAME = /^(?:(?:Shift|Control|Alt|Meta|ControlOrMeta)\+)+.|^[A-Z][A-Za-z0-9]+$/;

const PARAMETER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** `text` with each `{{name}}` replaced by the run's parameter; throws 'Missing parameter: name' for one not given. */
export function fillParameters(text: string, parameters: WebFlowRunParameters): string {
  return text.replace(PARAMETER, (_match, name: string) => {
    const value = Object.hasOwn(parameters, name) ? parameters[name] : undefined;
    if (value === undefined) throw new Error(WEB_FLOW_MESSAGES.missingParameter(name));
    return String(value);
  });
}

/**
 * The steps of an act's text: keys found in the text as written, parameters filled in the text between them, so a
 * parameter's value is always typed, never pressed.
 */
export function typingSteps(text: string, parameters: WebFlowRunParameters): TypingStep[] {
  const steps: TypingStep[] = [];
  let last = 0;
  const pushText = (part: string) => {
    const filled = fillParameters(part, parameters);
    if (filled === '') return;
    const previous = steps.at(-1);
    if (previous && 'text' in previous) previous.text += filled;
    else steps.push({ text: filled });
  };
  for (const match of text.matchAll(KEY)) {
    const key = match[1]!;
    // A single letter or digit alone in brackets is text: `[a]` is rarely a key press.
    if (!KEY_WITH_MODIFIER_OR_NAME.test(key)) continue;
    pushText(text.slice(last, match.index));
    steps.push({ key });
    last = match.index + match[0].length;
  }
  pushText(text.slice(last));
  return steps;
}
