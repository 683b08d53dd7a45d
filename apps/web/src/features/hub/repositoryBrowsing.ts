import { HUB, type HubGitInfo } from '@proctor/contracts';
import { isApiError } from '../../api/ApiError';
import { HUB_PAGE_MESSAGES } from './messages';

/** The CLI's name, as the clone command shows it (002 §9: '{product} hub clone {simulator name}'). */
export const CLI_NAME = 'proctor';

/** The command that clones a simulator's repository with the hub's credentials. */
export function cloneCommand(simulatorName: string): string {
  return `${CLI_NAME} hub clone ${simulatorName}`;
}

/**
 * The commands that run a simulator's repository on the developer's machine (002 §9: the clone command, then
 * '{product} hub sandbox'): clone it, step into the clone (named after the repository), serve it, prove it.
 */
export function sandboxCommands(simulatorName: string, repositoryName: string): string[] {
  return [
    cloneCommand(simulatorName),
    `cd ${repositoryName}`,
    `${CLI_NAME} hub sandbox`,
    `${CLI_NAME} hub sandbox --prove`,
  ];
}

/** The branch the browser opens on: main, master, default (HUB.preferredBranches), else the first. */
export function preferredBranch(branches: ReadonlyArray<{ name: string }>): string | null {
  for (const name of HUB.preferredBranches) {
    if (branches.some((branch) => branch.name === name)) return name;
  }
  return branches[0]?.name ?? null;
}

/** A file's size in KB (of 1024) with one decimal; a non-empty file never shows as 0. */
export function sizeInKb(bytes: number): string {
  if (bytes === 0) return '0 KB';
  return `${Math.max(0.1, Math.round((bytes / 1024) * 10) / 10).toFixed(1)} KB`;
}

/** The breadcrumb of a folder path: the repository's root, then each folder down to `path`. */
export function breadcrumbOf(path: string): Array<{ label: string; path: string }> {
  const segments = path.split('/').filter(Boolean);
  return segments.map((label, index) => ({ label, path: segments.slice(0, index + 1).join('/') }));
}

/** Whether the preview shows a file's text: it came with content, as text, within the preview limit. */
export function previewsAsText(file: {
  content: string | null;
  encoding: 'utf-8' | 'base64' | null;
  too_large: boolean;
  binary: boolean;
  size: number;
}): boolean {
  return (
    file.content !== null &&
    file.encoding === 'utf-8' &&
    !file.too_large &&
    !file.binary &&
    file.size <= HUB.previewMaxBytes
  );
}

/** What the Gitea popover shows: the credentials, 'Error' / 'Failed to load' when my-info failed, else nothing yet. */
export function shownCredentials(query: {
  data: HubGitInfo | undefined;
  isError: boolean;
}): HubGitInfo | null {
  if (query.isError) return { ...HUB_PAGE_MESSAGES.credentialsFailed };
  return query.data ?? null;
}

/** Why creating a repository failed: the server's reason when it gave one, else the page's own text (002 §8). */
export function createFailure(error: unknown): string {
  return isApiError(error) && error.status > 0 && error.detail
    ? error.detail
    : HUB_PAGE_MESSAGES.createFailed;
}
