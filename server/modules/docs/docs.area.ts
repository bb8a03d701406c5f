import { defineArea } from '../../app/area.ts';
import { openApiDocument } from '../../rest/openapi.ts';
import { registerDocs } from './docs.http.ts';

/** The integration guide, the rendered API reference and the OpenAPI document of every route. */
export const docsArea = defineArea({
  name: 'docs',
  http: ({ http, routes, origin }) => registerDocs(http, { openApi: openApiDocument(routes), origin }),
});
