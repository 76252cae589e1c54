import { buildBundles } from './test/support/bundles';
const b = await buildBundles(process.argv.slice(2));
for (const [e, { bytes }] of b) console.log(e, (bytes / 1024).toFixed(1));
