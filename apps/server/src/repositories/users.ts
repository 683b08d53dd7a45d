/** People's accounts, their refresh tokens and the audit log. */
export {};
