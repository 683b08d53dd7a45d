export * from './annotatorRollups';
export * from './evaluation';
export * from './hub';
export * from './identity';
export * from './operating';
export * from './proxyRecordings';
export * from './usage';
