import { createRequire } from 'node:module';
import type { ApolloServerPlugin } from '@apollo/server';
import type { ValidationRule } from 'graphql';
import { containsNul, NUL_MESSAGE } from '../lib/text.ts';

// graphql's CommonJS copy, the one the schema was built with (see graphql/jit.ts).
const graphql = createRequire(import.meta.url)('graphql') as typeof import('graphql');

/**
 * A string literal written with `\u0000` in the query text: PostgreSQL cannot store NUL, so the
 * operation is refused in validation (400), before anything runs. Variables are checked where
 * they arrive: the JSON body (app.ts), GET's variables (the plugin below), graphql-ws's
 * subscribe message (onSubscribe).
 */
export const NoNulInStrings: ValidationRule = (context) => ({
  StringValue(node) {
    if (node.value.includes('\u0000')) context.reportError(new graphql.GraphQLError(NUL_MESSAGE, { nodes: node }));
  },
});

/** Variables sent in a GET's query string reach Apollo without the body's check. */
export const refuseNulVariables: ApolloServerPlugin<object> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ request }) {
        if (containsNul(request.variables)) {
          throw new graphql.GraphQLError(NUL_MESSAGE, {
            extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
          });
        }
      },
    };
  },
};
