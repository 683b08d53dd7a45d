export { loadConfig, type ServerConfig } from './config';
export { createProctor, type Proctor } from './server';
export { classifySessions, recordScores } from './services/classification';
