// Kept apart from calls.ts, and free of zod: the extension's content script, injected into every page,
// throws it too and must stay small.

/** A call that failed, as a client tells it: its status (0: no answer), API.md's code, message and details. */
export class CallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The error answer's `details`: field errors, or the saved link of a 409 (API.md "Normalized URL"). */
    readonly details?: unknown,
  ) {
    super(message);
  }
}
