import type { Timestamp } from './shared.js';

/*
 * Tables written by modules/upload, whose repositories are their only writers (ADR 0013): uploads.
 */

export interface UploadTable {
  id: string;
  plat_id: string;
  agent_id: number;
  bytes: number;
  created_at: Timestamp;
}
