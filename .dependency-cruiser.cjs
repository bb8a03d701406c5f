/**
 * The layers of the code, enforced by `npm run lint` (dependency-cruiser). docs/architecture.md
 * draws them. A runtime import may only point down or sideways as these rules allow; naming a
 * type (`import type`) of the service registry or the request context is allowed anywhere.
 *
 * Server, bottom to top: `db` and `lib` (and `config.ts`, `errors.ts`) → the `graphql` and
 * `rest` kernels → the areas (`modules/<area>`) → the composition root (`app`, `app.ts`,
 * `areas.ts`, `demo`, `main.ts`). Client: `lib` and `components` → `features` → `routes`.
 */
const SERVER_TOP = '^server/(app/|demo/|app\\.ts$|areas\\.ts$|main\\.ts$|database\\.ts$|schema\\.ts$|jobs\\.ts$)';
const AREA_CONTRACT = '^server/app/area\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'server-bottom-layer',
      comment:
        'server/db and server/lib are the bottom layer: they may not import the kernels, areas or the composition root.',
      severity: 'error',
      from: { path: '^server/(db/|lib/|config\\.ts$|errors\\.ts$)' },
      to: { path: ['^server/(graphql|rest|modules)/', SERVER_TOP] },
    },
    {
      name: 'server-kernel-below-areas',
      comment:
        'The graphql and rest kernels may not import an area or the composition root (areas register with them).',
      severity: 'error',
      from: { path: '^server/(graphql|rest)/' },
      to: { path: ['^server/modules/', SERVER_TOP], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-areas-below-app',
      comment: 'An area may not import the composition root; it is written against app/area.ts only.',
      severity: 'error',
      from: { path: '^server/modules/' },
      to: { path: SERVER_TOP, pathNot: AREA_CONTRACT, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-areas-through-declarations',
      comment:
        "An area reaches another area's services through what its definition declares (needs/later), not by importing its *.service.ts or *.area.ts; it may import another area's entities, GraphQL types, response shapes and pure helpers.",
      severity: 'error',
      from: { path: '^server/modules/([^/]+)/' },
      to: {
        path: '^server/modules/[^/]+/.+\\.(service|area)\\.ts$',
        pathNot: '^server/modules/$1/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'server-no-cycles',
      comment: 'Runtime imports may not go round in a cycle.',
      severity: 'error',
      from: { path: '^server/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'client-lib-and-components-below-features',
      comment: 'client/lib and client/components are below the features and routes: they may not import them.',
      severity: 'error',
      from: { path: '^client/(lib|components)/' },
      to: { path: '^client/(features|routes)/' },
    },
    {
      name: 'client-features-below-routes',
      comment: 'A feature may not import the routes (the routes put features on pages).',
      severity: 'error',
      from: { path: '^client/features/' },
      to: { path: '^client/routes/' },
    },
    {
      name: 'client-no-cycles',
      comment: 'Runtime imports may not go round in a cycle.',
      severity: 'error',
      from: { path: '^client/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|client/gql)/|\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
