/**
 * Only same-origin paths are accepted as return_to, so a crafted sign-in link cannot send a
 * freshly signed-in user to another site ('//evil.example', 'https://…', '/\\evil').
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return '/';
  try {
    const url = new URL(value, 'http://vigil.invalid');
    if (url.origin !== 'http://vigil.invalid') return '/';
    if (url.pathname === '/login') return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
