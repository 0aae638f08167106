// The map editor's speed, measured from outside: the built renderer (browser edition) in Debian's
// Chromium through Playwright, on a 512 × 512 map with mixed terrain, elevation, walls and 500
// creatures, with a 64 × 64 map in the same run as the yardstick, and pan and paint on 2048 × 2048
// with 2,000 creatures. Prints `BENCH editor-… p95_ms=… …_64=…` lines (issue 7, item 11).
//
//   pan, zoom   frame intervals (requestAnimationFrame) while dragging with the Pan tool / wheeling
//   paint       pointer move → the frame that shows it (after every drawing callback of that frame),
//               over a 100-square stroke; from the event's time stamp (what the user waits), and
//               from_dispatch: from when the page got the event (the browser's wait for the next
//               frame left out: that part is the same for any map, as the yardstick shows)
//   select      mouse down on a running creature → its movement overlay drawn (data-reach-squares
//               set, then the frame); Medium and Gargantuan creatures, first click included
//   open        file chosen (File.text() called) → the map drawn; with the longest task meanwhile (not
//               counting the task Playwright hands the file over in: handover_task_ms)
//   picture-open  a 512² encounter file holding an 8192² JPEG picture chosen → the map drawn with its
//               picture (`ours_ms`; `full_ms` when the full-size decode is in too), the longest task
//               meanwhile; the same with a 1024² picture as the yardstick (`…_1024`)
//   picture-pan frame intervals while panning that map (after the picture is decoded)
//   BENCH_EDITOR_ONLY=picture runs only the picture cases.
//   work_p95_ms the script time of each frame's animation callbacks (Konva draws there) while panning
//               or zooming: less at the mercy of a loaded machine than frame intervals
//   pan/zoom-mapview  the same pan and zoom in the map view (docs/map-style.md: textured tiles)
//   edit        issue 18 › 8: a flood fill of a 1,000,000-square block of a 2048² map until drawn and its undo
//               (editor-fill-2048, editor-undo-fill-2048), a selection box round 200 creatures and their drag
//               (editor-box-select-200, editor-drag-200); each with the longest task meanwhile and a 64² yardstick.
//               BENCH_EDIT_RUNS=N runs, BENCH_PROFILE=1 prints where the busiest stretch spends its time.
// BENCH_EDIT_FILL_ONLY=1 or BENCH_EDIT_CROWD_ONLY=1 runs only the fill or only the crowd half of `edit`.
// BENCH_EDITOR_PARTS=mapview (comma-separated: pan, zoom, paint, select, mapview, huge, edit) runs only those.
// BENCH_RENDERER_DIR=out/renderer-old measures another build of the renderer (before / after).
// editor-pan-tokens: the 512 map's 500 creatures all with token art (two pictures, as twenty goblins
// share one), panned; BENCH_EDITOR_ONLY=pan runs only the pan cases on 64 and 512.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { max, ms, p95, root, showCorner, squarePoint, startRenderer, view } from './lib/bench-page.mjs';

const { url, browser, editorBenchMap, close } = await startRenderer(5391);

/** Page-side helpers, installed before the app loads. */
function instrument() {
  const w = window;
  w.__bench = { openStart: 0, longTasks: [] };
  // Script time spent in each frame's animation callbacks.
  w.__work = [];
  const raf = window.requestAnimationFrame.bind(window);
  let frameAt = -1;
  let frameWork = 0;
  window.requestAnimationFrame = (cb) =>
    raf((t) => {
      const start = performance.now();
      try {
        cb(t);
      } finally {
        if (t !== frameAt) {
          if (frameAt >= 0) w.__work.push(frameWork);
          frameAt = t;
          frameWork = 0;
        }
        frameWork += performance.now() - start;
      }
    });
  const text = File.prototype.text;
  File.prototype.text = function () {
    w.__bench.openStart = performance.now();
    return text.call(this);
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__bench.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  /** Resolves with the time after every drawing callback of the next frame has run. */
  w.__afterFrame = () =>
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => resolve(performance.now());
        ch.port2.postMessage(0);
      }),
    );
  /** Records frame intervals until stopped. */
  w.__frames = () => {
    const intervals = [];
    let last = performance.now();
    let on = true;
    const tick = (t) => {
      intervals.push(t - last);
      last = t;
      if (on) requestAnimationFrame(tick);
    };
    requestAnimationFrame((t) => {
      last = t;
      requestAnimationFrame(tick);
    });
    return () => {
      on = false;
      return intervals;
    };
  };
}

async function openMap(page, map, name) {
  await page.goto(url);
  await page.waitForSelector('[data-testid=welcome]');
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('welcome-open').click();
  const fc = await chooser;
  const drawn = page.evaluate(
    (n) =>
      new Promise((resolve) => {
        const check = () => {
          const el = document.querySelector('[data-testid=map-canvas]');
          if (el && el.dataset.mapWidth === String(n)) {
            obs.disconnect();
            window.__afterFrame().then(resolve);
          }
        };
        const obs = new MutationObserver(check);
        obs.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-map-width'] });
      }),
    map.side,
  );
  await fc.setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(map.text) });
  const end = await drawn;
  const { openStart, longTasks } = await page.evaluate(() => window.__bench);
  // The task in which the file is chosen is Playwright's own (setInputFiles decodes the file's bytes
  // into the page: ~60-90 ms for the 512² file, longer than anything the app does); the app's work
  // starts in it (File.text() is called there) but runs in the tasks after. Counted apart.
  const during = longTasks.filter((t) => t.start >= openStart && t.start <= end);
  const handover = longTasks.filter((t) => t.start < openStart && t.start + t.duration >= openStart);
  const longest = (ts) => (ts.length ? Math.max(...ts.map((t) => t.duration)) : 0);
  return { ms: end - openStart, longMax: longest(during), handover: longest(handover) };
}


async function measurePan(page) {
  await page.keyboard.press('Control+0');
  await page.keyboard.press('h');
  const v = await view(page);
  const cx = v.box.x + v.box.width / 2;
  const cy = v.box.y + v.box.height / 2;
  await page.evaluate(() => ((window.__stop = window.__frames()), (window.__work = [])));
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  for (let k = 1; k <= 90; k++) {
    await page.mouse.move(cx + 150 * Math.sin(k / 9), cy + 100 * Math.cos(k / 11));
    await page.waitForTimeout(8);
  }
  await page.mouse.up();
  const intervals = await page.evaluate(() => window.__stop());
  return Object.assign(intervals.slice(1), { work: await page.evaluate(() => window.__work.slice(1)) });
}

async function measureZoom(page) {
  await page.keyboard.press('Control+0');
  const v = await view(page);
  await page.mouse.move(v.box.x + v.box.width / 2, v.box.y + v.box.height / 2);
  await page.evaluate(() => ((window.__stop = window.__frames()), (window.__work = [])));
  for (let k = 0; k < 40; k++) {
    await page.mouse.wheel(0, k < 20 ? -60 : 60);
    await page.waitForTimeout(16);
  }
  const intervals = await page.evaluate(() => window.__stop());
  return Object.assign(intervals.slice(1), { work: await page.evaluate(() => window.__work.slice(1)) });
}


async function measurePaint(page) {
  await showCorner(page);
  await page.keyboard.press('b');
  await page.evaluate(() => {
    window.__paint = [];
    window.__paintDispatch = [];
    window.addEventListener('mousemove', (e) => {
      if (e.buttons !== 1) return;
      const t0 = e.timeStamp;
      const dispatched = performance.now();
      window.__afterFrame().then((t1) => (window.__paint.push(t1 - t0), window.__paintDispatch.push(t1 - dispatched)));
    });
  });
  const start = await squarePoint(page, 1, 12);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let k = 1; k <= 100; k++) {
    const p = await squarePoint(page, 1 + (k % 25), 12 + Math.floor(k / 25));
    await page.mouse.move(p.x, p.y);
    await page.waitForTimeout(20);
  }
  await page.mouse.up();
  await page.waitForTimeout(100);
  const { paint, dispatch } = await page.evaluate(() => ({ paint: window.__paint, dispatch: window.__paintDispatch }));
  return Object.assign(paint, { dispatch });
}

async function measureSelect(page, targets, inside) {
  await showCorner(page);
  await page.keyboard.press('v');
  await page.evaluate(() => {
    window.__select = [];
    window.addEventListener(
      'mousedown',
      (e) => {
        const t0 = e.timeStamp;
        const el = document.querySelector('[data-testid=map-canvas]');
        const obs = new MutationObserver(() => {
          if (el.dataset.reachSquares !== '0') {
            obs.disconnect();
            window.__afterFrame().then((t1) => window.__select.push(t1 - t0));
          }
        });
        obs.observe(el, { attributes: true, attributeFilter: ['data-reach-squares'] });
      },
      true,
    );
  });
  // The first target sets the action to Run (it stays for the others).
  const first = await squarePoint(page, targets[0].x, targets[0].y);
  await page.mouse.click(first.x, first.y);
  await page.getByTestId('move-action').selectOption('run');
  await page.keyboard.press('Escape');
  await page.waitForTimeout(50);
  await page.evaluate(() => (window.__select = []));
  for (let round = 0; round < 3; round++) {
    for (const t of targets) {
      const p = await squarePoint(page, t.x, t.y, inside, inside);
      await page.mouse.click(p.x, p.y);
      await page.waitForFunction(() => document.querySelector('[data-testid=map-canvas]').dataset.reachSquares !== '0', null, { timeout: 20000 });
      await page.waitForTimeout(30);
      await page.getByTestId('map-canvas').focus();
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => document.querySelector('[data-testid=map-canvas]').dataset.reachSquares === '0');
    }
  }
  return page.evaluate(() => window.__select);
}

async function suite(map, name, parts) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const out = {};
  const opened = await openMap(page, map, name);
  out.open = opened;
  await page.waitForTimeout(300);
  if (parts.includes('pan')) out.pan = await measurePan(page);
  if (parts.includes('zoom')) out.zoom = await measureZoom(page);
  if (parts.includes('select')) {
    out.select = await measureSelect(page, map.mediums, 0.5);
    out.selectFirstGargantuan = null;
    const g = await measureSelect(page, map.gargantuans, 2);
    out.selectGargantuan = g;
  }
  if (parts.includes('paint')) out.paint = await measurePaint(page);
  if (parts.includes('mapview')) {
    // The status bar's Rules | Map switch; the tiles in view drawn before measuring, as at rest.
    await page.getByTestId('view-map').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=map-canvas]').dataset.mapStyle === 'map');
    await page.waitForTimeout(500);
    out.mapPan = await measurePan(page);
    out.mapZoom = await measureZoom(page);
  }
  await context.close();
  return out;
}

const make = (side, creatures, tokens) => ({ side, ...editorBenchMap(side, creatures, 7, tokens) });
const tokenPicture = (id, file, mime) => {
  const data = readFileSync(path.join(root, 'tests/fixtures/pictures', file));
  const size = mime === 'image/png' ? { width: data.readUInt32BE(16), height: data.readUInt32BE(20) } : { width: 700, height: 560 };
  return { id, mime, ...size, data: data.toString('base64') };
};
const tokens = [tokenPicture('goblin', 'tokens-labels-goblin.png', 'image/png'), tokenPicture('dungeon', 'tokens-labels-dungeon.jpg', 'image/jpeg')];
// BENCH_EDITOR_PARTS=pan,zoom,mapview,tokens,huge,picture runs only those parts (BENCH_EDITOR_ONLY=pan: the pan
// cases; =picture: the picture cases).
const legacyOnly = { pan: ['pan', 'tokens'], picture: ['picture'] }[process.env.BENCH_EDITOR_ONLY ?? ''];
const only = process.env.BENCH_EDITOR_PARTS?.split(',') ?? legacyOnly;
const all = ['pan', 'zoom', 'paint', 'select', 'mapview'].filter((p) => !only || only.includes(p));

/**
 * A battle-map JPEG drawn in the page (flagstones, walls, a drawn grid of 100 px and noise, so it
 * compresses as real art does), `side` pixels square; base64.
 */
async function benchPicture(side) {
  const page = await browser.newPage();
  await page.goto(url);
  const base64 = await page.evaluate(async (n) => {
    const c = new OffscreenCanvas(n, n);
    const g = c.getContext('2d');
    let seed = 9;
    const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    for (let y = 0; y < n; y += 50)
      for (let x = 0; x < n; x += 50) {
        const v = 120 + rand() * 60;
        g.fillStyle = `rgb(${v},${v - 10},${v - 30})`;
        g.fillRect(x + 1, y + 1, 48, 48);
      }
    for (let k = 0; k < (n * n) / 2000; k++) {
      g.fillStyle = `rgba(${rand() * 80},${rand() * 60},${rand() * 40},0.4)`;
      g.fillRect(rand() * n, rand() * n, 2 + rand() * 8, 2 + rand() * 8);
    }
    g.strokeStyle = 'rgba(0,0,0,0.5)';
    g.lineWidth = 2;
    for (let x = 0; x <= n; x += 100) g.strokeRect(x, -1, 0, n + 2);
    for (let y = 0; y <= n; y += 100) g.strokeRect(-1, y, n + 2, 0);
    const blob = await c.convertToBlob({ type: 'image/jpeg', quality: 0.8 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  }, side);
  await page.close();
  return base64;
}

/** The 512² bench map with a picture of `side` px a side under it, 16 px a square (8192 / 512). */
function pictureMap(base64, side) {
  const map = make(512, 500);
  const file = JSON.parse(map.text);
  file.picture = { mime: 'image/jpeg', data: base64, width: side, height: side, pixelsPerSquare: side / 512, offsetX: 0, offsetY: 0, opacity: 1 };
  return { ...map, text: JSON.stringify(file), bytes: Math.round((base64.length * 3) / 4) };
}

/** Opens the map with its picture; `ours_ms` ends when the picture is first drawn with the map. */
async function pictureSuite(map, name) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('[data-testid=welcome]');
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('welcome-open').click();
  const fc = await chooser;
  const drawn = page.evaluate(
    () =>
      new Promise((resolve) => {
        let first = 0;
        const check = () => {
          const el = document.querySelector('[data-testid=map-canvas]');
          if (!el) return;
          if (!first && el.dataset.pictureLevel) {
            first = -1;
            window.__afterFrame().then((t) => (first = t));
          }
          if (/^\d+x\d+$/.test(el.dataset.background ?? '') && first) {
            obs.disconnect();
            const wait = () => (first > 0 ? window.__afterFrame().then((full) => resolve({ first, full })) : setTimeout(wait, 5));
            wait();
          }
        };
        const obs = new MutationObserver(check);
        obs.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-picture-level', 'data-background'] });
      }),
  );
  await fc.setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(map.text) });
  const { first, full } = await drawn;
  const { openStart, longTasks } = await page.evaluate(() => window.__bench);
  const during = longTasks.filter((t) => t.start >= openStart && t.start <= full);
  const longest = during.length ? Math.max(...during.map((t) => t.duration)) : 0;
  await page.waitForTimeout(300);
  const pan = await measurePan(page);
  await context.close();
  return { open: first - openStart, full: full - openStart, longest, pan };
}

/** Brings square (x, y) to the view's top-left corner at 100 %, 40 px in. */
async function showSquare(page, x, y) {
  await page.keyboard.press('Control+1');
  await page.keyboard.press('h');
  const v = await view(page);
  const target = await squarePoint(page, x, y, 0, 0);
  const from = { x: v.box.x + 300, y: v.box.y + 300 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x - (target.x - v.box.x - 40), from.y - (target.y - v.box.y - 40), { steps: 4 });
  await page.mouse.up();
}

/**
 * Listens (capture, before the app) for the next event of `type` and resolves with the time from
 * its time stamp to the frame that shows what it did, and the longest task meanwhile.
 */
async function armTiming(page, type) {
  await page.evaluate((t) => {
    window.__timed = null;
    window.addEventListener(
      t,
      (e) => {
        const t0 = e.timeStamp;
        window.__afterFrame().then((t1) => {
          const tasks = window.__bench.longTasks.filter((k) => k.start + k.duration >= t0 && k.start <= t1);
          window.__timed = { ms: t1 - t0, longest: tasks.length ? Math.max(...tasks.map((k) => k.duration)) : 0 };
        });
      },
      { capture: true, once: true },
    );
  }, type);
}
/**
 * BENCH_PROFILE=1: runs `action` under Chromium's sampling profiler and prints the functions with the
 * most self time (where a slow case spends it), aggregated by function and source line.
 */
async function profiled(page, label, action) {
  if (!process.env.BENCH_PROFILE) return action();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const result = await action();
  const { profile } = await cdp.send('Profiler.stop');
  // Only the longest stretch without idle samples: the task the user waits on, not the idle-time
  // builders around it.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const idle = (id) => byId.get(id)?.callFrame.functionName === '(idle)';
  let best = [0, 0];
  for (let k = 0, from = 0; k <= profile.samples.length; k++) {
    if (k === profile.samples.length || idle(profile.samples[k])) {
      if (k - from > best[1] - best[0]) best = [from, k];
      from = k + 1;
    }
  }
  const self = new Map();
  let span = 0;
  for (let k = best[0]; k < best[1]; k++) {
    const f = byId.get(profile.samples[k]).callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    const t = (profile.timeDeltas[k + 1] ?? 0) / 1000;
    span += t;
    self.set(key, (self.get(key) ?? 0) + t);
  }
  console.log(`PROFILE ${label}: the longest busy stretch, ${span.toFixed(1)} ms`);
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log(top.map(([k, v]) => `  ${v.toFixed(1).padStart(8)} ms  ${k}`).join('\n'));
  return result;
}

async function timed(page) {
  await page.waitForFunction(() => window.__timed !== null, null, { timeout: 60000 });
  // A long task is reported a little after it ends: look again once it has been.
  await page.waitForTimeout(60);
  return page.evaluate(() => window.__timed);
}

/**
 * Issue 18 › 8, the fill: a flood fill of the map's hazardous block (side² squares) with difficult
 * terrain until drawn, then Ctrl+Z until drawn; each run's time from the input event to the frame
 * that shows it, and the longest task meanwhile.
 */
async function fillSuite(map, name, fill, runs) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  await openMap(page, map, name);
  await page.waitForTimeout(300);
  const out = { fill: [], fillTask: [], undo: [], undoTask: [] };
  await page.keyboard.press('Control+0');
  await page.keyboard.press('g');
  // The fit's redraw (the layers at the new zoom, the terrain's reduced copy) and the opened map's
  // painting in the background (a 2048² map paints in bands for a second or two; `editor-open`
  // measures that) are not the fill's: the first fill starts from a map at rest, as the later ones
  // do — once the window has had an idle moment (no task queued).
  await page.waitForTimeout(400);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve, { timeout: 10000 }), { timeout: 10000 })));
  for (let k = 0; k < runs; k++) {
    const p = await squarePoint(page, fill.x + fill.side / 2, fill.y + fill.side / 2);
    await page.mouse.move(p.x, p.y);
    await page.mouse.down();
    await armTiming(page, 'pointerup');
    const f = await profiled(page, `fill ${name} run ${k + 1}`, async () => {
      await page.mouse.up();
      const r = await timed(page);
      await page.waitForTimeout(400);
      return r;
    });
    if (process.env.BENCH_PROFILE) console.log(`RUN fill ${name} ${k + 1}: ${f.ms.toFixed(1)} ms, longest task ${f.longest} ms`);
    out.fill.push(f.ms);
    out.fillTask.push(f.longest);
    await page.waitForTimeout(150);
    await page.getByTestId('map-canvas').focus();
    await armTiming(page, 'keydown');
    const u = await profiled(page, `undo fill ${name} run ${k + 1}`, async () => {
      await page.keyboard.press('Control+z');
      const r = await timed(page);
      await page.waitForTimeout(400);
      return r;
    });
    out.undo.push(u.ms);
    out.undoTask.push(u.longest);
    await page.waitForTimeout(150);
  }
  await context.close();
  return out;
}

/**
 * Issue 18 › 8, the crowd: a selection box drawn round `crowd.count` Medium creatures, released
 * until drawn (`box`); then the crowd dragged three squares right and one down, each pointer move
 * until its frame (`drag`), and the drop until drawn (`dragCommit`); Ctrl+Z puts it back.
 */
async function crowdSuite(map, name, crowd, runs) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  await openMap(page, map, name);
  await page.waitForTimeout(300);
  const out = { box: [], boxTask: [], drag: [], dragCommit: [], dragTask: [] };
  await showSquare(page, crowd.x - 1, crowd.y - 1);
  await page.keyboard.press('v');
  const rows = Math.ceil(crowd.count / crowd.columns);
  for (let k = 0; k < runs; k++) {
    await page.getByTestId('map-canvas').focus();
    await page.keyboard.press('Escape');
    const a = await squarePoint(page, crowd.x - 1, crowd.y - 1);
    const b = await squarePoint(page, crowd.x + crowd.columns, crowd.y + rows);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 3 });
    await page.mouse.move(b.x, b.y, { steps: 2 });
    await armTiming(page, 'pointerup');
    await page.mouse.up();
    const box = await timed(page);
    out.box.push(box.ms);
    out.boxTask.push(box.longest);
    // The properties panel names how many are selected: a box that missed some would measure less work.
    if (k === 0) await page.getByText(`applies to all ${crowd.count} selected creatures`).waitFor({ timeout: 10000 });
    await page.waitForTimeout(150);
    const grab = await squarePoint(page, crowd.x, crowd.y);
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    for (const [dx, dy] of [[1, 0], [2, 0], [3, 0], [3, 1]]) {
      const q = await squarePoint(page, crowd.x + dx, crowd.y + dy);
      await armTiming(page, 'pointermove');
      await page.mouse.move(q.x, q.y);
      const m = await timed(page);
      out.drag.push(m.ms);
      out.dragTask.push(m.longest);
    }
    await armTiming(page, 'pointerup');
    const c = await profiled(page, `drop ${name} run ${k + 1}`, async () => {
      await page.mouse.up();
      const r = await timed(page);
      await page.waitForTimeout(300);
      return r;
    });
    out.dragCommit.push(c.ms);
    out.dragTask.push(c.longest);
    await page.waitForTimeout(150);
    await page.getByTestId('map-canvas').focus();
    await page.keyboard.press('Control+z');
    await page.waitForTimeout(200);
  }
  await context.close();
  return out;
}

if (!only || only.includes('edit')) {
  const runs = Number(process.env.BENCH_EDIT_RUNS ?? 8);
  const fillBig = { x: 1000, y: 1000, side: 1000 };
  const fillSmall = { x: 12, y: 12, side: 40 };
  const crowd = { x: 4, y: 4, count: 200, columns: 14 };
  const bigFill = process.env.BENCH_EDIT_CROWD_ONLY ? null : await fillSuite({ side: 2048, ...editorBenchMap(2048, 2000, 7, [], { fill: fillBig }) }, 'bench-2048-fill.encounter', fillBig, runs);
  if (bigFill) {
    const smallFill = await fillSuite({ side: 64, ...editorBenchMap(64, 64, 7, [], { fill: fillSmall }) }, 'bench-64-fill.encounter', fillSmall, runs);
    console.log(`BENCH editor-fill-2048 ours_ms=${ms(p95(bigFill.fill))} long_task_max_ms=${ms(max(bigFill.fillTask))} squares=${fillBig.side ** 2} ours_ms_64=${ms(p95(smallFill.fill))} long_task_max_ms_64=${ms(max(smallFill.fillTask))} squares_64=${fillSmall.side ** 2}`);
    console.log(`BENCH editor-undo-fill-2048 ours_ms=${ms(p95(bigFill.undo))} long_task_max_ms=${ms(max(bigFill.undoTask))} ours_ms_64=${ms(p95(smallFill.undo))} long_task_max_ms_64=${ms(max(smallFill.undoTask))}`);
  }
  if (process.env.BENCH_EDIT_FILL_ONLY) {
    await close();
    process.exit(0);
  }
  const bigCrowd = await crowdSuite({ side: 512, ...editorBenchMap(512, 500, 7, [], { crowd }) }, 'bench-512-crowd.encounter', crowd, runs);
  const smallCrowd = await crowdSuite({ side: 64, ...editorBenchMap(64, 200, 7, [], { crowd }) }, 'bench-64-crowd.encounter', crowd, runs);
  console.log(`BENCH editor-box-select-200 ours_ms=${ms(p95(bigCrowd.box))} long_task_max_ms=${ms(max(bigCrowd.boxTask))} ours_ms_64=${ms(p95(smallCrowd.box))} long_task_max_ms_64=${ms(max(smallCrowd.boxTask))}`);
  console.log(`BENCH editor-drag-200 ours_ms=${ms(p95([...bigCrowd.drag, ...bigCrowd.dragCommit]))} move_p95_ms=${ms(p95(bigCrowd.drag))} drop_p95_ms=${ms(p95(bigCrowd.dragCommit))} long_task_max_ms=${ms(max(bigCrowd.dragTask))} ours_ms_64=${ms(p95([...smallCrowd.drag, ...smallCrowd.dragCommit]))} long_task_max_ms_64=${ms(max(smallCrowd.dragTask))}`);
  if (only?.every((p) => p === 'edit')) {
    await close();
    process.exit(0);
  }
}

if (!only || only.includes('picture')) {
  const big = pictureMap(await benchPicture(8192), 8192);
  const yard = pictureMap(await benchPicture(1024), 1024);
  const a = await pictureSuite(big, 'picture-8192.encounter');
  const b = await pictureSuite(yard, 'picture-1024.encounter');
  console.log(
    `BENCH picture-open ours_ms=${ms(a.open)} full_ms=${ms(a.full)} long_task_max_ms=${ms(a.longest)} jpeg_mib=${(big.bytes / 1048576).toFixed(1)} ours_ms_1024=${ms(b.open)} full_ms_1024=${ms(b.full)} long_task_max_ms_1024=${ms(b.longest)}`,
  );
  console.log(`BENCH picture-pan p95_ms=${ms(p95(a.pan))} max_ms=${ms(max(a.pan))} work_p95_ms=${ms(p95(a.pan.work))} p95_ms_1024=${ms(p95(b.pan))} work_p95_ms_1024=${ms(p95(b.pan.work))}`);
  if (only?.every((p) => p === 'picture')) {
    await close();
    process.exit(0);
  }
}
const small = await suite(make(64, 64), 'bench-64.encounter', all);
const big = await suite(make(512, 500), 'bench-512.encounter', all);
const tokened = !only || only.includes('tokens') ? await suite(make(512, 500, tokens), 'bench-512-tokens.encounter', ['pan']) : null;
const panTokensLine = tokened && big.pan ? `BENCH editor-pan-tokens p95_ms=${ms(p95(tokened.pan))} max_ms=${ms(max(tokened.pan))} work_p95_ms=${ms(p95(tokened.pan.work))} p95_ms_discs=${ms(p95(big.pan))} work_p95_ms_discs=${ms(p95(big.pan.work))}` : null;
const huge = !only || only.includes('huge') ? await suite(make(2048, 2000), 'bench-2048.encounter', ['pan', 'paint']) : null;
const has = (...parts) => parts.every((p) => all.includes(p));
if (has('mapview')) {
  console.log(
    `BENCH editor-pan-mapview p95_ms=${ms(p95(big.mapPan))} max_ms=${ms(max(big.mapPan))} work_p95_ms=${ms(p95(big.mapPan.work))} p95_ms_64=${ms(p95(small.mapPan))} max_ms_64=${ms(max(small.mapPan))} work_p95_ms_64=${ms(p95(small.mapPan.work))}`,
  );
  console.log(
    `BENCH editor-zoom-mapview p95_ms=${ms(p95(big.mapZoom))} max_ms=${ms(max(big.mapZoom))} work_p95_ms=${ms(p95(big.mapZoom.work))} p95_ms_64=${ms(p95(small.mapZoom))} max_ms_64=${ms(max(small.mapZoom))} work_p95_ms_64=${ms(p95(small.mapZoom.work))}`,
  );
}
if (only) {
  // The rules view's lines for the parts asked, beside the map view's (the same run, the same load).
  if (has('pan')) console.log(`BENCH editor-pan p95_ms=${ms(p95(big.pan))} max_ms=${ms(max(big.pan))} work_p95_ms=${ms(p95(big.pan.work))} p95_ms_64=${ms(p95(small.pan))}`);
  if (has('zoom')) console.log(`BENCH editor-zoom p95_ms=${ms(p95(big.zoom))} max_ms=${ms(max(big.zoom))} work_p95_ms=${ms(p95(big.zoom.work))} p95_ms_64=${ms(p95(small.zoom))}`);
  if (panTokensLine) console.log(panTokensLine);
  await close();
  process.exit(0);
}

console.log(
  `BENCH editor-pan p95_ms=${ms(p95(big.pan))} max_ms=${ms(max(big.pan))} work_p95_ms=${ms(p95(big.pan.work))} p95_ms_64=${ms(p95(small.pan))} max_ms_64=${ms(max(small.pan))} work_p95_ms_64=${ms(p95(small.pan.work))}`,
);
console.log(
  `BENCH editor-zoom p95_ms=${ms(p95(big.zoom))} max_ms=${ms(max(big.zoom))} work_p95_ms=${ms(p95(big.zoom.work))} p95_ms_64=${ms(p95(small.zoom))} max_ms_64=${ms(max(small.zoom))} work_p95_ms_64=${ms(p95(small.zoom.work))}`,
);
console.log(
  `BENCH editor-paint p95_ms=${ms(p95(big.paint))} max_ms=${ms(max(big.paint))} from_dispatch_p95_ms=${ms(p95(big.paint.dispatch))} p95_ms_64=${ms(p95(small.paint))} max_ms_64=${ms(max(small.paint))} from_dispatch_p95_ms_64=${ms(p95(small.paint.dispatch))}`,
);
console.log(`BENCH editor-select p95_ms=${ms(p95(big.select))} max_ms=${ms(max(big.select))} p95_ms_64=${ms(p95(small.select))} max_ms_64=${ms(max(small.select))}`);
console.log(
  `BENCH editor-select-gargantuan p95_ms=${ms(p95(big.selectGargantuan))} max_ms=${ms(max(big.selectGargantuan))} p95_ms_64=${ms(p95(small.selectGargantuan))} max_ms_64=${ms(max(small.selectGargantuan))}`,
);
console.log(
  `BENCH editor-open ours_ms=${ms(big.open.ms)} long_task_max_ms=${ms(big.open.longMax)} ours_ms_64=${ms(small.open.ms)} long_task_max_ms_64=${ms(small.open.longMax)} handover_task_ms=${ms(big.open.handover)} handover_task_ms_64=${ms(small.open.handover)}`,
);
if (!huge) throw new Error('unreachable: every part runs without BENCH_EDITOR_PARTS');
console.log(`BENCH editor-pan-2048 p95_ms=${ms(p95(huge.pan))} max_ms=${ms(max(huge.pan))} work_p95_ms=${ms(p95(huge.pan.work))} p95_ms_64=${ms(p95(small.pan))} open_ms=${ms(huge.open.ms)}`);
console.log(panTokensLine);
console.log(`BENCH editor-paint-2048 p95_ms=${ms(p95(huge.paint))} max_ms=${ms(max(huge.paint))} from_dispatch_p95_ms=${ms(p95(huge.paint.dispatch))} p95_ms_64=${ms(p95(small.paint))}`);

await close();
