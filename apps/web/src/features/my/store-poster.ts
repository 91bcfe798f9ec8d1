import QRCode from 'qrcode';

/**
 * The store's poster (ADR 0038), drawn on the phone as the invite poster is: the store's name and greeting and a QR
 * code of the store's link, as a PNG data URL for an <img> WeChat lets the agent long-press to save or send. This
 * module (and the QR encoder the shop already has) loads only when the agent asks for a poster.
 */
const W = 600;
const H = 900;
const INK = '#1f2d27';
const PAPER = '#ffffff';

function loadImage(src: string): Promise<HTMLImageElement | null> {
  if (!src) return Promise.resolve(null);
  return new Promise((resolve) => {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.onload = () => resolve(img);
    img.onerror = () => resolve(null);
    img.src = src;
  });
}

function fit(ctx: CanvasRenderingContext2D, text: string, max: number, limit: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const ch of text) {
    if (ctx.measureText(line + ch).width > max && line) {
      out.push(line);
      line = ch;
      if (out.length === limit) return out;
    } else line += ch;
  }
  if (line && out.length < limit) out.push(line);
  return out;
}

export async function drawStorePoster(p: { storeName: string; greeting: string; imgUrl: string; link: string }): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas unavailable');
  const font = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';
  const bg = ctx.createLinearGradient(0, 0, W, H);
  bg.addColorStop(0, '#0f8a5f');
  bg.addColorStop(1, '#0b5e41');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, W, H);

  const logo = await loadImage(p.imgUrl);
  ctx.fillStyle = PAPER;
  ctx.textBaseline = 'middle';
  if (logo) {
    try {
      ctx.drawImage(logo, 40, 48, 96, 96);
    } catch {
      /* a picture from elsewhere that taints the canvas is left out */
    }
  }
  ctx.font = `bold 40px ${font}`;
  ctx.fillText(fit(ctx, p.storeName, W - 190, 1)[0] ?? '', 160, 96);
  ctx.font = `28px ${font}`;
  fit(ctx, p.greeting || '欢迎光临本店，正品直发，放心选购', W - 80, 3).forEach((l, i) => ctx.fillText(l, 40, 200 + i * 42));

  ctx.fillStyle = PAPER;
  ctx.beginPath();
  ctx.roundRect(80, 330, W - 160, 500, 24);
  ctx.fill();
  const qr = document.createElement('canvas');
  await QRCode.toCanvas(qr, p.link, { width: 360, margin: 1, errorCorrectionLevel: 'M', color: { dark: INK, light: PAPER } });
  ctx.drawImage(qr, (W - 360) / 2, 370, 360, 360);
  ctx.fillStyle = INK;
  ctx.font = `26px ${font}`;
  ctx.textAlign = 'center';
  ctx.fillText('长按识别二维码，进店选购', W / 2, 775);
  ctx.fillStyle = PAPER;
  ctx.font = `22px ${font}`;
  ctx.fillText('长按图片可保存或发送给好友', W / 2, 865);
  try {
    return canvas.toDataURL('image/png');
  } catch {
    // The store's picture came from another origin without CORS: draw again without it.
    return drawStorePoster({ ...p, imgUrl: '' });
  }
}
