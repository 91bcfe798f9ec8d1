import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../src/lib/sanitize-html.js';

describe('sanitizeHtml', () => {
  it('keeps the formatting a description or notice uses', () => {
    const good =
      '<h2>标题</h2><p><strong>粗</strong><b>b</b><em>斜</em><i>i</i><u>下划</u><s>删</s><br></p>' +
      '<ul><li>一</li></ul><ol><li>二</li></ol><blockquote>引用</blockquote><h1>1</h1><h3>3</h3><h4>4</h4>';
    expect(sanitizeHtml(good)).toBe(good);
  });

  it('removes scripts, event handlers and styles but keeps the text', () => {
    const out = sanitizeHtml('<p onclick="x()" style="color:red" class="c">文字<script>alert(1)</script></p><img src="https://a.example/x.jpg" onerror="alert(1)">');
    expect(out).toBe('<p>文字</p><img src="https://a.example/x.jpg">');
  });

  it('drops javascript: and data: links and marks outside links noopener', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="https://shop.example/p?id=1">去看看</a>')).toBe(
      '<a href="https://shop.example/p?id=1" target="_blank" rel="noopener noreferrer">去看看</a>',
    );
  });

  it('keeps images from http(s) and our own uploads only', () => {
    expect(sanitizeHtml('<img src="/api/common/upload/0b6c3a52-1111-4c1e-9a1e-2f0d7c7f0a11.jpg" alt="图">')).toBe(
      '<img src="/api/common/upload/0b6c3a52-1111-4c1e-9a1e-2f0d7c7f0a11.jpg" alt="图">',
    );
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(sanitizeHtml('<img src="/etc/passwd">')).toBe('');
    expect(sanitizeHtml('<img src="javascript:alert(1)">')).toBe('');
  });

  it('removes svg, math, iframes, forms and mutation tricks', () => {
    expect(sanitizeHtml('<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)">x</a></svg>')).not.toMatch(/script|svg|javascript/i);
    expect(sanitizeHtml('<svg onload=alert(1)>')).toBe('');
    expect(sanitizeHtml('<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>')).not.toMatch(/onerror|math|style/i);
    expect(sanitizeHtml('<iframe src="https://evil.example"></iframe><form action="x"><input name="a"></form>')).toBe('');
    expect(sanitizeHtml('<noscript><p title="</noscript><img src=x onerror=alert(1)>">')).not.toMatch(/onerror/i);
    expect(sanitizeHtml('<style>body{display:none}</style><p>a</p>')).toBe('<p>a</p>');
  });
});
