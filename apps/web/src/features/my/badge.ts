/** spec 1 §9: an order tile's badge shows the count, '99+' above 99, and nothing at 0. */
export const orderBadge = (n: number): string | null => (n <= 0 ? null : n > 99 ? '99+' : String(n));

/** The external store link (spec 1 §2 /my): shopUrl with agentId, shopId, token and openId in its query. */
export function storeLink(
  shopUrl: string,
  p: { agentId: number; shopId: number | null; token: string | null; openId: string | null },
): string {
  const query = new URLSearchParams({
    agentId: String(p.agentId),
    shopId: p.shopId === null ? '' : String(p.shopId),
    token: p.token ?? '',
    openId: p.openId ?? '',
  });
  const joiner = !shopUrl.includes('?') ? '?' : /[?&]$/.test(shopUrl) ? '' : '&';
  return `${shopUrl}${joiner}${query.toString()}`;
}
