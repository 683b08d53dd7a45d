export * from './evaluation';
export * from './identity';
export * from './operating';
export * from './usage';
