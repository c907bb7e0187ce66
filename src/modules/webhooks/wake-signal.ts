/** A sleep that a kick ends early; a kick while awake makes the next sleep return at once. */
export function createWakeSignal() {
  let pending = false;
  let wakeSleeper: (() => void) | undefined;
  return {
    kick: () => {
      pending = true;
      wakeSleeper?.();
    },
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        if (pending) {
          pending = false;
          return resolve();
        }
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wakeSleeper = undefined;
          pending = false;
          resolve();
        }
        wakeSleeper = done;
      }),
  };
}
