/**
 * The contract's `z`: every schema of the contract (and of the web app) is built with this one.
 *
 * In a browser zod parses jitless. Otherwise it probes for `new Function` when the first object
 * schema is created, and the web's CSP (no 'unsafe-eval', and it stays that way) reports the probe
 * as a violation on every page. The setting must be in place before any schema exists, and bundle
 * chunks do not keep a module order that could promise that, except this one: each schema module
 * imports `z` from here. On the server the compiled parsers stay.
 */
import { z } from 'zod';

if ('document' in globalThis) z.config({ jitless: true });

export { z };
