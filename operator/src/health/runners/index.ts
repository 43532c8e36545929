import type { CheckRunner } from '../types.js';
import { dataRunners } from './data.js';
import { networkRunners } from './network.js';

/** Every check type Vigil runs, by its spec key (crds.md §1.3). */
export const RUNNERS: Record<string, CheckRunner> = { ...networkRunners, ...dataRunners };
