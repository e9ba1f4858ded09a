// Runs in the browser before the app's own code: zod must not probe `new Function` (its fast path
// compiles parsers with eval), because the pages' CSP forbids eval and reports even a caught probe.
import { z } from 'zod';

z.config({ jitless: true });
