/** Run groups (benchmark runs), their batches and queued runs. */
export {};
