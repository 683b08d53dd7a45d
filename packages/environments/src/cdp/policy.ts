import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, sep } from 'node:path';
import type { CdpMessage } from './multiplexer';

/** What an external CDP client (an agent) may touch on the host. */
export interface CdpPolicy {
  /** Files an agent may put into file inputs: Proctor copies them here. */
  uploadDir: string;
  /** Where every download of the environment lands, whatever path the client asks for. */
  downloadDir: string;
  /** A cap on open tabs: Target.createTarget is refused once `open()` reaches `max` (each tab costs memory). */
  tabs?: { max: number; open: () => Promise<number> };
}

export type PolicyDecision =
  | { action: 'forward'; message: CdpMessage }
  | { action: 'refuse'; reason: string }
  /** `Browser.close`: answer success and end this client's connection; the browser is the environment's. */
  | { action: 'disconnect' };

/**
 * Commands that reach past the environment's browser: crash it for everyone, read the host (GPU, processes,
 * command line with its paths), load code from host paths, or hand a page an unfiltered CDP channel.
 */
const REFUSED_METHODS = new Set([
  'Browser.crash',
  'Browser.crashGpuProcess',
  'Browser.executeBrowserCommand',
  'Browser.getBrowserCommandLine',
  // Gives page JavaScript a CDP binding of its own, which no proxy sees.
  'Target.exposeDevToolsProtocol',
  // Makes the browser itself connect to host:port pairs of the client's choosing.
  'Target.setRemoteLocations',
  // Non-flat sessions: the command travels inside a string this filter would have to parse and judge again.
  'Target.sendMessageToTarget',
  'Target.openDevTools',
]);
/** Whole domains: host information, extensions loaded from host paths, web apps installed or launched with host files. */
const REFUSED_DOMAINS = new Set(['SystemInfo', 'Extensions', 'PWA']);

/**
 * Schemes an agent may navigate to. Everything else (file:, chrome:, chrome-extension:, devtools:,
 * view-source:, chrome-untrusted:, javascript:, blob:, filesystem:, ...) is refused: those are the host's files,
 * the browser's privileged pages, or ways to run code that do not need a navigation. data: is an ordinary web
 * document with an opaque origin, and simulators serve everything else over http(s).
 */
const NAVIGABLE_SCHEMES = new Set(['http:', 'https:', 'data:']);

export function notAllowed(method: string, why?: string): string {
  return `${method} is not allowed in a Proctor environment${why ? `: ${why}` : ''}`;
}

export function isNavigableUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (NAVIGABLE_SCHEMES.has(parsed.protocol)) return true;
  return parsed.protocol === 'about:' && parsed.pathname.toLowerCase() === 'blank';
}

/** Whether every path names a regular file inside `folder`, after symlinks and `..` are resolved. */
export async function filesInside(paths: unknown, folder: string): Promise<boolean> {
  if (!Array.isArray(paths)) return false;
  let root: string;
  try {
    root = await realpath(folder);
  } catch {
    return false;
  }
  for (const path of paths) {
    if (typeof path !== 'string' || !isAbsolute(path)) return false;
    try {
      const real = await realpath(path);
      // Directories are refused: Chromium would follow symlinks inside them.
      if (!real.startsWith(root + sep) || !(await stat(real)).isFile()) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/** Judges one command of an external client; `message` has passed shape checks (integer id, string method). */
export async function judgeCommand(message: CdpMessage, policy: CdpPolicy): Promise<PolicyDecision> {
  const method = message.method as string;
  const params = message.params ?? {};
  const refuse = (why?: string): PolicyDecision => ({ action: 'refuse', reason: notAllowed(method, why) });

  if (REFUSED_METHODS.has(method) || REFUSED_DOMAINS.has(method.split('.')[0] as string)) return refuse();
  switch (method) {
    case 'Browser.close':
      return { action: 'disconnect' };
    case 'DOM.setFileInputFiles':
      return (await filesInside(params.files, policy.uploadDir))
        ? { action: 'forward', message }
        : refuse('files must be inside the environment uploads folder');
    case 'Input.dispatchDragEvent': {
      const files = (params.data as { files?: unknown } | undefined)?.files;
      if (files === undefined || (Array.isArray(files) && files.length === 0))
        return { action: 'forward', message };
      return (await filesInside(files, policy.uploadDir))
        ? { action: 'forward', message }
        : refuse('dragged files must be inside the environment uploads folder');
    }
    case 'Browser.setDownloadBehavior':
    case 'Page.setDownloadBehavior': {
      if (params.behavior !== 'allow' && params.behavior !== 'allowAndName')
        return { action: 'forward', message };
      return {
        action: 'forward',
        message: { ...message, params: { ...params, downloadPath: policy.downloadDir } },
      };
    }
    case 'Page.navigate':
      return typeof params.url === 'string' && isNavigableUrl(params.url)
        ? { action: 'forward', message }
        : refuse('only http, https, data and about:blank URLs can be opened');
    case 'Target.createTarget':
      if (params.url !== '' && !(typeof params.url === 'string' && isNavigableUrl(params.url)))
        return refuse('only http, https, data and about:blank URLs can be opened');
      // A browser that cannot count its tabs cannot open one either: the command goes on and fails there.
      return policy.tabs && (await policy.tabs.open().catch(() => 0)) >= policy.tabs.max
        ? { action: 'refuse', reason: `At most ${policy.tabs.max} tabs may be open in a Proctor environment` }
        : { action: 'forward', message };
    case 'Target.attachToTarget':
      return params.flatten === true
        ? { action: 'forward', message }
        : refuse('use flat sessions (flatten: true)');
    case 'Target.setAutoAttach':
      return params.autoAttach !== true || params.flatten === true
        ? { action: 'forward', message }
        : refuse('use flat sessions (flatten: true)');
    case 'Target.createBrowserContext': {
      const origins = params.originsWithUniversalNetworkAccess;
      if (Array.isArray(origins) && origins.length > 0)
        return refuse('originsWithUniversalNetworkAccess lifts the same-origin policy');
      // The one command of the protocol that sets a proxy: a context of its own would leave the environment's
      // network. Without these a new context goes through the browser's proxy like every other.
      if (params.proxyServer !== undefined || params.proxyBypassList !== undefined)
        return refuse("the environment's network proxy cannot be changed");
      return { action: 'forward', message };
    }
    default:
      return { action: 'forward', message };
  }
}
