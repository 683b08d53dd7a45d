import { endpoints } from '@proctor/contracts';
import { errorDetail, useEndpointMutation, useEndpointQuery } from '../../../api';
import { notify } from '../../../components/notify';
import { BUILD_POLL_MS, type BuildLogReading } from '../../hub';

/** The Versions tab's texts (002 §8). */
export const VERSIONS_MESSAGES = {
  simulatorsFailed: 'Failed to load simulators',
  versionsFailed: 'Failed to load version information',
  registered: 'Version registered successfully',
  registerFailed: 'Failed to register version',
  noVersions: 'No version information found',
  noSimulators: 'No simulators available',
  noTags: 'No tags',
} as const;

export function useRegistrySimulators() {
  return useEndpointQuery(endpoints.registrySimulators, { select: (response) => response.simulators });
}

/** Read only while the simulator's row is expanded; read again while a version pushed to the hub is building. */
export function useUnifiedVersions(name: string) {
  return useEndpointQuery(endpoints.unifiedSimulatorVersions, {
    params: { name },
    select: (response) => response.versions,
    refetchInterval: (query) =>
      query.state.data?.versions.some((version) => version.build_status === 'building')
        ? BUILD_POLL_MS
        : false,
  });
}

/** A hub-built version's build log while its dialog is open; read again while it builds. */
export function useVersionBuildLog(name: string, reading: BuildLogReading | null) {
  return useEndpointQuery(endpoints.simulatorVersionLog, {
    params: { name, version: reading?.commit ?? '' },
    enabled: reading?.opened ?? false,
    select: (response) => ({ status: response.build_status, reason: response.reason, log: response.log }),
    refetchInterval: (query) => (query.state.data?.build_status === 'building' ? BUILD_POLL_MS : false),
  });
}

/** Registers a version under one tag; the simulator's versions are read again (a tag may have moved). */
export function useRegisterVersion(name: string) {
  const mutation = useEndpointMutation(endpoints.registerSimulatorVersion, {
    request: ({ hash, tag }: { hash: string; tag: string }) => ({
      params: { name },
      body: { git_hash: hash, tags: [tag] },
    }),
    invalidates: [
      endpoints.unifiedSimulatorVersions,
      endpoints.registeredSimulatorVersions,
      endpoints.simulatorInfo,
    ],
  });
  return {
    ...mutation,
    register: (variables: { hash: string; tag: string }, onDone: () => void) =>
      mutation.mutate(variables, {
        onSuccess: () => {
          notify.success(VERSIONS_MESSAGES.registered);
          onDone();
        },
        onError: (error) => notify.error(errorDetail(error), VERSIONS_MESSAGES.registerFailed),
      }),
  };
}
