import type { Database } from '@proctor/db';
import type { ScoringServices } from '@proctor/scoring';
import type { DriverSettings } from '../agents/drivers';
import type { EnvironmentManager } from '../environments/manager';
import type { ServerConfig } from '../kernel/config';
import type { JobHandler, JobName } from '../kernel/queue/catalog';
import type { BlobStore } from '../kernel/storage/blobs';
import type { VideoEncoder } from '../kernel/video/ffmpeg';
import { buildHubVersionHandler, type HubBuildSettings } from './buildHubVersion';
import { checkEvaluatorHandler } from './checkEvaluator';
import { generateMutationsHandler } from './generateMutations';
import { openBrowserSessionHandler } from './openBrowserSession';
import { printTestRunReportHandler } from './printTestRunReport';
import { renderSessionVideoHandler } from './renderSessionVideo';
import { rescoreSimulatorHandler } from './rescoreSimulator';
import { runSessionHandler } from './runSession';
import { runTaskHandler } from './runTask';
import { runWebFlowHandler } from './runWebFlow';
import { scoreSessionHandler } from './scoreSession';
import { testRunEnvironmentHandler } from './testRunEnvironment';

/** Every job of the catalog with its handler: what a worker (the server, `proctor worker`) runs. */
export type AllJobHandlers = { [Name in JobName]: JobHandler<Name> };

/** The one place processors are registered; each lives in a file of its own. */
export function jobHandlers(
  db: Database,
  environments: EnvironmentManager,
  settings: {
    drivers: DriverSettings;
    scoring: ScoringServices;
    blobs: BlobStore;
    chromiumPath: string;
    hubBuild: HubBuildSettings;
    videoEncoder: VideoEncoder;
    /** What web flows' runs and run-tasks read (the model that heals a locator, the agents' models). */
    config: ServerConfig;
  },
): AllJobHandlers {
  return {
    runSession: runSessionHandler(db, environments, settings.drivers),
    scoreSession: scoreSessionHandler(db, settings.scoring),
    rescoreSimulator: rescoreSimulatorHandler(db, settings.scoring),
    checkEvaluator: checkEvaluatorHandler(db, environments, settings.scoring),
    generateMutations: generateMutationsHandler(db),
    testRunEnvironment: testRunEnvironmentHandler(db, environments, settings.blobs),
    printTestRunReport: printTestRunReportHandler(db, settings.blobs, settings.chromiumPath),
    buildHubVersion: buildHubVersionHandler(db, settings.hubBuild),
    renderSessionVideo: renderSessionVideoHandler(db, settings.blobs, settings.videoEncoder),
    openBrowserSession: openBrowserSessionHandler({ db, environments, blobs: settings.blobs }),
    runWebFlow: runWebFlowHandler({ db, environments, config: settings.config }),
    runTask: runTaskHandler({ db, environments, blobs: settings.blobs, config: settings.config }),
  };
}
