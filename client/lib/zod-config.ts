import { config } from 'zod/v4/core';

// Zod compiles object parsers with `new Function` when it may, and finds out whether it may by
// trying: under the app's Content-Security-Policy (no 'unsafe-eval') that try is a reported
// violation. Interpreted parsing is plenty for forms. Every module that builds schemas imports
// this first (before zod), so it runs before any schema is built and stays out of the landing
// page's initial code.
config({ jitless: true });
