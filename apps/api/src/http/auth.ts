import type { StaffRole } from '@shop/contract';

/**
 * What the transport needs to know about callers, declared here and handed in by app.ts from compose.ts (the composition root): http
 * imports no module (ADR 0028), the session and staff modules answer these shapes.
 */
export interface SessionResolver {
  /** A one-time password's session is refused (ADR 0024) unless `allowMustChange`. */
  resolve(token: string, allowMustChange?: boolean): Promise<{ agentId: number; platId: string; tokenHash: string }>;
}

export interface StaffResolver {
  resolve(token: string): Promise<{ staffId: number; platId: string; role: StaffRole; tokenHash: string; secondFactorMissing: boolean }>;
}

/** The one staff permission table (ADR 0020) as the operation routes ask it, before the input is read. */
export interface StaffGate {
  mayCall(role: StaffRole, operation: string): boolean;
  allowedBeforeSecondFactor(operation: string): boolean;
  /** The staff operations the table does not list: a non-empty answer stops the start. */
  unlisted(operations: string[]): string[];
}

/** A store's consumer (ADR 0038): header `consumerToken`, issued from the WeChat OAuth code. */
export interface ConsumerResolver {
  resolve(token: string): Promise<{ consumerId: number; platId: string }>;
}

export interface Callers {
  sessions: SessionResolver;
  /** Optional for transports built without the store (a test app); a consumer operation then answers 401. */
  consumers?: ConsumerResolver;
  staff: StaffResolver;
  gate: StaffGate;
}
