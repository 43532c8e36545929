/** tcp, dns and icmp checks. */
import { z } from 'zod';
import { str, strings } from '../shared/values.js';
import { check, thresholdMillis } from './common.js';

export const tcpCheck = check({
  // Upstream splits on the single colon; anything else fails every run, so reject it up front.
  endpoint: z
    .string()
    .regex(/^[^:]+:[^:]+$/)
    .optional()
    .describe('host:port'),
  thresholdMillis: thresholdMillis(),
});

export const dnsQueryTypes = ['A', 'CNAME', 'SRV', 'MX', 'PTR', 'TXT', 'NS'] as const;

export const dnsCheck = check({
  server: str().describe('Query this server over UDP; the system resolver when empty.'),
  port: z.int().min(1).max(65535).default(53),
  query: str(),
  querytype: z.enum(dnsQueryTypes).default('A'),
  minrecords: z.int().min(0).optional(),
  exactreply: strings().describe('Compared lower-cased and sorted with the answers.'),
  timeout: z.int().min(0).default(10).describe('Seconds.'),
  thresholdMillis: thresholdMillis(),
});

export const icmpCheck = check({
  endpoint: str().describe('Host name or IP to ping.'),
  // Quirk kept: upstream fails when thresholdMillis < average RTT, so 0 fails from 1 ms up.
  thresholdMillis: thresholdMillis(),
  packetLossThreshold: z.int().min(0).max(100).optional().describe('Percent.'),
  packetCount: z.int().min(1).default(5),
});
