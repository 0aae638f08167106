import { describe, expect, it } from 'vitest';
import { checkFileName } from '../../../src-main/services/library';
import { brokenFields, indexEncounterText } from '../../../src-shared/library';

/** Issue 19 › 9: library messages show hostile text escaped; rename refuses names Windows cannot hold. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe('library messages never carry raw control or direction characters', () => {
  it('a broken file’s bytes appear escaped in its problem', () => {
    const fields = indexEncounterText('\u202e{"x": \u0007\u001b[31m}');
    expect(fields.problem).toBeTruthy();
    expect(fields.problem).not.toMatch(CONTROLS);
    expect(fields.problem).toMatch(/\\u202e|\\u0007|\\u001b/);
  });

  it('every problem passes through the same escape, and a very long one is shortened', () => {
    const f = brokenFields(`bad \u2066name\u2069 ${'x'.repeat(5000)}`);
    expect(f.problem).not.toMatch(CONTROLS);
    expect(f.problem).toContain('\\u2066name\\u2069');
    expect(f.problem!.length).toBeLessThanOrEqual(501);
  });
});

describe('library rename refuses names a file system or a reader would misread', () => {
  it.each(['CON', 'con', 'PRN.encounter', 'aux', 'NUL.txt', 'COM1', 'lpt9', 'Com¹'])('refuses %s, a name Windows reserves', (name) => {
    expect(() => checkFileName(name)).toThrow(/Windows reserves/);
  });
  it.each(['map\u202egnp.encounter', 'a\u2066b', 'x\u200fy', 'a\u061cb'])('refuses %j, which hides its real ending with direction controls', (name) => {
    expect(() => checkFileName(name)).toThrow(/direction/);
  });
  it('keeps ordinary names, including ones that merely start like a device', () => {
    expect(checkFileName('Console room')).toBe('Console room.encounter');
    expect(checkFileName('COM10')).toBe('COM10.encounter');
    expect(checkFileName('Auxiliary gate')).toBe('Auxiliary gate.encounter');
  });
});
