import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { apolloTransitionUpdates } from './client/apollo-transition-updates';
import { buildReport } from './client/build-report';
import { chakraLazyGlobal } from './client/chakra-lazy-global';
import { chunkGroups } from './client/chunk-groups';
import { babelPlugins } from './client/babel-plugins';

const chunks = chunkGroups();

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig(({ command }) => ({
  root: 'client',
  plugins: [
    // Lingui's macros (`<Trans>`, t, msg) become message descriptors (in production their id only:
    // every language's words, English too, are in its catalog); the plugin compiles a `.po`
    // catalog when imported (client/lib/i18n.ts).
    react({ babel: (id) => babelPlugins(id, command === 'build') }),
    lingui(),
    chakraLazyGlobal(),
    apolloTransitionUpdates(),
    chunks.plugin,
    buildReport(),
  ],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: chunks.groups, includeDependenciesRecursively: false },
      },
      // Chakra's theme module builds its full default config at module level; marking the
      // define* helpers pure lets unused recipes drop out of the bundle.
      treeshake: {
        manualPureFunctions: [
          'defineConfig',
          'defineRecipe',
          'defineSlotRecipe',
          'defineTokens',
          'defineSemanticTokens',
          'defineTextStyles',
          'defineLayerStyles',
          'defineAnimationStyles',
          'defineKeyframes',
          'defineGlobalStyles',
        ],
      },
    },
  },
  server: {
    proxy: {
      '/api': api,
      '/graphql': { target: api, ws: true },
      '/media': api,
      '/showcase.js': api,
    },
  },
}));
