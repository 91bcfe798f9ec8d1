import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { repoRoot } from '../../config.js';

/**
 * The demo materials' pictures, drawn by code (nothing downloaded): product posters rendered from SVG with sharp,
 * served under MEDIA_PATH. Real materials point at uploaded files instead.
 */
export const MEDIA_PATH = '/api/material/media/';

const FONT = "'Noto Sans CJK SC','WenQuanYi Zen Hei',sans-serif";

export const DEMO_POSTERS = [
  { title: '益生菌固体饮料', note: '每日一袋 肠道轻松', from: '#3aa17e', to: '#a8e6cf' },
  { title: '深海鱼油软胶囊', note: '富含 Omega-3', from: '#2f6fb5', to: '#9cc9f5' },
  { title: '胶原蛋白肽', note: '焕亮由内而外', from: '#c2527a', to: '#f7c1d3' },
  { title: '维生素C咀嚼片', note: '全家人的活力', from: '#e08a1e', to: '#ffe0a3' },
  { title: '蛋白质粉', note: '运动后的补给', from: '#6d5bb8', to: '#cdc3f5' },
  { title: '新品上市', note: '限时优惠 欢迎咨询', from: '#c0392b', to: '#f5b7b1' },
] as const;

function posterSvg(i: number): string {
  const p = DEMO_POSTERS[i]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>
  <rect width="600" height="600" fill="url(#g)"/>
  <circle cx="480" cy="120" r="150" fill="#ffffff" opacity="0.12"/>
  <circle cx="90" cy="520" r="120" fill="#ffffff" opacity="0.1"/>
  <rect x="215" y="150" width="170" height="250" rx="28" fill="#ffffff" opacity="0.92"/>
  <rect x="240" y="120" width="120" height="44" rx="10" fill="#ffffff" opacity="0.8"/>
  <rect x="235" y="230" width="130" height="70" rx="8" fill="${p.from}" opacity="0.85"/>
  <text x="300" y="275" font-family="${FONT}" font-size="26" fill="#ffffff" text-anchor="middle">健康</text>
  <text x="300" y="480" font-family="${FONT}" font-size="44" fill="#ffffff" text-anchor="middle" font-weight="bold">${p.title}</text>
  <text x="300" y="530" font-family="${FONT}" font-size="26" fill="#ffffff" text-anchor="middle">${p.note}</text>
  </svg>`;
}

const cache = new Map<number, Promise<Buffer>>();

/** The JPEG of demo poster `i` (0-based), or null when there is none. */
export function demoPoster(i: number): Promise<Buffer> | null {
  if (!Number.isInteger(i) || i < 0 || i >= DEMO_POSTERS.length) return null;
  let hit = cache.get(i);
  if (!hit) {
    hit = sharp(Buffer.from(posterSvg(i))).jpeg({ quality: 82 }).toBuffer();
    cache.set(i, hit);
  }
  return hit;
}

/** The demo video (made by apps/api/scripts/make-demo-video.ts with Chromium's encoder), read once. */
export const DEMO_VIDEO = 'demo-video.webm';
let video: Promise<Buffer> | null = null;
/** From the repository root: the compiled server is one bundle in apps/api/dist and has no assets beside it (ADR 0039). */
export const demoVideo = () => (video ??= readFile(join(repoRoot, 'apps/api/src/modules/materials/assets', DEMO_VIDEO)));
