/**
 * `within(promise, what)`: the promise, or a failure naming what did not come within `ms` (a
 * socket that never answers must fail the test, not hang it).
 */
export function deadlineOf(ms: number) {
  return function within<T>(promise: Promise<T>, what: string): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
    });
    return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
  };
}
