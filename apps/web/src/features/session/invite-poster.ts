import QRCode from 'qrcode';

/**
 * The invite poster, drawn on the device: the agent's name, the card's words and a QR code of the invite
 * link, answered as a PNG data URL for an <img> that WeChat lets the agent long-press to save or send. This module (and
 * the QR encoder) loads only when the agent asks for a poster.
 */
export interface PosterInput {
  agentName: string;
  title: string;
  desc: string;
  link: string;
  logoUrl: string;
}

const W = 600;
const H = 900;

function loadImage(src: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => resolve(null);
    img.src = src;
  });
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** Splits text into lines that fit `max` pixels (CJK text has no spaces: per character). */
function lines(ctx: CanvasRenderingContext2D, text: string, max: number, limit: number): string[] {
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

export async function drawInvitePoster(p: PosterInput): Promise<string> {
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

  const logo = await loadImage(p.logoUrl);
  if (logo) ctx.drawImage(logo, 40, 48, 88, 88);
  ctx.fillStyle = '#ffffff';
  ctx.textBaseline = 'middle';
  ctx.font = `bold 40px ${font}`;
  ctx.fillText(lines(ctx, `${p.agentName} 邀请您加入`, W - 180, 1)[0] ?? '', 148, 78);
  ctx.font = `26px ${font}`;
  ctx.fillText(lines(ctx, p.title, W - 180, 1)[0] ?? '', 148, 118);

  ctx.font = `28px ${font}`;
  lines(ctx, p.desc, W - 80, 3).forEach((l, i) => ctx.fillText(l, 40, 200 + i * 42));

  // The white card with the QR code of the invite link.
  ctx.fillStyle = '#ffffff';
  roundRect(ctx, 80, 330, W - 160, 500, 24);
  ctx.fill();
  const qr = document.createElement('canvas');
  await QRCode.toCanvas(qr, p.link, { width: 360, margin: 1, errorCorrectionLevel: 'M', color: { dark: '#1f2d27', light: '#ffffff' } });
  ctx.drawImage(qr, (W - 360) / 2, 370, 360, 360);
  ctx.fillStyle = '#1f2d27';
  ctx.font = `26px ${font}`;
  ctx.textAlign = 'center';
  ctx.fillText('长按识别二维码，注册成为代理商', W / 2, 775);
  ctx.fillStyle = '#ffffff';
  ctx.font = `22px ${font}`;
  ctx.fillText('长按图片可保存或发送给好友', W / 2, 865);
  return canvas.toDataURL('image/png');
}
