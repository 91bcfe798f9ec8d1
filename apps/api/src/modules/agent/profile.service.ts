import { ACCOUNT_AREA_MESSAGES as M, chinaTimeText, SMS_FUNC, UPLOAD_MESSAGES } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import type { SmsService } from '../sms/sms.service.js';
import { UPLOAD_PATH, type UploadService } from '../upload/upload.queries.js';
import type { SessionEnder } from './passwords.service.js';
import * as repo from './profile.repository.js';

/** Avatars are shown to other agents (rankings): served from here without a signed link, only while in use. */
export const AVATAR_PATH = '/api/common/avatar/';
const AVATAR_NAME = /^[0-9a-f-]{36}\.jpg$/;

interface ProfileInput {
  agentName: string;
  phone: string;
  smsCode?: string;
  wxNumber: string;
  birthDate?: string;
  sex: number;
  provinceCode?: string;
  cityCode?: string;
  headImgUrl?: string;
}

/** /center (spec 3 §2, §5 Profile): the session's agent only. */
export function createProfileService({ db, providers }: Deps, sms: SmsService, uploads: UploadService, sessions: SessionEnder) {
  const k = db.kysely;

  async function me(agentId: number) {
    const row = await repo.findProfile(k, agentId);
    if (!row) throw new AppError('UNAUTHENTICATED');
    return row;
  }

  /** A new avatar must be one image this agent uploaded; it is then published under AVATAR_PATH. */
  async function avatar(agentId: number, current: string, wanted: string | undefined): Promise<string> {
    if (wanted === undefined || wanted === '' || wanted === current) return current;
    const url = wanted.split('?')[0]!;
    if (url.startsWith(AVATAR_PATH) && url === current) return current;
    if (!url.startsWith(UPLOAD_PATH) || !(await uploads.ownedBy(agentId, [url]))) throw new AppError('VALIDATION', UPLOAD_MESSAGES.type);
    return `${AVATAR_PATH}${url.slice(UPLOAD_PATH.length)}`;
  }

  return {
    /** An avatar in use, by its file name (public: other agents see it in the rankings); null when it is not one. */
    async avatarImage(name: string): Promise<Buffer | null> {
      if (!AVATAR_NAME.test(name) || !(await repo.isAvatar(k, `${AVATAR_PATH}${name}`))) return null;
      return (await providers.storage.get(name)) ?? null;
    },

    async profile(agentId: number) {
      const r = await me(agentId);
      return {
        agentName: r.agent_name,
        phone: r.phone,
        createDate: chinaTimeText(r.created_at),
        wxNumber: r.wx_number,
        birthDate: r.birth_date,
        sex: Number(r.sex),
        provinceCode: r.province_code,
        cityCode: r.city_code,
        headImgUrl: r.head_img_url,
        gradeName: r.grade_name,
      };
    },

    /** A code to the new phone, which must not belong to another agent. */
    async sendPhoneCode(platId: string, agentId: number, phone: string) {
      const r = await me(agentId);
      if (phone === r.phone) throw new AppError('VALIDATION', '新手机号与当前手机号相同');
      if (await repo.phoneOwner(k, platId, phone)) throw new AppError('VALIDATION', M.phoneTaken);
      await sms.send(platId, phone, SMS_FUNC.payPassword, true);
    },

    /** Saves the profile; a new phone needs the code sent to it and ends every session ('你已修改手机号，请重新登录'). */
    async save(platId: string, agentId: number, input: ProfileInput) {
      const r = await me(agentId);
      const phoneChanged = input.phone !== r.phone;
      if (phoneChanged) {
        if (await repo.phoneOwner(k, platId, input.phone)) throw new AppError('VALIDATION', M.phoneTaken);
        if (!input.smsCode) throw new AppError('VALIDATION', M.phoneCodeNeeded);
        await sms.consume(platId, input.phone, SMS_FUNC.payPassword, input.smsCode);
      }
      const province = input.provinceCode ?? r.province_code;
      const city = input.provinceCode === undefined ? r.city_code : (input.cityCode ?? '');
      if (city && !province) throw new AppError('VALIDATION', M.areaRequired);
      const fields = {
        agent_name: input.agentName,
        phone: input.phone,
        wx_number: input.wxNumber,
        birth_date: input.birthDate ?? r.birth_date,
        sex: input.sex,
        province_code: province,
        city_code: city,
        head_img_url: await avatar(agentId, r.head_img_url, input.headImgUrl),
      };
      try {
        await k.transaction().execute(async (trx) => {
          await repo.updateProfile(trx, agentId, fields);
          if (phoneChanged) await sessions.revokeAll(trx, agentId);
        });
      } catch (err) {
        // The same new phone saved by two agents at once: the unique index answers for the slower one.
        if (/unique|duplicate/i.test(String(err))) throw new AppError('VALIDATION', M.phoneTaken);
        throw err;
      }
      if (phoneChanged) sessions.forgetAgent(agentId);
      return { phoneChanged: phoneChanged ? 1 : 0, msg: phoneChanged ? M.phoneChanged : M.profileSaved };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
