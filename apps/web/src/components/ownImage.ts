/**
 * An image URL the dashboard may show: a path on Proctor's own origin or a data: image. Any other URL would make
 * a reviewer's browser call that site, which the CSP forbids (img-src 'self' data: blob:): it is left out and the
 * caller shows its fallback (an initial, an emoji).
 */
export function ownImage(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('data:image/')) return url;
  // '//host' and '/\host' are other origins to a browser.
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : null;
}
