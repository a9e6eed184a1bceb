/** Speed to lead: the round-robin's turn, one row (id 1). */
export interface LeadRoutingTable {
  id: number;
  /** The last person given a lead by turn; the next is the first taker after them (by id). */
  lastStaffId: string | null;
  /** How many leads were given out by turn (for the record). */
  turns: number;
}

/** The morning digest: one row per person and studio day, taken before it is sent (never twice). */
export interface FollowupDigestsTable {
  staffId: string;
  day: string;
  takenAt: Date | string;
  leads: number;
}

export interface FollowupTables {
  leadRouting: LeadRoutingTable;
  followupDigests: FollowupDigestsTable;
}
