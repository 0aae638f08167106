// `BENCH play-hover-gargantuan` (issue 17 › 10): in Play mode, the pointer moved to a square → the
// hovered path and its attacks of opportunity drawn, for a Gargantuan creature's turn on a 512 × 512
// map (the editor bench's map: mixed terrain, walls, 500 creatures), through the built renderer
// (browser edition) in Debian's Chromium; the same hovers on the 64 × 64 map as the yardstick.
// Measured from the mousemove's time stamp to the frame after the path is drawn (data-play-path set,
// then every drawing callback of the next frame), as editor-select is. Goal: p95 ≤ 33 ms.
// planned_p95_ms: from when the page got the event to the path worked out (the frame's wait left out).
// Run alone: `npm run bench play-hover`. BENCH_RENDERER_DIR=out/renderer-old measures another build;
// BENCH_PROFILE=f.cpuprofile profiles the 512 map's measured round, BENCH_TRACE=f.json writes a
// Chromium trace of each map's (f-512.json, f-64.json: paint, pre-paint, commit per hover).
import { writeFileSync } from 'node:fs';
import { max, ms, p95, showCorner, squarePoint, startRenderer } from './lib/bench-page.mjs';

const { url, browser, editorBenchMap, close } = await startRenderer(5393);

/**
 * The editor bench's map with a session saved in it: initiative entered, the first Gargantuan
 * creature of the top-left corner first, the enemies near it after (their squares are threatened).
 */
function playMap(side, creatures) {
  const file = JSON.parse(editorBenchMap(side, creatures, 7).text);
  const dragon = file.creatures.find((c) => c.size === 'gargantuan' && c.x === 2 && c.y === 6);
  if (!dragon) throw new Error('play-hover: the bench map has no Gargantuan creature at 2,6');
  const enemies = file.creatures.filter((c) => c.side !== dragon.side && c.x < 30 && c.y < 30);
  const scores = Object.fromEntries([[dragon.id, 30], ...enemies.map((c, i) => [c.id, 20 - i])]);
  file.play = { version: 3, seed: 1, cursor: 1, log: [{ kind: 'initiative', scores }] };
  return { side, text: JSON.stringify(file), dragon: dragon.id, enemies: enemies.length };
}

// A serpentine over the squares around the creature (its move reaches 12 squares), through and past
// the enemies in the corner, each hover a square away from the one before.
const HOVERS = [];
for (let y = 0; y <= 20; y += 2) for (let k = 0; k <= 24; k += 3) HOVERS.push({ x: (y / 2) % 2 ? 24 - k : k, y });

/** Page-side: the time after every drawing callback of the next frame. */
function instrument() {
  window.__afterFrame = () =>
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => resolve(performance.now());
        ch.port2.postMessage(0);
      }),
    );
}


async function hoverSuite(map) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('[data-testid=welcome]');
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('welcome-open').click();
  await (await chooser).setFiles({ name: `play-hover-${map.side}.encounter`, mimeType: 'application/json', buffer: Buffer.from(map.text) });
  await page.waitForFunction((n) => document.querySelector('[data-testid=map-canvas]')?.dataset.mapWidth === String(n), map.side, { timeout: 60000 });
  // The top-left corner at 100 %, in Edit mode (the Pan tool), then Play mode resumes the saved session.
  await showCorner(page);
  await page.getByTestId('mode-play').click();
  await page.waitForFunction((id) => document.querySelector('[data-testid=map-canvas]')?.dataset.playCurrent === id, map.dragon, { timeout: 60000 });
  await page.waitForTimeout(300);
  await page.evaluate(() => {
    window.__hover = [];
    const el = document.querySelector('[data-testid=map-canvas]');
    window.addEventListener(
      'mousemove',
      (e) => {
        const t0 = e.timeStamp;
        const dispatched = performance.now();
        const before = el.dataset.playPath;
        const obs = new MutationObserver(() => {
          if (el.dataset.playPath === before) return;
          obs.disconnect();
          const planned = performance.now() - dispatched;
          window.__afterFrame().then((t1) => window.__hover.push({ ms: t1 - t0, planned, path: el.dataset.playPath }));
        });
        obs.observe(el, { attributes: true, attributeFilter: ['data-play-path'] });
      },
      true,
    );
  });
  const measured = [];
  // BENCH_PROFILE=file.cpuprofile: the measured round of the 512 map profiled (Chrome's profiler).
  const profile = process.env.BENCH_PROFILE && map.side === 512 ? await page.context().newCDPSession(page) : null;
  for (let round = 0; round < 2; round++) {
    if (profile && round === 1) await profile.send('Profiler.enable').then(() => profile.send('Profiler.start'));
    if (process.env.BENCH_TRACE && round === 1) await browser.startTracing(page, { path: process.env.BENCH_TRACE.replace(/(\.json)?$/, `-${map.side}.json`), categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    for (const h of HOVERS) {
      const p = await squarePoint(page, h.x, h.y);
      await page.mouse.move(p.x, p.y);
      await page.waitForFunction((want) => (document.querySelector('[data-testid=map-canvas]')?.dataset.playPath ?? '').startsWith(want), `${h.x},${h.y}:`, { timeout: 20000 });
      await page.waitForTimeout(40);
    }
    // The first round compiles and warms; the second is measured.
    if (process.env.BENCH_TRACE && round === 1) await browser.stopTracing();
    if (profile && round === 1) writeFileSync(process.env.BENCH_PROFILE, JSON.stringify((await profile.send('Profiler.stop')).profile));
    const got = await page.evaluate(() => window.__hover.splice(0));
    if (round === 1) measured.push(...got);
  }
  await context.close();
  return { times: measured.map((m) => m.ms), planned: measured.map((m) => m.planned), provoking: measured.filter((m) => !m.path.endsWith(':0')).length };
}

try {
  const big = await hoverSuite(playMap(512, 500));
  const small = await hoverSuite(playMap(64, 64));
  console.log(
    `BENCH play-hover-gargantuan p95_ms=${ms(p95(big.times))} max_ms=${ms(max(big.times))} p95_ms_64=${ms(p95(small.times))} max_ms_64=${ms(max(small.times))} planned_p95_ms=${ms(p95(big.planned))} planned_p95_ms_64=${ms(p95(small.planned))} hovers=${big.times.length} provoking=${big.provoking} goal_ms=33`,
  );
} finally {
  await close();
}
