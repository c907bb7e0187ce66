/** A CLI invocation that is wrong (missing or bad flag): printed without a stack trace. */
export class UsageError extends Error {}
