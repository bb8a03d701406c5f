/**
 * `npm run lint:codes`: every message the server can answer a person with has a stable machine
 * code in server/message-codes.ts, and every code there is still used.
 *
 * The messages are found in the server's sources (tests, the demo data and the sandbox chain's
 * fake API left out): the arguments of the domain error helpers (`validation`, `conflict`,
 * `forbidden`, `rateLimited`, `unauthenticated`, `tooLarge`, `new DomainError`; `notFound(x)` is
 * "x not found"), zod's messages (a check's last argument, `message:` and `error:` properties,
 * `ctx.addIssue`), and the `…_MESSAGE` / `…_MESSAGES` constants. A template's `${…}` parts are
 * its parameters: they match any `{name}` of the registered message.
 *
 * `--write` appends the messages that have no code yet, with a code made from their first words,
 * for a person to check and commit (a code, once committed, never changes: clients key on it).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { MESSAGE_CODES, REGISTERED } from '../server/message-codes.ts';

const root = join(import.meta.dirname, '..');
const REGISTRY = join(root, 'server/message-codes.ts');
// Not answers to a person: tests, the demo's data, the sandbox chain's fake API, the settings'
// start-up checks (the operator's).
const SKIP =
  /\.test\.ts$|^server\/demo\/|\/chain\/sandbox-service\.ts$|^server\/message-codes\.ts$|^server\/config\.ts$/;
const ERROR_HELPERS = new Set(['validation', 'conflict', 'forbidden', 'rateLimited', 'unauthenticated', 'tooLarge']);
const ZOD_CHECKS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'email',
  'url',
  'int',
  'positive',
  'gte',
  'lte',
]);

/** A message's shape: its text with every parameter as `{}`. */
export const shape = (template: string) => template.replace(/\{[^{}]*\}/g, '{}');

/** A parameter's name from its expression: `t.level` → level, `formatMoney(left)` → left. */
function parameterName(node: ts.Expression): string {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    // `values.join(', ')`, `status.toLowerCase()`: the value's name; `formatMoney(left)`: the argument's.
    if (ts.isPropertyAccessExpression(callee)) return parameterName(callee.expression);
    if (node.arguments[0]) return parameterName(node.arguments[0]);
  }
  if (ts.isElementAccessExpression(node) || ts.isAsExpression(node)) return parameterName(node.expression);
  return 'value';
}

/** The text of a string or template literal, `${…}` as `{name}`; null for anything else. */
function literal(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return (
      node.head.text +
      node.templateSpans.map((span) => `{${parameterName(span.expression)}}${span.literal.text}`).join('')
    );
  return null;
}

/**
 * The server's named texts (`const MISSING_API_KEY = '…'`, `X_MESSAGES = { key: '…' }` as
 * `X_MESSAGES.key`), so that a message passed by name is found as well as one written in place.
 */
const named = new Map<string, string[]>();

/** The messages an expression can be: a literal, a named text, either side of a condition, a parenthesised one. */
function messages(node: ts.Node): string[] {
  const text = literal(node);
  if (text !== null) return [text];
  if (ts.isIdentifier(node)) return named.get(node.text) ?? messages(localValue(node) ?? node.getSourceFile());
  if (ts.isPropertyAccessExpression(node)) return named.get(node.getText()) ?? [];
  // `{ A: '…', B: '…' }[reason]`: any of them.
  if (ts.isElementAccessExpression(node) && ts.isObjectLiteralExpression(node.expression))
    return node.expression.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? messages(p.initializer) : []));
  if (ts.isConditionalExpression(node)) return [...messages(node.whenTrue), ...messages(node.whenFalse)];
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return messages(node.expression);
  if (ts.isArrowFunction(node) && !ts.isBlock(node.body)) return messages(node.body);
  return [];
}

/** The value a local `const name = …` in an enclosing block gives `id`, if any. */
function localValue(id: ts.Identifier): ts.Expression | undefined {
  for (let scope: ts.Node | undefined = id.parent; scope; scope = scope.parent) {
    if (!ts.isBlock(scope)) continue;
    for (const statement of scope.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.name.text === id.text && d.initializer) return d.initializer;
    }
  }
  return undefined;
}

/** Words, not identifiers or keys: a message has a space in it. */
const isMessage = (text: string) => /\S\s+\S/.test(text) && /[A-Za-z]{2}/.test(shape(text).replace(/\{\}/g, ''));

/** Every message in the server's sources: its shape → its template and the file it is in. */
/** The constants with a text in UPPER_CASE names, and the texts of their objects' keys. */
function collectNamed(sources: ts.SourceFile[]): void {
  for (const source of sources) {
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && node.initializer && /^[A-Z][A-Z0-9_]*$/.test(node.name.getText(source))) {
        const name = node.name.getText(source);
        let value: ts.Node = node.initializer;
        while (ts.isAsExpression(value) || ts.isSatisfiesExpression(value)) value = value.expression;
        const text = literal(value);
        if (text !== null) named.set(name, [text]);
        if (ts.isObjectLiteralExpression(value))
          for (const p of value.properties)
            if (ts.isPropertyAssignment(p)) {
              const inner = literal(p.initializer);
              if (inner !== null) named.set(`${name}.${p.name.getText(source)}`, [inner]);
            }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

export function scan(): Map<string, { template: string; file: string }> {
  const found = new Map<string, { template: string; file: string }>();
  const files = readdirSync(join(root, 'server'), { recursive: true, encoding: 'utf8' })
    .map((f) => `server/${f}`)
    .filter((f) => f.endsWith('.ts') && !SKIP.test(f));
  const sources = files.map((file) =>
    ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true),
  );
  collectNamed(sources);
  for (const source of sources) {
    const file = source.fileName;
    const add = (texts: string[], suffix = '') => {
      for (const text of texts)
        if (isMessage(text + suffix)) found.set(shape(text + suffix), { template: text + suffix, file });
    };
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const name = node.expression.getText(source).split('.').pop() ?? '';
        const args = node.arguments ?? [];
        if (ERROR_HELPERS.has(name) && args[0]) add(messages(args[0]));
        if (name === 'DomainError' && args[1]) add(messages(args[1]));
        if (name === 'notFound' && args[0]) add(messages(args[0]), ' not found');
        if (ZOD_CHECKS.has(name) && args.length > 0) add(messages(args[args.length - 1]));
      }
      // The helpers' own default messages: `forbidden = (message = 'You do not have access to this')`.
      if (ts.isParameter(node) && node.initializer && ts.isVariableDeclaration(node.parent.parent)) {
        const helper = node.parent.parent.name.getText(source);
        if (ERROR_HELPERS.has(helper)) add(messages(node.initializer));
        if (helper === 'notFound') add(messages(node.initializer), ' not found');
      }
      if (ts.isPropertyAssignment(node) && ['message', 'error'].includes(node.name.getText(source)))
        add(messages(node.initializer));
      if (ts.isVariableDeclaration(node) && /MESSAGES?$/.test(node.name.getText(source)) && node.initializer) {
        let value: ts.Node = node.initializer;
        while (ts.isAsExpression(value) || ts.isSatisfiesExpression(value)) value = value.expression;
        if (ts.isObjectLiteralExpression(value)) {
          for (const p of value.properties) if (ts.isPropertyAssignment(p)) add(messages(p.initializer));
        } else add(messages(value));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** A code from a message's first words: "The link has expired…" → LINK_HAS_EXPIRED_OR_WAS. */
function codeFor(template: string, taken: Set<string>): string {
  const words = template
    .replace(/\{[^{}]*\}/g, ' ')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter((w) => !/^(the|a|an|this|is|be)$/i.test(w));
  let code = words.slice(0, 5).join('_').toUpperCase() || 'MESSAGE';
  for (let n = 2; taken.has(code); n++) code = `${words.slice(0, 5).join('_').toUpperCase()}_${n}`;
  taken.add(code);
  return code;
}

const found = scan();
const registered = new Map(REGISTERED.map(([code, message]) => [shape(message), code]));
const missing = [...found].filter(([text]) => !registered.has(text));
const unused = [...registered].filter(([text]) => !found.has(text));

if (process.argv.includes('--write') && missing.length) {
  const taken = new Set(Object.keys(MESSAGE_CODES));
  const lines = missing
    .map(([, { template }]) => `  ${codeFor(template, taken)}: ${JSON.stringify(template)},`)
    .join('\n');
  const registry = readFileSync(REGISTRY, 'utf8');
  writeFileSync(REGISTRY, registry.replace(/\n} as const/, `\n${lines}\n} as const`));
  console.log(`message codes: ${missing.length} added to server/message-codes.ts; check them and commit`);
  process.exit(0);
}
if (missing.length || unused.length) {
  console.error(
    [
      ...missing.map(([, { template, file }]) => `no code for "${template}" (${file}): npm run codes:write`),
      ...unused.map(([text, code]) => `${code} ("${text}") is no message in the server's sources any more: remove it`),
    ].join('\n'),
  );
  process.exit(1);
}
console.log(`message codes: ${registered.size} messages, each with its code`);
