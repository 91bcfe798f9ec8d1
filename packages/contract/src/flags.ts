// Yes/no flags and the list marks by name, without zod: /home's first screen reads them (ADR 0015). The wire keeps
// the numbers.

/**
 * A yes/no flag on the wire (isDefault, isDefAddr, touchState, signState, isEnable, isNeedBondStatus, bondStatusFlg,
 * shown, enabled …): 1 yes, 0 no. The shop and the console compare with these names, never with a bare 1 or 0.
 */
export const FLAG = { no: 0, yes: 1 } as const;
export type Flag = (typeof FLAG)[keyof typeof FLAG];

/**
 * What the phone's product and activity lists send beside the page (spec 1 §7: pageType 1, isPhoneShow 1); the
 * server ignores both and keeps accepting them.
 */
export const PHONE_LIST = { pageType: 1, isPhoneShow: FLAG.yes } as const;

/** The banner list's type (spec 1 §7: banner list, type 1): the carousel on /home. */
export const BANNER_TYPE = { home: 1 } as const;
