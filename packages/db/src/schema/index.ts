export * from './annotatorRollups';
export * from './evaluation';
export * from './identity';
export * from './operating';
export * from './usage';
