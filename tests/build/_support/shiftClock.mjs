/**
 * Preloaded (NODE_OPTIONS=--import) into a test build: moves the wall clock forward by
 * UAIX_CLOCK_SHIFT_MS, so a build that writes the current date or time into dist/ produces bytes
 * that differ from a build made at the real time. Dates built from explicit values (git dates,
 * fixture times) are unaffected.
 */
const shift = Number(process.env.UAIX_CLOCK_SHIFT_MS ?? 0);
if (shift) {
  const RealDate = Date;
  const now = () => RealDate.now() + shift;
  globalThis.Date = new Proxy(RealDate, {
    construct(target, args, newTarget) {
      return Reflect.construct(target, args.length ? args : [now()], newTarget);
    },
    apply() {
      return new RealDate(now()).toString();
    },
    get(target, property, receiver) {
      return property === 'now' ? now : Reflect.get(target, property, receiver);
    },
  });
}
