import fs from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

/**
 * Serves the built console and falls back to index.html for client-side routes. Hashed assets
 * are cached for a year; index.html never, so a new release is picked up on reload.
 */
export function consoleRoutes(consoleDir: string): Router {
  const router = Router();
  const index = path.join(consoleDir, 'index.html');
  router.use(
    '/assets',
    express.static(path.join(consoleDir, 'assets'), {
      immutable: true,
      maxAge: '365d',
      fallthrough: false,
    }),
  );
  router.use(express.static(consoleDir, { index: false, maxAge: 0 }));
  router.get(/.*/, (_req, res) => {
    if (!fs.existsSync(index)) {
      res
        .status(503)
        .type('text/plain')
        .send(`The console is not built (no ${index}). Run 'npm run build' or 'make run'.\n`);
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
