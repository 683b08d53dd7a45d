import { endpoints } from '@proctor/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../api';
import type { BuildLogReading } from '../components/BuildLogDialog';
import { BUILD_POLL_MS, isBuilding } from '../hubBuilds';

/** The simulators with whether each has a repository, and whether the server has git (002 §2.5). */
export function useHubSimulators() {
  return useEndpointQuery(endpoints.hubSimulators);
}

/** The organization's repository of a simulator; asked only once the list says it has one (404 otherwise). */
export function useSimulatorRepository(simulatorName: string | null) {
  return useEndpointQuery(endpoints.hubSimulatorRepository, {
    params: { name: simulatorName ?? '' },
    enabled: simulatorName !== null,
  });
}

export function useSimulatorBranches(simulatorName: string | null) {
  return useEndpointQuery(endpoints.hubSimulatorBranches, {
    params: { name: simulatorName ?? '' },
    enabled: simulatorName !== null,
  });
}

/** A folder's listing at a branch; `ref` null waits until a branch is chosen (an empty repository has none). */
export function useSimulatorContents(simulatorName: string | null, path: string, ref: string | null) {
  return useEndpointQuery(endpoints.hubSimulatorContents, {
    params: { name: simulatorName ?? '' },
    query: { path: path || undefined, ref: ref ?? undefined },
    enabled: simulatorName !== null && ref !== null,
    keepPrevious: 'same-params',
  });
}

export function useSimulatorFileContent(
  simulatorName: string | null,
  filePath: string | null,
  ref: string | null,
) {
  return useEndpointQuery(endpoints.hubSimulatorFileContent, {
    params: { name: simulatorName ?? '' },
    query: { file_path: filePath ?? '', ref: ref ?? undefined },
    enabled: simulatorName !== null && filePath !== null,
  });
}

/** The hub's git credentials; asked when the Gitea popover opens. */
export function useGitCredentials(enabled: boolean) {
  return useEndpointQuery(endpoints.hubMyInfo, { enabled, retry: false });
}

/** 'Create Repository': a built-in simulator's is seeded with its source; the list's dot turns green. */
export function useCreateSimulatorRepository() {
  return useEndpointMutation(endpoints.hubCreateSimulatorRepository, {
    request: (simulatorName: string) => ({ params: { name: simulatorName } }),
    invalidates: [
      endpoints.hubSimulators,
      endpoints.hubSimulatorRepository,
      endpoints.hubSimulatorBranches,
      endpoints.hubSimulatorContents,
      endpoints.hubMyRepositories,
    ],
  });
}

/** The versions built from pushes to the repository, newest first; read again while one is building. */
export function useRepositoryBuilds(repository: { owner: string; name: string }) {
  return useEndpointQuery(endpoints.hubRepositoryBuilds, {
    params: { owner: repository.owner, name: repository.name },
    select: (response) => response.builds,
    refetchInterval: (query) => (query.state.data?.builds.some(isBuilding) ? BUILD_POLL_MS : false),
  });
}

/** One build's log while its dialog is open; read again while the build goes on. */
export function useRepositoryBuildLog(
  repository: { owner: string; name: string },
  reading: BuildLogReading | null,
) {
  return useEndpointQuery(endpoints.hubRepositoryBuildLog, {
    params: { owner: repository.owner, name: repository.name, commit: reading?.commit ?? '' },
    enabled: reading?.opened ?? false,
    refetchInterval: (query) => (isBuilding(query.state.data) ? BUILD_POLL_MS : false),
  });
}
