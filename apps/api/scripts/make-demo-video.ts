/**
 * Makes the demo material's video (ADR 0018): a 4-second 360x360 WebM of an animated poster, drawn on a canvas
 * and encoded by the system Chromium's own VP8 encoder (MediaRecorder): nothing downloaded. Run once; the result is
 * committed next to the materials module.
 *   npx tsx apps/api/scripts/make-demo-video.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const OUT = join(import.meta.dirname, '../src/modules/materials/assets/demo-video.webm');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
});
try {
  const page = await browser.newPage();
  // Passed as text: the TypeScript loader would wrap named functions in a helper the page does not have.
  const base64: string = await page.evaluate(`(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 360;
    canvas.height = 360;
    document.body.appendChild(canvas);
    const ctx = canvas.getContext('2d');
    const started = performance.now();
    let frame = 0;
    const draw = () => {
      const t = (performance.now() - started) / 1000;
      const g = ctx.createLinearGradient(0, 0, 360, 360);
      g.addColorStop(0, '#3aa17e');
      g.addColorStop(1, '#a8e6cf');
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, 360, 360);
      for (let i = 0; i < 6; i++) {
        ctx.beginPath();
        ctx.fillStyle = 'rgba(255,255,255,0.18)';
        ctx.arc(180 + Math.cos(t * 1.5 + i) * 120, 180 + Math.sin(t * 1.2 + i * 2) * 120, 18 + i * 4, 0, Math.PI * 2);
        ctx.fill();
      }
      const lift = Math.sin(t * Math.PI) * 12;
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(130, 90 - lift, 100, 150);
      ctx.fillStyle = '#3aa17e';
      ctx.fillRect(145, 140 - lift, 70, 40);
      ctx.fillStyle = '#ffffff';
      ctx.font = 'bold 30px sans-serif';
      ctx.textAlign = 'center';
      ctx.fillText('Probiotics', 180, 290);
      ctx.font = '18px sans-serif';
      ctx.fillText(\`\${Math.min(4, Math.floor(t) + 1)} / 4\`, 180, 322);
      frame++;
    };
    draw();
    const stream = canvas.captureStream(25);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 250_000 });
    const chunks = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const done = new Promise((resolve) => (recorder.onstop = () => resolve()));
    recorder.start(500);
    const timer = setInterval(draw, 40);
    await new Promise((r) => setTimeout(r, 4000));
    clearInterval(timer);
    recorder.stop();
    await done;
    const buf = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let bin = '';
    for (const b of buf) bin += String.fromCharCode(b);
    return btoa(bin) + \`|\${frame}\`;
  })()`);
  const [data, frames] = base64.split('|');
  const bytes = Buffer.from(data!, 'base64');
  writeFileSync(OUT, bytes);
  console.log(`wrote ${OUT}: ${bytes.length} bytes, ${frames} frames drawn`);
} finally {
  await browser.close();
}
