/**
 * When is a change served (issue 31, `--wait-dns`): what each changed name and type must answer
 * after an apply (expected-answers.ts, on the zone of zone-after.ts), and whether a
 * nameserver's answer does (served.ts). Pure.
 */
export { expectedAnswers, type ChangedRecord, type ExpectedAnswer, type Expectation } from './expected-answers.js';
export { zoneViewAfter, type ZoneAfterApply } from './zone-after.js';
export { describeReply, judgeReply, type AnswerRecord, type NameserverReply, type Verdict } from './served.js';
