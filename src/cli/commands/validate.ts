/**
 * `zonectl validate FILE...`: every file checked without calling the API (src/app/validate),
 * shown as text, JSON or SARIF (../views/validate.ts); exit 0 when all are valid, 1 otherwise.
 * No credentials needed.
 */
import { runToEnd } from '../../app/session/index.js';
import { runValidate } from '../../app/validate/index.js';
import { arg, defineCommand, flag } from '../definition/define-command.js';
import { configFlag } from '../options.js';
import {
  parseValidateReport,
  processIo,
  VALIDATE_FORMATS,
  validateFailedLine,
  validateView,
  type ValidateFormat,
  type ValidateIo,
  type ValidateReportFile,
} from '../views/validate.js';

/** Validates the files and shows them; returns the exit code (0 valid, 1 invalid). */
export async function validateAndShow(
  paths: readonly string[],
  io: ValidateIo = processIo,
  options: {
    readonly strict?: boolean;
    readonly format?: ValidateFormat;
    readonly config?: string | undefined;
    readonly report?: readonly ValidateReportFile[];
  } = {},
): Promise<number> {
  const view = validateView(io, options.format ?? 'text', options.report ?? []);
  const request = { paths, strict: options.strict === true, config: options.config, env: io.env };
  const result = await runToEnd(view, () => runValidate(request, view));
  return result.valid ? 0 : 1;
}

/** The definition; tests hand it their own io. */
export function validateCommand(io: ValidateIo = processIo) {
  return defineCommand({
    name: 'validate',
    description: 'Check zone files (YAML, schema, service rules) without calling the API; exit 0 valid, 1 invalid',
    args: { paths: arg.variadic('paths', 'zone files, or directories of zone files (*.yaml, *.yml, recursively)', { required: true }) },
    flags: {
      strict: flag.switch('--strict', 'lint findings (what breaks mail and the web, see `zonectl lint`) are errors, not warnings'),
      format: flag.choice(
        '--format <format>',
        'output format: text, one JSON document with every problem, SARIF 2.1.0 (GitHub code scanning), or a markdown section for a pull request comment',
        VALIDATE_FORMATS,
        'text',
      ),
      report: flag.list(
        '--report <format=file>',
        'also write the run in FORMAT (json, sarif, markdown) to FILE (repeatable), e.g. --report markdown=findings.md',
        parseValidateReport,
        { empty: true },
      ),
      config: configFlag,
    },
    examples: [
      'zonectl validate zones/example.com.yaml',
      'zonectl validate zones/ --strict',
      'zonectl validate zones/ --format json > problems.json',
      'zonectl validate zones/ --format sarif > zonectl.sarif',
      'zonectl validate zones/ --report markdown=findings.md   # the text in the log, the findings for a pull request comment',
    ],
    run: async ({ args, flags }) => {
      try {
        return await validateAndShow(args.paths, io, flags);
      } catch (error) {
        // Not expected (every problem is reported as such); still never a stack trace.
        io.err(validateFailedLine(error));
        return 1;
      }
    },
  });
}
