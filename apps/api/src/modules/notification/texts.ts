import { fenToYuan, type Fen } from '@shop/contract';

/** An amount as a message says it: '1000.00元'. */
export const fenText = (fen: number | bigint | string) => `${fenToYuan(Number(fen) as Fen)}元`;
