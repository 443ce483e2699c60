/**
 * YAML read with a position for every value (js-yaml), aliases bounded, merge keys, `${VAR}`
 * interpolation, and the problems placed at file:line:col. Knows nothing of zone files.
 */
export { parseYaml, type ForeignYamlOptions } from './parse-yaml.js';
export { PositionIndex } from './position-index.js';
export { aliasExpansionLimit } from './alias-expansion.js';
export {
  forbiddenVariable,
  interpolateDocument,
  interpolateString,
  literalDocument,
  VARIABLE_PREFIX,
  type Env,
  type InterpolationOptions,
} from './interpolate.js';
export { formatProblem, PROBLEM_LIMIT, ProblemSink, type Problem, type SourceFile } from './problems.js';
export { findReplacementCharacter } from './text-checks.js';
