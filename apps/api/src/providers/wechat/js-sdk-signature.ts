import { createHash } from 'node:crypto';

/** reference §2.3: sha1 of "jsapi_ticket=..&noncestr=..&timestamp=..&url=.." (raw values, url without '#...'). */
export function jsSdkSignature(p: { ticket: string; noncestr: string; timestamp: string; url: string }): string {
  const url = p.url.split('#')[0]!;
  const string1 = `jsapi_ticket=${p.ticket}&noncestr=${p.noncestr}&timestamp=${p.timestamp}&url=${url}`;
  return createHash('sha1').update(string1).digest('hex');
}
