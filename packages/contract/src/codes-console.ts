import * as z from 'zod/mini';
import { defineOp } from './operation.js';
import { phonePageIn, staffListOut } from './paging.js';
import { boolIn, idIn, int, intIn } from './validation.js';

/**
 * The console's codes (ADR 0022): trace and anti-counterfeit codes generated in batches per product spec,
 * exported as CSV or as a printable A4 sheet of QR codes, trace codes assigned to an agent, and the authorization
 * certificate's template (background and field positions) with a preview.
 */

export const CODE_BATCH_MAX = 100_000;
/** A batch up to this size answers its codes at once; a larger one is read through the export. */
export const CODE_BATCH_INLINE_MAX = 1_000;
/** The PDF sheet prints at most this many codes (the first of the batch); the CSV holds them all. */
export const CODE_SHEET_MAX = 2_000;
export const ASSIGN_MAX = 10_000;

/** A code batch's codeType (spec 3 §9): 1 trace codes (assigned to agents), 2 anti-counterfeit codes. */
export const CODE_TYPE = { trace: 1, antiFake: 2 } as const;
export const CODE_TYPE_TEXT: Readonly<Record<number, string>> = { [CODE_TYPE.trace]: '溯源码', [CODE_TYPE.antiFake]: '防伪码' };

export const CODES_MESSAGES = {
  typeInvalid: '请选择码类型（溯源码或防伪码）',
  specRequired: '请选择商品规格',
  specNotFound: '商品规格不存在，请刷新后重新选择',
  countInvalid: `生成数量应为1到${CODE_BATCH_MAX}之间的整数`,
  batchNotFound: '码批次不存在，请刷新列表',
  formatInvalid: '导出格式应为CSV或PDF',
  agentRequired: '请选择代理商',
  agentNotFound: '代理商不存在或不属于本平台',
  codesRequired: '请填写要分配的溯源码，或选择批次和序号范围',
  codesTooMany: `一次最多分配${ASSIGN_MAX}个溯源码，请分批分配`,
  codeInvalid: '溯源码格式有误',
  rangeInvalid: '序号范围有误：起始序号应不大于结束序号，且都在批次数量以内',
  rangeNotTrace: '只能分配溯源码批次',
  codesUnknown: '以下溯源码不存在：',
  codesOwned: '以下溯源码已分配给代理商，不能重复分配：',
  assignRaced: '部分溯源码刚被其他人分配，本次未分配，请刷新后重试',
  generateFailed: '生成失败，请重试',
  fieldInvalid: '字段位置应在证书范围内（横坐标0-750，纵坐标0-1050，字号12-96）',
  backgroundType: '证书背景请上传JPG或PNG图片',
  backgroundTooLarge: '证书背景图片不能超过10MB',
} as const;
const M = CODES_MESSAGES;

const codeType = () => intIn(M.typeInvalid, z.minimum(1, M.typeInvalid), z.maximum(2, M.typeInvalid));

export const generateCodeBatch = defineOp({
  name: 'generateCodeBatch',
  path: '/api/staff/generateCodeBatch.do',
  auth: 'staff',
  input: z.object({
    codeType: codeType(),
    singleProdId: idIn(M.specRequired),
    count: intIn(M.countInvalid, z.minimum(1, M.countInvalid), z.maximum(CODE_BATCH_MAX, M.countInvalid)),
  }),
  output: z.object({
    obj: z.object({ batchId: int(), count: int() }),
    /** The codes, for a batch of at most CODE_BATCH_INLINE_MAX; empty for a larger one (export it). */
    objs: z.array(z.string()),
  }),
  successMsg: '生成成功',
});

export const codeBatchRow = z.object({
  id: int(),
  codeType: int(),
  singleProdId: int(),
  prodName: z.string(),
  specDispStr: z.string(),
  count: int(),
  /** Trace codes of the batch already owned by an agent. */
  assigned: int(),
  staffName: z.string(),
  /** China time. */
  createDate: z.string(),
});
export type CodeBatchRow = z.output<typeof codeBatchRow>;

export const selectCodeBatches = defineOp({
  name: 'selectCodeBatches',
  path: '/api/staff/selectCodeBatches.do',
  auth: 'staff',
  input: z.object({
    phonePage: phonePageIn,
    codeType: z.pipe(z.optional(z.nullable(codeType())), z.transform((v) => v ?? undefined)),
  }),
  output: staffListOut(codeBatchRow),
});

/** The specs codes can be generated for (the generate form's choice). */
export const selectCodeSpecOptions = defineOp({
  name: 'selectCodeSpecOptions',
  path: '/api/staff/selectCodeSpecOptions.do',
  auth: 'staff',
  input: z.object({}),
  output: z.object({ objs: z.array(z.object({ singleProdId: int(), prodName: z.string(), specDispStr: z.string() })) }),
});

export const exportCodeBatch = defineOp({
  name: 'exportCodeBatch',
  path: '/api/staff/exportCodeBatch.do',
  auth: 'staff',
  input: z.object({
    batchId: idIn(M.batchNotFound),
    format: z.enum(['csv', 'pdf'], { error: M.formatInvalid }),
  }),
  output: z.object({
    obj: z.object({
      fileName: z.string(),
      base64: z.string(),
      /** Codes in the file; for a PDF of a batch over CODE_SHEET_MAX, fewer than the batch holds. */
      rows: int(),
      capped: z.boolean(),
    }),
  }),
});

const traceCodeIn = () => z.string({ error: M.codeInvalid }).check(z.trim(), z.minLength(1, M.codeInvalid), z.maxLength(64, M.codeInvalid));

/** Trace codes become the agent's (the public /trace shows the owner): by list, or a batch's range of positions (1-based). */
export const assignTraceCodes = defineOp({
  name: 'assignTraceCodes',
  path: '/api/staff/assignTraceCodes.do',
  auth: 'staff',
  input: z.object({
    agentId: idIn(M.agentRequired),
    codes: z._default(z.array(traceCodeIn()).check(z.maxLength(ASSIGN_MAX, M.codesTooMany)), []),
    range: z.optional(
      z.nullable(
        z.object({
          batchId: idIn(M.batchNotFound),
          from: intIn(M.rangeInvalid, z.minimum(1, M.rangeInvalid)),
          to: intIn(M.rangeInvalid, z.minimum(1, M.rangeInvalid)),
        }),
      ),
    ),
  }),
  output: z.object({ obj: z.object({ assigned: int(), agentName: z.string() }) }),
  successMsg: '分配成功',
});

/** Certificate size in the template's units (pixels of the rendered PNG). */
export const CERT_WIDTH = 750;
export const CERT_HEIGHT = 1050;
export const CERT_FIELDS = ['agentName', 'gradeName', 'code', 'validity'] as const;
export type CertField = (typeof CERT_FIELDS)[number];
export const CERT_FIELD_TEXT: Readonly<Record<CertField, string>> = {
  agentName: '代理商姓名',
  gradeName: '代理级别',
  code: '授权编号',
  validity: '有效期限',
};

const fieldPos = z.object({
  x: intIn(M.fieldInvalid, z.minimum(0, M.fieldInvalid), z.maximum(CERT_WIDTH, M.fieldInvalid)),
  y: intIn(M.fieldInvalid, z.minimum(0, M.fieldInvalid), z.maximum(CERT_HEIGHT, M.fieldInvalid)),
  size: intIn(M.fieldInvalid, z.minimum(12, M.fieldInvalid), z.maximum(96, M.fieldInvalid)),
});
export const certFieldsIn = z.object({ agentName: fieldPos, gradeName: fieldPos, code: fieldPos, validity: fieldPos });
const fieldOut = z.object({ x: int(), y: int(), size: int() });
const fieldsOut = z.object({ agentName: fieldOut, gradeName: fieldOut, code: fieldOut, validity: fieldOut });
export type CertFields = z.output<typeof fieldsOut>;

const templateOut = z.object({
  /** false: the built-in design (no template saved yet). */
  custom: z.boolean(),
  hasBackground: z.boolean(),
  fields: fieldsOut,
  /** A sample certificate rendered from this template, PNG base64. */
  previewBase64: z.string(),
  updateDate: z.string(),
});

export const selectCertificateTemplate = defineOp({
  name: 'selectCertificateTemplate',
  path: '/api/staff/selectCertificateTemplate.do',
  auth: 'staff',
  input: z.object({}),
  output: z.object({ obj: templateOut }),
});

const templateIn = z.object({
  fields: certFieldsIn,
  clearBackground: z._default(boolIn(), false),
});

/**
 * Saves the field positions; a background image (JPG/PNG, part 0) replaces the current one, `clearBackground` goes
 * back to the built-in design's background. The public certificate is drawn from the saved template.
 */
export const saveCertificateTemplate = defineOp({
  name: 'saveCertificateTemplate',
  path: '/api/staff/saveCertificateTemplate.do',
  auth: 'staff',
  body: 'multipart',
  input: templateIn,
  output: z.object({ obj: templateOut }),
  successMsg: '保存成功',
});

/** Renders a sample certificate from unsaved positions (and background, part 0) with the public certificate's code. */
export const previewCertificateTemplate = defineOp({
  name: 'previewCertificateTemplate',
  path: '/api/staff/previewCertificateTemplate.do',
  auth: 'staff',
  body: 'multipart',
  input: templateIn,
  output: z.object({ obj: z.object({ previewBase64: z.string() }) }),
});
