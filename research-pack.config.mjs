// The settings the demo site (astro.config.mjs) and the `research-pack` CLI
// share. The defaults fit this site: books in content/books, chapters at
// /books/<book>/<chapter>/, research pages under /research/.

/** @type {import('@research-pack/core').ProjectConfigInput} */
export default {
  // `research-pack ingest` copies returned reports here, in each book folder.
  // A dot-folder: content loaders (glob(), Starlight's docsLoader()) skip it,
  // so the same book works as Starlight docs (examples/starlight).
  reports: '.reports',
};
