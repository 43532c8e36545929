import type { ErrorRequestHandler, RequestHandler } from 'express';
import { HttpError, notFound } from '../errors.js';

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(notFound(`no API endpoint ${req.method} ${req.path}`));
};

/** JSON errors for every failure: a status and a message, never a stack trace. */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  if (res.headersSent) {
    res.end();
    return;
  }
  if (error instanceof HttpError) {
    res.status(error.status).json({ error: error.code, message: error.message });
    return;
  }
  const e = error as { type?: string; status?: number; message?: string; expose?: boolean };
  // body-parser errors (malformed JSON, too large) carry a status and a safe message.
  if (e.type && typeof e.status === 'number' && e.status < 500) {
    res
      .status(e.status)
      .json({ error: 'bad_request', message: `invalid request body: ${e.message ?? e.type}` });
    return;
  }
  // A missing static asset: say what is missing, not the file system path.
  if (e.status === 404) {
    res.status(404).json({ error: 'not_found', message: `no file at ${req.originalUrl}` });
    return;
  }
  req.log.error({ err: error }, 'request failed');
  res.status(500).json({
    error: 'internal',
    message: 'internal server error; the server log has details',
    requestId: req.id,
  });
};
