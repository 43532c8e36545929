import type { Scraper } from '../types.js';
import { execScraper } from './exec.js';
import { fileScraper } from './file.js';
import { httpScraper } from './http.js';
import { kubernetesScraper } from './kubernetes.js';
import { sqlScraper } from './sql.js';

/** The scrapers that run here, by their ScrapeConfig key. */
export const SCRAPERS: Record<string, Scraper> = {
  file: fileScraper,
  http: httpScraper,
  sql: sqlScraper,
  exec: execScraper,
  kubernetes: kubernetesScraper,
};
