/** Text helpers every layer uses: values made printable, "did you mean", paths in a document. Pure, no dependency. */
export { printable, printableLines } from './printable.js';
export { suggestNearest } from './suggest.js';
export { formatPath, isPathWithin, pointerToPath, type DocPath, type PathSegment } from './json-path.js';
