import type { ErrorRequestHandler, RequestHandler } from 'express';
import { HttpError, notFound } from '../errors.js';
import { bodyError, isTooLarge, tooLargeMessage } from './bodyErrors.js';

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
  // body-parser errors (malformed JSON, too large) are the client's: a status, no stack trace.
  const body = bodyError(error);
  if (body && isTooLarge(body)) {
    res.status(413).json({ error: 'request_entity_too_large', message: tooLargeMessage(body) });
    return;
  }
  if (body) {
    res.status(body.status).json({
      error: 'bad_request',
      message: `invalid request body: ${body.message || body.type}`,
    });
    return;
  }
  const e = error as { status?: number };
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
