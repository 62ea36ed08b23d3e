/**
 * What of an error may go to the logs (docs/security.md, "Logs"). Database errors carry the failed SQL with
 * every value inlined (e-mails, encrypted secrets, digests: knex prefixes it to the message); the log keeps
 * the SQLSTATE code and the database's own message, never the statement, its values or the error's detail.
 */
export interface LoggableError {
  type: string;
  code?: string;
  message: string;
}

const MAX = 300;

export function loggableError(error: unknown): LoggableError {
  if (!(error instanceof Error))
    return { type: typeof error, message: String(error).slice(0, MAX) };
  const { code, sqlState } = error as { code?: unknown; sqlState?: unknown };
  const state =
    typeof sqlState === 'string'
      ? sqlState
      : typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)
        ? code
        : undefined;
  let message = error.message;
  // "<statement> - <database message>": keep only the database's message.
  if (
    state ||
    /^(select|insert|update|delete|with|create|alter|drop)\b/i.test(message.trimStart())
  ) {
    const cut = message.lastIndexOf(' - ');
    message = cut >= 0 ? message.slice(cut + 3) : 'database error';
  }
  const out: LoggableError = {
    type: error.constructor?.name ?? 'Error',
    message: message.slice(0, MAX),
  };
  if (state) out.code = state;
  else if (typeof code === 'string') out.code = code.slice(0, 64);
  return out;
}

/** One line: "TypeName CODE: message". */
export function errorLine(error: unknown): string {
  const e = loggableError(error);
  return `${e.type}${e.code ? ` ${e.code}` : ''}: ${e.message}`;
}
