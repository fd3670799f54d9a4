// Writes the retry policy's table into docs/architecture.md, between its marker comments, from
// the policy functions themselves (src-main/kinds/policyTable.ts).
//   npm run docs:policy            rewrite the table
//   npm run docs:policy -- --check exit 1 when the document differs
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withPolicyTable } from '../src-main/kinds/policyTable';

const doc = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'docs',
  'architecture.md',
);
const before = readFileSync(doc, 'utf8');
const after = withPolicyTable(before);
if (process.argv.includes('--check')) {
  if (after !== before) {
    console.error(
      'docs/architecture.md: the policy table differs from the code. Run npm run docs:policy.',
    );
    process.exit(1);
  }
  console.log('docs/architecture.md: the policy table matches the code.');
} else if (after !== before) {
  writeFileSync(doc, after);
  console.log('docs/architecture.md: policy table written.');
} else console.log('docs/architecture.md: the policy table is up to date.');
