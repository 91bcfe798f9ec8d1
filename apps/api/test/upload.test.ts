import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';

const t = useTestApp();

async function upload(token: string, files: { name: string; data: Buffer }[]) {
  const form = new FormData();
  form.set('platId', 'plat-demo');
  form.set('in', '{}');
  files.forEach((f, i) => form.set(String(i), new Blob([new Uint8Array(f.data)]), f.name));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/common/uploadImgFile.do',
    headers: { 'content-type': request.headers.get('content-type')!, accesstoken: token },
    payload: Buffer.from(await request.arrayBuffer()),
    remoteAddress: t.ip,
  });
  return { status: res.statusCode, body: res.json() };
}

const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } }).png().toBuffer();
const jpeg = () =>
  sharp({ create: { width: 30, height: 20, channels: 3, background: '#c33' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-place' } } })
    .jpeg()
    .toBuffer();

describe('uploadImgFile (vouchers: reference §4 file upload)', () => {
  it('stores jpg and png as re-encoded JPEG under server names, readable only through a signed link', async () => {
    const { token } = await t.login('13800000001', 'demo1234');
    const reply = await upload(token, [
      { name: 'a.png', data: await png() },
      { name: 'b.jpeg', data: await jpeg() },
    ]);
    expect(reply.body).toMatchObject({ errorType: 'SUCCESS', msg: '上传成功' });
    const urls = String(reply.body.obj).split(',');
    expect(urls).toHaveLength(2);
    for (const url of urls) expect(url).toMatch(/^\/api\/common\/upload\/[0-9a-f-]{36}\.jpg$/);

    // Without a signature the stored file is not served.
    expect((await t.app.inject({ method: 'GET', url: urls[0]! })).statusCode).toBe(404);
    const { createUploadService } = await import('../src/modules/upload/upload.service.js');
    const signed = createUploadService(t as never, t.providers.storage).signedUrl(urls[1]!);
    const res = await t.app.inject({ method: 'GET', url: signed });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // Re-encoded: the EXIF text of the original is gone.
    expect(res.rawPayload.includes(Buffer.from('secret-gps-place'))).toBe(false);
    const tampered = signed.replace(/sig=[0-9a-f]/, (m) => (m.endsWith('0') ? 'sig=1' : 'sig=0'));
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
  });

  it('checks the content, not the name: a text file called .jpg is refused', async () => {
    const { token } = await t.login('13800000001', 'demo1234');
    const reply = await upload(token, [{ name: 'x.jpg', data: Buffer.from('<script>alert(1)</script>') }]);
    expect(reply.body.msg).toBe('请上传jpg,png,jpeg格式图片');
  });

  it('refuses a GIF and an empty upload, more than 6 files, and needs a session', async () => {
    const { token } = await t.login('13800000001', 'demo1234');
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer();
    expect((await upload(token, [{ name: 'g.gif', data: gif }])).body.msg).toBe('请上传jpg,png,jpeg格式图片');
    expect((await upload(token, [])).body.msg).toBe('请选择要上传的图片');
    const p = await png();
    const seven = Array.from({ length: 7 }, (_, i) => ({ name: `${i}.png`, data: p }));
    expect((await upload(token, seven)).body.msg).toBe('最多上传6张图片');
    expect((await upload('', [{ name: 'a.png', data: p }])).status).toBe(401);
  });
});
