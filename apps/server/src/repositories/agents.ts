/** Agents (agent artifacts). */
export {};
