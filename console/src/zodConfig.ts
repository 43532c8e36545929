import { z } from 'zod';

/**
 * The console reads field lists and defaults from the resource schemas (@vigil/crds). Zod would
 * otherwise probe whether it may compile parsers with `new Function`, which the Content-Security-
 * Policy forbids (no 'unsafe-eval'): the probe alone is reported as a violation. Imported first.
 */
z.config({ jitless: true });
