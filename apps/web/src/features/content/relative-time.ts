import { parseChinaTime } from '@shop/contract/china-time';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

/**
 * spec 3 §9: a material's time, relative: 刚刚, N秒前, N分钟前, N小时前, 昨天, N天前 (China-time text in, `now` in ms).
 * Beyond 30 days the date itself.
 */
export function relativeTime(chinaText: string, now: number): string {
  const at = parseChinaTime(chinaText);
  if (Number.isNaN(at)) return chinaText;
  const diff = Math.max(0, now - at);
  if (diff < 10 * S) return '刚刚';
  if (diff < M) return `${Math.floor(diff / S)}秒前`;
  if (diff < H) return `${Math.floor(diff / M)}分钟前`;
  if (diff < D) return `${Math.floor(diff / H)}小时前`;
  if (diff < 2 * D) return '昨天';
  if (diff < 30 * D) return `${Math.floor(diff / D)}天前`;
  return chinaText.slice(0, 10);
}
