import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.js';
import type { UploadedFile } from '../../lib/uploaded-file.js';
import { iso } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { keyedHash, sameHash } from '../../lib/secrets.js';
import type { StorageProvider } from '../../providers/storage/storage-provider.js';
import * as repo from './upload.repository.js';
import { checkedJpegs } from './image-rules.js';

export const UPLOAD_PATH = '/api/common/upload/';
const NAME = /^[0-9a-f-]{36}\.jpg$/;
/** A signed link opens for ten minutes (ADR 0012): long enough to look at a voucher, short for a forwarded one. */
const LINK_TTL_S = 600;

/**
 * Who a signed link is made for: the agent whose screen shows it, or the staff member reviewing it. The viewer is part
 * of the signed text and is checked again when the image is read, so a link made for one viewer never shows another's
 * upload, and a link made for someone who may no longer see the image stops working.
 */
export type Viewer = { agentId: number } | { staffId: number };

/** What the upload module cannot know itself (the staff module owns staff): wired by compose.ts. */
export interface ViewerChecks {
  /** The staff member exists on this platform (and so may review its vouchers). */
  staffMay(staffId: number, platId: string): Promise<boolean>;
}

const viewerText = (v: Viewer) => ('agentId' in v ? `a${v.agentId}` : `s${v.staffId}`);
const VIEWER = /^([as])([1-9][0-9]{0,15})$/;


/**
 * Vouchers (reference §4 file upload): checked by content, re-encoded to JPEG without metadata (a crafted file does not
 * survive), stored outside the web root under a server-made name; read back through short-lived signed links.
 */
export function createUploadService({ db, clock, config, log }: Deps, storage: StorageProvider, checks: ViewerChecks = { staffMay: async () => false }) {
  const sign = (name: string, exp: number, viewer: string) => keyedHash(config.hashSecret, `upload:${name}:${exp}:${viewer}`);

  /** The viewer may still see this upload: its owner, or staff of the platform it was uploaded on. */
  async function mayView(viewer: string, name: string): Promise<boolean> {
    const m = VIEWER.exec(viewer);
    const upload = m ? await repo.findUpload(db.kysely, name) : undefined;
    if (!m || !upload) return false;
    const id = Number(m[2]);
    return m[1] === 'a' ? Number(upload.agent_id) === id : checks.staffMay(id, upload.plat_id);
  }

  return {
    async store(agent: { agentId: number; platId: string }, files: UploadedFile[]): Promise<string[]> {
      const urls: string[] = [];
      for (const jpeg of await checkedJpegs(files)) {
        const name = `${randomUUID()}.jpg`;
        try {
          await storage.put(name, jpeg);
        } catch (err) {
          // ADR 0040: the store refused (credentials, network, bucket): the agent is told to try again, the log says why.
          log?.error({ err: String(err), storage: storage.name }, 'upload: the file store did not take the file');
          throw new AppError('STORAGE_FAILED');
        }
        await repo.insertUpload(db.kysely, { id: name, plat_id: agent.platId, agent_id: agent.agentId, bytes: jpeg.length, created_at: iso(clock.now()) });
        urls.push(`${UPLOAD_PATH}${name}`);
      }
      return urls;
    },

    /** True when every url is one of our upload paths and was uploaded by this agent. */
    async ownedBy(agentId: number, urls: string[]): Promise<boolean> {
      const names = urls.map((u) => (u.startsWith(UPLOAD_PATH) ? u.slice(UPLOAD_PATH.length) : ''));
      if (names.some((n) => !NAME.test(n))) return false;
      const owned = await repo.ownedBy(db.kysely, agentId, [...new Set(names)]);
      return owned.length === new Set(names).size;
    },

    /**
     * A link an <img> can open (it cannot send the session header) for ten minutes, for this viewer only: the viewer
     * is signed into the link and checked when it is read. Every link names its viewer (a link bound to nobody, which
     * anyone holding it could open, is no longer made nor read).
     */
    signedUrl(url: string, viewer: Viewer): string {
      const name = url.startsWith(UPLOAD_PATH) ? url.slice(UPLOAD_PATH.length) : url;
      const exp = Math.floor(clock.now().getTime() / 1000) + LINK_TTL_S;
      const v = viewerText(viewer);
      return `${UPLOAD_PATH}${name}?exp=${exp}&v=${v}&sig=${sign(name, exp, v)}`;
    },

    /** The stored image when the link is genuine, unexpired and its viewer may still see it; otherwise null (404). */
    async read(name: string, q: { exp: number; viewer: string; sig: string }): Promise<Buffer | null> {
      if (!NAME.test(name) || !Number.isInteger(q.exp) || q.exp < clock.now().getTime() / 1000) return null;
      if (!sameHash(q.sig, sign(name, q.exp, q.viewer))) return null;
      if (!(await mayView(q.viewer, name))) return null;
      return storage.get(name);
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
