/** Scores of sessions, automatic and human. */
export {};
