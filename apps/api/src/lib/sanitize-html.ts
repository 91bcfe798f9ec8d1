import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * Rich text written in the console (product descriptions, notices) is shown as HTML in the shop, so it is cleaned on
 * the server before it is stored: an allow-list of plain formatting tags, links only to http(s), images only from
 * http(s) or our own upload path, no style, class or event attributes, no svg/math, no forms, no frames.
 */
const TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'img', 'span', 'div', 'hr'];
const ATTRS = ['href', 'src', 'alt', 'title', 'target'];
const LINK = /^https?:\/\//i;
/** Our own stored images (modules/upload: UPLOAD_PATH and PUBLIC_IMAGE_PATH). */
const OWN_IMAGE = /^\/api\/common\/(upload|media)\/[0-9a-f-]{36}\.jpg$/;

const purify = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);

purify.addHook('afterSanitizeAttributes', (node) => {
  const el = node as Element;
  const tag = el.tagName?.toLowerCase();
  if (tag === 'a') {
    const href = el.getAttribute('href') ?? '';
    if (!LINK.test(href.trim())) el.removeAttribute('href');
    if (el.getAttribute('target') === '_blank' || el.hasAttribute('href')) {
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    }
  } else if (el.hasAttribute?.('target')) {
    el.removeAttribute('target');
  }
  if (tag === 'img') {
    const src = (el.getAttribute('src') ?? '').trim();
    if (!LINK.test(src) && !OWN_IMAGE.test(src)) el.remove();
  }
});

export function sanitizeHtml(html: string): string {
  return purify
    .sanitize(html, {
      ALLOWED_TAGS: TAGS,
      ALLOWED_ATTR: [...ATTRS, 'rel'],
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
      ALLOWED_URI_REGEXP: /^(?:https?:\/\/|\/api\/common\/(?:upload|media)\/)/i,
      KEEP_CONTENT: true,
    })
    .trim();
}
