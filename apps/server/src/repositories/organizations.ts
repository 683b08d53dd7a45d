/** Organizations, their invites and the platform's contact messages. */
export {};
