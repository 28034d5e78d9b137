/**
 * fast-json-patch's ES module build, imported by its file name: the package's `main` sits beside an
 * `index.ts` of its sources that tsx would load instead, and that file does not run on its own.
 */
declare module 'fast-json-patch/index.mjs' {
  export * from 'fast-json-patch';
}
