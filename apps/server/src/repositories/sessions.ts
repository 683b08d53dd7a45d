/** Sessions: the record of one run, its labels and logs. */
export {};
