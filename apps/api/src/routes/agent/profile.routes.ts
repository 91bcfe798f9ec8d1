import type { Handlers } from '../../http/context.js';
import type { PasswordsService } from '../../modules/agent/passwords.service.js';
import type { ProfileService } from '../../modules/agent/profile.service.js';

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
