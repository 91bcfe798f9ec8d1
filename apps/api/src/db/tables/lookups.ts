import type { Generated } from 'kysely';
import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/lookups, whose repositories are their only writers (ADR 0013): trace_codes, review_codes,
 * review_queries, code_batches, certificate_templates.
 */

/** Migration 011 (ADR 0018): trace and anti-counterfeit codes, the material centre. */
export interface TraceCodeTable {
  id: Generated<number>;
  plat_id: string;
  trace_code: string;
  single_prod_id: number;
  /** 0 headquarters, otherwise agent. */
  agent_type: Generated<number>;
  agent_id: number | null;
  /** 0 an agent holds it, otherwise a member. */
  ascription_type: Generated<number>;
  cus_name: Generated<string>;
  cus_phone: Generated<string>;
  cus_grade_name: Generated<string>;
  created_at: Timestamp;
  /** The batch it was generated in (migration 017); null for older codes. */
  batch_id: number | null;
}

export interface ReviewCodeTable {
  id: Generated<number>;
  plat_id: string;
  review_code: string;
  single_prod_id: number;
  created_at: Timestamp;
  batch_id: number | null;
}

/** A batch of generated codes (ADR 0022, migration 017). */
export interface CodeBatchTable {
  id: Generated<number>;
  plat_id: string;
  /** 1 trace, 2 anti-counterfeit. */
  code_type: number;
  single_prod_id: number;
  count: number;
  staff_id: number;
  staff_name: Generated<string>;
  created_at: Timestamp;
}

/** The authorization certificate's template, one per platform (migration 017). */
export interface CertificateTemplateTable {
  plat_id: string;
  background_key: Generated<string>;
  /** JSON: { agentName, gradeName, code, validity: { x, y, size } }. */
  fields: string;
  updated_by: number;
  updated_at: Timestamp;
}

export interface ReviewQueryTable {
  id: Generated<number>;
  review_code_id: number;
  queried_at: Timestamp;
}
