/**
 * Website URLs as the seat binding sees them (spec §5 Bind (client)). Normalisation and "another site"
 * are the server's own rules (@seatkeeper/domain), so what the table shows before saving is what the
 * server stores.
 */

/** The input must start with http (spec §5); anything else gets this text. */
export const FULL_URL_REQUIRED = 'please enter full URL (including http:// or https://)';

export const startsWithHttp = (value: string): boolean => /^http/i.test(value.trim());
