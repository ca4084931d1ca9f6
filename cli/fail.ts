/** Uniform CLI failure: message on stderr, non-zero exit, no stack trace for known errors. */
export function failWith(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}
