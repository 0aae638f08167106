import { readFileSync } from 'node:fs';
import { encounterJsonSchema, parseEncounter } from '../../src-shared/io';

/**
 * `encounter` — the rules engine from the command line. Answers JSON on stdout; bad input exits
 * with code 2 and one line on stderr naming the problem.
 */
class UsageError extends Error {}

const HELP = `encounter <command> [options]

Commands:
  schema                 print the JSON Schema of encounter files
  validate <file>        check an encounter file; prints its summary
  help                   this text
`;

function fail(message: string): never {
  process.stderr.write(`encounter: ${message.replace(/\s*\n\s*/g, ' ')}\n`);
  process.exit(2);
}

export function main(argv: string[]): void {
  const [command, ...rest] = argv;
  switch (command) {
    case 'schema':
      process.stdout.write(JSON.stringify(encounterJsonSchema(), null, 2) + '\n');
      return;
    case 'validate': {
      const file = rest.find((a) => !a.startsWith('--'));
      if (!file) throw new UsageError('validate needs a file');
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (e) {
        throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
      }
      const parsed = parseEncounter(text);
      if (!parsed.ok) throw new UsageError(`${file}: ${parsed.error}`);
      const e = parsed.encounter;
      process.stdout.write(
        JSON.stringify({ name: e.name, ruleset: e.ruleset, width: e.map.width, height: e.map.height, creatures: e.creatures.length }) + '\n',
      );
      return;
    }
    case undefined:
    case 'help':
    case '--help':
      process.stdout.write(HELP);
      return;
    default:
      throw new UsageError(`unknown command "${command}"; try "encounter help"`);
  }
}

try {
  main(process.argv.slice(2));
} catch (e) {
  fail(e instanceof UsageError ? e.message : `internal error: ${(e as Error).stack ?? e}`);
}
