// The settings this site and the `research-pack` CLI share. On a Starlight
// site the defaults are: books are the folders of src/content/docs that hold
// a book.yaml, a chapter's URL is its docs URL (/pi/27-chapter/), research
// pages are under /research/ and reports go to each book's .reports/ folder.
// Only the public URL is written here, for the CLI's briefs.

/** @type {import('@research-pack/core').ProjectConfigInput} */
export default {
  site: 'https://books.example.org',
};
