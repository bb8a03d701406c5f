/**
 * The origin the browser used for this request (`http://127.0.0.1:3000`), for links the server
 * builds for that same browser (a checkout page that returns to the dashboard) when no
 * `PUBLIC_URL` is configured: a user who opened the product at 127.0.0.1 stays on 127.0.0.1,
 * where their session is. The scheme honours the configured proxy hops (`TRUST_PROXY`); a Host
 * that is not a plain host[:port] falls back to `fallback`.
 *
 * Never for links mailed to somebody: a forged Host header would put an attacker's address in
 * another user's e-mail. Those use PUBLIC_URL (or the server's own address).
 */
export function requestOrigin(req: { protocol: string; host: string }, fallback: string): string {
  const host = req.host;
  if (!/^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/.test(host)) return fallback;
  const scheme = req.protocol === 'https' ? 'https' : 'http';
  return `${scheme}://${host}`;
}
