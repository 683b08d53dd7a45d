/** What a session recorded: steps, DOM events, network requests. */
export {};
