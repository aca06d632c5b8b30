// A scripted visit in headless Chromium: a shop page on another origin, typed into, clicked, scrolled and
// changed for `seconds`, with the page's main-thread time (CDP Performance.getMetrics) measured over the visit.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

export interface VisitResult {
  /** Seconds the page's main thread spent in tasks (TaskDuration) and in script (ScriptDuration) during the visit. */
  readonly taskSeconds: number;
  readonly scriptSeconds: number;
  /** The replay batches the page posted (request bodies), for the ingest benchmark. */
  readonly batches: string[];
}

function shopPage(loupeUrl: string, siteId: string): string {
  const rows = Array.from({ length: 120 }, (_, i) => `<li class="product">Product ${i} <span>${(i * 3.7).toFixed(2)} EUR</span> <button type="button">Add</button></li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench shop</title>
<style>body{font-family:sans-serif} .product{padding:8px;border-bottom:1px solid #ccc}</style>
<script src="${loupeUrl}/api/script.js" data-site-id="${siteId}" defer></script></head>
<body><h1>Bench shop</h1><label>Search <input id="search"></label><label>Email <input id="email" type="email"></label>
<ul id="list">${rows}</ul><div id="cart"></div>
<script>document.getElementById('list').addEventListener('click', function (e) {
  if (e.target.tagName !== 'BUTTON') return;
  var item = document.createElement('p'); item.textContent = 'Added ' + e.target.parentNode.firstChild.textContent;
  document.getElementById('cart').appendChild(item);
});</script></body></html>`;
}

export async function scriptedVisit(loupeUrl: string, siteId: string, seconds: number): Promise<VisitResult> {
  const page = shopPage(loupeUrl, siteId);
  const server: Server = createServer((_request, response) => void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://localhost:${(server.address() as AddressInfo).port}/`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const tab = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const batches: string[] = [];
    tab.on('request', (request) => {
      if (request.url().includes('/api/session-replay/record/')) batches.push(request.postData() ?? '');
    });
    await tab.goto(url);
    await tab.waitForFunction('typeof window.loupe === "function" && typeof window.loupe.pageview === "function"');
    const cdp = await tab.context().newCDPSession(tab);
    await cdp.send('Performance.enable');
    const metrics = async () => {
      const { metrics: list } = await cdp.send('Performance.getMetrics');
      const value = (name: string) => list.find((metric) => metric.name === name)?.value ?? 0;
      return { task: value('TaskDuration'), script: value('ScriptDuration') };
    };
    const before = await metrics();
    const ends = Date.now() + seconds * 1000;
    for (let step = 0; Date.now() < ends; step++) {
      // A visitor's pace: something every 250 ms, cycling through typing, moving, clicking and scrolling.
      if (step % 4 === 0) await tab.locator(step % 8 === 0 ? '#search' : '#email').press(String.fromCharCode(97 + (step % 26)));
      else if (step % 4 === 1) await tab.mouse.move(100 + (step * 37) % 900, 100 + (step * 53) % 600, { steps: 5 });
      else if (step % 4 === 2) await tab.locator('.product button').nth(step % 120).click();
      else await tab.mouse.wheel(0, step % 8 === 3 ? 400 : -300);
      await tab.waitForTimeout(250);
    }
    const after = await metrics();
    // Page hide sends what the recorder holds.
    await tab.close({ runBeforeUnload: true });
    return { taskSeconds: after.task - before.task, scriptSeconds: after.script - before.script, batches };
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}
