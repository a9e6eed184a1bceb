/** Speed to lead (issue 26): the round-robin's turn, one row (id 1). */
export interface LeadRoutingTable {
  id: number;
  /** The last person given a lead by turn; the next is the first taker after them (by id). */
  lastStaffId: string | null;
  /** How many leads were given out by turn (for the record). */
  turns: number;
}

export interface FollowupTables {
  leadRouting: LeadRoutingTable;
}
