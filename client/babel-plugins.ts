import { readFileSync } from 'node:fs';
import { babelOptimizerPlugin } from '@graphql-codegen/client-preset';
import { linguiEnglish } from './lingui-english';

type BabelPlugin = string | typeof linguiEnglish | [unknown, Record<string, unknown>];

/**
 * `@vitejs/plugin-react`'s Babel options per file: Lingui's macro plugin only for a file that
 * imports a macro (`@lingui/core/macro`, `@lingui/react/macro`). Every other file skips Babel
 * (plugin-react then leaves it to the bundler's own transform), as before Lingui: Babel on all
 * 600 client files cost the client tests about a third more import time.
 *
 * In the production build, a file with a typed document (`graphql(\`…\`)`) also gets codegen's
 * optimizer: the call becomes an import of that one document from `client/gql/graphql.ts`, so
 * the bundle no longer carries `gql.ts`, the map from every document's text to its node (the signed-in
 * layout's JS lost 8.1 KB gzip).
 */
export function babelPlugins(id: string, production = false): { plugins: BabelPlugin[] } {
  const [file] = id.split('?');
  let code = '';
  try {
    code = readFileSync(file, 'utf8');
  } catch {}
  const plugins: BabelPlugin[] = [];
  if (/@lingui\/(?:core|react)\/macro/.test(code)) {
    // The build keeps each message's English too, compiled (client/lingui-english.ts): English
    // needs no catalog. (Development and tests keep it as written, compiled when shown.)
    if (production) plugins.push(['@lingui/babel-plugin-lingui-macro', { stripMessageField: false }], linguiEnglish);
    else plugins.push('@lingui/babel-plugin-lingui-macro');
  }
  if (production && /\bgraphql\(`/.test(code)) {
    plugins.push([babelOptimizerPlugin, { artifactDirectory: 'client/gql', gqlTagName: 'graphql' }]);
  }
  return { plugins };
}
