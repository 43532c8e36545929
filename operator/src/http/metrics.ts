import type { RequestHandler } from 'express';
import client from 'prom-client';

export interface Metrics {
  registry: client.Registry;
  middleware: RequestHandler;
}

export function createMetrics(): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const middleware: RequestHandler = (req, res, next) => {
    const end = duration.startTimer();
    res.on('finish', () => {
      // Route patterns, never raw paths, keep the label set bounded.
      const route = req.route?.path
        ? `${req.baseUrl}${String(req.route.path)}`
        : req.path.startsWith('/api')
          ? 'unmatched'
          : 'console';
      end({ method: req.method, route, status_code: String(res.statusCode) });
    });
    next();
  };
  return { registry, middleware };
}
