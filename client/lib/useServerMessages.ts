import { useEffect } from 'react';

/**
 * The server's messages in the reader's language (client/lib/serverMessages.ts registers itself
 * with api.ts): their table loads when the first screen is done, so it costs the first paint
 * nothing; a refusal before then shows the server's English. The signed-in layout asks for it
 * so; the sign-in pages `now`, once the app has taken them over (what they send is mostly
 * answered by a refusal or a sign-in, and nothing else competes then).
 */
export function useServerMessages(now = false): void {
  useEffect(() => {
    const load = () => void import('./serverMessages').catch(() => undefined);
    if (now) return load();
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(load, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(load, 1000);
    return () => clearTimeout(id);
  }, [now]);
}
