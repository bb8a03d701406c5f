/** An error the server explained (`{ error }`, already in the player's language). */
export class ApiError extends Error {}

/**
 * The showcase API of one app: `api(method, path, body)` answers the `value` of the envelope,
 * throws ApiError with the server's message, or an Error saying the network failed.
 */
export function createApi(o: {
  base: string;
  /** `tma <initData>`, read at each call (Telegram may refresh it). */
  authorization: () => string;
  country?: string;
  networkError: () => string;
}) {
  return async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Authorization: o.authorization() };
    if (o.country) headers['X-Country'] = o.country;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(o.base + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
      });
    } catch {
      throw new Error(o.networkError());
    }
    let json: { value?: T; error?: string } | null = null;
    try {
      json = await res.json();
    } catch {}
    if (!res.ok || typeof json !== 'object' || !json || !('value' in json)) {
      if (json?.error) throw new ApiError(json.error);
      throw new Error(o.networkError());
    }
    return json.value as T;
  };
}
