/** The rejection of `within` when the time is up. */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/**
 * `promise`, or a TimeoutError after `ms` milliseconds: one hung call (a database that stopped
 * answering) must not hold what waits for it. The work itself is not cancelled (a driver may have
 * no way to); its outcome is then ignored. `what` names it in the error. The timer does not keep
 * the process alive.
 */
export function within<T>(promise: Promise<T>, ms: number, what?: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new TimeoutError(what ? `${what} took longer than ${ms} ms` : `no answer within ${ms} ms`)),
      ms,
    );
    timer.unref?.();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
