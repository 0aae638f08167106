#!/usr/bin/env node
// The `encounter` command. The bundled CLI is built by `npm install` (prepare) or `npm run build:cli`.
const path = require('node:path');
const fs = require('node:fs');
const bundle = path.join(__dirname, '..', 'out', 'cli', 'encounter.cjs');
if (!fs.existsSync(bundle)) {
  process.stderr.write('encounter: the CLI is not built yet; run `npm run build:cli` in ' + path.join(__dirname, '..') + '\n');
  process.exit(2);
}
const { run } = require(bundle);
const code = run(
  process.argv.slice(2),
  (s) => process.stdout.write(s),
  (s) => process.stderr.write(s),
);
// A picture import decodes asynchronously (sharp) and answers with a promise of the exit code.
Promise.resolve(code).then((c) => {
  process.exitCode = c;
});
