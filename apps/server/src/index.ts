export { createProctor, type Proctor } from './app/server';
export { loadConfig, type ServerConfig } from './kernel/config';
export { classifySessions, recordScores } from './scoring/classification';
