import fs from 'node:fs';
import path from 'node:path';

/** The operator's version, as its package.json says (src/ and dist/ sit at the same depth). */
export const VERSION: string = (
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as {
    version: string;
  }
).version;
