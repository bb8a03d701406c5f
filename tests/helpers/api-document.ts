import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { openApiDocument } from '../../server/rest/openapi.ts';
import { routes } from '../../server/areas.ts';

/**
 * The published API document (the same one /api/docs serves) as a check on answers: every REST
 * answer a test reads through `app.api` is validated against the schema the document gives it
 * (a success's body, or the error envelope), so the document cannot drift from the code.
 */
const doc = openApiDocument(routes) as unknown as {
  paths: Record<string, Record<string, { responses: Record<string, any> }>>;
  components: { responses: { Error: { content: { 'application/json': { schema: object } } } } };
};
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);

const templates = Object.keys(doc.paths)
  .map((path) => ({
    path,
    params: (path.match(/\{/g) ?? []).length,
    pattern: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`),
  }))
  // A literal segment wins over a parameter (`/offers/awaiting` before `/offers/{id}/…`).
  .sort((a, b) => a.params - b.params);
const validators = new Map<object, ValidateFunction>();

function validator(schema: object): ValidateFunction {
  let v = validators.get(schema);
  if (!v) {
    v = ajv.compile(schema);
    validators.set(schema, v);
  }
  return v;
}

/** Why an answer does not match the document, or undefined when it does (or is not documented JSON). */
export function documentMismatch(method: string, url: string, status: number, body: unknown): string | undefined {
  const path = url.replace(/^\/api/, '').replace(/\?.*$/, '');
  const template = templates.find((t) => t.pattern.test(path) && doc.paths[t.path][method.toLowerCase()]);
  if (!template) return undefined; // not an API route: the 404 of an unknown path
  const op = doc.paths[template.path][method.toLowerCase()];
  const ok = Object.keys(op.responses).find((s) => /^2/.test(s));
  let schema: object | undefined;
  if (String(status) === ok) schema = op.responses[ok]?.content?.['application/json']?.schema;
  else if (status >= 400) schema = doc.components.responses.Error.content['application/json'].schema;
  else return `${method} ${template.path} answered ${status}, which the document does not name`;
  if (!schema) return undefined; // 204, CSV
  const validate = validator(schema);
  return validate(body) ? undefined : `${method} ${template.path} ${status}: ${ajv.errorsText(validate.errors)}`;
}
