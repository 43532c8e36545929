import path from 'node:path';
import express, { Router } from 'express';

/**
 * The operator guide (the repository's docs/ folder) served as plain text, so the console's
 * Docs links work in air-gapped installs too.
 */
export function docsRoutes(docsDir: string): Router {
  const router = Router();
  router.get(['/', ''], (_req, res) => {
    res.redirect('/docs/README.md');
  });
  router.use(
    express.static(docsDir, {
      index: false,
      setHeaders: (res, file) => {
        if (path.extname(file) === '.md')
          res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      },
    }),
  );
  return router;
}
