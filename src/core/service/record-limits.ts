/**
 * Limits the service sets on one record, or on the records of one name and type:
 * - comment: 100 characters on Free zones, 500 on paid plans (the record `comment` of the DNS
 *   records API reference);
 * - tags: none on Free zones; on paid plans at most 20 a record, the name (before the colon) at
 *   most 32 characters, the value (after it) at most 100 (the plans index, `dns.record_tags`,
 *   https://developers.cloudflare.com/dns/manage-dns-records/reference/record-attributes/ ; the
 *   live answer on Free: 9300 "DNS record has 1 tags, exceeding the quota of 0.",
 *   https://github.com/kubernetes-sigs/external-dns/issues/3706). Both are the data shared with
 *   the emulator (src/facts/record-types.ts);
 * - "Each DNS record has a maximum wire format size of 4,096 bytes", and "if you have multiple
 *   records with the same name and type, their combined content length must not exceed 8,192
 *   characters" (https://developers.cloudflare.com/dns/manage-dns-records/reference/dns-record-types/).
 */
import { COMMENT_FACTS, TAG_FACTS } from '../../facts/record-types.js';

export const COMMENT_MAX_FREE = COMMENT_FACTS.freeMax;
export const COMMENT_MAX_PAID = COMMENT_FACTS.paidMax;
export const TAGS_MAX = TAG_FACTS.maxCount;
/** Tags a record may have on a Free zone: none (a feature of paid plans). */
export const TAGS_MAX_FREE = TAG_FACTS.freeMaxCount;
/** Longest tag name (before the colon), in characters. */
export const TAG_NAME_MAX = TAG_FACTS.nameMax;
/** Longest tag value (after the colon), in characters. */
export const TAG_VALUE_MAX = TAG_FACTS.valueMax;

/** Largest wire format of one record, in bytes. */
export const RECORD_WIRE_MAX_BYTES = 4096;
/** Largest combined `content` of the records of one name and type, in characters. */
export const RRSET_CONTENT_MAX = 8192;
