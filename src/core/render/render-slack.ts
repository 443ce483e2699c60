/**
 * `drift --format slack`: the JSON body of a Slack incoming-webhook message (Block Kit) for a
 * recipe step to POST. Within Slack's limits, each from its reference:
 * - at most 50 blocks a message (https://docs.slack.dev/reference/block-kit/blocks);
 * - a header's text at most 150 characters (https://docs.slack.dev/reference/block-kit/blocks/header-block);
 * - a section's text at most 3,000 characters (https://docs.slack.dev/reference/block-kit/blocks/section-block);
 * - the blocks' text together kept below 12,000 characters: Slack answers `msg_blocks_too_long`
 *   to messages of about 13,000 though no limit is documented (slackapi/bolt-js issue 2509).
 * Text from files and the API is escaped as Slack asks (`&`, `<`, `>` as `&amp;`, `&lt;`,
 * `&gt;`: https://docs.slack.dev/messaging/formatting-message-text#escaping), so that no name
 * becomes a link, a mention (`<!channel>`) or markup; backticks are replaced inside code blocks
 * (U+02CB), so that no value closes one. What does not fit is counted, never cut silently. Pure.
 */
import { printable } from '../text/index.js';
import { type DriftReport, shellWord, type ZoneEntry } from '../drift/index.js';
import { describeCounts } from './drift-words.js';
import { auditNoteLines, zoneDiffLines } from './render-junit.js';
import { unmanagedZoneLine, unmanagedZonesHeading, type UnmanagedZoneRow } from './unmanaged-zones.js';
import { describeLeftAloneCounts } from '../ownership/index.js';

export const SLACK_MAX_BLOCKS = 50;
export const SLACK_HEADER_MAX = 150;
export const SLACK_SECTION_MAX = 3000;
export const SLACK_BLOCKS_TEXT_BUDGET = 12_000;

export interface SlackOptions {
  /** Where the whole report is (e.g. the workflow run's URL), linked at the end. */
  readonly reportUrl?: string;
  /** `drift --unmanaged-zones`: one section after the zones, as many names as fit. */
  readonly unmanagedZones?: readonly UnmanagedZoneRow[];
}

type TextObject = { type: 'plain_text' | 'mrkdwn'; text: string };
type Block = { type: 'header'; text: TextObject } | { type: 'section'; text: TextObject } | { type: 'context'; elements: TextObject[] };

/** Slack's three control characters as entities (and one line per value). */
export function slackText(text: string): string {
  return printable(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function codeLine(text: string): string {
  return slackText(text).replace(/`/g, '\u02cb');
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function zoneCounts(report: DriftReport, z: ZoneEntry): string {
  const counted = describeCounts(report.kind, z.counts);
  const parts = counted !== '' ? [counted] : [];
  if (z.newCount > 0) parts.push(`*${z.newCount} new*`);
  if (z.gone.length > 0) parts.push(`${z.gone.length} gone`);
  return parts.join(', ');
}

/** A zone's section: its name, counts and as many diff lines as fit in one section. */
function zoneSection(report: DriftReport, z: ZoneEntry): string {
  if (z.status === 'failed') {
    return clip(
      `:x: *${slackText(z.zone)}* failed: \`${codeLine(z.error?.code ?? '')}\` ${slackText(z.error?.message ?? '')}`,
      SLACK_SECTION_MAX,
    );
  }
  // Drift: each item's two ways out, once for the zone (the item's id is on its lines).
  const ways =
    report.kind === 'drift' && z.status === 'drifted'
      ? `\nWays out of each item: revert with \`${codeLine(`zonectl apply ${shellWord(z.file)}`)}\`, or adopt it with \`${codeLine(`zonectl drift ${shellWord(z.file)} --adopt ID`)}\``
      : '';
  const headLine = `:warning: *${slackText(z.zone)}* (${slackText(z.file)}): ${zoneCounts(report, z)}${ways}`;
  return `${headLine}${codeBlock(zoneDiffLines(report.kind, z, 'compact'), SLACK_SECTION_MAX - headLine.length - 60)}`;
}

/** As many of `lines` as fit in `room` characters, as a code block after a line feed (the rest counted); '' for none. */
function codeBlock(lines: readonly string[], room: number): string {
  const kept: string[] = [];
  let used = 0;
  for (const line of lines) {
    const shown = clip(codeLine(line), 300);
    if (used + shown.length + 1 > room) break;
    kept.push(shown);
    used += shown.length + 1;
  }
  const more = lines.length - kept.length;
  return kept.length > 0 ? `\n\`\`\`\n${kept.join('\n')}${more > 0 ? `\n… ${more} more` : ''}\n\`\`\`` : '';
}

/** `drift --unmanaged-zones` as one section's text: the heading, then as many zones as fit, the rest counted. */
function unmanagedText(zones: readonly UnmanagedZoneRow[]): string {
  const headLine = `:grey_question: *${slackText(unmanagedZonesHeading(zones.length))}*`;
  return `${headLine}${codeBlock(zones.map(unmanagedZoneLine), SLACK_SECTION_MAX - headLine.length - 60)}`;
}

/** `Left alone: *3* records (2 ignored by manage.ignore, 1 owned by external-dns).`, or nothing. */
function leftAloneSentence(report: DriftReport): string[] {
  const rows = report.zones.flatMap((z) => z.leftAlone ?? []);
  if (rows.length === 0) return [];
  return [`Left alone: *${rows.length}* record${rows.length === 1 ? '' : 's'} (${slackText(describeLeftAloneCounts(rows))}).`];
}

/** The webhook payload as one JSON document. */
export function renderSlack(report: DriftReport, options: SlackOptions = {}): string {
  const t = report.totals;
  const verb = report.kind === 'drift' ? 'drifted' : 'with changes';
  const title = `zonectl ${report.kind}: ${t.drifted} of ${t.zones} zones ${verb}${t.failed > 0 ? `, ${t.failed} failed` : ''}`;
  const summary = [
    `*${t.drifted}* ${verb}, *${t.failed}* failed, *${t.inSync}* ${report.kind === 'drift' ? 'in sync' : 'without changes'}.`,
    ...(report.baseline !== undefined ? [`Since the baseline: *${t.new} new*, ${t.present} still present, ${t.gone} gone.`] : []),
    ...auditNoteLines(report).map((n) => slackText(`${n.charAt(0).toUpperCase()}${n.slice(1)}.`)),
    ...leftAloneSentence(report),
  ].join(' ');
  const blocks: Block[] = [
    { type: 'header', text: { type: 'plain_text', text: clip(title, SLACK_HEADER_MAX) } },
    { type: 'section', text: { type: 'mrkdwn', text: summary } },
  ];
  const unmanaged = options.unmanagedZones !== undefined ? unmanagedText(options.unmanagedZones) : undefined;
  let used = title.length + summary.length + (unmanaged?.length ?? 0);
  const shown = report.zones.filter((z) => z.status !== 'in-sync');
  // Room for the closing context block (and the unmanaged zones' section).
  const maxZones = SLACK_MAX_BLOCKS - blocks.length - 1 - (unmanaged !== undefined ? 1 : 0);
  let listed = 0;
  for (const z of shown) {
    if (listed >= maxZones) break;
    const text = zoneSection(report, z);
    if (used + text.length > SLACK_BLOCKS_TEXT_BUDGET) break;
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text } });
    used += text.length;
    listed += 1;
  }
  if (unmanaged !== undefined) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: unmanaged } });
  const rest = shown.length - listed;
  const link = options.reportUrl !== undefined ? ` <${options.reportUrl.replace(/[<>|\s]/g, encodeURIComponent)}|The whole report>` : '';
  if (rest > 0 || link !== '') {
    const text = `${rest > 0 ? `${rest} more zone(s) not shown here.` : ''}${link}`.trim();
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text }] });
  }
  return `${JSON.stringify({ text: slackText(title), blocks }, null, 2)}\n`;
}
