/**
 * The tests' static host over a built site: the same host model `astro preview` serves dist/ with
 * (src/pipeline/staticHost.ts), so a test and a reader previewing the site see the same answers.
 */
export * from '../../src/pipeline/staticHost.ts';
