/**
 * Whether an error means the database cannot be reached right now (restarting, refusing connections,
 * connection lost): such requests answer 503 'Database unavailable' with Retry-After, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    const code = String(e.code ?? '');
    // 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 08xxx connection exceptions
    // except 08P01 protocol_violation: what PostgreSQL answers to a NUL in a text parameter, a bad
    // request, not an outage (the connection is fine).
    if (code === '08P01') return false;
    if (
      ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03'].includes(
        code,
      ) ||
      code.startsWith('08')
    )
      return true;
    if (
      /Connection terminated|connection is closed|the database system is (starting up|shutting down)|Client has encountered a connection error/i.test(
        String(e.message ?? ''),
      )
    ) {
      return true;
    }
    e = e.cause as typeof e;
  }
  return false;
}
