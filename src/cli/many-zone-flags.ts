/** The zone paths, `--format`, `--report`, the budget, the shard and the configuration: what plan and drift take alike. */
import { arg, flag } from './definition/define-command.js';
import { configFlag, rateLimitFlag, shardFlag } from './options.js';
import { OUTPUT_FORMATS, parseReportFile } from './views/report/report-formats.js';

export const MANY_ZONE_ARGS = {
  paths: arg.variadic('paths', 'zone files, or directories of zone files (*.yaml, *.yml, recursively)', { required: true }),
};

export const MANY_ZONE_FLAGS = {
  format: flag.choice(
    '--format <format>',
    'output format (html: one self-contained page; junit: JUnit XML; slack: a Slack webhook body)',
    OUTPUT_FORMATS,
    'text',
  ),
  report: flag.list(
    '--report <format=file>',
    'also write the report in FORMAT to FILE (repeatable), e.g. --report html=drift.html',
    parseReportFile,
  ),
  rateLimit: rateLimitFlag,
  shard: shardFlag,
  config: configFlag,
};
