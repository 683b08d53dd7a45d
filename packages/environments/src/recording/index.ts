/**
 * The browser side of recording: page events become user actions, actions become steps with screenshots,
 * and the sink gets steps, rrweb events and network requests. See README.md ("The session recorder").
 */
export {
  ActionAssembler,
  type ActionChange,
  type ActionContext,
  keyToken,
  type Navigation,
  type RawPageEvent,
  type RawTarget,
  scrollDirection,
} from './actions';
export { redactHeaders } from './network';
export { pageScriptSource, RECORDER_BINDING } from './pageScript';
export { SessionRecorder } from './recorder';
export { SETTLE_TIMEOUT_MS } from './steps';
export { absoluteCssUrls, inlineStylesheets, type StylesheetText } from './stylesheets';
export type {
  CapturedPageState,
  CapturedScreenshot,
  CapturedStep,
  RecordingSink,
  RrwebSource,
  SessionRecorderOptions,
  SessionRecorderStats,
} from './types';
