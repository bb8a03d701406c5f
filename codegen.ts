import type { CodegenConfig } from '@graphql-codegen/cli';

// Typed documents for the client: components own fragments (graphql() + useFragment).
const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['client/**/*.{ts,tsx}', '!client/gql/**/*'],
  ignoreNoDocuments: true,
  generates: {
    'client/gql/': {
      preset: 'client',
      config: {
        scalars: { DateTime: 'string', Money: 'string' },
        enumsAsTypes: true,
        useTypeImports: true,
        // __typename in results, so optimistic responses can name the cached entity.
        nonOptionalTypename: true,
      },
    },
  },
};

export default config;
