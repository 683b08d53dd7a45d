import { z } from 'zod';

/**
 * The live view's WebSocket protocol (`GET /live/{envId}/ws?token=…`), shared by the environment runtime and the
 * dashboard's canvas: frames as binary messages (header, then JPEG), status and viewer input as JSON text. The
 * framing: "The live view's protocol" in packages/environments/README.md.
 */

export const LIVE_VIEW = {
  /** Largest viewer message the server reads; a larger one closes the socket (`messageTooLarge`). */
  maxViewerMessageBytes: 8 * 1024,
  /** Longest text one `text` message inserts; the canvas splits a longer paste. */
  maxTextChars: 2000,
  /** Longest message, default answer or prompt answer of a page's dialog carried either way. */
  maxDialogChars: 2000,
  /** Bytes of a file one `upload` message carries, base64-encoded inside the message limit. */
  uploadChunkBytes: 4 * 1024,
  /** Largest file a viewer uploads into the environment's uploads folder, and most files it holds. */
  maxUploadBytes: 20 * 1024 * 1024,
  maxUploadFiles: 50,
  /** Bytes the uploads folder holds at most, and files uploaded at once: bounds a viewer's use of the disk. */
  maxUploadFolderBytes: 100 * 1024 * 1024,
  maxConcurrentUploads: 4,
  /** Reconnect backoff of the canvas after a dropped connection: doubles from the first to the cap. */
  reconnectFirstMs: 500,
  reconnectMaxMs: 10_000,
} as const;

/**
 * Close codes of the live view socket. 4000-4999 are the application's own (RFC 6455 §7.4.2); a viewer
 * reconnects after any other code, never after these.
 */
export const LIVE_VIEW_CLOSE = {
  environmentClosed: { code: 4000, reason: 'Environment closed' },
  /** For the route: a missing, expired or foreign token. */
  unauthorized: { code: 4001, reason: 'Not allowed to view this environment' },
  /** For the route: no running environment with this id. */
  notFound: { code: 4004, reason: 'No such environment' },
  /** A message that is not JSON of `LiveViewerMessage` (1008: policy violation). */
  invalidMessage: { code: 1008, reason: 'Invalid live view message' },
  /** Viewers send text only (1003: unsupported data). */
  binaryMessage: { code: 1003, reason: 'Live view messages are text' },
  messageTooLarge: { code: 1009, reason: 'Live view message too large' },
} as const;

/** The codes after which a viewer stays disconnected: the environment is gone or the viewer may not see it. */
export const LIVE_VIEW_FINAL_CLOSE_CODES: ReadonlySet<number> = new Set([
  LIVE_VIEW_CLOSE.environmentClosed.code,
  LIVE_VIEW_CLOSE.unauthorized.code,
  LIVE_VIEW_CLOSE.notFound.code,
]);

/** Path of an environment's live view socket; the token goes in the `token` query parameter. */
export function liveViewSocketPath(envId: string): string {
  return `/live/${encodeURIComponent(envId)}/ws`;
}

/** CDP's modifier bit mask, used as is on the wire. */
export const KEY_MODIFIERS = { alt: 1, ctrl: 2, meta: 4, shift: 8 } as const;

const Modifiers = z.number().int().min(0).max(15);
/** Generous bounds: frame pixels are clamped to the frame by the server; this only refuses absurd numbers. */
const Coordinate = z.number().min(-100_000).max(100_000);
const WheelDelta = z.number().min(-100_000).max(100_000);

/** What `Page.screencastFrame` says about a frame (`Page.ScreencastFrameMetadata`), in DIP unless noted. */
export const LiveFrameMetadata = z.object({
  deviceWidth: z.number().positive(),
  deviceHeight: z.number().positive(),
  /** Space above the frame on the device (mobile top controls); the frame itself starts below it. */
  offsetTop: z.number(),
  /** Pinch zoom: the frame shows the visual viewport at this scale. */
  pageScaleFactor: z.number().positive(),
  /** The page's scroll position, in CSS pixels. */
  scrollOffsetX: z.number(),
  scrollOffsetY: z.number(),
  /** When Chromium captured the frame, in seconds since the epoch. */
  timestamp: z.number().optional(),
});
export type LiveFrameMetadata = z.infer<typeof LiveFrameMetadata>;

export const LiveFrameHeader = z.object({
  type: z.literal('frame'),
  /** Increases by one per frame the server received; a viewer that was sent only the latest sees gaps. */
  seq: z.number().int().nonnegative(),
  /** Size of the JPEG in pixels: the space of the coordinates the viewer sends back. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  metadata: LiveFrameMetadata,
});
export type LiveFrameHeader = z.infer<typeof LiveFrameHeader>;

export interface LiveFrame {
  header: LiveFrameHeader;
  jpeg: Uint8Array;
}

/** Packs a frame into one binary message. The header is JSON of numbers only, hence ASCII. */
export function encodeLiveFrame(header: LiveFrameHeader, jpeg: Uint8Array): Uint8Array {
  const json = JSON.stringify(header);
  const message = new Uint8Array(4 + json.length + jpeg.length);
  new DataView(message.buffer).setUint32(0, json.length);
  for (let i = 0; i < json.length; i++) message[4 + i] = json.charCodeAt(i);
  message.set(jpeg, 4 + json.length);
  return message;
}

/** The frame in one binary message, or null when the message is not one. The JPEG is a view, not a copy. */
export function decodeLiveFrame(message: Uint8Array): LiveFrame | null {
  if (message.length < 4) return null;
  const headerLength = new DataView(message.buffer, message.byteOffset, message.byteLength).getUint32(0);
  if (headerLength > 4096 || 4 + headerLength > message.length) return null;
  const json = String.fromCharCode(...message.subarray(4, 4 + headerLength));
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  const header = LiveFrameHeader.safeParse(parsed);
  if (!header.success) return null;
  return { header: header.data, jpeg: message.subarray(4 + headerLength) };
}

export const LiveViewTab = z.object({
  url: z.string(),
  title: z.string(),
  canGoBack: z.boolean(),
  canGoForward: z.boolean(),
});
export type LiveViewTab = z.infer<typeof LiveViewTab>;

export const LiveViewStatus = z.object({
  type: z.literal('status'),
  /** `closed` comes once, just before the server closes the socket with `environmentClosed`. */
  state: z.enum(['live', 'closed']),
  /** The followed tab: the newest page, back to the remaining one when it closes; null while no page is open. */
  tab: LiveViewTab.nullable(),
  /** Viewers connected to this environment, this one included. */
  viewers: z.number().int().nonnegative(),
  /** Whether this viewer's input is forwarded (a watch-only viewer's is ignored). */
  control: z.boolean(),
});
export type LiveViewStatus = z.infer<typeof LiveViewStatus>;

/** A page's `alert`, `confirm`, `prompt` or `beforeunload` dialog, waiting for a viewer's answer. */
export const LivePageDialog = z.object({
  kind: z.enum(['alert', 'confirm', 'prompt', 'beforeunload']),
  message: z.string(),
  /** What a prompt's field holds at first. */
  defaultPrompt: z.string(),
});
export type LivePageDialog = z.infer<typeof LivePageDialog>;

/** The followed tab's open dialog (null once answered or gone); sent on change and to a viewer who joins. */
export const LiveDialogMessage = z.object({
  type: z.literal('dialog'),
  dialog: LivePageDialog.nullable(),
});
export type LiveDialogMessage = z.infer<typeof LiveDialogMessage>;

/** A name in the environment's uploads folder: one plain file name, never a path. */
export const UploadFileName = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[^/\\\0]+$/, 'a file name, not a path')
  .refine((name) => !name.startsWith('.'), 'a file name may not start with a dot');

export const LiveUploadedFile = z.object({ name: z.string(), size: z.number().int().nonnegative() });
export type LiveUploadedFile = z.infer<typeof LiveUploadedFile>;

/**
 * The page's file chooser, waiting for files from the environment's uploads folder (null once answered or
 * gone), with the folder's files; sent again when an upload completes.
 */
export const LiveFileChooserMessage = z.object({
  type: z.literal('fileChooser'),
  chooser: z.object({ multiple: z.boolean(), files: z.array(LiveUploadedFile) }).nullable(),
});
export type LiveFileChooserMessage = z.infer<typeof LiveFileChooserMessage>;

/** To the uploading viewer: its file is in the uploads folder, or why it is not. */
export const LiveUploadResult = z.object({
  type: z.literal('uploaded'),
  name: z.string(),
  error: z.string().nullable(),
});
export type LiveUploadResult = z.infer<typeof LiveUploadResult>;

/** The text messages the server sends (frames are binary, see `decodeLiveFrame`). */
export const LiveViewServerMessage = z.discriminatedUnion('type', [
  LiveViewStatus,
  LiveDialogMessage,
  LiveFileChooserMessage,
  LiveUploadResult,
]);
export type LiveViewServerMessage = z.infer<typeof LiveViewServerMessage>;

export const LiveMouseMessage = z.strictObject({
  type: z.literal('mouse'),
  event: z.enum(['move', 'down', 'up', 'wheel']),
  x: Coordinate,
  y: Coordinate,
  /** The button that changed (down, up); omitted on move and wheel. */
  button: z.enum(['none', 'left', 'middle', 'right', 'back', 'forward']).optional(),
  /** Buttons held, as DOM `MouseEvent.buttons` (left 1, right 2, middle 4, back 8, forward 16): drags. */
  buttons: z.number().int().min(0).max(31).optional(),
  /** 1 for a click, 2 for the second press of a double click, …; down and up only. */
  clickCount: z.number().int().min(0).max(10).optional(),
  /** Wheel scroll distance in CSS pixels. */
  deltaX: WheelDelta.optional(),
  deltaY: WheelDelta.optional(),
  modifiers: Modifiers.optional(),
});
export type LiveMouseMessage = z.infer<typeof LiveMouseMessage>;

export const LiveKeyMessage = z.strictObject({
  type: z.literal('key'),
  /** `char` inserts `text` without a key press (`Input.dispatchKeyEvent` type char). */
  event: z.enum(['down', 'up', 'char']),
  /** DOM `KeyboardEvent.key` ('a', 'Enter', 'ArrowLeft') and `.code` ('KeyA', 'Enter'). */
  key: z.string().max(32),
  code: z.string().max(32),
  /** What the key types; the server derives it from `key` when omitted. */
  text: z.string().max(8).optional(),
  /** DOM `KeyboardEvent.keyCode` (Windows virtual key code); the server derives it when omitted. */
  keyCode: z.number().int().min(0).max(255).optional(),
  /** DOM `KeyboardEvent.location`: 3 is the numeric keypad. */
  location: z.number().int().min(0).max(3).optional(),
  repeat: z.boolean().optional(),
  modifiers: Modifiers.optional(),
});
export type LiveKeyMessage = z.infer<typeof LiveKeyMessage>;

/** Inserts text where the page's focus is, as a paste or an input method would (`Input.insertText`). */
export const LiveTextMessage = z.strictObject({
  type: z.literal('text'),
  text: z.string().min(1).max(LIVE_VIEW.maxTextChars),
});
export type LiveTextMessage = z.infer<typeof LiveTextMessage>;

export const LiveNavigateMessage = z.strictObject({
  type: z.literal('navigate'),
  action: z.enum(['back', 'forward', 'reload']),
});
export type LiveNavigateMessage = z.infer<typeof LiveNavigateMessage>;

/** An input method's text being composed, shown underlined in the page until `text` commits it. */
export const LiveCompositionMessage = z.strictObject({
  type: z.literal('composition'),
  text: z.string().max(LIVE_VIEW.maxTextChars),
  /** The caret or selection inside `text`. */
  selectionStart: z.number().int().min(0).max(LIVE_VIEW.maxTextChars),
  selectionEnd: z.number().int().min(0).max(LIVE_VIEW.maxTextChars),
});
export type LiveCompositionMessage = z.infer<typeof LiveCompositionMessage>;

/** Answers the page's open dialog: OK (with a prompt's text) or Cancel. */
export const LiveDialogAnswer = z.strictObject({
  type: z.literal('dialog'),
  accept: z.boolean(),
  promptText: z.string().max(LIVE_VIEW.maxDialogChars).optional(),
});
export type LiveDialogAnswer = z.infer<typeof LiveDialogAnswer>;

/** Answers the page's open file chooser with files of the uploads folder, by name; none cancels it. */
export const LiveFileChooserAnswer = z.strictObject({
  type: z.literal('fileChooser'),
  files: z.array(UploadFileName).max(LIVE_VIEW.maxUploadFiles),
});
export type LiveFileChooserAnswer = z.infer<typeof LiveFileChooserAnswer>;

/**
 * A piece of a file the person puts into the environment's uploads folder: `first` starts the file (replacing
 * one of that name), the next pieces follow in order, `last` completes it.
 */
export const LiveUploadMessage = z.strictObject({
  type: z.literal('upload'),
  name: UploadFileName,
  first: z.boolean(),
  last: z.boolean(),
  /** Base64 of at most `uploadChunkBytes` bytes. */
  data: z
    .string()
    .max(Math.ceil(LIVE_VIEW.uploadChunkBytes / 3) * 4)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/),
});
export type LiveUploadMessage = z.infer<typeof LiveUploadMessage>;

export const LiveViewerMessage = z.discriminatedUnion('type', [
  LiveMouseMessage,
  LiveKeyMessage,
  LiveTextMessage,
  LiveNavigateMessage,
  LiveCompositionMessage,
  LiveDialogAnswer,
  LiveFileChooserAnswer,
  LiveUploadMessage,
]);
export type LiveViewerMessage = z.infer<typeof LiveViewerMessage>;
