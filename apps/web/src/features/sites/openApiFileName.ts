/** The file an exported OpenAPI document is saved as: the site's name in lower-case words, `acme-shop-openapi.json`. */
export function openApiFileName(siteName: string): string {
  const slug = siteName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'site'}-openapi.json`;
}
