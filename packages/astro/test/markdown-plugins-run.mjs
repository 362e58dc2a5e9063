/**
 * For markdown-plugins.test.ts: register the claim transform on a processor
 * named as the first argument (`satteri` or `unified`), and print which
 * processors' packages the process loaded meanwhile.
 *   node markdown-plugins-run.mjs <satteri|unified|unified+directive>
 */
import { registerHooks } from 'node:module';

const loaded = new Set();
registerHooks({
  load(url, context, next) {
    const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
    if (name) loaded.add(name);
    return next(url, context);
  },
});
const { registerClaimPlugins } = await import(new URL('../dist/markdown-plugins.js', import.meta.url).href);
const name = process.argv[2];
// `unified+directive`: remark-directive is registered already, as Starlight does.
const remarkPlugins = name === 'unified+directive' ? [(await import('remark-directive')).default] : [];
const processor =
  name === 'satteri' ? { name, options: { features: {}, mdastPlugins: [], hastPlugins: [] } } : { name: 'unified', options: { remarkPlugins, rehypePlugins: [] } };
const before = new Set(loaded);
const registered = await registerClaimPlugins(processor, { annotations: () => undefined }, { warn: () => undefined });
const watched = ['@astrojs/markdown-satteri', 'satteri', 'remark-directive', 'micromark-extension-directive'];
const directive = remarkPlugins.length > 0 ? remarkPlugins[0] : undefined;
console.log(JSON.stringify({ registered, plugins: (processor.options.mdastPlugins ?? processor.options.remarkPlugins).length, directives: directive ? processor.options.remarkPlugins.filter((entry) => entry === directive).length : undefined, loadedDuring: watched.filter((entry) => loaded.has(entry) && !before.has(entry)), loadedBefore: watched.filter((entry) => before.has(entry)) }));
