import { describe, expect, it } from 'vitest';
import { jsSdkSignature } from '../src/providers/wechat/js-sdk-signature.js';

// reference/integrations-and-security.md §3, vector V6 (JS-SDK 附录1).
const V6 = {
  ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
  noncestr: 'Wm3WZYTPz0wzccnW',
  timestamp: '1414587457',
};

describe('jsSdkSignature', () => {
  it('matches V6 for a URL with a query', () => {
    expect(jsSdkSignature({ ...V6, url: 'http://mp.weixin.qq.com?params=value' })).toBe(
      '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
    );
  });

  it('matches V6 for a bare domain', () => {
    expect(jsSdkSignature({ ...V6, url: 'http://mp.weixin.qq.com' })).toBe('f4d90daf4b3bca3078ab155816175ba34c443a7b');
  });

  it('signs the URL without its #fragment', () => {
    expect(jsSdkSignature({ ...V6, url: 'http://mp.weixin.qq.com?params=value#/home' })).toBe(
      '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
    );
  });

  it('changes with every input', () => {
    const base = jsSdkSignature({ ...V6, url: 'http://mp.weixin.qq.com' });
    expect(jsSdkSignature({ ...V6, noncestr: 'x', url: 'http://mp.weixin.qq.com' })).not.toBe(base);
    expect(jsSdkSignature({ ...V6, timestamp: '1414587458', url: 'http://mp.weixin.qq.com' })).not.toBe(base);
    expect(jsSdkSignature({ ...V6, ticket: 'other', url: 'http://mp.weixin.qq.com' })).not.toBe(base);
  });
});
