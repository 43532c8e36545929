import type { CheckRunner } from '../types.js';
import { dns } from './dns.js';
import { http } from './http.js';
import { icmp } from './icmp.js';
import { tcp } from './tcp.js';

/** The network check types (crds.md §1.3), keyed by their Canary spec key. */
export const networkRunners: Record<string, CheckRunner> = { http, tcp, dns, icmp };
