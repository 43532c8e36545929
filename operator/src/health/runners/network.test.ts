import { describe, expect, it } from 'vitest';
import { dns } from './dns.js';
import { http } from './http.js';
import { icmp } from './icmp.js';
import { networkRunners } from './network.js';
import { tcp } from './tcp.js';

describe('networkRunners', () => {
  it('maps the spec keys to the runners', () => {
    expect(networkRunners).toEqual({ http, tcp, dns, icmp });
  });
});
