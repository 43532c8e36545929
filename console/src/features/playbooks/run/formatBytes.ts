const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** A file size for people: 512 B, 1.5 KiB, 20 MiB. */
export function formatBytes(size: number): string {
  if (!Number.isFinite(size) || size < 0) return '';
  let value = size;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${shown} ${UNITS[unit]}`;
}
