export { RecordingFormatError } from './errors';
export { RECORDING_DOCUMENT_FORMAT } from './format';
export { type ImageMime, type ImageSize, imageSize } from './imageSize';
export {
  CURRENT_RECORDING_VERSION,
  type ModernizedStep,
  modernizeRecording,
  modernizeStep,
  RecordingDocument,
} from './modernize';
export { screenshotRef } from './screenshots';
export { MutationCounts } from './versions/v2';
