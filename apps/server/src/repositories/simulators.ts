/** Simulators and their recorded versions. */
export {};
