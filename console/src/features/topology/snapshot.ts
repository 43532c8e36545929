import { signInPath } from '../../api/fetcher';

/** Spec 002 §8: the toast when a snapshot cannot be downloaded. */
export const DOWNLOAD_ERROR_TEXT = 'Error downloading file';

/** The time ranges a snapshot offers (GET /api/snapshot/topology/{id}, `start`; default 1 day). */
export const SNAPSHOT_RANGES = [
  { value: 'now-1h', label: 'Last 1 hour' },
  { value: 'now-6h', label: 'Last 6 hours' },
  { value: 'now-1d', label: 'Last 1 day' },
  { value: 'now-3d', label: 'Last 3 days' },
  { value: 'now-7d', label: 'Last 7 days' },
  { value: 'now-30d', label: 'Last 30 days' },
] as const;

export const DEFAULT_SNAPSHOT_START = 'now-1d';

export interface SnapshotOptions {
  start: string;
  /** Include the components related to it. */
  related: boolean;
}

export function snapshotPath(componentId: string, { start, related }: SnapshotOptions): string {
  const params = new URLSearchParams({ start, end: 'now' });
  if (related) params.set('related', 'true');
  return `/api/snapshot/topology/${encodeURIComponent(componentId)}?${params.toString()}`;
}

/** The file name the server gives in Content-Disposition, if any. */
export function attachmentName(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name || undefined;
}

/** A name for the file when the server gives none: snapshot-{component}.zip. */
export function snapshotFileName(componentName: string): string {
  const slug = componentName
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `snapshot-${slug || 'component'}.zip`;
}

function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads the component's snapshot (a zip) and hands it to the browser as a file. Rejects when
 * the server refuses; a lost session goes to sign-in like every other call.
 */
export async function downloadSnapshot(
  component: { id: string; name: string },
  options: SnapshotOptions,
): Promise<void> {
  const response = await fetch(snapshotPath(component.id, options), {
    credentials: 'same-origin',
  });
  if (response.status === 401) {
    const { pathname, search, hash } = window.location;
    window.location.assign(signInPath(`${pathname}${search}${hash}`));
  }
  if (!response.ok) throw new Error(`Snapshot failed with status ${response.status}`);
  const blob = await response.blob();
  const name =
    attachmentName(response.headers.get('Content-Disposition')) ?? snapshotFileName(component.name);
  saveFile(blob, name);
}
