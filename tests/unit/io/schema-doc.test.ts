import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { encounterJsonSchema } from '../../../src-shared/io';

describe('docs/encounter.schema.json', () => {
  it('is the schema the loader validates with (regenerate with `npm run schema`)', () => {
    const file = JSON.parse(readFileSync(path.resolve(__dirname, '../../../docs/encounter.schema.json'), 'utf8'));
    expect(file).toEqual(JSON.parse(JSON.stringify(encounterJsonSchema())));
  });
});
