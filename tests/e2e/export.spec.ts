import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { decode, encode } from 'fast-png';
import { encodeBase64 } from '../../src-shared/io/export';
import { expect, ROOT, runExport, screenshotPath, test, type AppDriver } from './fixtures';

/**
 * File › Export for another tool, in each edition: open a sample, export every format, and read
 * back what was written (the desktop writes through the main-process handlers, the browser
 * downloads each file).
 */
const sample = JSON.parse(readFileSync(path.join(ROOT, 'resources/encounters/goblin-ambush.d20-35.encounter'), 'utf8'));

async function exportAs(app: AppDriver, format: string, mainName: string, count: number): Promise<string[]> {
  const { page } = app;
  await page.keyboard.press('Control+e');
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('export-format').selectOption(format);
  if (format === 'uvtt') await expect(page.getByTestId('export-hint')).toContainText('no field for creatures, elevation or terrain costs');
  const names = await runExport(app, count, mainName);
  // The notice names what was written: the path on the desktop, the downloads in the browser.
  await expect(page.getByTestId('notice-info').last()).toContainText(
    app.edition === 'browser' ? `Downloaded ${names[0]}` : `Exported ${path.join(app.dir, mainName)}`,
  );
  return names;
}

test('export a sample encounter to Foundry (v13, v12), Universal VTT, Tiled and PNG', async ({ app }) => {
  const { page } = app;
  await page.getByTestId('samples').getByText('Goblin ambush at the ford').click();
  await expect(page.getByTestId('status-ruleset')).toContainText('d20 SRD 3.5');
  const read = (name: string) => readFileSync(path.join(app.dir, name));

  const foundryFiles = await exportAs(app, 'foundry', 'ga.json', 2);
  // In the browser each export downloads under a name of its own (our encounter JSON is `<name>.json`).
  if (app.edition === 'browser') expect(foundryFiles).toEqual(['Goblin ambush at the ford.foundry.json', 'Goblin ambush at the ford.foundry-map.png']);
  const [foundry] = foundryFiles;
  const scene = JSON.parse(read(foundry!).toString('utf8'));
  expect(scene.padding).toBe(0);
  expect(scene.tokens).toHaveLength(sample.creatures.length);
  expect(scene.regions.length).toBeGreaterThan(0);
  const image = decode(read(scene.background.src));
  expect(image.width).toBeGreaterThan(0);

  const [v12] = await exportAs(app, 'foundry-v12', 'ga-v12.json', 2);
  expect(JSON.parse(read(v12!).toString('utf8')).regions).toEqual([]);

  const [uvtt] = await exportAs(app, 'uvtt', 'ga.dd2vtt', 1);
  const map = JSON.parse(read(uvtt!).toString('utf8'));
  expect(map).toMatchObject({ format: 0.3, resolution: { map_size: { x: sample.map.width, y: sample.map.height } }, lights: [] });

  const [tiled] = await exportAs(app, 'tiled', 'ga.tmj', 2);
  const tmj = JSON.parse(read(tiled!).toString('utf8'));
  expect(tmj.layers[0].data).toHaveLength(sample.map.width * sample.map.height);
  expect(decode(read(tmj.tilesets[0].image)).width).toBe(tmj.tilesets[0].imagewidth);

  // The dialog as the README shows it (one edition is enough).
  if (app.edition === 'browser') {
    await page.keyboard.press('Control+e');
    await page.getByTestId('export-format').selectOption('uvtt');
    await page.screenshot({ path: screenshotPath('export-dialog.png') });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('export-dialog')).toBeHidden();
  }

  // PNG at a chosen size.
  await page.keyboard.press('Control+e');
  await page.getByTestId('export-format').selectOption('png');
  await page.getByTestId('export-pixels').fill('0');
  await expect(page.getByTestId('export-error')).toContainText('whole number from 1 to 400');
  await expect(page.getByTestId('export-run')).toBeDisabled();
  await page.getByTestId('export-pixels').fill('12');
  await page.keyboard.press('Escape');
  const [png] = await exportAsPng(app);
  const picture = decode(read(png!));
  expect([picture.width, picture.height]).toEqual([sample.map.width * 12, sample.map.height * 12]);
  expect(app.problems).toEqual([]);
});

async function exportAsPng(app: AppDriver): Promise<string[]> {
  const { page } = app;
  await page.keyboard.press('Control+e');
  await page.getByTestId('export-format').selectOption('png');
  await page.getByTestId('export-pixels').fill('12');
  await page.getByTestId('export-creatures').uncheck();
  const trigger = () => page.getByTestId('export-run').click();
  if (app.edition === 'browser') {
    const [d] = await Promise.all([page.waitForEvent('download'), trigger()]);
    await d.saveAs(path.join(app.dir, d.suggestedFilename()));
    return [d.suggestedFilename()];
  }
  // A name of its own, apart from the Foundry export's files.
  await app.save(trigger, 'ga-picture.png');
  return ['ga-picture.png'];
}

test('a Universal VTT map opens as a new encounter with its walls and doors', async ({ app }) => {
  const { page } = app;
  const file = path.join(app.dir, 'cellar.dd2vtt');
  const image = encodeBase64(encode({ width: 80, height: 60, data: new Uint8Array(80 * 60 * 3).fill(90), channels: 3, depth: 8 }));
  writeFileSync(
    file,
    JSON.stringify({
      format: 0.3,
      resolution: { map_origin: { x: 0, y: 0 }, map_size: { x: 8, y: 6 }, pixels_per_grid: 10 },
      line_of_sight: [[{ x: 1, y: 2 }, { x: 6, y: 2 }]],
      objects_line_of_sight: [],
      portals: [{ position: { x: 3.5, y: 4 }, bounds: [{ x: 3, y: 4 }, { x: 4, y: 4 }], rotation: 0, closed: true, freestanding: false }],
      environment: { baked_lighting: true, ambient_light: 'ffffffff' },
      lights: [],
      image,
    }),
  );
  await app.open(() => page.keyboard.press('Control+o'), file);
  await expect(page.getByTestId('notice-info').last()).toContainText('Imported the Universal VTT map cellar.dd2vtt');
  const canvas = page.getByTestId('map-canvas');
  await expect(canvas).toHaveAttribute('data-map-width', '8');
  await expect(canvas).toHaveAttribute('data-map-height', '6');
  // Its picture is drawn under the terrain.
  await expect(canvas).toHaveAttribute('data-background', '80x60');
  // Re-exported, the walls and the door are the ones the file drew.
  const [again] = await exportAs(app, 'uvtt', 'cellar-again.dd2vtt', 1);
  const map = JSON.parse(readFileSync(path.join(app.dir, again!), 'utf8'));
  expect(map.line_of_sight).toEqual([[{ x: 1, y: 2 }, { x: 6, y: 2 }]]);
  expect(map.portals.map((p: { bounds: unknown }) => p.bounds)).toEqual([[{ x: 3, y: 4 }, { x: 4, y: 4 }]]);
});
