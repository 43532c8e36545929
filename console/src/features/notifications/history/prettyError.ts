/** A send error as stored; JSON (a provider's answer) is shown indented, anything else as is. */
export function prettyError(error: string | null | undefined): string {
  if (!error) return '';
  const text = error.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return error;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return error;
  }
}
