import { z } from 'zod';

/**
 * Imported first by every front end. Zod compiles object parsers with `new Function` after probing whether
 * eval is allowed; under the apps' Content-Security-Policy (script-src 'self', no 'unsafe-eval') that probe
 * alone is reported as a violation. Without the probe and the compiled parsers, zod parses the same, a little
 * slower, and the policy never fires.
 */
z.config({ jitless: true });
