import { readFileSync } from 'node:fs';

/**
 * `@vitejs/plugin-react`'s Babel options per file: Lingui's macro plugin only for a file that
 * imports a macro (`@lingui/core/macro`, `@lingui/react/macro`). Every other file skips Babel
 * (plugin-react then leaves it to the bundler's own transform), as before Lingui: Babel on all
 * 600 client files cost the client tests about a third more import time.
 */
export function linguiMacros(id: string): { plugins: string[] } {
  const [file] = id.split('?');
  let code = '';
  try {
    code = readFileSync(file, 'utf8');
  } catch {}
  return { plugins: /@lingui\/(?:core|react)\/macro/.test(code) ? ['@lingui/babel-plugin-lingui-macro'] : [] };
}
