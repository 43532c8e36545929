/** The operator serves the repository's docs/ folder here (see operator/src/http/docs.ts). */
export const DOCS_URL = '/docs/';
