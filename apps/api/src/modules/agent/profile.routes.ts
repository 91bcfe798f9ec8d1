import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import type { Handlers } from '../../http/context.js';
import type { PasswordsService } from './passwords.service.js';
import { AVATAR_PATH, type ProfileService } from './profile.service.js';
import { isAvatar } from './profile.repository.js';

export function profileHandlers(profile: ProfileService, passwords: PasswordsService): Handlers {
  return {
    selectAgentBaseInfoById: async (_in, ctx) => ({ objs: [await profile.profile(ctx.agentId!)] }),
    improvePersonalInformation: async (input, ctx) => {
      const { msg, ...obj } = await profile.save(ctx.platId, ctx.agentId!, input);
      return { obj, msg };
    },
    sendChangePhoneCode: async (input, ctx) => {
      await profile.sendPhoneCode(ctx.platId, ctx.agentId!, input.phone);
      return {};
    },
    editPasswordBySuId: async (input, ctx) => {
      await passwords.changeLogin(ctx.agentId!, input.suPassword, input.newPassword);
      return {};
    },
    editPayPassword: async (input, ctx) => ({ obj: await passwords.setFirstPay(ctx.platId, ctx.agentId!, input) }),
    editPayPasswordBySuId: async (input, ctx) => ({ obj: await passwords.changePay(ctx.platId, ctx.agentId!, input) }),
  };
}

const NAME = /^[0-9a-f-]{36}\.jpg$/;

/** GET of an avatar in use: public (other agents see it in the rankings), re-encoded JPEG from the upload store. */
export function registerAvatarReads(app: FastifyInstance, { db, providers }: Deps) {
  app.get(`${AVATAR_PATH}:name`, async (req, reply) => {
    const { name } = req.params as { name: string };
    if (!NAME.test(name) || !(await isAvatar(db.kysely, `${AVATAR_PATH}${name}`))) return reply.status(404).send({ message: 'not found' });
    const data = await providers.storage.get(name);
    if (!data) return reply.status(404).send({ message: 'not found' });
    return reply
      .header('content-type', 'image/jpeg')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=3600')
      .send(data);
  });
}
