// The seat rules live in libs/domain (seats.ts); this re-export remains until every caller imports them
// from @seatkeeper/domain itself.
export { seatStatus, seatSummary, type SeatLike, type SeatSummary } from '@seatkeeper/domain';
