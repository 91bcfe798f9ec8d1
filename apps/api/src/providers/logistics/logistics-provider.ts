/** Parcel tracking in the Kdniao shape (reference §6); the service turns it into spec 2 §3 Logistics result. */
export interface TrackQuery {
  /** Kdniao ShipperCode: SF, ZTO, YTO ... */
  shipperCode: string;
  /** The waybill number (Kdniao LogisticCode). */
  logisticCode: string;
  /** Last four digits of the receiver's (or sender's) phone: SF requires it, others ignore it. */
  customerName?: string;
  /** When the parcel was handed over (the order's send date); the local provider builds its story from it. */
  shippedAt?: Date;
  /** The time to answer for (the app's clock); the local provider shows the steps that have happened by then. */
  now?: Date;
}

/** Kdniao State: 0 no trace, 1 collected, 2 in transit, 3 signed, 4 problem. */
export type TrackState = 0 | 1 | 2 | 3 | 4;

export interface TrackTrace {
  /** China time 'YYYY-MM-DD HH:mm:ss'. */
  acceptTime: string;
  acceptStation: string;
}

export interface TrackResult {
  success: boolean;
  logisticCode: string;
  shipperCode: string;
  state: TrackState;
  /** Oldest first, as Kdniao answers them. */
  traces: TrackTrace[];
  /** Why there is nothing (Kdniao `Reason`, or our own words for a failed call). */
  reason?: string;
}

export interface LogisticsProvider {
  readonly name: 'local' | 'kdniao';
  track(query: TrackQuery): Promise<TrackResult>;
}
