/** Test cases, and which organizations they are assigned to. */
export {};
