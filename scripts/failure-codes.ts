/**
 * `npm run lint:codes`: every failure the server answers carries its code (server/failures.ts),
 * none an English sentence written in place. It fails on:
 * - `new DomainError(kind, '…')` with a message written in place (throw `fail('CODE')`);
 * - an input check's message in English: a zod check's message argument, or its `error:` /
 *   `message:`, written in place or read from a `…_MESSAGES` table or a failure's `.message`
 *   (say `says('CODE')`);
 * - a code in FAILURES that nothing in the server's sources answers any more.
 * Tests, the demo's data and the sandbox chain's fake API are left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { FAILURES } from '../server/failures.ts';

const root = join(import.meta.dirname, '..');
const SKIP = /\.test\.ts$|^server\/demo\/|\/chain\/sandbox-service\.ts$|^server\/config\.ts$/;
// A zod schema's own calls whose last argument may be its message.
const ZOD_CHECKS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'email',
  'url',
  'uuid',
  'int',
  'positive',
  'nonnegative',
  'gte',
  'lte',
  'gt',
  'lt',
]);
// Calls whose object argument's `error:` / `message:` is a zod message.
const ZOD_PARAMS = new Set([...ZOD_CHECKS, 'string', 'number', 'boolean', 'enum', 'array', 'object', 'union', 'date']);
ZOD_PARAMS.add('addIssue').add('datetime').add('discriminatedUnion');

/** A sentence written in place: a string or template literal with words in it. */
function sentence(node: ts.Node): boolean {
  const text =
    ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
      ? node.text
      : ts.isTemplateExpression(node)
        ? node.head.text + node.templateSpans.map((s) => s.literal.text).join(' ')
        : null;
  return text !== null && /[A-Za-z]{2,}\S*\s+\S/.test(text);
}

const files = readdirSync(join(root, 'server'), { recursive: true, encoding: 'utf8' })
  .map((f) => `server/${f}`)
  .filter((f) => f.endsWith('.ts') && !SKIP.test(f));
const problems: string[] = [];
const used = new Set<string>();
const codes = Object.keys(FAILURES);
for (const file of files) {
  const text = readFileSync(join(root, file), 'utf8');
  // failures.ts answers some itself (a database's refusals), after its table.
  const answering = file === 'server/failures.ts' ? text.slice(text.indexOf('} as const satisfies')) : text;
  for (const code of codes) if (answering.includes(`'${code}'`)) used.add(code);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  // English in place, or English by name: a `…_MESSAGES.key` or a failure's `.message` (say its code instead).
  const english = (node: ts.Node) =>
    sentence(node) ||
    (ts.isPropertyAccessExpression(node) && /(^FAILURES\.\w+\.message|_MESSAGES\.\w+)$/.test(node.getText(source)));
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) && node.expression.getText(source) === 'DomainError') {
      const message = node.arguments?.[1];
      if (message && sentence(message))
        problems.push(`${at(node)}: a failure in English; throw fail('CODE') (server/failures.ts)`);
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isIdentifier(callee)
          ? callee.text
          : '';
      const last = node.arguments[node.arguments.length - 1];
      if (ZOD_CHECKS.has(name) && last && english(last))
        problems.push(`${at(node)}: an input check in English; say says('CODE') (server/failures.ts)`);
      if (ZOD_PARAMS.has(name))
        for (const arg of node.arguments)
          if (ts.isObjectLiteralExpression(arg))
            for (const p of arg.properties)
              if (
                ts.isPropertyAssignment(p) &&
                ['error', 'message'].includes(p.name.getText(source)) &&
                english(p.initializer)
              )
                problems.push(`${at(p)}: an input check in English; say says('CODE') (server/failures.ts)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
for (const code of codes)
  if (!used.has(code)) problems.push(`${code} (server/failures.ts) is answered nowhere any more: remove it`);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(
  `failure codes: ${codes.length} failures, each answered with its code; no failure written in English in place`,
);
