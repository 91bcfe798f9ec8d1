import { errorCatalogue, SUCCESS, type Envelope, type ErrorCode } from '@shop/contract';

export function success(reply: Record<string, unknown>, msg: string): Envelope {
  const { obj = null, objs = [], ...extra } = reply;
  return { errorType: SUCCESS, errorTypeBoolean: true, msg, subMsg: '', obj, objs: objs as unknown[], ...extra };
}

export function failure(code: ErrorCode, msg: string = errorCatalogue[code], subMsg = ''): Envelope {
  return { errorType: code, errorTypeBoolean: false, msg, subMsg, obj: null, objs: [] };
}
