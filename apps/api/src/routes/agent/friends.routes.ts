import type { Handlers } from '../../http/context.js';
import type { FriendsService } from '../../modules/friends/friends.service.js';

export function friendsHandlers(friends: FriendsService): Handlers {
  return {
    selBaseInfoByInvAgentId: (input, ctx) => friends.friends(ctx.platId, ctx.agentId!, input),
  };
}
