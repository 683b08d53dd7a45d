const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The page a refused request gets: what was blocked, why, and what this environment may reach. */
export function refusalPage(url: string, reason: string, origins: readonly string[]): string {
  const reachable =
    origins.length > 0
      ? `<p>This environment reaches ${origins.map((origin) => `<code>${escapeHtml(origin)}</code>`).join(', ')}.</p>`
      : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Blocked by Proctor</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#222}
code{word-break:break-all;background:#f3f3f3;padding:0 .2em}</style></head>
<body><h1>Blocked by Proctor</h1>
<p>This environment's browser may not reach <code>${escapeHtml(url)}</code>.</p>
<p>${escapeHtml(reason)}</p>
${reachable}
</body></html>
`;
}
