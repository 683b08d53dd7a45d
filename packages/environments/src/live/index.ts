export { type FrameGeometry, frameToViewport, jpegSize, type Point } from './frameGeometry';
export { coalesce, InputQueue } from './inputQueue';
export { keyEventParams, typedText, windowsKeyCode } from './keyboard';
export { LIVE_VIEW_DEFAULTS, LiveView, type LiveViewOptions, type LiveViewStats } from './liveView';
export { mouseEventParams } from './mouse';
export { type PageTab, TabFollower } from './tabFollower';
export type { LiveViewerStats } from './viewer';
