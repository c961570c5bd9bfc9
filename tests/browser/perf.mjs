import { serve } from './serve.mjs';
import { launch, openDemo } from './browser.mjs';
const { server, url } = await serve('/work/main/build/web/site');
const browser = await launch();
const page = await openDemo(browser, url + 'index.html?paused=1');
for (const s of [{}, {classify:'solid'}, {classify:'surface', view:'stream'}, {source:'sphere'}, {source:'noise'}, {pyramid:'vec4'}, {volume: 64}, {overlay: false}]) {
  await page.evaluate((s) => hp.set(s), s);
  await page.evaluate(() => hp.frames(4));
  const t0 = Date.now(); await page.evaluate(() => hp.frames(5)); const dt = (Date.now()-t0)/5;
  const st = await page.evaluate(() => hp.stats());
  console.log(JSON.stringify(s), 'compute', st.ms.compute.toFixed(1), 'frame', dt.toFixed(1));
}
await browser.close(); server.close();
