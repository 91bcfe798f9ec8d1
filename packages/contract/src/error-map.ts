import * as z from 'zod/mini';

/**
 * The contract-wide error map (ADR 0002, "Refusals in Chinese"): every refusal a user reads is Chinese, so a check a
 * schema left without its own message (a length, a type, an unknown key) answers natural Chinese instead of zod's
 * default English "Invalid input". Messages written in a schema keep precedence: zod asks this map only when the
 * schema and the parse call gave none.
 *
 * This module is imported for its effect by operation.ts (every contract file defines its operations through it) and
 * listed under "sideEffects" in the package, so the server and every web bundle that parses a schema install it.
 */

/** Chinese names of fields that recur across operations; any other field is '输入内容'. */
const FIELD_NAMES: Record<string, string> = {
  idempotencyKey: '请求编号',
  headImgUrl: '头像地址',
  accountId: '收款账户',
  platId: '平台编号',
  remark: '备注',
  reason: '原因',
  keyword: '搜索内容',
  phone: '手机号',
  amount: '金额',
  pageNum: '页码',
  pageSize: '每页条数',
  phonePage: '分页参数',
};

const fieldName = (path: readonly PropertyKey[] | undefined): string => {
  const key = [...(path ?? [])].reverse().find((k) => typeof k === 'string');
  return (typeof key === 'string' && FIELD_NAMES[key]) || '输入内容';
};

type Issue = z.core.$ZodRawIssue;

/** The Chinese message of an issue no schema named. */
export function chineseIssueMessage(issue: Issue): string {
  const name = fieldName(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? `${name}不能为空` : `${name}格式不正确`;
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `${name}不能超过${max}个字符`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${name}不能超过${max}项`;
      if (issue.origin === 'file') return '文件过大';
      if (issue.origin === 'number' || issue.origin === 'bigint') return issue.inclusive ? `${name}不能大于${max}` : `${name}必须小于${max}`;
      return `${name}超出允许范围`;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? `${name}不能为空` : `${name}不能少于${min}个字符`;
      if (issue.origin === 'array' || issue.origin === 'set') return min <= 1 ? `${name}不能为空` : `${name}至少需要${min}项`;
      if (issue.origin === 'number' || issue.origin === 'bigint') return issue.inclusive ? `${name}不能小于${min}` : `${name}必须大于${min}`;
      return `${name}超出允许范围`;
    }
    case 'invalid_value':
      return `${name}取值不正确`;
    case 'unrecognized_keys':
      return '请求中含有无法识别的参数';
    default:
      // invalid_format, not_multiple_of, invalid_union, invalid_key, invalid_element, custom
      return `${name}格式不正确`;
  }
}

z.config({ customError: chineseIssueMessage });
