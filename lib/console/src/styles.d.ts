/**
 * The console's style sheets (its own and uPlot's) are imported for their effect only: esbuild
 * bundles them into `console.css`. Declared so the type checker knows these imports exist.
 */
declare module '*.css';
