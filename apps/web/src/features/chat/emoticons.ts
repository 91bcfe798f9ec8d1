import ordered from 'unicode-emoji-json/data-ordered-emoji.json';
import { CHAT_EMOTICONS } from '@shop/contract/chat';

/** spec 3 §9: 60 emoticons, the first of the maintained Unicode order (smileys), from unicode-emoji-json. */
export const EMOTICONS: readonly string[] = (ordered as string[]).slice(0, CHAT_EMOTICONS);
