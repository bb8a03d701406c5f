/**
 * Lists the functions longer than a limit (lines from the first to the last, comments and blank
 * lines included), outside tests: `tsx scripts/function-lengths.ts [min=100]`. `--check` fails
 * when any is over 100 (docs/architecture.md, "Short functions").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const check = args.includes('--check');
const min = Number(args.find((a) => /^\d+$/.test(a)) ?? 100);
const LIMIT = 100;

const files = ['server', 'client', 'showcase', 'scripts', 'bench']
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => join(dir, f)))
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$|\/gql\/|\.d\.ts$/.test(f));

const found: { file: string; line: number; name: string; lines: number }[] = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > min) found.push({ file, line: start + 1, name: nameOf(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

function nameOf(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

found.sort((a, b) => b.lines - a.lines);
for (const f of found) console.log(`${String(f.lines).padStart(4)}  ${f.file}:${f.line}  ${f.name}`);
const over = (n: number) => found.filter((f) => f.lines > n).length;
console.log(`${over(LIMIT)} over ${LIMIT} lines`);
if (check && over(LIMIT) > 0) {
  console.error(`no function over ${LIMIT} lines: split the ones listed (a component, a hook, a helper of its own)`);
  process.exit(1);
}
