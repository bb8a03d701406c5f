import { builder } from './graphql/builder.ts';
import './graphql/scalars.ts';
// Each area's definition imports its *.schema.ts files, which add their types, queries,
// mutations and subscriptions to the builder (Pothos's schema per file).
import './areas.ts';

export const schema = builder.toSchema({ sortSchema: true });
