/** Datasets (test case sets) and their items. */
export {};
