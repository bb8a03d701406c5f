// Prints the Pothos schema to schema/schema.graphql, the input of client codegen.
// `--check` fails when the committed file is out of date (CI).
import { readFileSync, writeFileSync } from 'node:fs';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { schema } from '../server/schema.ts';

const file = new URL('../schema/schema.graphql', import.meta.url);
const printed = `${printSchema(lexicographicSortSchema(schema))}\n`;
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {}
  if (current !== printed) {
    console.error('schema/schema.graphql is out of date: run `npm run schema` and commit it.');
    process.exit(1);
  }
  console.log('schema/schema.graphql is up to date');
} else {
  writeFileSync(file, printed);
  console.log('wrote schema/schema.graphql');
}
