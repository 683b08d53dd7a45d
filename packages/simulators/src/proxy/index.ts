/** Proxy simulators: a recorded site's exchanges answered offline, and the mutation log its writes form. */
export type { IndexedExchange, ReplayMatch } from './exchangeIndex';
export { ExchangeIndex } from './exchangeIndex';
export type { RequestDescription, RequestTokens } from './match';
export { exactKey, isIdLike, pathPattern, requestSimilarity, tokenize } from './match';
export { type EnvironmentInstance, ProxyInstance } from './proxyInstance';
export { bodyFields, bodyHash, bodyKeys } from './requestBody';
export type { WriteRequest } from './writes';
export { WRITE_ACTIONS, writeMutation } from './writes';
