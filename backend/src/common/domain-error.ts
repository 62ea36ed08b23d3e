/**
 * The API's errors: each module has a code enum and one table giving every code its HTTP status and its
 * text (the product's exact wording), and a DomainError subclass that takes a code. Services throw those;
 * `toErrorBody` (error-body.ts) turns any error into `{ statusCode, error, message, code }` once, for the
 * exception filter and the plugin fast path alike. The interface translates by `code`.
 */

/** What a code means over HTTP: its status and its text. */
export interface ErrorSpec {
  readonly status: number;
  readonly text: string;
}

/** A module's codes, each with its status and text. */
export type ErrorTable<C extends string> = { readonly [K in C]: ErrorSpec };

export interface DomainErrorOptions {
  /**
   * The text, when it depends on the case (the failing validation rule, a provider's own answer, a
   * limit): otherwise the table's text.
   */
  text?: string;
  /** Fields sent beside the error shape on purpose (e.g. needs_model's triedModels and suggestions). */
  details?: Record<string, unknown>;
  cause?: unknown;
}

export class DomainError<C extends string = string> extends Error {
  readonly status: number;
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    readonly code: C,
    spec: ErrorSpec,
    options: DomainErrorOptions = {},
  ) {
    super(options.text ?? spec.text, 'cause' in options ? { cause: options.cause } : undefined);
    this.name = new.target.name;
    this.status = spec.status;
    this.details = options.details ?? {};
  }
}
