/** WeChat's in-app browser (MicroMessenger) and iOS, from the user agent. */
export const isWeChat = () => /MicroMessenger/i.test(navigator.userAgent);
export const isIOS = () => /iPhone|iPad|iPod/i.test(navigator.userAgent);
