export const id = 387;
export const ids = [387];
export const modules = {

/***/ 9387:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  lastResort: () => (/* binding */ lastResort),
  outputFiles: () => (/* binding */ outputFiles),
  run: () => (/* binding */ run)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 14 modules
var core = __webpack_require__(6421);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
;// CONCATENATED MODULE: ./src/constants.ts
/** Every input and output name of the action, as action.yml declares them. */
var Inputs;
(function (Inputs) {
    Inputs["Operation"] = "operation";
    Inputs["Token"] = "token";
    Inputs["BaseUrl"] = "base-url";
    Inputs["TimeoutSeconds"] = "timeout-seconds";
    Inputs["MaxAttempts"] = "max-attempts";
    Inputs["MaxPages"] = "max-pages";
    // list-dlq
    Inputs["MessageId"] = "message-id";
    Inputs["Url"] = "url";
    Inputs["TopicName"] = "topic-name";
    Inputs["ScheduleId"] = "schedule-id";
    Inputs["QueueName"] = "queue-name";
    Inputs["Api"] = "api";
    Inputs["FromDate"] = "from-date";
    Inputs["ToDate"] = "to-date";
    Inputs["ResponseStatus"] = "response-status";
    Inputs["CallerIp"] = "caller-ip";
    Inputs["Count"] = "count";
    Inputs["Order"] = "order";
    Inputs["Cursor"] = "cursor";
    Inputs["MaxMessages"] = "max-messages";
    Inputs["FailIfCountAbove"] = "fail-if-count-above";
    Inputs["FailIfOldestOlderThan"] = "fail-if-oldest-older-than";
    Inputs["MessagesFile"] = "messages-file";
    Inputs["KeepCredentialHeaders"] = "keep-credential-headers";
    Inputs["Concurrency"] = "concurrency";
    Inputs["IssueOnFailure"] = "issue-on-failure";
    Inputs["GithubToken"] = "github-token";
    Inputs["IssueTitle"] = "issue-title";
    Inputs["IssueRepeatInterval"] = "issue-repeat-interval";
    Inputs["Source"] = "source";
    // list-dlq health check: arrivals, expiry, metrics and the issue's labels and assignees
    Inputs["FailIfNewAbove"] = "fail-if-new-above";
    Inputs["NewWithin"] = "new-within";
    Inputs["Retention"] = "retention";
    Inputs["FailIfExpiringWithin"] = "fail-if-expiring-within";
    Inputs["MetricsFile"] = "metrics-file";
    Inputs["IssueLabels"] = "issue-labels";
    Inputs["IssueAssignees"] = "issue-assignees";
    // list-dlq health check: history and growth
    Inputs["HistoryFile"] = "history-file";
    Inputs["FailIfGrowthAbove"] = "fail-if-growth-above";
    // resume-workflows
    Inputs["DlqIds"] = "dlq-ids";
    Inputs["DlqIdsFile"] = "dlq-ids-file";
    Inputs["MaxRuns"] = "max-runs";
    Inputs["WorkflowUrl"] = "workflow-url";
    Inputs["WorkflowRunId"] = "workflow-run-id";
    Inputs["WorkflowCreatedAt"] = "workflow-created-at";
    Inputs["All"] = "all";
    Inputs["FlowControlKey"] = "flow-control-key";
    Inputs["FlowControlValue"] = "flow-control-value";
    Inputs["Retries"] = "retries";
    Inputs["RunsFile"] = "runs-file";
    Inputs["Stages"] = "stages";
    Inputs["Watch"] = "watch";
    Inputs["WatchMaxFailed"] = "watch-max-failed";
    Inputs["WatchRetries"] = "watch-retries";
    Inputs["WatchMinCompleted"] = "watch-min-completed";
    Inputs["WorkflowRuns"] = "workflow-runs";
    // every bulk write (resume-workflows, restart-workflows, retry-messages)
    Inputs["MaxEntries"] = "max-entries";
    Inputs["Delay"] = "delay";
    Inputs["DryRun"] = "dry-run";
    Inputs["PlanFile"] = "plan-file";
    Inputs["ExpectCount"] = "expect-count";
    // delete-dlq
    Inputs["OlderThan"] = "older-than";
    Inputs["ArchiveFile"] = "archive-file";
})(Inputs || (Inputs = {}));
var Outputs;
(function (Outputs) {
    Outputs["DlqCount"] = "dlq-count";
    Outputs["Complete"] = "complete";
    Outputs["MessageIds"] = "message-ids";
    Outputs["MessageIdsTruncated"] = "message-ids-truncated";
    Outputs["DlqIds"] = "dlq-ids";
    Outputs["DlqIdsTruncated"] = "dlq-ids-truncated";
    Outputs["OldestCreatedAt"] = "oldest-created-at";
    Outputs["NextCursor"] = "next-cursor";
    Outputs["MessagesFile"] = "messages-file";
    Outputs["ScheduleIds"] = "schedule-ids";
    Outputs["ResumedCount"] = "resumed-count";
    Outputs["WorkflowRunIds"] = "workflow-run-ids";
    Outputs["WorkflowRunIdsTruncated"] = "workflow-run-ids-truncated";
    Outputs["WorkflowRuns"] = "workflow-runs";
    Outputs["WorkflowRunsTruncated"] = "workflow-runs-truncated";
    Outputs["RunsFile"] = "runs-file";
    Outputs["FailedAgainCount"] = "failed-again-count";
    Outputs["FailedAgainRunIds"] = "failed-again-run-ids";
    Outputs["FailedAgainRunIdsTruncated"] = "failed-again-run-ids-truncated";
    Outputs["FailedAgainDlqIds"] = "failed-again-dlq-ids";
    Outputs["FailedAgainDlqIdsTruncated"] = "failed-again-dlq-ids-truncated";
    Outputs["FailedAgainRuns"] = "failed-again-runs";
    Outputs["FailedAgainRunsTruncated"] = "failed-again-runs-truncated";
    Outputs["NextWorkflowRuns"] = "next-workflow-runs";
    Outputs["StagesCompleted"] = "stages-completed";
    Outputs["NextFromDate"] = "next-from-date";
    Outputs["NextToDate"] = "next-to-date";
    // list-dlq health check
    Outputs["NewCount"] = "new-count";
    Outputs["ExpiringCount"] = "expiring-count";
    Outputs["NextExpiryAt"] = "next-expiry-at";
    Outputs["Causes"] = "causes";
    Outputs["CompletedCount"] = "completed-count";
    Outputs["RunStates"] = "run-states";
    // list-dlq health issue: the edge this check made
    Outputs["Transition"] = "transition";
    Outputs["IssueUrl"] = "issue-url";
    Outputs["Growth"] = "growth";
    // restart-workflows, retry-messages, and the plan of every write
    Outputs["RestartedCount"] = "restarted-count";
    Outputs["RetriedCount"] = "retried-count";
    Outputs["DeduplicatedCount"] = "deduplicated-count";
    Outputs["FailedAgainMessageIds"] = "failed-again-message-ids";
    Outputs["FailedAgainMessageIdsTruncated"] = "failed-again-message-ids-truncated";
    Outputs["RefusedDlqIds"] = "refused-dlq-ids";
    Outputs["GoneCount"] = "gone-count";
    Outputs["PlannedCount"] = "planned-count";
    Outputs["PlanFile"] = "plan-file";
    // delete-dlq
    Outputs["DeletedCount"] = "deleted-count";
    Outputs["AlreadyGoneCount"] = "already-gone-count";
    Outputs["ArchiveFile"] = "archive-file";
})(Outputs || (Outputs = {}));
const Operations = [
    'list-dlq',
    'resume-schedule',
    'resume-workflows',
    'restart-workflows',
    'retry-messages',
    'delete-dlq'
];
/** Defaults as action.yml declares them (a test holds the two equal), which the runner passes when unset. */
const INPUT_DEFAULTS = {
    [Inputs.TimeoutSeconds]: '30',
    [Inputs.MaxAttempts]: '5',
    [Inputs.MaxPages]: '10000',
    [Inputs.Count]: '100',
    [Inputs.Order]: 'earliestFirst',
    [Inputs.All]: 'false',
    [Inputs.Concurrency]: '1',
    [Inputs.IssueOnFailure]: 'false',
    [Inputs.IssueTitle]: 'DLQ health check failing',
    [Inputs.IssueRepeatInterval]: '4h',
    [Inputs.KeepCredentialHeaders]: 'false',
    [Inputs.Source]: 'message',
    [Inputs.WatchMaxFailed]: '0',
    [Inputs.DryRun]: 'false',
    [Inputs.NewWithin]: '1h'
};
/** Time units in ms, for durations (inputs/values), health buckets (operations/health) and chart bars (report/chart). */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** What an errno means: the refusal of an output file (inputs/output-files), a failed write (report/failure-text). */
const ERRNO_MEANING = {
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EROFS: 'read-only file system',
    ENOSPC: 'no space left on device',
    EDQUOT: 'disk quota exceeded',
    EIO: 'input/output error',
    EFBIG: 'file too large',
    ENAMETOOLONG: 'the name is too long',
    ELOOP: 'too many symbolic links',
    ETXTBSY: 'the file is in use'
};
// Limits, each declared once: who uses it, and why that number.
/** Every request URL stays under 6 KB (inputs/schemas, operations/resume-workflows): proxies refuse ~8 KB. */
const MAX_URL_BYTES = 6 * 1024;
/** Room kept in that budget for a cursor the service sends back (inputs/schemas, resume-workflows' dlq-ids split). */
const CURSOR_ROOM_BYTES = 1024;
/**
 * No request line goes over this (service/client), whatever cursor the service sends back: servers and proxies refuse
 * about 8 KB. MAX_URL_BYTES keeps CURSOR_ROOM_BYTES for a cursor, but one may be up to MAX_CURSOR_LENGTH long.
 */
const MAX_REQUEST_LINE_BYTES = 8 * 1024;
/** Longest cursor accepted (service/pagination), written to next-cursor and the summary (report/): sent in a URL. */
const MAX_CURSOR_LENGTH = 4096;
/** Runs one bulk resume resumes at most, the spec's maximum: sent as count, and what a lost answer may hide. */
const RESUME_PAGE_SIZE = 50;
/** Messages one bulk retry re-delivers at most (wire contract, 6): sent as count. */
const RETRY_PAGE_SIZE = 100;
/**
 * DLQ ids one delete request names at most (wire contract, 6: count up to 100): its answer says only how many it
 * deleted, so a request never names more than one answer may count.
 */
const DELETE_PAGE_SIZE = 100;
/** Distinct values a breakdown keeps at once (operations/accumulator): beyond, counts become approximate (Misra-Gries). */
const TALLY_CAPACITY = 1000;
/** GitHub caps a job's outputs at 1 MB, counted in UTF-16 code units at two bytes each (report/boundary). */
const GITHUB_OUTPUTS_MAX_BYTES = 1_000_000;
/** What this step's outputs use, names included (report/step-outputs): the rest is slack for the runner's framing. */
const OUTPUTS_BUDGET_BYTES = 950_000;
/** message-ids stays a valid JSON array below this (operations/accumulator, list-dlq), inside the budget above. */
const MESSAGE_IDS_MAX_BYTES = 900_000;
/** GitHub drops a whole job summary above 1 MiB (report/budget): stay under. */
const SUMMARY_LIMIT_BYTES = 1_000_000;
/** Causes a listing keeps at once (operations/causes): past this, the least frequent are counted as other causes. */
const CAUSES_CAPACITY = 2000;
/**
 * A createdAt before this (2020-01-01T00:00:00Z) cannot have been stamped by the service, which did not exist then; 0,
 * what an unset integer serialises to, is the usual one (operations/accumulator): such a message counts as undated.
 */
const CREATED_AT_FLOOR_MS = Date.UTC(2020, 0, 1);
/**
 * How far a createdAt may be ahead of the service's time (its Date) and still be taken as true (operations/accumulator):
 * the clock that stamps createdAt and the front end that sends Date may differ by this much. Beyond it, undated.
 */
const CREATED_AT_TOLERANCE_MS = 5 * 60_000;
/** Samples history-file keeps (operations/history): 500 hourly checks are about 3 weeks, about 50 KB of file. */
const HISTORY_SAMPLES = 500;
/** A history-file larger than this is not read (operations/history): no history of 500 samples comes near it. */
const HISTORY_MAX_BYTES = 1_000_000;
/** With retention but no fail-if-expiring-within, expiring-count counts the messages deleted within this (a day). */
const DEFAULT_EXPIRY_WINDOW_MS = 24 * HOUR;
/** A staged resume's watch polls the workflow DLQ this often (operations/watch)... */
const WATCH_POLL_MS = 5_000;
/** ...but no more than this many times a watch: a longer watch polls every watch/120 (a 1h watch: every 30 s). */
const WATCH_MAX_POLLS = 120;
/**
 * Where the service sends no usable `Date`, a write's first bound is the runner's clock less this
 * (operations/resume-bound), as the service's clock may be behind the runner's; the summary says so.
 */
const CLOCK_SKEW_MARGIN_MS = 120_000;
/**
 * How far apart two clocks may be and still be taken to agree (operations/resume-bound): where the Date agreed with
 * the runner within this, a bound up to this far before the first run the service created stands; any further, or
 * any gap at all where the Date could not be checked so, is moved up to it.
 */
const CLOCK_TOLERANCE_MS = 60_000;
/** Each watch listing starts this long before the latest entry the one before saw: an entry the service shows late. */
const WATCH_RELIST_MS = 60_000;
/** A GitHub-hosted job ends after 6 hours (inputs/schemas): a staged plan whose watches take longer is refused there. */
const HOSTED_JOB_LIMIT_MS = 6 * 3_600_000;
/** Stages a staged resume takes at most (inputs/staging): each is a line of the summary's table. */
const MAX_STAGES = 100;
/**
 * Characters of a response body kept as its sample (operations/accumulator), and of an error text of the run log
 * (service/run-log): room for the error field after a few leading fields.
 */
const BODY_SAMPLE_LENGTH = 500;
/**
 * The shortest token read: every text the action writes is redacted of it, and a shorter one would mangle them (its
 * letters masked in every word). A shorter one is refused, never sent, and so not masked either.
 */
const MIN_TOKEN_LENGTH = 8;

;// CONCATENATED MODULE: ./src/verbs.ts
// The bulk writes on the DLQ, one row each: what the one engine (operations/resume-workflows) is given to take
// entries from the DLQ page by page. Its selection and refusals, drain, ledger, bound, stages, watch, continuation and
// output budget are the verb's; only what differs between verbs is here. A root module: it imports no folder of src/.

const VERBS = {
    'resume-workflows': {
        operation: 'resume-workflows',
        dlq: 'workflow',
        path: '/v2/workflows/dlq/resume',
        method: 'POST',
        pageSize: RESUME_PAGE_SIZE,
        makes: 'run',
        countOutput: Outputs.ResumedCount,
        words: {
            base: 'resume',
            past: 'resumed',
            doing: 'resuming',
            item: 'workflow run',
            items: 'workflow runs',
            short: 'runs'
        }
    },
    // Every step runs again, from the first: what a resume cannot do when a deploy changed code before the failed step.
    'restart-workflows': {
        operation: 'restart-workflows',
        dlq: 'workflow',
        path: '/v2/workflows/dlq/restart',
        method: 'POST',
        pageSize: RESUME_PAGE_SIZE,
        makes: 'run',
        refuses: 'a run that does not support restart',
        idsWhole: true,
        countOutput: Outputs.RestartedCount,
        words: {
            base: 'restart',
            past: 'restarted',
            doing: 'restarting',
            item: 'workflow run',
            items: 'workflow runs',
            short: 'runs'
        }
    },
    // Each entry leaves the DLQ and a new message is created with its body and headers: the answer names the new ones.
    'retry-messages': {
        operation: 'retry-messages',
        dlq: 'message',
        path: '/v2/dlq/retry',
        method: 'POST',
        pageSize: RETRY_PAGE_SIZE,
        makes: 'message',
        idsWhole: true,
        countOutput: Outputs.RetriedCount,
        words: { base: 'retry', past: 'retried', doing: 'retrying', item: 'message', items: 'messages', short: 'messages' }
    },
    // Gone for good: taken only by the ids a listing archived first (operations/delete-dlq), its answer a count.
    'delete-dlq': {
        operation: 'delete-dlq',
        dlq: 'message',
        path: '/v2/dlq',
        method: 'DELETE',
        pageSize: DELETE_PAGE_SIZE,
        makes: 'count',
        idsPerRequest: DELETE_PAGE_SIZE,
        idsWhole: true,
        countOutput: Outputs.DeletedCount,
        words: { base: 'delete', past: 'deleted', doing: 'deleting', item: 'entry', items: 'entries', short: 'entries' }
    }
};
/** The rows of a verb whose DLQ an input chooses (delete-dlq's source): its row for the failed workflow runs. */
const OF_WORKFLOW_RUNS = {
    'delete-dlq': { ...VERBS['delete-dlq'], dlq: 'workflow', path: '/v2/workflows/dlq' }
};
/** The verb of a request: a request that names none is a resume (the engine's first verb). */
const verbOf = (request) => {
    const operation = request.verb ?? 'resume-workflows';
    return (request.source === 'workflow' ? OF_WORKFLOW_RUNS[operation] : undefined) ?? VERBS[operation];
};

;// CONCATENATED MODULE: ./src/format.ts
// How numbers, times and durations are written in summaries, notices, the health issue and the health checks' table;
// and which numbers are times a Date can hold. A root module: it imports no folder of src/. Pure functions only.
/** The largest time a JavaScript Date can hold (ms); a later one would crash every date written from it. */
const MAX_DATE_MS = 8.64e15;
/** True for a number of milliseconds that a Date can hold: anything else is left out of dates and charts. */
function isDateMs(ms) {
    return typeof ms === 'number' && Number.isFinite(ms) && Math.abs(ms) <= MAX_DATE_MS;
}
/** Milliseconds since the epoch as an ISO 8601 UTC string, e.g. `2026-11-22T02:45:25.000Z`. */
function formatMs(ms) {
    return isDateMs(ms) ? new Date(ms).toISOString() : `invalid time (${String(ms).slice(0, 40)})`;
}
/** A count with en-US digit grouping, e.g. `1,234`; grouped by hand, as building an Intl.NumberFormat costs ~12 ms. */
function formatCount(n) {
    if (!Number.isFinite(n))
        return String(n);
    const whole = Math.round(Math.abs(n));
    if (whole >= Number.MAX_SAFE_INTEGER)
        return `${n < 0 ? '-' : ''}${whole.toExponential(3)}`;
    const digits = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return n < 0 && whole !== 0 ? `-${digits}` : digits;
}
/** A duration as `3d 4h`, `5h 12m`, `7m` or `under a minute`; a zero second part is left out (`6h`, `2d`). */
function formatAge(ms) {
    if (!Number.isFinite(ms))
        return 'unknown';
    if (ms < 0)
        return 'in the future';
    const minutes = Math.floor(ms / 60_000);
    if (minutes < 1)
        return 'under a minute';
    const days = Math.floor(minutes / 1440);
    const hours = Math.floor((minutes % 1440) / 60);
    const mins = minutes % 60;
    if (days > 0)
        return hours > 0 ? `${formatCount(days)}d ${hours}h` : `${formatCount(days)}d`;
    if (hours > 0)
        return mins > 0 ? `${hours}h ${mins}m` : `${hours}h`;
    return `${mins}m`;
}
/** A count and its noun, e.g. `1 page`, `1,234 pages`. */
function plural(n, one, many) {
    return `${formatCount(n)} ${n === 1 ? one : many}`;
}
/** A time short enough for a table: `11-22 02:45` (UTC), with the year when it is not the year of `now`. */
function formatShortTime(ms, now) {
    if (!isDateMs(ms))
        return formatMs(ms);
    const iso = new Date(ms).toISOString();
    const sameYear = isDateMs(now) && new Date(now).getUTCFullYear() === new Date(ms).getUTCFullYear();
    return `${sameYear ? iso.slice(5, 10) : iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}
/** A duration as the inputs write one, exactly: 90s, 10m, 1h, or 2m 5s. */
function durationText(ms) {
    const seconds = Math.round(ms / 1000);
    if (seconds % 3600 === 0 && seconds > 0)
        return `${seconds / 3600}h`;
    if (seconds < 60 || seconds % 60 === 0)
        return seconds < 60 ? `${seconds}s` : `${seconds / 60}m`;
    return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}
/** A duration as the input wrote it, times a number: `3 × 10m` is `30m`, `2 × 21601s` is `43202s`. */
function timesDuration(text, times) {
    const one = /^(\d+)\s*([smhdw])$/.exec(text.trim());
    if (one !== null)
        return `${Number(one[1]) * times}${one[2]}`;
    return times === 1 ? text.trim() : `${times} × ${text.trim()}`;
}

;// CONCATENATED MODULE: ./src/health-checks.ts
// The health checks of a listing, one entry each: the input of its threshold and how that is read, how it judges the
// listing's facts, its sentences, its outputs and its metrics. Input validation (inputs/), the verdict (operations/),
// the summary and the metrics file (report/) and the health issue (github/) are derived from this table, so a check is
// added here, once. A root module: it imports no folder of src/.


const seconds = (ms) => ms / 1000;
/** A growth threshold as written back: `+500/1h`, `200%/24h`. */
const growthLimitText = ({ amount, percent, withinMs }) => `${percent ? `${amount}%` : `+${formatCount(amount)}`}/${formatAge(withinMs).replace(/ /g, '')}`;
/** A rise told: `+4,380 messages (120 to 4,500)`, or in percent `+3,650% (120 to 4,500)`. */
function growthText(growth, percent, noun) {
    const { delta = 0, from, to } = growth;
    const sign = delta >= 0 ? '+' : '';
    const amount = percent
        ? `${sign}${formatCount(Math.round(growth.percent ?? 0))}%`
        : `${sign}${plural(delta, noun.one, noun.many)}`;
    return from === undefined ? amount : `${amount} (${formatCount(from.count)} to ${formatCount(to)})`;
}
/** `oldest 3h`, `oldest 3h (unknown for 12 messages)`, `oldest: unknown for 400 messages`; or "oldest seen". */
function oldestText(facts, now, words) {
    const word = words.complete ? 'oldest' : 'oldest seen';
    const unknown = facts.noCreatedAt ? `unknown for ${plural(facts.noCreatedAt, 'message', 'messages')}` : undefined;
    if (facts.oldestCreatedAt === undefined)
        return `${word}: ${unknown ?? 'unknown'}`;
    const age = `${word} ${formatAge(now - facts.oldestCreatedAt)}`;
    return unknown === undefined ? age : `${age} (${unknown})`;
}
/** Every health check, in the order the verdict, the summary and the metrics file name them. */
const HEALTH_CHECKS = {
    countAbove: {
        input: Inputs.FailIfCountAbove,
        reads: 'count',
        judge: (limit, { count }) => (count > limit ? { kind: 'count', count, limit } : undefined),
        breaches: {
            count: (b, { atLeast, noun }) => `${atLeast}${plural(b.count, noun.one, noun.many)}, more than fail-if-count-above (${formatCount(b.limit)})`
        },
        figure: ({ count }, _now, { atLeast, noun, scope }) => `${atLeast}${plural(count, noun.one, noun.many)}${scope === undefined ? '' : ` ${scope}`}`,
        limit: limit => `limit ${formatCount(limit)}`,
        asked: (limit, _t, { noun }) => `more than ${plural(limit, noun.one, noun.many)} are listed (\`fail-if-count-above\`)`,
        metrics: ({ count }) => [{ name: 'dlq_messages', help: 'Messages listed.', samples: [{ value: count }] }]
    },
    oldestOlderThanMs: {
        input: Inputs.FailIfOldestOlderThan,
        reads: 'duration',
        // Messages of unknown age (noCreatedAt) fail an age threshold too, unless a known age already does.
        judge: (limitMs, { oldestCreatedAt, noCreatedAt = 0 }, now) => {
            if (oldestCreatedAt !== undefined && now - oldestCreatedAt > limitMs) {
                return { kind: 'age', ageMs: now - oldestCreatedAt, limitMs };
            }
            return noCreatedAt > 0 ? { kind: 'age-unknown', messages: noCreatedAt, limitMs } : undefined;
        },
        breaches: {
            age: (b, { noun }) => `the oldest ${noun.one} is ${formatAge(b.ageMs)} old, older than fail-if-oldest-older-than (${formatAge(b.limitMs)})`,
            'age-unknown': (b, { atLeast, noun }) => `${atLeast}${plural(b.messages, noun.one, noun.many)} had no usable creation time (createdAt), so their age is ` +
                `unknown and fail-if-oldest-older-than (${formatAge(b.limitMs)}) cannot be judged`
        },
        figure: (facts, now, words) => oldestText(facts, now, words),
        limit: limitMs => `limit ${formatAge(limitMs)}`,
        asked: (limitMs, _t, { noun }) => `the oldest ${noun.one} is older than ${formatAge(limitMs)} (\`fail-if-oldest-older-than\`)`,
        metrics: ({ oldestCreatedAt }, now) => oldestCreatedAt === undefined
            ? []
            : [
                {
                    name: 'dlq_oldest_message_age_seconds',
                    help: 'Age of the oldest listed message, from its createdAt.',
                    unit: 'seconds',
                    samples: [{ value: seconds(now - oldestCreatedAt) }]
                }
            ]
    },
    newAbove: {
        input: Inputs.FailIfNewAbove,
        reads: 'count',
        // Messages of unknown age may be new: within the limit only if they could not take the count over it.
        judge: (limit, { arrivals, noCreatedAt = 0 }) => {
            if (arrivals === undefined)
                return undefined;
            const { count, withinMs } = arrivals;
            if (count > limit)
                return { kind: 'arrivals', count, limit, withinMs };
            return count + noCreatedAt > limit
                ? { kind: 'arrivals-unknown', messages: noCreatedAt, limit, withinMs }
                : undefined;
        },
        breaches: {
            arrivals: (b, { atLeast, noun }) => `${atLeast}${plural(b.count, noun.one, noun.many)} created within the last ${formatAge(b.withinMs)}, more ` +
                `than fail-if-new-above (${formatCount(b.limit)})`,
            'arrivals-unknown': (b, { atLeast, noun }) => `${atLeast}${plural(b.messages, noun.one, noun.many)} had no usable creation time (createdAt), so whether more ` +
                `than fail-if-new-above (${formatCount(b.limit)}) arrived within ${formatAge(b.withinMs)} cannot be judged`
        },
        figure: ({ arrivals }, _now, { atLeast }, limit) => limit === undefined || arrivals === undefined
            ? undefined
            : `${atLeast}${formatCount(arrivals.count)} new within ${formatAge(arrivals.withinMs)}`,
        limit: limit => `limit ${formatCount(limit)}`,
        asked: (limit, { newWithinMs }, { noun }) => `more than ${plural(limit, noun.one, noun.many)} were created within ${formatAge(newWithinMs ?? 0)} ` +
            '(`fail-if-new-above`, `new-within`)',
        outputs: ({ arrivals }, known) => ({
            [Outputs.NewCount]: !known || arrivals === undefined ? '' : String(arrivals.count)
        }),
        metrics: ({ arrivals }) => arrivals === undefined
            ? []
            : [
                {
                    name: 'dlq_new_messages',
                    help: 'Messages created within the new-within window.',
                    samples: [{ labels: { window_seconds: String(seconds(arrivals.withinMs)) }, value: arrivals.count }]
                }
            ]
    },
    expiringWithinMs: {
        input: Inputs.FailIfExpiringWithin,
        reads: 'duration',
        problem: (withinMs, { retentionMs }) => retentionMs === undefined
            ? "needs retention: set retention to your plan's DLQ retention (such as 3d, 7d, 30d or 90d), from which the " +
                'time each message is deleted is forecast'
            : withinMs >= retentionMs
                ? 'must be shorter than retention: every message is deleted within the retention, so the check could never pass'
                : undefined,
        // The age counts from createdAt, before the message entered the DLQ: the forecast errs early, never late.
        judge: (_limit, { expiry, noCreatedAt = 0 }, now) => {
            if (expiry === undefined)
                return undefined;
            const { count, withinMs, retentionMs, nextAt = now } = expiry;
            if (count > 0)
                return { kind: 'expiry', count, withinMs, retentionMs, inMs: Math.max(0, nextAt - now) };
            return noCreatedAt > 0 ? { kind: 'expiry-unknown', messages: noCreatedAt, withinMs } : undefined;
        },
        breaches: {
            expiry: (b, { atLeast, noun }) => `${atLeast}${plural(b.count, noun.one, noun.many)} will be deleted by the service within ` +
                `${formatAge(b.withinMs)} (fail-if-expiring-within; retention ${formatAge(b.retentionMs)}); the first ` +
                (b.inMs === 0 ? 'is already past the retention' : `in ${formatAge(b.inMs)}`),
            'expiry-unknown': (b, { atLeast, noun }) => `${atLeast}${plural(b.messages, noun.one, noun.many)} had no usable creation time (createdAt), so when the ` +
                `service deletes them is unknown and fail-if-expiring-within (${formatAge(b.withinMs)}) cannot be judged`
        },
        figure: ({ expiry }, _now, { atLeast }) => expiry === undefined
            ? undefined
            : `${atLeast}${formatCount(expiry.count)} deleted by the service within ${formatAge(expiry.withinMs)}`,
        limit: () => 'none allowed',
        asked: (withinMs, { retentionMs }, { noun }) => `a ${noun.one} will be deleted by the service within ${formatAge(withinMs)}, its retention being ` +
            `${formatAge(retentionMs ?? 0)} (\`fail-if-expiring-within\`, \`retention\`)`,
        outputs: ({ expiry }, known) => ({
            [Outputs.ExpiringCount]: !known || expiry === undefined ? '' : String(expiry.count),
            [Outputs.NextExpiryAt]: expiry?.nextAt === undefined ? '' : formatMs(expiry.nextAt)
        }),
        metrics: ({ expiry }) => expiry === undefined
            ? []
            : [
                {
                    name: 'dlq_expiring_messages',
                    help: 'Messages the service deletes within the window, forecast from createdAt and retention.',
                    samples: [{ labels: { window_seconds: String(seconds(expiry.withinMs)) }, value: expiry.count }]
                },
                ...(expiry.nextAt === undefined
                    ? []
                    : [
                        {
                            name: 'dlq_next_expiry_timestamp_seconds',
                            help: 'When the service deletes the first listed message.',
                            unit: 'seconds',
                            samples: [{ value: seconds(expiry.nextAt) }]
                        }
                    ])
            ]
    },
    growthAbove: {
        input: Inputs.FailIfGrowthAbove,
        reads: 'growth',
        problem: (_limit, { history }) => history === true
            ? undefined
            : "needs history-file: the growth is measured against the earlier runs' figures, which that file keeps " +
                '(restore and save it with actions/cache)',
        // A lower bound now against a complete sample can only understate a rise: a breach found is certain.
        judge: (limit, { growth }) => {
            if (growth?.delta === undefined)
                return undefined;
            const over = limit.percent ? (growth.percent ?? 0) > limit.amount : growth.delta > limit.amount;
            return over ? { kind: 'growth', growth, limit } : undefined;
        },
        breaches: {
            growth: ({ growth, limit }, { atLeast, noun }) => `the DLQ grew by ${atLeast}${growthText(growth, limit.percent, noun)} within ` +
                `${formatAge(growth.withinMs)}, more than fail-if-growth-above (${growthLimitText(limit)})`
        },
        judgeable: ({ growth }) => growth?.delta !== undefined,
        figure: ({ growth }, _now, { atLeast, noun }, limit) => {
            if (limit === undefined || growth === undefined)
                return undefined;
            const within = `within ${formatAge(growth.withinMs)}`;
            if (growth.delta === undefined)
                return `growth ${within}: no earlier complete figures in that window`;
            const covered = growth.covered ? '' : ` (the history kept does not reach back ${formatAge(growth.withinMs)} yet)`;
            return `${atLeast}${growthText(growth, limit.percent, noun)} ${within}${covered}`;
        },
        limit: limit => `limit ${growthLimitText(limit)}`,
        asked: limit => `the count grew by more than ${growthLimitText(limit)} (\`fail-if-growth-above\`, against \`history-file\`)`,
        outputs: ({ growth }, known) => ({
            [Outputs.Growth]: !known || growth?.delta === undefined ? '' : String(growth.delta)
        }),
        metrics: ({ growth }) => growth?.delta === undefined
            ? []
            : [
                {
                    name: 'dlq_growth_messages',
                    help: 'How the count moved within the window of fail-if-growth-above, from its lowest earlier figure.',
                    samples: [{ labels: { window_seconds: String(seconds(growth.withinMs)) }, value: growth.delta }]
                }
            ]
    }
};
/** The checks, in the table's order. */
const CHECK_NAMES = Object.keys(HEALTH_CHECKS);
/** One check's entry, typed by its name. */
const checkOf = (name) => HEALTH_CHECKS[name];
/** Every kind of breach with the check that finds it, in the table's order. */
const KIND_CHECKS = new Map(CHECK_NAMES.flatMap(name => Object.keys(HEALTH_CHECKS[name].breaches).map(kind => [kind, name])));
const BREACH_KINDS = [...KIND_CHECKS.keys()];
/** The check that finds a kind of breach. */
const checkOfBreach = (kind) => KIND_CHECKS.get(kind);
/** Whether a kind of breach says the threshold cannot be judged (rather than exceeded). */
const cannotBeJudged = (kind) => kind.endsWith('-unknown');
/** A breach told: its check's sentence for its kind. */
function breachText(breach, words) {
    const says = HEALTH_CHECKS[checkOfBreach(breach.kind)].breaches[breach.kind];
    return says(breach, words);
}
/** Whether any threshold is set: only then is the listing judged. */
const anyThreshold = (thresholds) => CHECK_NAMES.some(name => thresholds[name] !== undefined);

;// CONCATENATED MODULE: ./src/failure.ts
/** The failure an error carries when it knows it (a ServiceError, a cancel, a file), else its message. */
function failureOf(err) {
    const own = err?.failure;
    if (typeof own === 'object' && own !== null)
        return own;
    return { kind: 'error', message: err instanceof Error ? err.message : String(err) };
}
/** The service's HTTP status of a failure, when it answered with one that is the failure (not a bad 2xx body). */
function failureStatus(failure) {
    if (failure?.kind !== 'request')
        return undefined;
    const { cause } = failure.request;
    return cause.kind === 'status' || cause.kind === 'unreadable' || cause.kind === 'redirect' ? cause.status : undefined;
}

;// CONCATENATED MODULE: ./src/service/pagination.ts
/** Cursor draining, with the guards every drain needs, written once. */


/** Draining stopped before the service said "no more": `cursor` continues from where it stopped. */
class DrainStopped extends Error {
    failure;
    cursor;
    name = 'DrainStopped';
    constructor(failure, 
    /** Where to continue; undefined when continuing would only repeat the loop. */
    cursor) {
        super(failure.kind);
        this.failure = failure;
        this.cursor = cursor;
    }
}
/**
 * A 53-bit fingerprint of a cursor (cyrb53), so that a drain can remember every cursor it sent in a few bytes
 * each. Two different cursors share one with odds of about n²/2^54 over n pages: 1 in 10^8 at 10,000 pages.
 */
function cursorFingerprint(text) {
    let h1 = 0xdeadbeef;
    let h2 = 0x41c6ce57;
    for (let i = 0; i < text.length; i++) {
        const ch = text.charCodeAt(i);
        h1 = Math.imul(h1 ^ ch, 2654435761);
        h2 = Math.imul(h2 ^ ch, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
/** A cursor as a log or error text may show it: never more than a few dozen characters of it. */
function cursorLabel(cursor) {
    return cursor.length <= 64 ? `"${cursor}"` : `"${cursor.slice(0, 48)}…" (${cursor.length} characters)`;
}
/**
 * Yields page after page, sending each cursor back verbatim, until a page carries no cursor. Stops with DrainStopped
 * at a cursor already sent in this drain (a cycle A → B → A would never end), one longer than MAX_CURSOR_LENGTH, or
 * after `maxPages` pages. A page is yielded before its cursor is judged, so nothing it carries is lost.
 */
async function* drainPages(fetchPage, options) {
    let cursor = options.startCursor;
    const sent = new Set(cursor === undefined ? [] : [cursorFingerprint(cursor)]);
    let pending = fetchPage(cursor);
    for (let pages = 1;; pages++) {
        const page = await pending;
        const next = page.cursor;
        // Undefined for no cursor and for one too long to send back.
        const fingerprint = next !== undefined && next.length <= MAX_CURSOR_LENGTH ? cursorFingerprint(next) : undefined;
        const isNew = fingerprint !== undefined && !sent.has(fingerprint);
        if (options.prefetch && isNew && pages < options.maxPages) {
            pending = fetchPage(next);
            // A caller that stops early never awaits it: its failure must not become an unhandled rejection.
            pending.catch(() => { });
        }
        yield page;
        if (next === undefined)
            return;
        if (fingerprint === undefined) {
            throw new DrainStopped({ kind: 'long-cursor', pages, length: next.length, limit: MAX_CURSOR_LENGTH });
        }
        if (!isNew)
            throw new DrainStopped({ kind: 'repeated-cursor', pages, cursor: next, same: next === cursor });
        sent.add(fingerprint);
        if (pages >= options.maxPages) {
            throw new DrainStopped({ kind: 'max-pages', pages, input: options.maxPagesInput, cursor: next }, next);
        }
        cursor = next;
        if (!options.prefetch)
            pending = fetchPage(cursor);
    }
}
/**
 * Drains pages into `onPage` and never throws: a failure is returned with the cursor of the request that
 * failed, so a re-run with that cursor continues. `onPage` returns false to stop early (e.g. max-messages).
 */
async function drainInto(fetchPage, options, onPage) {
    let pages = 0;
    // Cursors sent, oldest first, whose pages have not been handled yet (two while prefetching).
    const unhandled = [];
    const tracked = (cursor) => {
        unhandled.push(cursor);
        return fetchPage(cursor);
    };
    try {
        for await (const page of drainPages(tracked, options)) {
            if ((await onPage(page)) === false && page.cursor !== undefined)
                return { pages: pages + 1, nextCursor: page.cursor };
            pages++;
            unhandled.shift();
        }
        return { pages };
    }
    catch (err) {
        // Continue from the first page not handled: the one that failed, or the one whose handling failed; never from a
        // cursor too long to send with these filters (a re-run with it would be refused).
        const failure = failureOf(err);
        const nextCursor = err instanceof DrainStopped ? err.cursor : failure.kind === 'long-request' ? undefined : unhandled[0];
        return { pages, failure, ...(nextCursor !== undefined ? { nextCursor } : {}) };
    }
}

;// CONCATENATED MODULE: ./src/service/transport-errors.ts
/**
 * Transport errors, in one table: worth another attempt? may the service have carried the request out (its answer
 * lost on the way back: a resume may have happened)? what an operator reads (undefined: "request failed").
 */
const TRANSPORT_ERRORS = {
    ECONNREFUSED: { transient: true, mayHaveBeenCarriedOut: false, text: 'connection refused' },
    ECONNRESET: { transient: true, mayHaveBeenCarriedOut: true, text: 'connection reset' },
    EPIPE: { transient: true, mayHaveBeenCarriedOut: true },
    ETIMEDOUT: { transient: true, mayHaveBeenCarriedOut: false },
    EAI_AGAIN: { transient: true, mayHaveBeenCarriedOut: false },
    ENETUNREACH: { transient: true, mayHaveBeenCarriedOut: false },
    EHOSTUNREACH: { transient: true, mayHaveBeenCarriedOut: false },
    ENOTFOUND: { transient: false, mayHaveBeenCarriedOut: false, text: 'host not found' },
    // Our own deadline (timeout-seconds): the request may have been sent and carried out.
    TIMEOUT: { transient: true, mayHaveBeenCarriedOut: true },
    UND_ERR_SOCKET: { transient: true, mayHaveBeenCarriedOut: true, text: 'connection closed by the server' },
    UND_ERR_CONNECT_TIMEOUT: { transient: true, mayHaveBeenCarriedOut: false },
    UND_ERR_HEADERS_TIMEOUT: { transient: true, mayHaveBeenCarriedOut: true },
    UND_ERR_BODY_TIMEOUT: { transient: true, mayHaveBeenCarriedOut: true },
    UND_ERR_CLOSED: { transient: true, mayHaveBeenCarriedOut: false }
};
/** A stable code for a transport error: Node's errno code, undici's code, or TIMEOUT for our deadline. */
function errorCode(err) {
    const e = err;
    if (e?.name === 'TimeoutError' || e?.name === 'AbortError')
        return 'TIMEOUT';
    if (typeof e?.code === 'string')
        return e.code;
    if (typeof e?.cause?.code === 'string')
        return e.cause.code;
    return 'UNKNOWN';
}
/** Whether a transport error is worth another attempt. */
function isTransientError(code) {
    return TRANSPORT_ERRORS[code]?.transient ?? false;
}
/** Lost after sending, or a gateway gave up waiting (500, 502, 504): maybe done; a refusal, 408, 429 or 503 say not. */
function mayHaveBeenCarriedOut(outcome) {
    if (outcome.kind === 'status')
        return outcome.status === 500 || outcome.status === 502 || outcome.status === 504;
    return TRANSPORT_ERRORS[outcome.code]?.mayHaveBeenCarriedOut ?? false;
}
/** The transport error as one line for the log, e.g. `connection refused (ECONNREFUSED)`. */
function describeTransportError(code, timeoutMs) {
    if (code === 'TIMEOUT')
        return `no complete answer within ${timeoutMs / 1000} s (timeout-seconds)`;
    return `${TRANSPORT_ERRORS[code]?.text ?? 'request failed'} (${code})`;
}

// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(8522);
var external_node_zlib_default = /*#__PURE__*/__webpack_require__.n(external_node_zlib_);
;// CONCATENATED MODULE: ./src/service/transport.ts
/** Reading an answer: the body collected under a size cap, decoded (gzip, deflate, br), and checked as UTF-8. */



/** A hostile or broken server must not fill the runner's memory: the cap holds before and after decoding. */
const MAX_BODY_BYTES = 64 * 1024 * 1024;
/** Longest Location header an error quotes: enough to recognise it, never a flood. */
const MAX_LOCATION_SHOWN = 500;
/** A status that arrived with a body that cannot be read (too large, undecodable, not UTF-8): done, not lost. */
class UnreadableBody extends Error {
    status;
    headers;
    reason;
    constructor(status, headers, reason) {
        super(reason);
        this.status = status;
        this.headers = headers;
        this.reason = reason;
    }
}
const DECODERS = {
    gzip: (0,external_node_util_.promisify)((external_node_zlib_default()).gunzip),
    'x-gzip': (0,external_node_util_.promisify)((external_node_zlib_default()).gunzip),
    // RFC 9110's "deflate" is zlib-wrapped, but some servers send it raw: the first two bytes tell which.
    deflate: (data, options) => {
        const wrapped = data.length >= 2 && (data[0] & 0x0f) === 8 && ((data[0] << 8) | data[1]) % 31 === 0;
        return (0,external_node_util_.promisify)(wrapped ? (external_node_zlib_default()).inflate : (external_node_zlib_default()).inflateRaw)(data, options);
    },
    br: (0,external_node_util_.promisify)((external_node_zlib_default()).brotliDecompress)
};
/** Reads a response whole; a body that arrives but cannot be read throws UnreadableBody. */
async function readAnswer(response) {
    const status = response.statusCode;
    const headers = {};
    for (const [name, value] of Object.entries(response.headers)) {
        headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    const unreadable = (reason) => new UnreadableBody(status, headers, reason);
    const chunks = [];
    let size = 0;
    for await (const chunk of response.body) {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
            response.body.destroy();
            throw unreadable(`a body larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB`);
        }
        chunks.push(chunk);
    }
    let bytes = Buffer.concat(chunks);
    // Applied in the order listed, so undone last first.
    const encodings = (headers['content-encoding'] ?? '')
        .split(',')
        .map(e => e.trim().toLowerCase())
        .filter(e => e !== '' && e !== 'identity');
    const unknown = encodings.filter(e => !Object.hasOwn(DECODERS, e));
    if (unknown.length > 0) {
        // A long name is shown by its length only: a piece of it could hold part of a secret the redactor would miss.
        const names = unknown.map(e => (e.length > 40 ? `a name of ${e.length} characters` : `"${e}"`)).join(', ');
        throw unreadable(`content-encoding ${names}, which this action cannot decode (it reads gzip, deflate and br)`);
    }
    for (const encoding of encodings.reverse()) {
        try {
            bytes = await DECODERS[encoding](bytes, { maxOutputLength: MAX_BODY_BYTES });
        }
        catch (err) {
            throw unreadable(err.code === 'ERR_BUFFER_TOO_LARGE'
                ? `a ${encoding} body that decodes to more than ${MAX_BODY_BYTES / 1024 / 1024} MiB`
                : `a ${encoding} body that does not decode (${errorCode(err)})`);
        }
    }
    try {
        // fatal: a byte that is not UTF-8 must not silently become another id; a leading byte-order mark is dropped.
        return { status, headers, body: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
    }
    catch {
        throw unreadable('a body that is not valid UTF-8');
    }
}

;// CONCATENATED MODULE: ./src/report/failure-text.ts
/** Where a failure becomes words: each kind's sentence, one table of what a status means, the unreadable items. */







/** What an HTTP status means: a few words inside the error's sentence, and a phrase for a heading. */
function statusWords(status) {
    if (status === 401 || status === 403) {
        const phrase = 'the service refused the token';
        return { meaning: `${phrase} (check the token input and its permissions)`, phrase };
    }
    if (status === 404)
        return { meaning: 'not found', phrase: 'the service answered "not found"' };
    if (status === 412)
        return { meaning: 'quota exceeded', phrase: 'the service refused the request' };
    if (status === 429)
        return { meaning: 'rate limited', phrase: 'the service kept rate-limiting the requests' };
    if (status >= 500)
        return { meaning: 'service error', phrase: 'the service failed' };
    return { meaning: 'bad request', phrase: 'the service refused the request' };
}
/** The path of a request's URL (origin and path, or the path alone). */
const pathOf = (url) => url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '') || '/';
/** Why a request failed, after `${label} failed`: `: HTTP 404 not found from GET /v2/dlq: …`, ` after 3 attempts: …`. */
function requestReason({ method, path, url, attempts, cause }) {
    const endpoint = `${method} ${path}`;
    const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
    switch (cause.kind) {
        case 'status':
            // The path called, base-url's prefix included: a 404 from `/api/v2/dlq` shows a prefix the service lacks.
            return `${tries}: HTTP ${cause.status} ${statusWords(cause.status).meaning} from ${method} ${pathOf(url)}: ${cause.serverText}`;
        case 'transport':
            return `${tries}: ${describeTransportError(cause.code, cause.timeoutMs)} (${method} ${url})`;
        case 'unreadable':
            return `: ${endpoint} answered ${cause.status} with ${cause.reason}`;
        case 'not-json':
            return `: ${endpoint} answered ${cause.status} with a body that is not JSON: ${cause.serverText}`;
        case 'malformed':
            return `: malformed response from ${endpoint}: ${cause.field}: ${cause.problem}`;
        case 'redirect': {
            const { location } = cause;
            const target = location === undefined
                ? 'without a Location header'
                : location.length > MAX_LOCATION_SHOWN
                    ? `to "${location.slice(0, MAX_LOCATION_SHOWN)}…" (${location.length} characters)`
                    : `to "${location}"`;
            return (`: HTTP ${cause.status} redirect ${target} was not followed (the token is only sent to base-url); ` +
                'set base-url to the address the service answers at');
        }
    }
}
/** The file failure's own words: `messages-file /path could not be written: ENOSPC (no space left on device)`. */
function fileText(failure) {
    const meaning = ERRNO_MEANING[failure.code];
    return `${failure.input} ${failure.path} could not be written: ${failure.code}${meaning ? ` (${meaning})` : ''}`;
}
/** The one-line sentence of a failure, `label` naming the operation (`list-dlq`), with where it happened. */
function failureText(label, failure) {
    const { messageId: id, parallel } = failure;
    const where = id ? ` (listing message id ${id.index} of ${id.of}; re-run to list them all)` : '';
    const cursor = parallel ? ' (a parallel listing has no single cursor to continue from: re-run the listing)' : '';
    return `${sentence(label, failure)}${where}${cursor}`;
}
/** The verb a bulk write's failure says (`resume`, `resumed`): its label is the operation; a watch's is a resume's. */
function failure_text_verbOf(label) {
    return (Object.hasOwn(VERBS, label) ? VERBS[label] : VERBS['resume-workflows']).words;
}
/** A stop by the page budget, said one way by every drain and the verdict: with `advice`, what to raise. */
const budgetStop = (spent, input, advice) => `stopped after ${spent} (${input})` + (advice === undefined ? '' : `; raise ${input}${advice}`);
/** The sentence of each kind; a file that could not be written ends a listing there, the failure after it named. */
function sentence(label, failure) {
    switch (failure.kind) {
        case 'request':
            return `${label} failed${requestReason(failure.request)}`;
        case 'max-pages': {
            const next = failure.cursor === undefined ? '' : ` or continue with cursor ${cursorLabel(failure.cursor)}`;
            return budgetStop(plural(failure.pages, 'page', 'pages'), failure.input, next);
        }
        case 'repeated-cursor':
            return (`the service returned ${failure.same ? 'the cursor it was sent' : 'a cursor it had already been sent'} ` +
                `(${cursorLabel(failure.cursor)}) and would never finish; stopped after ${plural(failure.pages, 'page', 'pages')}`);
        case 'long-cursor':
            return (`the service returned a cursor of ${failure.length} characters, longer than the ${failure.limit} this ` +
                `action sends back; stopped after ${plural(failure.pages, 'page', 'pages')}`);
        case 'long-request': {
            const { method, path, bytes, limit, cursorLength } = failure;
            const why = cursorLength === undefined
                ? `the next request (${method} ${path}) would be`
                : `the service returned a cursor of ${formatCount(cursorLength)} characters: sent back with these ` +
                    `filters, the next request (${method} ${path}) would be`;
            return (`${why} ${formatCount(bytes)} bytes, over the ${formatCount(limit)} servers and proxies accept, so it was ` +
                'not sent and no cursor is given to continue; narrow the filters (fewer or shorter values, or a date ' +
                'window with from-date and to-date) so that the cursor fits');
        }
        case 'request-budget':
            return budgetStop(plural(failure.requests, 'request', 'requests'), failure.input, ` to ${failure_text_verbOf(label).base} more`);
        case 'cancelled':
            return `the step was cancelled (${failure.signal})`;
        case 'ids-gone':
            if (failure.byListing === true) {
                return (`none of the ${formatCount(failure.ids)} dlq-ids is in the DLQ any more (listed to its end before any ` +
                    `write): ${failure_text_verbOf(label).past} or removed since the plan was made; nothing was written`);
            }
            return (`none of the ${formatCount(failure.ids)} dlq-ids is in the DLQ (HTTP 404 for every request): they were ` +
                `${failure_text_verbOf(label).past} or removed since they were listed, base-url points at another service, or this ` +
                `service does not offer ${label} (a dry run with the same ids lists those still in the DLQ)`);
        case 'file':
            return `${fileText(failure)}; listing stopped there${failure.then ? ` (then: ${sentence(label, failure.then)})` : ''}`;
        case 'no-run-log':
            return (`${failure.input} cannot be judged: this service keeps no run log (GET /v2/workflows/logs and ` +
                `GET /v2/workflows/events answered 404), so no run can be known completed; nothing was ${failure_text_verbOf(label).past}. Remove ` +
                `${failure.input} to watch by the DLQ alone (docs/staged-resume.md)`);
        case 'verb-missing':
            return (`this service does not offer ${failure.operation}: ${failure.path} answered HTTP ${failure.status} to ` +
                (failure.listedIds === undefined
                    ? 'a request by filters, which a service that has it answers with what it did (even nothing)'
                    : `each of the first ${formatCount(failure.listedIds)} entries listed from its DLQ moments before, by ` +
                        'their DLQ ids, which a service that has it takes') +
                '; nothing was taken. Check base-url, or use an operation this service offers');
        case 'count-mismatch':
            return (`expect-count is ${formatCount(failure.expected)} but the selection holds ` +
                `${failure.complete ? '' : 'at least '}${formatCount(failure.found)} ${failure.found === 1 ? 'entry' : 'entries'}; ` +
                'nothing was written. Review the selection (dry-run: true shows it), then set expect-count to the number ' +
                'you mean to act on');
        case 'cap-exceeded':
            return (`the selection holds more than ${formatCount(failure.cap)} entries (${failure.input}): at least ` +
                `${formatCount(failure.found)} were listed; nothing was written. Narrow the selection (dry-run: true shows ` +
                `it), or raise ${failure.input} once the entries are reviewed`);
        case 'error':
            return failure.message;
    }
}
/** What came before the end of an operation that stopped part way: a cancel is not a failure of the service. */
function beforeTheEnd(failure) {
    return failure?.kind === 'cancelled' ? 'before the cancel' : 'before the failure';
}
/** What ended an operation, in a few words for a heading. */
function failurePhrase(failure, maxPages) {
    switch (failure?.kind) {
        case 'cancelled':
            return `the step was cancelled (${failure.signal})`;
        case 'file':
            return `${failure.input} could not be written`;
        case 'ids-gone':
            return 'none of the dlq-ids is in the DLQ';
        case 'max-pages':
            return budgetStop(maxPages === undefined ? 'max-pages pages' : plural(maxPages, 'page', 'pages'), 'max-pages');
        case 'repeated-cursor':
            return 'the service sent a cursor it had sent before';
        case 'long-cursor':
            return 'the service sent a cursor too long to use';
        case 'long-request':
            return 'the service sent a cursor too long to send back with these filters';
        case 'no-run-log':
            return `the service keeps no run log to judge ${failure.input} by`;
        case 'verb-missing':
            return `the service does not offer ${failure.operation}`;
        case 'count-mismatch':
            return `the selection is not the ${formatCount(failure.expected)} entries expected`;
        case 'cap-exceeded':
            return `the selection holds more than ${failure.input} (${formatCount(failure.cap)}) allows`;
    }
    if (failure?.kind === 'request') {
        // A 2xx that could not be read was carried out, and a redirect was an answer: neither is a refusal.
        const { cause } = failure.request;
        if (cause.kind === 'unreadable')
            return `an answer that could not be read (HTTP ${cause.status})`;
        if (cause.kind === 'redirect')
            return `a redirect that was not followed (HTTP ${cause.status})`;
    }
    const status = failureStatus(failure);
    if (status === undefined)
        return 'the request got no usable answer';
    return `${statusWords(status).phrase} (HTTP ${status})`;
}
/** One warning for the page items that could not be used as the service sent them, naming the first few. */
function itemProblemsText({ kept, leftOut, examples }) {
    const parts = [
        leftOut > 0 ? `${plural(leftOut, 'item was', 'items were')} left out (no usable id)` : undefined,
        kept > 0 ? `${formatCount(kept)} kept without a field that could not be read` : undefined
    ].filter(part => part !== undefined);
    return `The service sent items that could not be read as they stand: ${parts.join('; ')}. ${examples.join('; ')}.`;
}

;// CONCATENATED MODULE: ./src/report/escape.ts
/** Escaping of third-party text for the job summary (GFM) and the Actions log (where `::` starts a command). */
/** Zero-width space: not whitespace to the runner (.NET), so it breaks a command marker in a log line. */
const ZWSP = '\u200b';
/** Default cut of a table cell value, in characters (code points) before escaping. */
const DEFAULT_CELL_MAX_LENGTH = 200;
// String.replace restarts a global regex at 0, so sharing one is safe.
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
const LOG_LINE_CONTROLS = /[\x00-\x08\x0a-\x1f\x7f\u0085\u2028\u2029]/g;
/** Shown as escapes in a code span: controls (which end or reflow it) and invisible characters (copied unseen). */
const HIDDEN_IN_CODE = /[\p{Cc}\u00ad\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu;
/** A character as a visible escape: `\n`, `\r`, `\t`, `\xNN` or `\uNNNN`. */
function visible(ch) {
    if (ch === '\n')
        return '\\n';
    if (ch === '\r')
        return '\\r';
    if (ch === '\t')
        return '\\t';
    const cp = ch.codePointAt(0) ?? 0;
    return cp < 0x80 ? `\\x${cp.toString(16).padStart(2, '0')}` : `\\u${cp.toString(16).padStart(4, '0')}`;
}
/**
 * Text safe as (part of) one line of the Actions log: line breaks and controls but tab shown as escapes, a leading
 * `::` (after whitespace too, which the runner trims) and any `##[` broken by a ZWSP, so it is never a command.
 */
function neutraliseLogLine(s) {
    return String(s)
        .replace(LOG_LINE_CONTROLS, visible)
        .replace(/^(\s*):(?=:)/, `$1:${ZWSP}`)
        .replace(/##\[/g, `##${ZWSP}[`);
}
/** An annotation's message, each line safe as a log line; LF is kept, as @actions/core writes it `%0A`. */
function neutraliseAnnotation(s) {
    return String(s).split('\n').map(neutraliseLogLine).join('\n');
}
/**
 * A third-party value as a GFM code span: it copies exactly and is never a link, a mention, HTML or math. The fence
 * outruns any backticks inside, padded where CommonMark would strip a space; cut at maxLength code points, `…`
 * after; in a table cell, each `|` is written `\|`, which GFM resolves before reading the span.
 */
function codeSpan(value, maxLength = 1000, cell = false) {
    const chars = [...String(value)];
    const max = Math.max(1, Math.floor(maxLength));
    const text = chars
        .slice(0, max)
        .join('')
        .replace(/\p{Cs}/gu, '\ufffd')
        .replace(HIDDEN_IN_CODE, visible);
    if (text === '')
        return '—';
    const fence = '`'.repeat(Math.max(0, ...(text.match(/`+/g) ?? []).map(run => run.length)) + 1);
    const allSpaces = /^ +$/.test(text);
    const pad = text.startsWith('`') || text.endsWith('`') || (!allSpaces && text.startsWith(' ') && text.endsWith(' '));
    const inner = pad ? ` ${text} ` : text;
    return `${fence}${cell ? inner.replace(/\|/g, '\\|') : inner}${fence}${chars.length > max ? '…' : ''}`;
}

;// CONCATENATED MODULE: ./src/report/markdown.ts


/** The first `maxRows` items; the full length is reported, since rows beyond the longest list change nothing. */
function capped(items, limit) {
    limit.seen?.(items.length);
    return items.slice(0, limit.maxRows);
}
/** A third-party value in a paragraph or list item: a code span that copies exactly and is never a link. */
function code(value, maxLength) {
    return codeSpan(value, maxLength);
}
/** A third-party value in a table cell: a code span whose pipes cannot split the cell. */
function codeCell(value, maxLength = DEFAULT_CELL_MAX_LENGTH) {
    return codeSpan(value, maxLength, true);
}
/** Values of one filter, each escaped, at most maxRows of them. */
function valueList(values, limit) {
    const shown = capped(values, limit).map(v => code(v, 200));
    const rest = values.length - shown.length;
    if (rest <= 0)
        return shown.join(', ');
    if (shown.length === 0)
        return `${formatCount(rest)} values (not shown)`;
    return `${shown.join(', ')}, … and ${formatCount(rest)} more`;
}
function tableHead(headings, alignRight) {
    return [`| ${headings.join(' | ')} |`, `|${headings.map((_, i) => (alignRight[i] ? ' ---: ' : ' --- ')).join('|')}|`];
}
/** One row of a table; cells must already be escaped. */
function tableRow(cells) {
    return `| ${cells.join(' | ')} |`;
}
/** At most maxRows rows of escaped cells, then `… and N more` after a blank line (else it would be one more row). */
function table(headings, alignRight, items, limit, toCells) {
    const shown = capped(items, limit);
    const rest = items.length - shown.length;
    const more = rest > 0 ? [`… and ${formatCount(rest)} more`, ''] : [];
    if (shown.length === 0)
        return more;
    return [...tableHead(headings, alignRight), ...shown.map(item => tableRow(toCells(item))), '', ...more];
}
/** A cell for an optional third-party value, as code; an absent or empty one shows as a dash. */
function cellOrDash(value, maxLength) {
    return value === undefined || value === '' ? '—' : codeCell(String(value), maxLength);
}
/** A collapsed section: our own fixed HTML around markdown, the blank lines GFM needs to render the inside. */
function collapsed(title, body) {
    if (body.length === 0)
        return [];
    return ['<details>', `<summary>${title}</summary>`, '', ...body, '', '</details>', ''];
}
/** The line that links the health issue, made from its number and the URL this run knows, never GitHub's text. */
function issueLine(issue) {
    if (issue === undefined || !Number.isSafeInteger(issue.number))
        return undefined;
    const what = { opened: 'opened', commented: 'commented on', updated: 'updated', closed: 'closed' }[issue.action];
    return `Health issue ${what}: ${safeLink(`#${issue.number}`, issue.url)}`;
}
/** Said of a change a cancel cut under way: what may or may not have happened to the issue. */
const CUT_WHILE = {
    open: 'opening it (an issue may have been opened; the next run keeps one)',
    comment: 'commenting (the comment may have been posted)',
    update: 'updating its body (it may still show older figures)',
    close: 'closing it (it may still be open)'
};
/** The summary's line for a health issue update a cancel cut short: what was done, and what may have been. */
function issueCutLine({ signal, opened, underWay }) {
    const done = opened ? `${safeLink(`#${opened.number}`, opened.url)} was opened` : undefined;
    const cutAt = underWay ? `cut while ${CUT_WHILE[underWay]}` : undefined;
    const what = [done, cutAt].filter(part => part !== undefined).join(', then ') || 'nothing was changed';
    return `Health issue: the update was cut short by the cancel (${signal}): ${what}; the next run brings it up to date.`;
}
/** The summary's heading (the result), then the lines that lead it, each followed by a blank line. */
function summaryHead(title, ...leads) {
    return [`## ${title}`, '', ...leads.flatMap(line => (line ? [line, ''] : []))];
}
/** The link back to the run, last in a summary (the reader is on that page) and in the issue. */
function runLine(ctx) {
    return ctx.runUrl ? [`- Run: ${safeLink('workflow run', ctx.runUrl)}`] : [];
}
/** A link with our own text to a URL this run built, percent-encoded beyond a plain set; not http(s): code. */
function safeLink(text, url) {
    if (!/^https?:\/\/[^\s/]/i.test(url))
        return `${text}: ${codeSpan(url)}`;
    const destination = url.replace(/[^A-Za-z0-9\-._~:/?#@!&*+,;=%]/gu, ch => [...Buffer.from(ch, 'utf8')].map(b => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''));
    return `[${text}](${destination})`;
}
/** The lines as one markdown text: runs of blank lines collapsed, ending with exactly one newline. */
function markdownText(lines) {
    const kept = lines.filter((line, i) => line !== '' || (i > 0 && lines[i - 1] !== ''));
    if (kept[kept.length - 1] === '')
        kept.pop();
    return `${kept.join('\n')}\n`;
}

;// CONCATENATED MODULE: ./src/report/list-verdict.ts
/** How a listing is described: its filters, the heading, the judgement line, the notice, each breach. */





/** Each list filter, the input that sets it and its label in "What was asked", in the order both name them. */
const FILTERS = [
    ['messageId', Inputs.MessageId, 'Message id'],
    ['url', Inputs.Url, 'Destination URL'],
    ['topicName', Inputs.TopicName, 'URL group'],
    ['scheduleId', Inputs.ScheduleId, 'Schedule id'],
    ['queueName', Inputs.QueueName, 'Queue'],
    ['api', Inputs.Api, 'API name'],
    ['fromDate', Inputs.FromDate, 'Created at or after'],
    ['toDate', Inputs.ToDate, 'Created at or before'],
    ['responseStatus', Inputs.ResponseStatus, 'Last response status'],
    ['callerIp', Inputs.CallerIp, 'Publisher IP'],
    ['source', Inputs.Source, 'Source'],
    ['workflowUrl', Inputs.WorkflowUrl, 'Workflow URL'],
    ['workflowRunId', Inputs.WorkflowRunId, 'Workflow run id or id prefix'],
    ['workflowCreatedAt', Inputs.WorkflowCreatedAt, 'Workflow created at']
];
const DATE_FILTERS = new Set(['fromDate', 'toDate', 'workflowCreatedAt']);
/** Characters of a filter value the verdict shows: enough to recognise it; "What was asked" shows it whole. */
const SCOPE_VALUE_LENGTH = 48;
/** Filters past this are named without their values, so the verdict stays one short line. */
const SCOPE_VALUES_UP_TO = 2;
/** The filters set, in the table's order, each value as text (a date as ISO 8601). */
function filtersSet(filters) {
    return FILTERS.flatMap(([key, input, label]) => {
        const value = filters[key];
        if (value === undefined || (Array.isArray(value) && value.length === 0))
            return [];
        const list = Array.isArray(value);
        const values = list ? value.map(String) : [DATE_FILTERS.has(key) ? formatMs(value) : String(value)];
        return [{ key, input, label, values, list }];
    });
}
/** The filters a listing was asked for, one list item each, as the summary's "What was asked" shows them. */
function filterLines(filters, limit) {
    return filtersSet(filters).map(({ key, input, label, values, list }) => {
        const shown = list ? valueList(values, limit) : DATE_FILTERS.has(key) ? values[0] : code(values[0]);
        return `  - ${label} (\`${input}\`): ${shown}`;
    });
}
/** What the count is of: `matching `url` `https://…``, values as code spans; undefined without filters. */
function filterScope(filters, namesOnly = false) {
    const set = filtersSet(filters).filter(f => f.key !== 'source');
    if (set.length === 0)
        return undefined;
    const named = set.map(({ input, values }) => {
        if (namesOnly || set.length > SCOPE_VALUES_UP_TO)
            return code(input);
        if (values.length === 1)
            return `${code(input)} ${code(values[0], SCOPE_VALUE_LENGTH)}`;
        return `${code(input)} (any of ${formatCount(values.length)} values)`;
    });
    const last = named.pop();
    return `matching ${named.length === 0 ? last : `${named.join(', ')} and ${last}`}`;
}
/** Whether a listing provably reached the end of what was asked: only then may it say "healthy" or "empty". */
function listingComplete(result) {
    return result.failure === undefined && result.nextCursor === undefined;
}
/** What the sentences of a listing's checks take from it: "at least" unless complete, what it counted, its scope. */
function wordsOf(result, scope) {
    const complete = listingComplete(result);
    const noun = result.filters.source === 'workflow'
        ? { one: 'failed workflow run', many: 'failed workflow runs' }
        : { one: 'message', many: 'messages' };
    return { atLeast: complete ? '' : 'at least ', complete, noun, ...(scope !== undefined ? { scope } : {}) };
}
/** A threshold exceeded, with both numbers and the input that set it; an incomplete listing's count is "at least". */
function describeBreach(breach, result) {
    return breachText(breach, wordsOf(result));
}
/** What a listing counted, and of what when filtered: its messages, or, with source workflow, the failed runs. */
function counted(result, scope) {
    const { noun } = wordsOf(result);
    const what = plural(result.count, noun.one, noun.many);
    return scope === undefined ? what : `${what} ${scope}`;
}
/** The heading of the summary: the failure named, the threshold check, or the count; "healthy" only when complete. */
function heading(result, filtered) {
    if (result.failure?.kind === 'cancelled') {
        return result.count === 0
            ? '⛔ Listing cancelled before any message was listed'
            : `⛔ Listing cancelled: at least ${counted(result)}`;
    }
    const scope = filterScope(result.filters, true);
    const { noun } = wordsOf(result);
    if (result.failure !== undefined) {
        const why = failurePhrase(result.failure, result.maxPages);
        return result.count === 0 ? `❌ Could not list the DLQ: ${why}` : `❌ Listing failed part way: ${why}`;
    }
    if (result.health.breaches.length > 0) {
        return scope === undefined ? '❌ DLQ health check failed' : `❌ Health check failed for the ${noun.many} ${scope}`;
    }
    const judged = anyThreshold(result.health);
    if (!listingComplete(result))
        return `⚠️ Listing stopped early${judged ? ': health not judged' : ''}`;
    if (judged)
        return scope === undefined ? '✅ DLQ healthy' : `✅ Within the limits: the ${noun.many} ${scope}`;
    if (result.count === 0)
        return filtered ? 'ℹ️ No DLQ message matches the filters' : 'ℹ️ The DLQ is empty';
    return scope === undefined ? `ℹ️ DLQ: ${counted(result, scope)}` : `ℹ️ ${counted(result, scope)}`;
}
/** One check's part of the verdict line: its figure, bold, and its limit with the verdict when set. */
function checkPart(name, result, now, words) {
    const check = checkOf(name);
    const limit = result.health[name];
    const figure = check.figure(result, now, words, limit);
    if (figure === undefined)
        return undefined;
    if (limit === undefined)
        return `**${figure}**`;
    const kinds = result.health.breaches.filter(b => checkOfBreach(b.kind) === name).map(b => b.kind);
    // Over its limit, or else unknown messages that could take it over: "cannot be judged", never "within".
    const verdict = kinds.some(kind => !cannotBeJudged(kind))
        ? '**exceeded**'
        : kinds.length > 0
            ? '**cannot be judged**'
            : words.complete && check.judgeable?.(result) !== false
                ? 'within'
                : 'not judged';
    return `**${figure}** (${check.limit(limit)}: ${verdict})`;
}
/** One bold line comparing each figure with its limit, a part per check; a lower bound can only exceed. */
function judgement(result, now) {
    if (result.failure !== undefined && result.count === 0) {
        return '**Messages: unknown** (nothing was listed, so the health of the DLQ is unknown)';
    }
    const scope = filterScope(result.filters);
    const words = wordsOf(result, scope);
    const parts = CHECK_NAMES.map(name => checkPart(name, result, now, words)).filter(part => part !== undefined);
    const tail = !anyThreshold(result.health)
        ? ' (not judged: no threshold set)'
        : scope !== undefined
            ? ` (thresholds judged on the matching ${words.noun.many} only, not the whole DLQ)`
            : '';
    const partial = words.complete
        ? ''
        : result.failure !== undefined
            ? `, listed ${beforeTheEnd(result.failure)}`
            : ', listing stopped early';
    return `${parts.join(' · ')}${tail}${partial}`;
}
/** With retention: what the service will delete within the window, and when the first goes; else undefined. */
function expiryLine(result, now) {
    const { expiry } = result;
    if (expiry === undefined || (result.failure !== undefined && result.count === 0))
        return undefined;
    const window = `within ${formatAge(expiry.withinMs)} (retention ${formatAge(expiry.retentionMs)})`;
    const first = expiry.nextAt === undefined
        ? ''
        : expiry.nextAt <= now
            ? '; the first is already past the retention'
            : `; the first in ${formatAge(expiry.nextAt - now)}`;
    const unknown = result.noCreatedAt
        ? ` ${plural(result.noCreatedAt, 'message has', 'messages have')} no usable creation time: when it is deleted is unknown.`
        : '';
    const atLeast = listingComplete(result) ? '' : 'At least ';
    const what = expiry.count === 0
        ? `No listed message will be deleted by the service ${window}${first}.`
        : `${atLeast}${plural(expiry.count, 'message', 'messages')} will be deleted by the service ${window}${first}.`;
    return `${what}${unknown}`;
}
/** Characters of a message id quoted in a sentence: enough to find it in messages-file. */
const QUOTED_ID_LENGTH = 200;
/** Why some messages count as undated although they carry a createdAt: one that cannot be true, or one ahead. */
function undatedLines(result) {
    const { badCreatedAt: bad, futureCreatedAt: ahead } = result;
    const floor = formatMs(CREATED_AT_FLOOR_MS).slice(0, 10);
    return [
        ...(bad === undefined
            ? []
            : [
                `${plural(bad.count, 'message has', 'messages have')} a \`createdAt\` the service cannot have stamped ` +
                    `(before ${floor}, such as 0, what an unset number reads as; first: ${code(bad.messageId, QUOTED_ID_LENGTH)}): ` +
                    'counted as undated, their age unknown.'
            ]),
        ...(ahead === undefined
            ? []
            : [
                `${plural(ahead.count, 'message has', 'messages have')} a \`createdAt\` more than ` +
                    `${formatAge(CREATED_AT_TOLERANCE_MS)} ahead of the service's clock (up to ${formatAge(ahead.aheadMs)} ` +
                    `ahead; first: ${code(ahead.messageId, QUOTED_ID_LENGTH)}): counted as undated, never as new, oldest or expiring.`
            ])
    ];
}
/** The headline, `DLQ: 1,234 messages, oldest 3h 5m`: "at least" unless complete; a failure is named, never "0". */
function headline(result, now) {
    if (result.failure !== undefined && result.count === 0) {
        return `DLQ: unknown, could not list it: ${failurePhrase(result.failure, result.maxPages)}`;
    }
    const oldest = result.count === 0 ? '' : `, ${oldestText(result, now, wordsOf(result))}`;
    const listed = `${counted(result, filterScope(result.filters))}${oldest}`;
    if (listingComplete(result))
        return `DLQ: ${listed}`;
    const why = result.failure?.kind === 'cancelled'
        ? failurePhrase(result.failure)
        : result.failure !== undefined
            ? `the listing failed part way: ${failurePhrase(result.failure, result.maxPages)}`
            : 'the listing stopped early';
    return `DLQ: at least ${listed} (${why})`;
}
/** The health thresholds as set, as one sentence naming each input (the summary's "What was asked", the closing comment). */
function thresholdsText(result) {
    const words = wordsOf(result);
    const parts = CHECK_NAMES.map(name => askedOf(name, result.health, words)).filter(part => part !== undefined);
    return parts.length === 0 ? 'none: the listing is not judged' : `fail the step when ${parts.join(', or when ')}`;
}
function askedOf(name, health, words) {
    const limit = health[name];
    return limit === undefined ? undefined : checkOf(name).asked(limit, health, words);
}

// EXTERNAL MODULE: ./src/stop.ts
var src_stop = __webpack_require__(1123);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:timers/promises"
var promises_ = __webpack_require__(8500);
;// CONCATENATED MODULE: ./src/clock.ts
// The run's clock: the runner's time, used only to measure waits (a time compared with the service's timestamps comes
// from the service: see ServiceClient.serviceTime). A root module: it imports no folder of src/.

/** The longest delay a Node timer holds: a longer one fires at once (TimeoutOverflowWarning), so it is taken in turns. */
const MAX_TIMER_MS = 2_147_483_647;
/** A wait that ends early, without error, when `wake` is aborted: a stop must not wait out a Retry-After. */
async function wakeableSleep(ms, wake) {
    for (let left = ms; left > 0 && wake?.aborted !== true; left -= MAX_TIMER_MS) {
        await (0,promises_.setTimeout)(Math.min(left, MAX_TIMER_MS), undefined, wake ? { signal: wake } : {}).catch(() => { });
    }
}
const REAL_CLOCK = { now: () => Date.now(), sleep: wakeableSleep };
/**
 * Writes a progress line at most once every `everyMs` of the runner's clock, the first at once: a listing of a
 * thousand pages then writes a line a second, not one a page (each a synchronous write to the runner's pipe).
 */
function atMostEvery(everyMs, log, clock = REAL_CLOCK) {
    let last = -Infinity;
    return line => {
        const now = clock.now();
        if (now - last < everyMs)
            return;
        last = now;
        log(line());
    };
}

;// CONCATENATED MODULE: ./src/service/retry.ts
/** The retry policy shared by every request: what is retried, and how long to wait. Pure. */



const DEFAULT_RETRY_POLICY = {
    maxAttempts: Number(INPUT_DEFAULTS[Inputs.MaxAttempts]),
    baseDelayMs: 500,
    maxBackoffMs: 5_000,
    maxWaitMs: 60_000
};
const RETRIED_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
/** Full-jitter exponential backoff: uniform in [0, min(maxBackoff, base * 2^(attempt-1))]. */
function backoffDelayMs(attempt, policy, random) {
    const ceiling = Math.min(policy.maxBackoffMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
    return Math.round(random() * ceiling);
}
/** The wait a `Retry-After` value asks for: delay-seconds or an HTTP date. Undefined when unreadable. */
function parseRetryAfter(value, now) {
    const text = value?.trim();
    if (!text)
        return undefined;
    if (/^\d+(\.\d+)?$/.test(text))
        return Math.round(Number(text) * 1000);
    const at = Date.parse(text);
    return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
/** The wait a `Burst-RateLimit-Reset` value (Unix time, seconds or milliseconds) asks for. */
function parseRateLimitReset(value, now) {
    const text = value?.trim();
    if (text === undefined || !/^\d+(\.\d+)?$/.test(text))
        return undefined;
    const n = Number(text);
    const atMs = n > 1e12 ? n : n * 1000;
    return Math.max(0, Math.round(atMs - now));
}
/**
 * Decides whether the attempt numbered `attempt` (1 = the first) is followed by another, and after what wait.
 * Retried: transient transport errors and 408, 429, 500, 502, 503, 504. A wait the service asks for
 * (`Retry-After`, else `Burst-RateLimit-Reset` on a 429) wins over the backoff, capped at maxWaitMs.
 */
function retryDecision(attempt, outcome, policy, now, random) {
    const retried = outcome.kind === 'error' ? isTransientError(outcome.code) : RETRIED_STATUSES.has(outcome.status);
    if (attempt >= policy.maxAttempts || !retried)
        return { retry: false };
    const status = outcome.kind === 'status' ? outcome : undefined;
    const retryAfter = parseRetryAfter(status?.headers['retry-after'], now);
    const resetHeader = status?.resetHeader ?? 'burst-ratelimit-reset';
    const reset = status?.status === 429 ? parseRateLimitReset(status.headers[resetHeader], now) : undefined;
    const asked = retryAfter ?? reset;
    if (asked === undefined) {
        return { retry: true, delayMs: backoffDelayMs(attempt, policy, random), basis: 'backoff', capped: false };
    }
    const basis = retryAfter !== undefined ? 'Retry-After' : 'Burst-RateLimit-Reset';
    return { retry: true, delayMs: Math.min(asked, policy.maxWaitMs), basis, capped: asked > policy.maxWaitMs };
}
/** The one retry loop of the service's and GitHub's calls: each attempt is `send(n)`, n = 1 for the first. */
async function retrying(send, options) {
    const { policy, signal, sleep = wakeableSleep, now = Date.now, random = Math.random } = options;
    for (let attempt = 1;; attempt++) {
        if (signal?.aborted)
            throw options.stopped();
        try {
            return await send(attempt);
        }
        catch (error) {
            const outcome = options.classify(error);
            const decision = retryDecision(attempt, outcome, policy, now(), random);
            if (!decision.retry)
                throw options.giveUp(error, attempt, outcome);
            const basis = decision.basis === 'backoff' ? '' : ` as ${decision.basis} says`;
            const cap = decision.capped
                ? `; the service asked for longer, waits are capped at ${policy.maxWaitMs / 1000} s`
                : '';
            options.log(`${options.describe(error, outcome)} (attempt ${attempt} of ${policy.maxAttempts}); ` +
                `retrying in ${(decision.delayMs / 1000).toFixed(1)} s${basis}${cap}`);
            options.onRetry?.(outcome);
            await sleep(decision.delayMs, signal);
        }
    }
}

;// CONCATENATED MODULE: ./src/github/octokit-issues.ts
/** The health issue's GitHub side: IssueApi over Octokit, each call with a deadline and retries. */


/** The label every health issue carries: the open issues are looked up by it, not among all open issues. */
const HEALTH_LABEL = 'dlq-health-check';
/** Open issues with the label read at most (10 pages of 100): more means something else uses the label. */
const MAX_LABELLED_PAGES = 10;
/** Recent open issues read at most (3 pages of 100) for one the token could not label. */
const MAX_RECENT_PAGES = 3;
/**
 * The hidden line that ties an issue to one check, by its title and selection (`scope`, empty for the whole message
 * DLQ): a passing filtered check never closes a failing unfiltered one's issue; a title edited by hand still finds it.
 */
function healthMarker(title, scope = '') {
    const check = scope === '' ? title : `${title}\u0000${scope}`;
    return `<!-- dlq-action:health-check:${(0,external_node_crypto_.createHash)('sha256').update(check).digest('hex').slice(0, 16)} -->`;
}
class DeadlineError extends Error {
}
/** A call cut or never sent because the step was cancelled. */
class CancelledCall extends Error {
}
/** A GitHub API call that failed after its retries, with the status as the retry policy read it (429: rate limited). */
class GitHubCallError extends Error {
    status;
    constructor(message, status, options) {
        super(message, options);
        this.status = status;
    }
}
/** What a failed Octokit call ended with, in the retry policy's terms; a cancel is thrown on, to end the calls. */
function attemptOutcome(error) {
    if (error instanceof CancelledCall)
        throw error;
    if (error instanceof DeadlineError)
        return { kind: 'error', code: 'TIMEOUT' };
    const { status, response, cause } = (error ?? {});
    if (response && typeof status === 'number') {
        const headers = response.headers ?? {};
        // GitHub's rate limits answer 403 (or 429) with Retry-After or x-ratelimit-remaining: 0: a wait, not a refusal.
        const limited = status === 403 && (headers['retry-after'] !== undefined || headers['x-ratelimit-remaining'] === '0');
        return { kind: 'status', status: limited ? 429 : status, headers, resetHeader: 'x-ratelimit-reset' };
    }
    // Octokit wraps fetch's TypeError, whose cause carries the socket error code.
    const code = cause?.code ?? cause?.cause?.code;
    return { kind: 'error', code: typeof code === 'string' ? code : 'UNKNOWN' };
}
/**
 * One line for a failed call: the status and GitHub's message, or the transport error. The message is redacted before
 * it is shortened: a secret cut in half by the shortening could no longer be recognised.
 */
function describeFailure(error, outcome, { timeoutMs, redact }) {
    if (error instanceof DeadlineError)
        return `no complete answer within ${timeoutMs} ms`;
    const text = String(error?.message ?? error);
    const [message = ''] = (redact?.(text) ?? text).split('\n');
    if (outcome.kind === 'status')
        return `HTTP ${error.status}: ${message.slice(0, 300)}`;
    return `${outcome.code === 'UNKNOWN' ? '' : `${outcome.code}: `}${message.slice(0, 300)}`;
}
/**
 * Runs one GitHub API call with a deadline on each attempt, retried as the service's requests are. The deadline
 * is a race as well as an abort, because Octokit turns a body that fails part way into an empty string.
 */
async function withRetry(what, send, options, 
/** For a call that is not idempotent: looks whether a failed attempt was carried out after all. */
recover) {
    const stop = options.signal;
    const cut = () => new CancelledCall(`GitHub API ${what} was cut: the step was cancelled`);
    const once = async () => {
        const signal = AbortSignal.any([AbortSignal.timeout(options.timeoutMs), ...(stop ? [stop] : [])]);
        const cutOff = new Promise((_, reject) => signal.addEventListener('abort', () => reject(stop?.aborted ? cut() : new DeadlineError()), { once: true }));
        // Settled after the race when the call won it: nobody waits for it then.
        cutOff.catch(() => { });
        try {
            return await Promise.race([send({ signal }), cutOff]);
        }
        catch (error) {
            // A cancel is not retried, and nothing is looked up to recover: the next run brings the issue up to date.
            if (stop?.aborted)
                throw error instanceof CancelledCall ? error : cut();
            const done = recover && (await recover().catch(() => undefined));
            if (done === undefined)
                throw error;
            const failure = describeFailure(error, attemptOutcome(error), options);
            options.log(`GitHub API ${what}: ${failure}; it was carried out all the same.`);
            return done;
        }
    };
    return retrying(once, {
        policy: options.retry,
        signal: stop,
        classify: attemptOutcome,
        describe: (error, outcome) => `GitHub API ${what}: ${describeFailure(error, outcome, options)}`,
        log: options.log,
        giveUp: (error, attempts, outcome) => new GitHubCallError(`GitHub API ${what} failed${attempts > 1 ? ` after ${attempts} attempts` : ''}: ` +
            describeFailure(error, outcome, options), outcome.kind === 'status' ? outcome.status : undefined, { cause: error }),
        stopped: () => new CancelledCall(`GitHub API ${what} was not sent: the step was cancelled`)
    });
}
/** An issue as GitHub answers it, checked: a body that failed part way reaches us as an empty string. */
function issueRef(data, what) {
    const { number, html_url } = (data ?? {});
    if (typeof number !== 'number' || typeof html_url !== 'string') {
        throw new Error(`GitHub API ${what}: the answer is not an issue (no number or html_url)`);
    }
    return { number, url: html_url };
}
/** IssueApi over @actions/github's Octokit, which honours GITHUB_API_URL (GitHub Enterprise Server) and proxies. */
async function octokitIssueApi(token, repository, options) {
    const [owner = '', repo = ''] = repository.split('/');
    const { getOctokit } = await __webpack_require__.e(/* import() */ 413).then(__webpack_require__.bind(__webpack_require__, 2413));
    // Octokit's own warnings (deprecations, rate limits) carry GitHub's text: through the caller's safe log, not stdout.
    const relay = (line) => options.log(`GitHub API: ${line}`);
    const octokit = getOctokit(token, { log: { debug: () => { }, info: () => { }, warn: relay, error: relay } });
    const call = (what, send, recover) => withRetry(what, send, options, recover);
    const marked = (title, body) => `${healthMarker(title, options.scope)}\n${body}`;
    /**
     * The open issues of this check, oldest (lowest number) first: those with the label, and, when none has it or
     * `everywhere`, those among the most recent open issues.
     */
    const findAllOpen = async (title, everywhere) => {
        const marker = healthMarker(title, options.scope);
        // Up to `pages` pages of 100 (stopping at the first page holding one when `first`); `more`: the pages ran out.
        const scan = async (which, filter, pages, first) => {
            const found = [];
            for (let page = 1; page <= pages; page++) {
                const what = `list ${which} (page ${page})`;
                const { data } = await call(what, request => octokit.rest.issues.listForRepo({ owner, repo, state: 'open', ...filter, per_page: 100, page, request }));
                if (!Array.isArray(data))
                    throw new Error(`GitHub API ${what}: the answer is not a list of issues`);
                for (const issue of data) {
                    if (!issue.pull_request && typeof issue.body === 'string' && issue.body.includes(marker)) {
                        found.push({ ...issueRef(issue, what), body: issue.body });
                    }
                }
                if (data.length < 100 || (first && found.length > 0))
                    return { found, more: false };
            }
            return { found, more: true };
        };
        const labelled = await scan(`open issues labelled ${HEALTH_LABEL}`, { labels: HEALTH_LABEL }, MAX_LABELLED_PAGES, !everywhere);
        if (labelled.more) {
            throw new Error(`more than ${MAX_LABELLED_PAGES * 100} open issues are labelled ${HEALTH_LABEL}: close some, or the check ` +
                'could open a second issue');
        }
        const all = new Map(labelled.found.map(issue => [issue.number, issue]));
        if (all.size === 0 || everywhere) {
            // GitHub drops a new issue's labels, without an error, when the token may not set them: such an issue is found
            // among the most recent open issues by its marker, so a second check does not open a second issue.
            const recent = await scan('recent open issues', { sort: 'created', direction: 'desc' }, MAX_RECENT_PAGES, false);
            // Past the pages read, an issue is too old to be one a check opened moments ago: what was found still counts.
            for (const issue of recent.found)
                if (!all.has(issue.number))
                    all.set(issue.number, issue);
        }
        return [...all.values()].sort((a, b) => a.number - b.number);
    };
    const findOpen = async (title) => {
        const [oldest, ...newer] = await findAllOpen(title, false);
        if (oldest === undefined)
            return undefined;
        return newer.length === 0 ? oldest : { ...oldest, duplicates: newer.map(issue => issue.number) };
    };
    const edit = async (what, issue, change) => {
        await call(what, request => octokit.rest.issues.update({ owner, repo, issue_number: issue, ...change, request }));
    };
    return {
        findOpen,
        findAllOpen: title => findAllOpen(title, true),
        async create(title, body, opening = {}) {
            const what = 'create the health issue';
            const labels = [...new Set([HEALTH_LABEL, ...(opening.labels ?? [])])];
            const assignees = opening.assignees?.length ? { assignees: [...opening.assignees] } : {};
            const issue = { owner, repo, title, body: marked(title, body), labels, ...assignees };
            // A create whose answer was lost may have been carried out: look before trying again, or a second issue opens.
            return call(what, async (request) => {
                const { data } = await octokit.rest.issues.create({ ...issue, request });
                const labels = Array.isArray(data.labels) ? data.labels : [];
                if (!labels.some(label => (typeof label === 'string' ? label : label.name) === HEALTH_LABEL)) {
                    options.log(`The health issue was opened without the label ${HEALTH_LABEL} (the token may not set labels): later ` +
                        'checks find it among the most recent open issues.');
                }
                return issueRef(data, what);
            }, () => findOpen(title));
        },
        async comment(issue, body) {
            await call(`comment on issue #${issue}`, request => octokit.rest.issues.createComment({ owner, repo, issue_number: issue, body, request }));
        },
        update: (issue, title, body) => edit(`update issue #${issue}`, issue, { body: marked(title, body) }),
        close: (issue, reason = 'completed') => edit(`close issue #${issue}`, issue, { state: 'closed', state_reason: reason })
    };
}

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 15 modules
var schemas = __webpack_require__(9691);
;// CONCATENATED MODULE: ./src/report/causes.ts


/** Causes the table shows at most; the rest are counted together. */
const CAUSE_ROWS = 20;
/** Causes the `causes` output holds. */
const CAUSES_OUTPUT_ITEMS = 10;
/** Characters of a destination or a message id in the output and the table: enough to copy, bounded. */
const VALUE_LENGTH = 200;
/** Characters of a cause's text in the table: one line of a wide window; the output keeps it whole (300). */
const CAUSE_CELL_LENGTH = 120;
/** How long ago a cause's first (or last) message was created. */
const ago = (at, now) => (at === undefined ? '—' : formatAge(now - at));
const cut = (value) => (value.length <= VALUE_LENGTH ? value : `${value.slice(0, VALUE_LENGTH - 1)}…`);
/** The leading causes, the rest in one row, and a note when only the most frequent could be kept. */
function causesTable(result, now, maxRows) {
    const rows = result.causes ?? [];
    if (result.count === 0 || rows.length === 0)
        return [];
    const shown = rows.slice(0, Math.min(maxRows, CAUSE_ROWS));
    const rest = result.count - shown.reduce((n, row) => n + row.count, 0);
    return [
        'Messages by destination, last status and last response body, its variable parts (numbers that count, ids, ' +
            'UUIDs, e-mail addresses, times) blanked; first and last seen: the age of the oldest and the newest of them.',
        '',
        // The cause's words first, the destination last: a long URL scrolls sideways alone.
        ...tableHead(['Messages', 'Status', 'Cause', 'First seen', 'Last seen', 'Sample message id', 'Key', 'Destination'], [true, false, false, true, true]),
        ...shown.map(row => tableRow([
            formatCount(row.count),
            row.status === undefined ? '—' : String(row.status),
            codeCell(row.text, CAUSE_CELL_LENGTH),
            ago(row.firstSeen, now),
            ago(row.lastSeen, now),
            cellOrDash(row.sampleMessageId, VALUE_LENGTH),
            codeCell(row.key),
            row.destination === '(none)' ? '(none)' : codeCell(row.destination, VALUE_LENGTH)
        ])),
        ...(rest > 0 ? [`| ${formatCount(rest)} | | *other causes* | | | | | |`] : []),
        '',
        ...(result.causesUndercount === undefined
            ? []
            : [
                `> **Approximate:** more causes were seen than are kept, so only the most frequent are shown; each count ` +
                    `may be up to ${formatCount(result.causesUndercount)} below the true one.`,
                ''
            ])
    ];
}
/** The `causes` output: the leading causes, each field bounded, times as ISO 8601. */
function causesOutput(causes) {
    const items = (causes ?? []).slice(0, CAUSES_OUTPUT_ITEMS).map(row => ({
        key: row.key,
        count: row.count,
        destination: cut(row.destination),
        status: row.status ?? null,
        cause: row.text,
        firstSeen: row.firstSeen === undefined ? null : formatMs(row.firstSeen),
        lastSeen: row.lastSeen === undefined ? null : formatMs(row.lastSeen),
        sampleMessageId: cut(row.sampleMessageId)
    }));
    return JSON.stringify(items);
}

;// CONCATENATED MODULE: ./src/report/history.ts
/** The DLQ's size over the samples history-file keeps, as the summary and the health issue show it. */


/** Eight heights, lowest first: a sparkline's characters. */
const BLOCKS = '▁▂▃▄▅▆▇█';
/** Characters of the sparkline at most: a longer history is drawn a bucket of samples a character, each its highest. */
const SPARK_WIDTH = 60;
/** Counts as a sparkline of at most SPARK_WIDTH characters, scaled from the lowest to the highest. */
function sparkline(counts) {
    const per = Math.max(1, Math.ceil(counts.length / SPARK_WIDTH));
    const points = [];
    for (let i = 0; i < counts.length; i += per)
        points.push(Math.max(...counts.slice(i, i + per)));
    const [low, high] = [Math.min(...points), Math.max(...points)];
    const step = (high - low) / (BLOCKS.length - 1);
    return points.map(n => BLOCKS[step === 0 ? 0 : Math.round((n - low) / step)]).join('');
}
/**
 * One line on the history, when history-file is set: the sparkline of the count over the kept samples with its
 * minimum, maximum and span; and, once, that there was no history before this run, and why.
 */
function historyLine(result) {
    const { history } = result;
    if (history === undefined)
        return undefined;
    const none = history.none === undefined
        ? ''
        : ` No earlier figures (\`history-file\`: ${history.none}): they start with this run.`;
    const samples = history.samples;
    if (samples.length < 2) {
        return `**History:** ${plural(samples.length, 'run', 'runs')} kept so far.${none}`;
    }
    const counts = samples.map(s => s.count);
    const [first, last] = [samples[0], samples.at(-1)];
    const partial = samples.filter(s => s.complete === 0).length;
    const lower = partial === 0 ? '' : ` (${plural(partial, 'count is a lower bound', 'counts are lower bounds')})`;
    return (`**DLQ size over the last ${formatCount(samples.length)} runs (${formatAge(last.at - first.at)}):** ` +
        `${code(sparkline(counts))} min ${formatCount(Math.min(...counts))} · max ${formatCount(Math.max(...counts))} · ` +
        `now ${formatCount(last.count)}${lower}.${none}`);
}

;// CONCATENATED MODULE: ./src/report/response-sample.ts


/** Characters of a response shown in the cell: a sentence such as "db pool exhausted after 30 s" fits whole. */
const RESPONSE_CELL_LENGTH = 80;
/** Fields that carry the error's words, in the order tried, at the top level of a JSON object. */
const TEXT_FIELDS = ['error', 'message', 'detail', 'title', 'error_description', 'reason'];
/** Fields of a nested error object (`{"error":{"message":…}}`, `{"errors":[{"message":…}]}`), one level down. */
const NESTED_FIELDS = ['message', 'detail', 'title', 'reason', 'description'];
function textOf(value, fields) {
    if (value === null || typeof value !== 'object' || Array.isArray(value))
        return undefined;
    for (const field of fields) {
        const text = value[field];
        if (typeof text === 'string' && text.trim() !== '')
            return text.trim();
    }
    return undefined;
}
/** The error's words of a parsed JSON body: a top-level text field, else one of a nested error object. */
function fromJson(body) {
    const first = (value) => (Array.isArray(value) ? value[0] : value);
    return (textOf(body, TEXT_FIELDS) ?? textOf(first(body.error), NESTED_FIELDS) ?? textOf(first(body.errors), NESTED_FIELDS));
}
/** The error's words of a body cut short (it may not parse): the first text field, at any depth, held whole. */
function fromCutJson(sample) {
    for (const field of [...TEXT_FIELDS, ...NESTED_FIELDS]) {
        const match = new RegExp(`"${field}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`).exec(sample);
        if (match === null)
            continue;
        try {
            const text = JSON.parse(`"${match[1]}"`).trim();
            if (text)
                return text;
        }
        catch {
            // An escape JSON does not know: try the next field.
        }
    }
    return undefined;
}
/** What the sample says went wrong: the JSON body's error or message text, or undefined when it has none. */
function errorWords(sample, cut) {
    const trimmed = sample.trimStart();
    if (!trimmed.startsWith('{'))
        return undefined;
    if (!cut) {
        try {
            // Text that starts with `{` parses to an object or not at all.
            return fromJson(JSON.parse(trimmed));
        }
        catch {
            // Not JSON after all: fall through to the tolerant scan.
        }
    }
    return fromCutJson(trimmed);
}
/** The cell: the error's words when the body is JSON that has them, else the start of the body, ~80 characters. */
function responseCell(row) {
    if (row.bodySample === undefined) {
        return row.binaryBody === undefined ? '—' : `(binary, ${formatCount(row.binaryBody)} base64 characters)`;
    }
    if (row.bodySample === '')
        return '(empty)';
    const words = errorWords(row.bodySample, row.bodyCut === true);
    if (words !== undefined)
        return codeCell(words, RESPONSE_CELL_LENGTH);
    const cell = codeCell(row.bodySample, RESPONSE_CELL_LENGTH);
    return row.bodyCut && !cell.endsWith('…') ? `${cell}…` : cell;
}

;// CONCATENATED MODULE: ./src/report/breakdowns.ts
/**
 * What a listing found, as tables a reader scans: the top destinations, the causes, each breakdown, the failed workflow
 * runs, the oldest and newest. list-dlq's summary and a write's plan (report/plan.ts) show the same ones.
 */





/** Rows of each breakdown (by URL, URL group, queue, schedule, status): the top values. */
const BREAKDOWN_ROWS = 20;
/** Characters of a value people copy (a URL, a message id), never fewer: a cut one copies as a plausible wrong one. */
const COPYABLE_CELL_LENGTH = 200;
/** A breakdown whose "(none)" row holds at least this share of the messages is collapsed. */
const MOSTLY_NONE = 0.9;
/** The "what is failing" table (shared with the health issue): the top destinations, then every other one. */
function failingTable(result, now, maxRows) {
    const rows = result.byDestination ?? [];
    if (result.count === 0 || rows.length === 0)
        return [];
    const shown = rows.slice(0, maxRows);
    const rest = result.count - shown.reduce((n, row) => n + row.count, 0);
    const others = result.byUrl.length - shown.length;
    const undercount = result.undercount?.byUrl;
    const which = `${others > 0 ? `${formatCount(others)}${undercount !== undefined ? '+' : ''} ` : ''}other destinations`;
    return [
        // The URL last: a long one scrolls sideways without pushing the response out of a 1,200-pixel window.
        ...tableHead(['Messages', 'Last status', 'Oldest', 'Last response', 'Destination URL'], [true, false, true]),
        ...shown.map(row => tableRow([
            formatCount(row.count),
            statusCell(row),
            row.oldestCreatedAt === undefined ? '—' : formatAge(now - row.oldestCreatedAt),
            responseCell(row),
            row.url === '(none)' ? '(none)' : codeCell(row.url, COPYABLE_CELL_LENGTH)
        ])),
        ...(rest > 0 ? [`| ${formatCount(rest)} | | | | *${which}* |`] : []),
        '',
        ...(undercount === undefined ? [] : approximateNote(undercount))
    ];
}
/** "Why they failed": the leading causes, and `select`: how to pick one cause's entries out of the file that has them. */
function causeLines(result, pass, select) {
    const table = causesTable(result, pass.now, pass.maxRows);
    if (table.length === 0)
        return [];
    return ['### Why they failed', '', ...table, select, ''];
}
/** The dominant status, with its share of the destination's messages when others are mixed in (said, not a bare %). */
function statusCell(row) {
    const status = row.status === undefined ? 'none' : String(row.status);
    if (!row.otherStatuses)
        return status;
    const share = Math.round((100 * (row.count - row.otherStatuses)) / Math.max(1, row.count));
    return `${status} (${Math.min(99, Math.max(1, share))}% of its messages)`;
}
/** The breakdowns; those nearly all "(none)", and the full one by URL, collapsed. */
function breakdownLines(result, pass) {
    if (result.count === 0)
        return [];
    const lines = [];
    for (const [key, title, head] of [
        ['byStatus', 'last response status', 'Last response status'],
        ['byTopic', 'URL group', 'URL group'],
        ['byQueue', 'queue', 'Queue'],
        ['bySchedule', 'schedule', 'Schedule id'],
        ['byUrl', 'destination URL (all)', 'Destination URL']
    ]) {
        const rows = result[key];
        // A breakdown where every message has no value says nothing.
        if (rows.length === 0 || (key !== 'byStatus' && rows.length === 1 && rows[0]?.value === '(none)'))
            continue;
        const body = countTable(result, key, head, { maxRows: Math.min(pass.maxRows, BREAKDOWN_ROWS), seen: pass.seen });
        const none = rows.find(r => r.value === '(none)')?.count ?? 0;
        if (key === 'byUrl' || none >= MOSTLY_NONE * result.count) {
            const note = none > 0 ? ` (${formatCount(none)} of ${formatCount(result.count)} have none)` : '';
            lines.push(...collapsed(`Messages by ${title}${note}`, body));
        }
        else
            lines.push(`#### Messages by ${title}`, '', ...body);
    }
    return lines;
}
/**
 * The failed workflow runs listed (source workflow): what a resume by their DLQ ids would resume. `where`: where every
 * one is, after "and N more".
 */
function workflowRunLines(result, pass, where) {
    const kept = result.workflowRuns;
    if (kept === undefined || kept.length === 0)
        return [];
    // The rows this pass shows; "and N more" counts every run listed, not only those kept for the table.
    const runs = capped(kept, pass);
    const more = result.count - runs.length;
    return [
        '### Failed workflow runs',
        '',
        // The URL last: a long one scrolls sideways without hiding why the run failed.
        ...table(['Run id', 'DLQ id', 'Failed (UTC)', 'Last response', 'Workflow URL'], [], runs, { maxRows: runs.length }, run => [
            codeCell(run.workflowRunId),
            cellOrDash(run.dlqId),
            run.failedAt === undefined ? '—' : formatShortTime(run.failedAt, pass.now),
            (run.responseStatus === undefined ? '—' : String(run.responseStatus)) +
                (run.responseBody ? ` ${codeCell(run.responseBody, RESPONSE_CELL_LENGTH)}` : ''),
            cellOrDash(run.workflowUrl)
        ]),
        ...(more > 0 ? [`… and ${formatCount(more)} more runs listed: ${where}.`, ''] : [])
    ];
}
/**
 * The oldest then the newest messages (one in both lists shown once): age first, each group named once; `complete`:
 * the listing reached its end (else they are only of what was listed).
 */
function extremesLines(result, pass, complete) {
    const key = (m) => JSON.stringify([m.dlqId ?? '', m.messageId, m.createdAt ?? null]);
    const all = [...result.oldest.map(m => ['Oldest', m]), ...result.newest.map(m => ['Newest', m])];
    // A few of each (the accumulator keeps five), so a quadratic search for the first of each key costs nothing.
    const rows = all.filter(([, m], i) => all.findIndex(([, other]) => key(other) === key(m)) === i);
    if (rows.length === 0)
        return [];
    const shown = rows.slice(0, pass.maxRows);
    return [
        `#### Oldest and newest messages${complete ? '' : ' listed'}`,
        '',
        // The URL last: a long one scrolls sideways without hiding the columns that answer "how old".
        ...tableHead(['', 'Age', 'Created (UTC)', 'Status', 'Message id', 'Destination URL'], [false, true]),
        ...shown.map(([which, m], i) => tableRow([
            which === shown[i - 1]?.[0] ? '' : `**${which}**`,
            m.createdAt === undefined ? '—' : formatAge(pass.now - m.createdAt),
            m.createdAt === undefined ? '—' : formatShortTime(m.createdAt, pass.now),
            m.responseStatus === undefined ? '—' : String(m.responseStatus),
            cellOrDash(m.messageId, COPYABLE_CELL_LENGTH),
            cellOrDash(m.url, COPYABLE_CELL_LENGTH)
        ])),
        ''
    ];
}
function approximateNote(undercount) {
    return [
        `> **Approximate:** more than ${formatCount(TALLY_CAPACITY)} distinct values were seen, so only the most ` +
            `frequent were kept; each count above may be up to ${formatCount(undercount)} below the true one.`,
        ''
    ];
}
/** The top rows of a breakdown, one row for every other value, and a note when only the most frequent were kept. */
function countTable(result, key, heading, limit) {
    const rows = result[key];
    const undercount = result.undercount?.[key];
    const shown = capped(rows, limit);
    const lines = [];
    if (shown.length > 0) {
        lines.push(...tableHead([heading, 'Messages'], [false, true]));
        for (const row of shown) {
            const value = row.value === '' || row.value === '(none)' ? '(none)' : codeCell(row.value, COPYABLE_CELL_LENGTH);
            lines.push(tableRow([value, formatCount(row.count)]));
        }
        const more = rows.length - shown.length;
        const rest = result.count - shown.reduce((n, row) => n + row.count, 0);
        if (undercount !== undefined && rest > 0)
            lines.push(`| *… and every other value* | ${formatCount(rest)} |`);
        else if (more > 0 && rest > 0)
            lines.push(`| *… and ${formatCount(more)} more values* | ${formatCount(rest)} |`);
        lines.push('');
    }
    if (undercount !== undefined)
        lines.push(...approximateNote(undercount));
    return lines;
}

;// CONCATENATED MODULE: ./src/github/issue-text.ts
/** What the health issue says: its body, the comments, and the hidden state the next run compares with. */









const issue_text_BREAKDOWN_ROWS = 10;
/** Destinations remembered in the issue's state, to name the new ones in the next comment. */
const REMEMBERED_TOP = 5;
/** A count change is material when it is at least this share of the count last commented on … */
const MATERIAL_COUNT_SHARE = 0.1;
/** … and at least this many messages, so a small DLQ going from 3 to 4 stays quiet. */
const MATERIAL_COUNT_MIN = 10;
const anyList = schemas/* array */.YOg(schemas/* unknown */.L5J()).catch([]);
/** A list of the items `keep` accepts: an item edited out of shape is dropped, not the whole state. */
const listOf = (keep) => anyList.transform(items => items.filter(keep));
/** Short hashes of destination URLs. */
const hashes = listOf((h) => typeof h === 'string' && /^[0-9a-f]{12}$/.test(h));
/** Keys of causes (operations/causes): a hash too, so no DLQ text is kept. */
const causeKeys = listOf((h) => typeof h === 'string' && /^[0-9a-f]{16}$/.test(h));
/** Causes remembered, to name a new one among them in the next comment. */
const REMEMBERED_CAUSES = 5;
/** A kind of breach as the state keeps it: a kind the schema did not know would read back as never reported. */
const isBreachKind = (k) => BREACH_KINDS.includes(k);
/** What the issue last said in a comment (or when it opened): the figures a later run compares with. */
const spokenSchema = schemas/* object */.Ikc({
    at: schemas/* number */.aig(),
    count: schemas/* number */.aig(),
    /** The kinds of threshold exceeded then. */
    breaches: listOf(isBreachKind),
    top: hashes,
    causes: causeKeys
});
/**
 * What the issue remembers between runs, in a hidden line of its body: numbers and hashes only, so that no DLQ
 * text (nor a secret in it, in any encoding) hides there, and no `-->` can close the comment.
 */
const issueStateSchema = schemas/* object */.Ikc({
    /** When the check was first seen failing. */
    since: schemas/* number */.aig(),
    /** When these figures were taken. */
    at: schemas/* number */.aig(),
    count: schemas/* number */.aig(),
    complete: schemas/* boolean */.zMY(),
    oldestCreatedAt: schemas/* number */.aig().optional().catch(undefined),
    top: hashes,
    causes: causeKeys,
    /** The figures of the last comment (absent in bodies written before the issue spoke only on change). */
    spoke: spokenSchema.optional().catch(undefined)
});
const STATE_PREFIX = '<!-- dlq-action:state ';
function urlHash(url) {
    return (0,external_node_crypto_.createHash)('sha256').update(url).digest('hex').slice(0, 12);
}
/** The state the body remembers, or undefined for a body without one (or one edited out of shape). */
function readState(body = '') {
    const at = body.lastIndexOf(STATE_PREFIX);
    const end = body.indexOf(' -->', at);
    if (at < 0 || end < 0)
        return undefined;
    try {
        return issueStateSchema.safeParse(JSON.parse(body.slice(at + STATE_PREFIX.length, end))).data;
    }
    catch {
        return undefined;
    }
}
/** The leading destinations, those the state remembers. */
function topRows(result) {
    return (result.byDestination ?? []).slice(0, REMEMBERED_TOP);
}
/**
 * What the issue last said. A body from before the issue spoke only on change holds no such figures: the last
 * run's stand in, with every threshold taken as already reported, so an upgrade alone does not comment.
 */
function lastSpoken(state) {
    return state.spoke ?? { at: state.at, count: state.count, breaches: [...BREACH_KINDS], top: state.top, causes: [] };
}
/** The leading causes, those the state remembers. */
function leadingCauses(result) {
    return (result.causes ?? []).slice(0, REMEMBERED_CAUSES);
}
/** Leading causes the last comment did not know; none when it knew no cause (a body from before causes). */
function newCauses(result, known) {
    return known.length === 0 ? [] : leadingCauses(result).filter(row => !known.includes(row.key));
}
/** Why a failing run comments on the open issue, or undefined to only update its body. */
function reasonToComment(result, before, now, repeatIntervalMs) {
    if (before === undefined)
        return 'no earlier figures';
    const spoken = lastSpoken(before);
    const delta = result.count - spoken.count;
    if (Math.abs(delta) >= Math.max(MATERIAL_COUNT_MIN, Math.ceil(spoken.count * MATERIAL_COUNT_SHARE))) {
        return `the count went ${delta > 0 ? 'up' : 'down'} from ${formatCount(spoken.count)} to ${formatCount(result.count)} since the last comment`;
    }
    const fresh = result.health.breaches.find(b => !spoken.breaches.includes(b.kind));
    if (fresh !== undefined) {
        return `\`${checkOf(checkOfBreach(fresh.kind)).input}\` is newly exceeded`;
    }
    const [leading] = topRows(result).map(row => urlHash(row.url));
    // No destinations remembered (none listed then): nothing to compare with, so not "new".
    if (leading !== undefined && spoken.top.length > 0 && !spoken.top.includes(leading))
        return 'a new destination leads';
    const [cause] = newCauses(result, spoken.causes);
    if (cause !== undefined)
        return `a new cause is among the leading ${REMEMBERED_CAUSES}: ${code(cause.text, 120)}`;
    if (now - spoken.at >= repeatIntervalMs) {
        return `the last comment is ${formatAge(now - spoken.at)} old (\`issue-repeat-interval\`: ${formatAge(repeatIntervalMs)})`;
    }
    return undefined;
}
/** The state the body keeps: these figures, and what the issue last said (this run's, unless it stays `quiet`). */
function stateOf(result, before, now, quiet) {
    const top = topRows(result).map(row => urlHash(row.url));
    const breaches = [...new Set(result.health.breaches.map(b => b.kind))];
    const causes = leadingCauses(result).map(row => row.key);
    return {
        since: before?.since ?? now,
        at: now,
        count: result.count,
        complete: listingComplete(result),
        ...(result.oldestCreatedAt !== undefined ? { oldestCreatedAt: result.oldestCreatedAt } : {}),
        top,
        causes,
        spoke: quiet && before ? lastSpoken(before) : { at: now, count: result.count, breaches, top, causes }
    };
}
/** What the service will delete soon, unless a breach above already says it. */
function expiryLead(result, now) {
    const line = result.health.breaches.some(b => b.kind === 'expiry') ? undefined : expiryLine(result, now);
    return line === undefined ? [] : [line, ''];
}
/** The DLQ's size over the kept samples, with history-file. */
function historyLead(result) {
    const line = historyLine(result);
    return line === undefined ? [] : [line, ''];
}
/** The issue's "Why they failed": the leading causes. */
function whyTheyFailed(result, now) {
    const table = causesTable(result, now, CAUSE_ROWS);
    return table.length === 0 ? [] : ['### Why they failed', '', ...table];
}
function runText(runUrl) {
    return runUrl ? ` (${safeLink('workflow run', runUrl)})` : '';
}
function opening(heading, result, now) {
    return [heading, '', judgement(result, now), ''];
}
/** The comment of a passing check: the figures now, how long it failed, the thresholds it was judged against. */
function closingComment(result, before, runUrl, now) {
    return [
        ...opening(`## ✅ The DLQ health check passes again${runText(runUrl)}`, result, now),
        before !== undefined
            ? `- Failing for ${formatAge(now - before.since)}: since ${formatMs(before.since)}.`
            : '- Failing since this issue was opened.',
        `- Thresholds: ${thresholdsText(result)}.`,
        '',
        'Closing.'
    ].join('\n');
}
/** The comment of a check that fails again: count and age then and now, and the new top destinations. */
function changeComment(result, before, runUrl, now, why) {
    const lines = opening(`## ❌ Still failing${runText(runUrl)}`, result, now);
    if (why !== undefined)
        lines.push(`Commenting because ${why}.`, '');
    if (before !== undefined) {
        const count = (n, whole) => `${whole ? '' : 'at least '}${formatCount(n)}`;
        const age = (created, at) => (created === undefined ? '—' : formatAge(at - created));
        const delta = result.count - before.count;
        const sign = delta > 0 ? `+${formatCount(delta)}` : delta < 0 ? formatCount(delta) : 'no change';
        const fresh = topRows(result).filter(row => !before.top.includes(urlHash(row.url)));
        lines.push(`| | Last run (${formatShortTime(before.at, now)} UTC) | Now |`, '| --- | ---: | ---: |', `| Messages | ${count(before.count, before.complete)} | ${count(result.count, listingComplete(result))} (${sign}) |`, `| Oldest | ${age(before.oldestCreatedAt, before.at)} | ${age(result.oldestCreatedAt, now)} |`, '', `Failing for ${formatAge(now - before.since)} (since ${formatMs(before.since)}).`, '', ...(fresh.length > 0 ? ['New among the top destinations:', ''] : ['No new destination among the top ones.']), ...fresh.map(row => `- ${code(row.url, 200)}: ${plural(row.count, 'message', 'messages')}` +
            (row.status === undefined ? '' : `, last status ${row.status}`)), '');
        const freshCauses = newCauses(result, before.causes);
        if (freshCauses.length > 0) {
            lines.push(`New among the leading ${REMEMBERED_CAUSES} causes:`, '', ...freshCauses.map(row => `- ${code(row.text, 120)} (${row.status === undefined ? 'no status' : `status ${row.status}`}, ` +
                `${code(row.destination, 200)}): ${plural(row.count, 'message', 'messages')}`), '');
        }
    }
    else {
        lines.push('The issue body holds no earlier figures to compare with; it now shows the current ones.', '');
    }
    lines.push('The issue body above shows the current figures.');
    return lines.join('\n');
}
/** The issue body. Every DLQ value is a code span, so text such as `#1` or `owner/repo#3` references no issue. */
function issueBody(result, runUrl, now, before, quiet = false) {
    return [
        ...opening('## ❌ DLQ health check failing', result, now),
        ...result.health.breaches.map(b => `- ${describeBreach(b, result)}`),
        '',
        ...expiryLead(result, now),
        ...historyLead(result),
        `Figures of ${formatMs(now)}${runText(runUrl)}; a later failing run updates them, and comments when something ` +
            'material changed or the last comment is older than `issue-repeat-interval`.',
        '',
        ...failingTable(result, now, issue_text_BREAKDOWN_ROWS),
        ...whyTheyFailed(result, now),
        ...table(['Last response status', 'Messages'], [false, true], result.byStatus, { maxRows: issue_text_BREAKDOWN_ROWS }, row => [
            row.value === '(none)' ? '(none)' : codeCell(row.value, 100),
            formatCount(row.count)
        ]),
        `${STATE_PREFIX}${JSON.stringify(stateOf(result, before, now, quiet))} -->`
    ].join('\n');
}

;// CONCATENATED MODULE: ./src/github/issue-step.ts




/** The link back to this run, from the variables `github.context` reads (Octokit not loaded); none outside Actions. */
function runContext() {
    const { GITHUB_RUN_ID: runId, GITHUB_REPOSITORY: repository, GITHUB_SERVER_URL: server } = process.env;
    return runId && repository ? { runUrl: `${server || 'https://github.com'}/${repository}/actions/runs/${runId}` } : {};
}
/** action.yml's default of issue-repeat-interval (a unit test holds the two equal). */
const DEFAULT_REPEAT_INTERVAL_MS = 4 * 3_600_000;
/**
 * Opens, updates or closes the health issue, and returns it for the summary to link (its URL made from the
 * repository and the number, not taken from GitHub's answer). Its failure is a warning: the verdict stands alone.
 */
async function updateHealthIssue(step, result, out) {
    const repository = process.env.GITHUB_REPOSITORY;
    const { title, token, now, repeatIntervalMs, labels, assignees, ...limits } = step;
    if (!repository || !token) {
        out.warning('issue-on-failure needs GITHUB_REPOSITORY and github-token: no issue was opened or updated.');
        return {};
    }
    const server = process.env.GITHUB_SERVER_URL || 'https://github.com';
    const linkTo = (number, action) => ({
        number,
        url: `${server}/${repository}/issues/${number}`,
        action
    });
    const changes = {};
    try {
        const github = await octokitIssueApi(token, repository, {
            ...limits,
            log: line => out.info(line),
            scope: checkScope(result.filters),
            redact: out.redact
        });
        const api = tracked(out.issueApi(github), changes);
        const opening = { labels, assignees };
        const redacted = out.redactValue(result);
        const done = await syncHealthIssue(api, redacted, title, runContext().runUrl, now, repeatIntervalMs, opening);
        if (done.action === 'none') {
            out.info(`Health issue: no change (${done.reason}).`);
            return {};
        }
        out.info(`Health issue #${done.number} ${done.action}: ${done.url}`);
        return { link: linkTo(done.number, done.action) };
    }
    catch (err) {
        if (step.signal?.aborted) {
            // A cancel, not a failure of GitHub: the summary says what was done and what may have been.
            out.warning(`The step was cancelled: the health issue "${title}" was not brought up to date.`);
            const signal = (0,src_stop/* stopSignalOf */.eq)(step.signal);
            const opened = changes.opened === undefined ? {} : { opened: linkTo(changes.opened, 'opened') };
            return { cut: { signal, ...opened, ...(changes.underWay ? { underWay: changes.underWay } : {}) } };
        }
        // Only a refusal is about permissions: a rate limit, a timeout or a server error says nothing of them.
        const status = err instanceof GitHubCallError ? err.status : undefined;
        const hint = status === 401
            ? ' GitHub refused github-token (HTTP 401): check that input (the job token by default).'
            : status === 403 || status === 404
                ? ' The workflow needs "permissions: issues: write" for issue-on-failure.'
                : ' The health verdict above stands; the issue is brought up to date on the next run.';
        out.warning(`Could not update the health issue "${title}": ${err.message}.${hint}`);
        return {};
    }
}
/** The issue API, recording each change as it starts and ends: what a cancel's line in the summary says. */
function tracked(api, changes) {
    const change = async (kind, call) => {
        changes.underWay = kind;
        const value = await call();
        delete changes.underWay;
        return value;
    };
    return {
        findOpen: title => api.findOpen(title),
        findAllOpen: title => api.findAllOpen(title),
        create: async (title, body, opening) => {
            const made = await change('open', () => api.create(title, body, opening));
            changes.opened = made.number;
            return made;
        },
        comment: (issue, body) => change('comment', () => api.comment(issue, body)),
        update: (issue, title, body) => change('update', () => api.update(issue, title, body)),
        close: (issue, reason) => change('close', () => api.close(issue, reason))
    };
}
/**
 * Keeps one issue in step with the health check: a failing check opens it, or comments on it when something material
 * changed and refreshes its body; a passing check closes it. A failed listing says nothing about health: no change.
 */
async function syncHealthIssue(api, result, title, runUrl, now, repeatIntervalMs = DEFAULT_REPEAT_INTERVAL_MS, opening = {}) {
    if (result.failure !== undefined)
        return { action: 'none', reason: 'the listing failed, so health is unknown' };
    const open = await api.findOpen(title);
    // A duplicate a run opened and could not close (it was stopped) is closed by the next run that sees it.
    if (open?.duplicates !== undefined)
        await closeDuplicates(api, open.number, open.duplicates);
    if (result.health.breaches.length > 0) {
        if (open) {
            const before = readState(open.body);
            const why = reasonToComment(result, before, now, repeatIntervalMs);
            if (why !== undefined)
                await api.comment(open.number, changeComment(result, before, runUrl, now, why));
            await api.update(open.number, title, issueBody(result, runUrl, now, before, why === undefined));
            return { action: why === undefined ? 'updated' : 'commented', number: open.number, url: open.url };
        }
        const created = await api.create(title, issueBody(result, runUrl, now), opening);
        // Two checks that overlap both find no issue and both open one, so look again: when an older issue of this check
        // is open, this run's findings go there and its own issue is closed as a duplicate. The run that opened the
        // oldest leaves it be, so every interleaving ends with one open issue and no comment twice.
        const kept = (await api.findAllOpen(title))[0];
        if (kept === undefined || kept.number >= created.number)
            return { action: 'opened', ...created };
        const why = `another run of this check opened #${kept.number} at the same time`;
        await api.comment(kept.number, changeComment(result, readState(kept.body), runUrl, now, why));
        await closeDuplicates(api, kept.number, [created.number]);
        return { action: 'commented', number: kept.number, url: kept.url };
    }
    if (!listingComplete(result)) {
        return { action: 'none', reason: 'the listing stopped before the end, so the check cannot be said to pass' };
    }
    if (!open)
        return { action: 'none', reason: 'the check passes and no issue is open' };
    await api.comment(open.number, closingComment(result, readState(open.body), runUrl, now));
    await api.close(open.number);
    return { action: 'closed', number: open.number, url: open.url };
}
/** Closes newer issues of the check as duplicates of the one kept, each with a comment pointing at it. */
async function closeDuplicates(api, kept, duplicates) {
    for (const duplicate of duplicates) {
        await api.comment(duplicate, `Duplicate of #${kept}: two runs of this health check overlapped and each opened an issue; the findings are there.`);
        await api.close(duplicate, 'not_planned');
    }
}
/**
 * The selection a health check judges, as one stable text: empty for the whole message DLQ (so an issue opened
 * before filters took part in the marker is still found), else the source and every filter set, keys sorted and
 * each filter's values as a set (sorted, once each: they are ORed, so their order says nothing). The date bounds are
 * left out: a relative window (`from-date: 24h`) moves on every run, and is still the same check.
 */
function checkScope(filters) {
    const set = Object.entries(filters)
        .filter(([key]) => key !== 'fromDate' && key !== 'toDate')
        .filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0))
        .map(([key, value]) => [key, Array.isArray(value) ? valueSet(value) : value])
        .sort(([a], [b]) => (a < b ? -1 : 1));
    return set.length === 0 ? '' : JSON.stringify(Object.fromEntries(set));
}
/** A filter's values in one order whatever the order given, each once; by code unit, as no locale may differ. */
function valueSet(values) {
    return [...new Set(values)].sort((a, b) => {
        const [x, y] = [String(a), String(b)];
        return x < y ? -1 : x > y ? 1 : 0;
    });
}

// EXTERNAL MODULE: external "node:readline"
var external_node_readline_ = __webpack_require__(481);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/core.js
var core_core = __webpack_require__(8532);
;// CONCATENATED MODULE: ./src/inputs/values.ts
/** Parsers for single input values. Each returns the parsed value or throws a message saying what is allowed. */

const UNIT_MS = { s: 1_000, m: 60_000, h: HOUR, d: DAY, w: WEEK };
/** A duration in any letter case: an upper-case unit is recognised as one, then refused. */
const DURATION = /^(?:\d+[smhdw])+$/i;
const DURATION_PART = /(\d+)([smhdw])/g;
/** The units a duration takes, as every refusal names them. */
const DURATION_UNITS = 's (seconds), m (minutes), h (hours), d (days) and w (weeks), in lower case';
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))?)?$/i;
/** The last millisecond of year 9999: later dates have no ISO-8601 form of four-digit years. */
const LATEST_DATE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** All-digit dates below this (early 1973 in milliseconds) are far likelier Unix seconds (up to year 5138). */
const SECONDS_LIKE_BELOW = 1e11;
const DATE_FORMS = 'must be Unix milliseconds (1700000000000), an ISO-8601 date (2026-01-31T12:00:00Z) or a duration ago (30m, 24h, 7d)';
/** The milliseconds a duration's parts add up to (maybe past a safe integer); undefined when not a duration. */
function durationTotal(text) {
    const value = text.trim();
    if (!DURATION.test(value))
        return undefined;
    // Many tools read an upper-case M as a month: 1M as one minute would be silently wrong by a factor of 43,200.
    if (value !== value.toLowerCase()) {
        throw new Error(`must use the units ${DURATION_UNITS} (no unit is read in upper case: many tools read M as a month)`);
    }
    let total = 0;
    for (const [, amount, unit] of value.matchAll(DURATION_PART))
        total += Number(amount) * (UNIT_MS[unit] ?? 0);
    return total;
}
/** A duration such as `30m`, `24h` or `1h30m` in milliseconds; undefined when not one; throws past a safe integer. */
function parseDuration(text) {
    const total = durationTotal(text);
    if (total !== undefined && !Number.isSafeInteger(total)) {
        throw new Error('must be a duration of at most 9007199254740991 milliseconds (about 285,000 years)');
    }
    return total;
}
/**
 * Service-Delay of a retry or restart: a duration (10s, 5m, 1h30m, lower-case units) in whole seconds, sent as
 * seconds (`90s`), a form every server reads.
 */
function parseDelay(text) {
    const ms = parseDuration(text.trim());
    if (ms === undefined || ms % 1000 !== 0) {
        throw new Error(`must be a duration in whole seconds, such as 10s, 5m or 1h (units ${DURATION_UNITS})`);
    }
    return `${ms / 1000}s`;
}
/** Unix milliseconds, refused when likelier Unix seconds or past 9999; `alternative`: the input's other forms. */
function parseUnixMilliseconds(value, alternative) {
    const ms = Number(value);
    if (ms !== 0 && ms < SECONDS_LIKE_BELOW) {
        throw new Error(`looks like Unix seconds; give milliseconds (1700000000000)${alternative}`);
    }
    if (!Number.isSafeInteger(ms) || ms > LATEST_DATE_MS) {
        throw new Error(`must be Unix milliseconds up to ${LATEST_DATE_MS} (the end of year 9999)`);
    }
    return ms;
}
/** ISO-8601 text whose fields name a real calendar date and time; undefined when it is not ISO-8601 at all. */
function parseIsoDate(value) {
    const m = ISO_DATE.exec(value);
    if (!m)
        return undefined;
    const [, year, month, day, hour = '00', minute = '00', second = '00', , offsetHours = '0', offsetMinutes = '0'] = m;
    // Dates roll impossible fields over (February 30th becomes March 2nd): a real date reads back unchanged.
    const check = new Date(0);
    check.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
    check.setUTCHours(Number(hour), Number(minute), Number(second));
    const fields = `${year ?? ''}-${month ?? ''}-${day ?? ''}T${hour}:${minute}:${second}`;
    const real = check.toISOString().startsWith(fields) && Number(offsetHours) <= 23 && Number(offsetMinutes) <= 59;
    const ms = Date.parse(value);
    if (!real || Number.isNaN(ms)) {
        throw new Error('must be a real date and time: month 01-12, a day the month has, hours 00-23, minutes and seconds 00-59');
    }
    return ms;
}
/** A time from 1970 to 9999: Unix milliseconds, ISO-8601, or a duration meaning "that long before `now`". */
function parseDate(text, now) {
    const value = text.trim();
    if (/^\d+$/.test(value))
        return parseUnixMilliseconds(value, ' or ISO-8601 (2026-01-31T12:00:00Z)');
    const ago = durationTotal(value);
    if (ago !== undefined) {
        if (!(now - ago >= 0))
            throw new Error('must be a duration ago that stays after 1970-01-01 (the start of Unix time)');
        return now - ago;
    }
    const ms = parseIsoDate(value);
    if (ms === undefined)
        throw new Error(DATE_FORMS);
    if (ms < 0 || ms > LATEST_DATE_MS)
        throw new Error('must be a date from 1970-01-01 to 9999-12-31 (UTC)');
    return ms;
}
/** YAML 1.2 core schema booleans, as `core.getBooleanInput` accepts them. */
function parseBoolean(text) {
    if (['true', 'True', 'TRUE'].includes(text))
        return true;
    if (['false', 'False', 'FALSE'].includes(text))
        return false;
    throw new Error('must be true or false');
}
/** A whole number within [min, max]. */
function parseInteger(text, min, max) {
    const value = text.trim();
    const n = Number(value);
    if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(n) || n < min || n > max) {
        const range = max === Number.MAX_SAFE_INTEGER ? `, ${min} or more` : ` from ${min} to ${max}`;
        throw new Error(`must be a whole number${range}`);
    }
    return n;
}
const LOOPBACK_HOSTS = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;
/** The service's base URL: https, or plain http only to a loopback host (a local simulator). */
function parseBaseUrl(text) {
    if (!URL.canParse(text.trim()))
        throw new Error('must be an absolute URL such as https://service.example.com');
    const url = new URL(text.trim());
    if (url.protocol === 'http:' && !LOOPBACK_HOSTS.test(url.hostname)) {
        throw new Error('must use https:// (plain http:// is allowed only to localhost, 127.0.0.0/8 or [::1])');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
        throw new Error('must be an https:// URL');
    if (url.username || url.password)
        throw new Error('must not carry credentials; pass the token in the token input');
    if (url.search || url.hash)
        throw new Error('must not carry a query or fragment');
    // A copy from the API docs (https://host/v2/dlq) would call /v2/dlq/v2/dlq and get a bare 404.
    const version = /\/v2(?:\/|$)/i.exec(url.pathname);
    if (version) {
        const root = `${url.origin}${url.pathname.slice(0, version.index)}`;
        throw new Error(`must be the service root, without /v2 or an endpoint's path (the action adds /v2/... itself): give ${root}`);
    }
    return url;
}
const FLOW_CONTROL_PAIR = /^(?:period=\d+[smhd]|[A-Za-z][A-Za-z0-9_-]*=\d+)$/;
/** `name=number` pairs joined by commas (`period` may take a unit), sent as given but for spaces around commas. */
function parseFlowControlValue(text) {
    const pairs = text.split(',').map(s => s.trim());
    if (!pairs.every(pair => FLOW_CONTROL_PAIR.test(pair))) {
        throw new Error('must be name=number pairs joined by commas, where period may also take a unit (s, m, h or d), ' +
            'for instance parallelism=5,rate=10,period=1m');
    }
    const names = pairs.map(pair => pair.slice(0, pair.indexOf('=')));
    const repeated = names.find((name, i) => names.indexOf(name) !== i);
    if (repeated !== undefined)
        throw new Error(`must name each setting once (${repeated} is given twice)`);
    return pairs.join(',');
}
/** Text that can travel in an HTTP header: visible ASCII and spaces, no line breaks. */
function parseHeaderText(text) {
    const value = text.trim();
    if (!/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value)) {
        throw new Error('must be visible ASCII text on one line');
    }
    return value;
}
/** Control characters, C1 included, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
/** A token for an Authorization header; refusals never quote it. */
function parseToken(text) {
    const value = text.trim();
    if (value.search(CONTROL_CHARACTERS) !== -1) {
        throw new Error('must not contain control characters or line breaks (CR, LF, NUL, U+2028...): copy the token again without them');
    }
    if (!/^[\x20-\x7e]*$/.test(value))
        throw new Error('must be printable ASCII: a token has no other characters');
    if (value.length < MIN_TOKEN_LENGTH) {
        throw new Error(`is ${value.length} ${value.length === 1 ? 'character' : 'characters'} long: a real token is longer, and one under ${MIN_TOKEN_LENGTH} cannot be kept ` +
            'out of what the action writes (every text holding those letters would be masked)');
    }
    return value;
}
/** Longest DLQ id accepted: one id must fit a request URL with room to spare (each stays under 6 KB). */
const MAX_DLQ_ID_LENGTH = 1024;
/** A plain id: one token, none of the characters that would make it a list, a JSON value or a different query. */
const PLAIN_ID = /^[^\s,{}[\]"]+$/;
/** What is wrong with one DLQ id (of dlq-ids or a dlq-ids-file line), or undefined: the one id check of both. */
function dlqIdProblem(id) {
    if (id.length > MAX_DLQ_ID_LENGTH)
        return `is longer than ${MAX_DLQ_ID_LENGTH} characters`;
    if (!PLAIN_ID.test(id))
        return 'is not a DLQ id (one word: no spaces, commas, quotes, braces or brackets)';
    return undefined;
}

;// CONCATENATED MODULE: ./src/inputs/readers.ts
/**
 * The readers every input goes through: one value, a list, a duration. Each holds all the rules of its shape, so an
 * input that picks a reader cannot forget one. They return the value or throw what is allowed ("Input 'x' ...").
 */

/** Where a line ends: CR, LF, NEL, and the Unicode line and paragraph separators. */
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;
const LINES = /\r\n|[\r\n\u0085\u2028\u2029]/;
const LINES_AND_COMMAS = /\r\n|[\r\n\u0085\u2028\u2029,]/;
const COMMA_REASON = 'servers read a comma as a separator between values, so the filter would match other values too';
/** One value, trimmed; a line break in it is refused, since it would be sent as part of the value. */
function readOne(text) {
    const value = text.trim();
    if (LINE_BREAK.test(value)) {
        throw new Error('takes one value, on one line: remove the line break (it would be sent as part of the value)');
    }
    return value;
}
/** One filter value: one line, no comma (a server may read it as a separator), no JSON array sent as text. */
function readOneFilter(text) {
    // A JSON string is read as the value it holds, as a list reads it.
    const value = readOne(text.trim().startsWith('"') ? unquoted(text.trim()) : text);
    if (value.includes(','))
        throw new Error(`must not contain a comma: ${COMMA_REASON}`);
    if (value.startsWith('['))
        throw new Error('takes one value, not a JSON array: give it without brackets or quotes');
    return value;
}
/** A value quoted in a refusal: short, and JSON-escaped so that it stays on one line. */
const quote = (value) => JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value);
/** The strings of a JSON array, or a refusal: text starting with `[` is read as JSON where the input allows it. */
function jsonStrings(text) {
    const refusal = 'starts with "[" but is not a JSON array of strings (such as ["a","b"], an output of list-dlq)';
    let parsed;
    try {
        parsed = JSON.parse(text);
    }
    catch {
        throw new Error(refusal);
    }
    if (!Array.isArray(parsed))
        throw new Error(refusal);
    return parsed.map((item, i) => {
        if (typeof item !== 'string' || item.trim() === '') {
            throw new Error(`value ${i + 1} of the JSON array must be a non-empty string (got ${JSON.stringify(item)})`);
        }
        return item;
    });
}
/** What a value in double quotes would be: sent with its quotes, where it matches nothing. */
const QUOTE = 'starts with a double quote: it would be sent with its quotes; give the value without them';
/**
 * The text a JSON string holds (`"a"`: what toJSON() of a string gives), to be read as the input; a text that starts
 * with a double quote but is not one JSON string is refused, never sent with its quotes.
 */
function unquoted(text) {
    let parsed;
    try {
        parsed = JSON.parse(text);
    }
    catch {
        parsed = undefined;
    }
    if (typeof parsed !== 'string') {
        throw new Error('starts with a double quote but is not one JSON string (such as "a", what toJSON() of a string gives): give ' +
            'the values without quotes, one a line, or a JSON array');
    }
    return parsed;
}
/** A value of a list written as lines that starts with `[`: a JSON array half read would be sent with its brackets. */
const BRACKET = 'starts with "[": a JSON array is read only as the whole input; give each value without brackets';
/**
 * Several values: a JSON array of strings when the input starts with `[`, else one a line (and a comma where the
 * shape allows); a JSON string is read as the text it holds; trimmed, blanks dropped, repeats dropped (first kept)
 * unless the shape keeps them. Each value is checked, a value in double quotes refused, a bad one by its position;
 * none at all is refused.
 */
function readList(text, shape = {}) {
    // A JSON string (toJSON() of another step's output) is read as the text it holds.
    const trimmed = text.trim().startsWith('"') ? unquoted(text.trim()).trim() : text.trim();
    const json = trimmed.startsWith('[');
    const given = json ? jsonStrings(trimmed) : trimmed.split(shape.commas === true ? LINES_AND_COMMAS : LINES);
    const values = given.map(s => s.trim()).filter(s => s !== '');
    for (const [i, value] of values.entries()) {
        const problem = LINE_BREAK.test(value)
            ? 'holds a line break'
            : !json && value.startsWith('[')
                ? BRACKET
                : value.startsWith('"')
                    ? QUOTE
                    : shape.problem?.(value);
        if (problem !== undefined)
            throw new Error(`value ${i + 1} (${quote(value)}) ${problem}`);
    }
    if (values.length === 0) {
        throw new Error('is empty: it holds only separators or an empty JSON array; give at least one value');
    }
    return shape.keepRepeats === true ? values : [...new Set(values)];
}
/** Several filter values (repeated keys on the wire), lines or a JSON array: a value holding a comma is refused. */
function readFilterList(text) {
    const values = readList(text);
    if (values.some(v => v.includes(','))) {
        throw new Error(`must not contain a comma: ${COMMA_REASON}; give several values one per line`);
    }
    return values;
}
/** A duration above zero in milliseconds (30m, 6h, 2d, 1w, 1h30m): lower-case units only, on one line. */
function readDuration(text) {
    const ms = parseDuration(readOne(text));
    if (ms === undefined || ms === 0) {
        throw new Error(`must be a duration of 1 second or more, such as 30m, 6h, 2d or 1w (units ${DURATION_UNITS})`);
    }
    return ms;
}

;// CONCATENATED MODULE: ./src/inputs/fields.ts
/** The zod fields of single inputs and the helpers every schema shares: each field reads through one reader. */





/** The zod field of one input: the parser turns its text into a value, or throws what is allowed (an issue). */
function input(parse) {
    return schemas/* string */.YjP().transform((text, ctx) => {
        try {
            return parse(text);
        }
        catch (err) {
            ctx.addIssue({ code: 'custom', message: err.message });
            return core_core/* NEVER */.tm;
        }
    });
}
/** The same, but an empty input means "not set". */
function optional(parse) {
    return input(text => (text.trim() === '' ? undefined : parse(text)));
}
/** An input with a default in action.yml: empty (a caller other than the runner), it reads as INPUT_DEFAULTS says. */
function withDefault(name, parse) {
    return input(text => parse(text.trim() === '' ? INPUT_DEFAULTS[name] : text));
}
// Every input reads through readOne (one value), readList / readFilterList (several) or readDuration: see readers.ts.
const fields_text = optional(readOne);
const filterList = optional(readFilterList);
const integer = (min, max) => optional(s => parseInteger(readOne(s), min, max));
const defaultInteger = (name, min, max) => withDefault(name, s => parseInteger(readOne(s), min, max));
const fields_boolean = (name) => withDefault(name, s => parseBoolean(readOne(s)));
const date = (now) => optional(s => parseDate(readOne(s), now));
const filePath = (workspace) => optional(s => {
    const path = readOne(s);
    if (/[/\\]$/.test(path))
        throw new Error('must be a file path, not a directory');
    return (0,external_node_path_.resolve)(workspace, path);
});
/** The values of some inputs under their names in camelCase, those not set left out. */
function valuesOf(v, inputs) {
    const set = inputs.filter(name => v[name] !== undefined);
    const entries = set.map(name => [name.replace(/-(\w)/g, (_, c) => c.toUpperCase()), v[name]]);
    return Object.fromEntries(entries);
}
/** Refuses one input in a schema's rules: `says` completes "Input 'name' ...". */
function refuse(ctx, input, says) {
    ctx.addIssue({ code: 'custom', path: [input], message: says });
}

;// CONCATENATED MODULE: ./src/inputs/common-fields.ts




function dateOrder(value, ctx) {
    const { [Inputs.FromDate]: from, [Inputs.ToDate]: to } = value;
    if (from !== undefined && to !== undefined && from > to) {
        const [later, earlier] = [new Date(from).toISOString(), new Date(to).toISOString()];
        refuse(ctx, Inputs.FromDate, `must not be after to-date (${later} is after ${earlier})`);
    }
}
function either(a, b) {
    return text => {
        const word = readOne(text);
        if (word !== a && word !== b)
            throw new Error(`must be ${a} or ${b}`);
        return word;
    };
}
const maxPages = defaultInteger(Inputs.MaxPages, 1, 1_000_000);
const commonShape = {
    [Inputs.Token]: input(s => {
        if (s.trim() === '') {
            throw new Error('must not be empty: pass the service API token, e.g. ${{ secrets.DLQ_TOKEN }} (a secret reads as empty ' +
                'when it is not set in this repository or environment, and in workflows run from a fork)');
        }
        return parseToken(s);
    }),
    [Inputs.BaseUrl]: input(s => {
        if (s.trim() === '')
            throw new Error('is required: the address of the service, e.g. https://service.example.com');
        return parseBaseUrl(readOne(s));
    }),
    [Inputs.TimeoutSeconds]: defaultInteger(Inputs.TimeoutSeconds, 1, 3600),
    [Inputs.MaxAttempts]: defaultInteger(Inputs.MaxAttempts, 1, 20),
    [Inputs.GithubToken]: optional(parseToken)
};
/** How to reach the service (given to the client only), and the token for the GitHub API (issue-on-failure). */
function common(v) {
    return {
        service: {
            ...valuesOf(v, [Inputs.Token, Inputs.BaseUrl, Inputs.MaxAttempts]),
            timeoutMs: v[Inputs.TimeoutSeconds] * 1000
        },
        ...valuesOf(v, [Inputs.GithubToken])
    };
}
/** What selects failed workflow runs, besides the dates: list-dlq takes them with source workflow only. */
const runSelectors = {
    // A listing sends workflowUrl as a repeated key; workflowRunId (an id or prefix) takes one value on any server.
    [Inputs.WorkflowUrl]: filterList,
    [Inputs.WorkflowRunId]: optional(readOneFilter),
    [Inputs.WorkflowCreatedAt]: optional(s => {
        const value = readOne(s);
        if (!/^\d+$/.test(value))
            throw new Error('must be the exact creation time in Unix milliseconds');
        return parseUnixMilliseconds(value, '');
    })
};
const RUN_SELECTORS = Object.keys(runSelectors);
/**
 * `source` chooses the DLQ: the message inputs `messageNames` apply without `source: workflow`, the run selectors only
 * with it (the dates apply to both); any other is refused, naming it. `how`: what the operation does with them.
 */
function sourceRule(v, ctx, messageNames, how) {
    const workflow = v[Inputs.Source] === 'workflow';
    const says = workflow
        ? `does not apply with source workflow: failed workflow runs are ${how} by workflow-url, workflow-run-id, ` +
            'workflow-created-at, from-date and to-date'
        : 'applies only with source workflow (the failed workflow runs); set source: workflow to use it';
    for (const name of workflow ? messageNames : RUN_SELECTORS) {
        if (v[name] !== undefined && name !== Inputs.FromDate && name !== Inputs.ToDate)
            refuse(ctx, name, says);
    }
}

;// CONCATENATED MODULE: ./src/inputs/query-fits.ts


/** A date bound as the action may send it (parallel slices set their own): 13 digits until the year 2286. */
const DATE_PLACEHOLDER = 9_999_999_999_999;
const CURSOR_ROOM = 'x'.repeat(CURSOR_ROOM_BYTES);
function encodedBytes(key, values) {
    const query = new URLSearchParams();
    for (const value of values)
        query.append(key, String(value));
    const text = query.toString();
    // Each pair after the first is joined by one '&'.
    return text === '' ? 0 : text.length + 1;
}
const longer = (a, b) => (encodedBytes('k', [b]) > encodedBytes('k', [a]) ? b : a);
/** The longest of some values, as a one-value list (each request carries one of them at most). */
function longestOf(values) {
    return values === undefined || values.length === 0 ? [] : [values.reduce(longer)];
}
/** Of inputs taking the same bytes, the refusal names the first in this order. */
const TIE_ORDER = ('dlqIds workflowUrl workflowRunId workflowCreatedAt source url topicName scheduleId queueName api callerIp ' +
    'messageId responseStatus fromDate toDate count order cursor').split(' ');
/** Refuses a request's query (by the service's names) at its longest past MAX_URL_BYTES, naming its largest input. */
function queryFits(ctx, query, cursor) {
    const longest = {
        ...query,
        fromDate: query.fromDate ?? DATE_PLACEHOLDER,
        toDate: query.toDate ?? DATE_PLACEHOLDER,
        cursor: longer(CURSOR_ROOM, cursor ?? '')
    };
    const sizes = Object.entries(longest)
        .sort(([a], [b]) => TIE_ORDER.indexOf(a) - TIE_ORDER.indexOf(b))
        .map(([key, value]) => ({
        input: key.replace(/[A-Z]/g, c => `-${c.toLowerCase()}`),
        bytes: encodedBytes(key, value === undefined ? [] : [value].flat())
    }));
    const total = sizes.reduce((sum, part) => sum + part.bytes, 0);
    if (total <= MAX_URL_BYTES)
        return;
    const largest = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    refuse(ctx, largest.input, `makes the query of each request too long: it takes ${largest.bytes} bytes of ${total}, over the ` +
        `${MAX_URL_BYTES} bytes (6 KB) a request may carry, since servers and proxies refuse longer URLs; ` +
        'give fewer or shorter values');
}

;// CONCATENATED MODULE: ./src/inputs/run-pairs.ts

/** Runs one step may be given: each is found by a listing of its own before any resume request. */
const MAX_RUN_PAIRS = 1_000;
const SHAPE = 'must be a JSON array of runs, each {"workflowRunId": "...", "workflowCreatedAt": <Unix ms>}, as the outputs ' +
    'failed-again-runs and workflow-runs give it';
/** One item of the array as a pair, or what is wrong with it. */
function pairOf(item, position) {
    const where = `run ${position} of the array`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
        throw new Error(`${SHAPE}: ${where} is not an object`);
    }
    const { workflowRunId: id, workflowCreatedAt: created } = item;
    if (typeof id !== 'string' || id.trim() === '' || /\p{Cc}/u.test(id)) {
        throw new Error(`${SHAPE}: ${where} has no workflowRunId that is a non-empty string on one line`);
    }
    const text = typeof created === 'number' || typeof created === 'string' ? String(created) : '';
    if (!/^\d{1,16}$/.test(text)) {
        throw new Error(`${SHAPE}: ${where} (${JSON.stringify(id)}) has no workflowCreatedAt in Unix milliseconds`);
    }
    return { workflowRunId: id, workflowCreatedAt: parseUnixMilliseconds(text, '') };
}
/** The pairs in the order given, each once; an empty array, another shape or more than MAX_RUN_PAIRS is refused. */
function parseRunPairs(text) {
    let parsed;
    try {
        parsed = JSON.parse(text.trim());
    }
    catch {
        throw new Error(SHAPE);
    }
    if (!Array.isArray(parsed))
        throw new Error(SHAPE);
    if (parsed.length === 0) {
        throw new Error('is an empty JSON array: no run to resume (run the step only when failed-again-count is not 0)');
    }
    if (parsed.length > MAX_RUN_PAIRS) {
        throw new Error(`holds ${parsed.length} runs, more than the ${MAX_RUN_PAIRS} one step finds: split it over steps`);
    }
    const pairs = new Map();
    parsed.forEach((item, i) => {
        const pair = pairOf(item, i + 1);
        pairs.set(`${pair.workflowRunId}@${pair.workflowCreatedAt}`, pair);
    });
    return [...pairs.values()];
}

;// CONCATENATED MODULE: ./src/requests.ts
/** Runs that must have completed of `watched` runs: a share is rounded up (80% of 9 is 8). */
const minCompletedOf = (min, watched) => 'runs' in min ? min.runs : Math.ceil((min.share * watched) / 100 - 1e-9);
/** Why a schedule id cannot be sent: in one path segment, "." and ".." (even encoded) address another resource. */
const scheduleIdProblem = (scheduleId) => scheduleId === '' || /^(?:\.|%2e){1,2}$/i.test(scheduleId)
    ? `schedule id "${scheduleId}" is not allowed: it must not be empty, "." or ".."`
    : undefined;

;// CONCATENATED MODULE: ./src/inputs/selectors.ts
/** Inputs that select what an operation acts on and that several operations take: each read alike in all of them. */


/** Schedule ids, of resume-schedule and of list-dlq's filter alike: lines, commas or a JSON array. */
function readScheduleIds(text) {
    const problem = (id) => id.includes(',')
        ? 'holds a comma, which separates schedule ids'
        : scheduleIdProblem(id) === undefined
            ? undefined
            : 'is not a schedule id: "." and ".." would name another path';
    return readList(text, { commas: true, problem });
}
/** workflow-url of a write on failed runs (resume, restart, delete): the list of a listing's filter, holding one URL. */
function oneWorkflowUrl(text, operation = undefined) {
    const urls = readFilterList(text);
    if (urls.length > 1) {
        throw new Error(operation === 'delete-dlq'
            ? `takes one value in delete-dlq (${urls.length} given): a delete selects the runs of one workflow URL; ` +
                "delete each workflow's in its own step"
            : `takes one value in a write on failed runs (${urls.length} given): the service's bulk writes filter by ` +
                'one workflow URL; take each workflow in its own step');
    }
    return urls[0];
}

;// CONCATENATED MODULE: ./src/inputs/staging.ts
/** The inputs of a staged resume (stages, watch), each parsed on its own with all its rules. */



const STAGES_ALLOWED = 'must be the sizes of successive stages, separated by commas or lines, each a whole number of 1 or more; the ' +
    'last may be all (e.g. 10, 100, all)';
/** Stage sizes in order; `all` (the last only) reads as Infinity. A repeated size is meant, so repeats are kept. */
function parseStages(text) {
    const items = readList(text, { commas: true, keepRepeats: true });
    if (items.length > MAX_STAGES)
        throw new Error(`must be at most ${MAX_STAGES} stages (${items.length} given)`);
    return items.map((item, index) => {
        if (item === 'all') {
            if (index !== items.length - 1)
                throw new Error('may have all as its last stage only (e.g. 10, 100, all)');
            return Infinity;
        }
        const size = Number(item);
        if (!/^\d+$/.test(item) || !Number.isSafeInteger(size) || size < 1)
            throw new Error(STAGES_ALLOWED);
        return size;
    });
}
/** A watch: in ms by the one duration reader (lower-case units, one line), and as written, for the summary. */
const parseWatch = (text) => ({
    ms: readDuration(text),
    text: text.trim()
});
const MIN_COMPLETED_ALLOWED = 'must be a whole number of runs (e.g. 8) or a share of the watched runs from 1% to 100% (e.g. 80%)';
/** watch-min-completed: `8` (runs) or `80%` (of the runs watched), one value. */
function parseMinCompleted(input) {
    const text = readOne(input);
    const share = /^(\d{1,3})\s*%$/.exec(text);
    if (share !== null) {
        const value = Number(share[1]);
        if (value < 1 || value > 100)
            throw new Error(MIN_COMPLETED_ALLOWED);
        return { share: value, text };
    }
    const runs = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(runs) || runs < 1)
        throw new Error(MIN_COMPLETED_ALLOWED);
    return { runs, text };
}
/** A watch gates the next stage: it needs stages, and more than one stage needs it. Each problem: input, says. */
function stagingProblems(stages, watch, maxFailed, watchRetries, hosted, minCompleted) {
    const problems = [];
    const onlyWithStages = 'applies only with stages: set stages too';
    if (minCompleted !== undefined && (stages === undefined || stages.length < 2)) {
        problems.push([Inputs.WatchMinCompleted, 'applies only to a watch: set stages (two or more) and watch too']);
    }
    if (stages === undefined) {
        if (watch !== undefined)
            problems.push([Inputs.Watch, onlyWithStages]);
        if (maxFailed > 0)
            problems.push([Inputs.WatchMaxFailed, onlyWithStages]);
        if (watchRetries !== undefined)
            problems.push([Inputs.WatchRetries, onlyWithStages]);
    }
    else if (stages.length > 1 && watch === undefined) {
        problems.push([Inputs.Watch, `is required with ${stages.length} stages: how long each stage is watched (e.g. 10m)`]);
    }
    else if (stages.length === 1 && watch !== undefined) {
        const says = 'has nothing to gate with one stage: the last stage is not watched (give two or more)';
        problems.push([Inputs.Watch, says]);
    }
    if (stages?.length === 1 && watchRetries !== undefined) {
        problems.push([Inputs.WatchRetries, 'has no watched stage to apply to with one stage (give two or more)']);
    }
    const watched = (stages?.length ?? 1) - 1;
    const total = watch !== undefined ? watched * watch.ms : 0;
    if (hosted && watch !== undefined && total > HOSTED_JOB_LIMIT_MS - RESUME_ROOM_MS) {
        problems.push([
            Inputs.Watch,
            `makes the watches take up to ${timesDuration(watch.text, watched)} in all (${plural(watched, 'watched stage', 'watched stages')} × ` +
                `${watch.text}), leaving less than the ${RESUME_ROOM_MS / 60_000} minutes its resume requests need of the 6 ` +
                'hours a GitHub-hosted job may run: shorten watch, use fewer stages, or split the resume over jobs ' +
                '(docs/staged-resume.md)'
        ]);
    }
    return problems;
}
/** What the job keeps for the resume requests, the step's start and its report, besides the watches. */
const RESUME_ROOM_MS = 10 * 60_000;
/** The plan of the request, when stages are given. */
function stagePlan(stages, watch, maxFailed, watchRetries, minCompleted) {
    if (stages === undefined)
        return {};
    const watched = watch !== undefined ? { watchMs: watch.ms, watchText: watch.text } : {};
    const retries = watchRetries !== undefined ? { watchRetries } : {};
    const min = minCompleted !== undefined ? { minCompleted } : {};
    return { stages: { sizes: stages, ...watched, maxFailed, ...retries, ...min } };
}

;// CONCATENATED MODULE: ./src/inputs/bulk-schema.ts
/**
 * The schema of every bulk write (src/verbs.ts) over the raw text of its inputs, whose transform yields its settings:
 * resume-workflows and restart-workflows select failed workflow runs, retry-messages failed messages.
 */











/** The inputs that narrow a resume-workflows run: without one, only `all: true` resumes (every failed run). */
const RESUME_SELECTORS = [
    Inputs.DlqIds,
    Inputs.DlqIdsFile,
    Inputs.WorkflowRuns,
    Inputs.FromDate,
    Inputs.ToDate,
    ...RUN_SELECTORS
];
/** The filters a retry selects messages by, the listing's (wire contract, 6): message-id takes one value. */
const MESSAGE_SELECTORS = [
    Inputs.MessageId,
    Inputs.Url,
    Inputs.TopicName,
    Inputs.ScheduleId,
    Inputs.QueueName,
    Inputs.ResponseStatus,
    Inputs.CallerIp
];
/** The inputs that narrow a retry-messages run: without one, only `all: true` retries every message. */
const RETRY_SELECTORS = [Inputs.DlqIds, Inputs.DlqIdsFile, Inputs.FromDate, Inputs.ToDate, ...MESSAGE_SELECTORS];
/** A delete's selectors: its DLQ's (input source), and older-than, which narrows it by age. */
const DELETE_SELECTORS = (dlq) => [
    Inputs.DlqIds,
    Inputs.DlqIdsFile,
    Inputs.OlderThan,
    Inputs.FromDate,
    Inputs.ToDate,
    ...(dlq === 'message' ? MESSAGE_SELECTORS : RUN_SELECTORS)
];
/** The selectors of an operation's write, as the refusal of a write without any names them; `dlq`: the one it takes. */
const selectorsOf = (operation, dlq = VERBS[operation].dlq) => operation === 'delete-dlq' ? DELETE_SELECTORS(dlq) : dlq === 'message' ? RETRY_SELECTORS : RESUME_SELECTORS;
/** What selects failed messages: the listing's filters, message-id one value (servers apply one only). */
const messageSelectors = {
    [Inputs.MessageId]: optional(s => {
        const ids = readList(s);
        if (ids.length > 1) {
            throw new Error('takes one value on retry-messages and delete-dlq (servers apply one message id only): give several ' +
                "entries by dlq-ids, such as list-dlq's dlq-ids output");
        }
        return readOneFilter(ids[0] ?? '');
    }),
    [Inputs.Url]: filterList,
    [Inputs.TopicName]: filterList,
    [Inputs.ScheduleId]: optional(readScheduleIds),
    [Inputs.QueueName]: filterList,
    [Inputs.ResponseStatus]: integer(100, 599),
    [Inputs.CallerIp]: filterList
};
/** Every bulk write's inputs; the run selectors for the workflow verbs, the message filters for a retry. */
function bulkShape(now, workspace) {
    return {
        ...commonShape,
        // list-dlq's dlq-ids output is a JSON array; an id never holds a comma, a quote or a bracket (dlqIdProblem).
        [Inputs.DlqIds]: optional(s => readList(s, { commas: true, problem: dlqIdProblem })),
        [Inputs.DlqIdsFile]: filePath(workspace),
        [Inputs.MaxEntries]: integer(1, Number.MAX_SAFE_INTEGER),
        [Inputs.FromDate]: date(now),
        [Inputs.ToDate]: date(now),
        [Inputs.All]: fields_boolean(Inputs.All),
        [Inputs.DryRun]: fields_boolean(Inputs.DryRun),
        [Inputs.PlanFile]: filePath(workspace),
        [Inputs.ExpectCount]: integer(0, Number.MAX_SAFE_INTEGER),
        [Inputs.FlowControlKey]: optional(s => parseHeaderText(readOne(s))),
        [Inputs.FlowControlValue]: optional(s => parseFlowControlValue(readOne(s))),
        [Inputs.Retries]: integer(0, 1_000_000),
        [Inputs.Cursor]: fields_text,
        [Inputs.MaxPages]: maxPages,
        [Inputs.Stages]: optional(parseStages),
        [Inputs.Watch]: optional(parseWatch),
        [Inputs.WatchMaxFailed]: defaultInteger(Inputs.WatchMaxFailed, 0, Number.MAX_SAFE_INTEGER),
        [Inputs.WatchRetries]: integer(0, 1_000_000)
    };
}
/** The inputs of a write on failed workflow runs (resume, restart): the run selectors, or the runs by their pairs. */
function runShape(now, workspace) {
    return {
        ...bulkShape(now, workspace),
        ...runSelectors,
        // Read as a listing reads it, but the bulk resume takes one workflow-url, not a repeated key.
        [Inputs.WorkflowUrl]: optional(oneWorkflowUrl),
        [Inputs.WorkflowRuns]: optional(parseRunPairs),
        [Inputs.RunsFile]: filePath(workspace),
        // Judged by the run log, which knows workflow runs only.
        [Inputs.WatchMinCompleted]: optional(parseMinCompleted),
        // The cap's first name, from before max-entries: still read, never with it.
        [Inputs.MaxRuns]: integer(1, Number.MAX_SAFE_INTEGER)
    };
}
/** The selection as the service names it: the verb's own selectors only (its schema reads no others). */
function selectionOf(v) {
    return {
        ...valuesOf(v, [Inputs.DlqIds, Inputs.FromDate, Inputs.ToDate]),
        ...valuesOf(v, RUN_SELECTORS),
        ...valuesOf(v, MESSAGE_SELECTORS)
    };
}
function bulkRules(operation, v, ctx) {
    const verb = VERBS[operation];
    dateOrder(v, ctx);
    const selection = selectionOf(v);
    // dlq-ids are split over as many requests as needed, but each carries one at least.
    queryFits(ctx, { ...selection, dlqIds: longestOf(selection.dlqIds), count: verb.pageSize }, v[Inputs.Cursor]);
    if (v[Inputs.MaxRuns] !== undefined && v[Inputs.MaxEntries] !== undefined) {
        refuse(ctx, Inputs.MaxRuns, 'cannot be combined with max-entries, its newer name: set max-entries only');
    }
    writePlanRules(verb.words.base, v, ctx);
    if (v[Inputs.DlqIds] !== undefined && v[Inputs.DlqIdsFile] !== undefined) {
        refuse(ctx, Inputs.DlqIdsFile, 'cannot be combined with dlq-ids: give the ids in one of the two');
    }
    const byIds = v[Inputs.DlqIds] !== undefined || v[Inputs.DlqIdsFile] !== undefined;
    if (v[Inputs.Cursor] !== undefined &&
        !byIds &&
        v[Inputs.WorkflowRuns] === undefined &&
        v[Inputs.ToDate] === undefined) {
        // The cursor continues selectors bounded by a to-date: sent without it, the rest would take what the write made.
        refuse(ctx, Inputs.ToDate, `is required with cursor in a ${verb.words.base} by filters: set it to the output next-to-date of the step ` +
            'that gave the cursor (and from-date to next-from-date when that is not empty), the bound every request of ' +
            `that ${verb.words.base} sent; without it the continuation could take the ${verb.words.items} it created, ` +
            'back in the DLQ');
    }
    if (v[Inputs.WorkflowRuns] !== undefined) {
        // The runs are the whole selection: each is found by its pair, then resumed by the dlqId found.
        const others = [...RESUME_SELECTORS.filter(name => name !== Inputs.WorkflowRuns), Inputs.Cursor].filter(name => v[name] !== undefined);
        if (v[Inputs.All])
            others.push(Inputs.All);
        if (others.length > 0) {
            refuse(ctx, Inputs.WorkflowRuns, `cannot be combined with ${others.join(', ')}: the runs given are the whole selection (each found by its ` +
                'run id and creation time)');
        }
    }
    // A GitHub-hosted job ends at 6 hours: a plan whose watches take longer is refused there, stated elsewhere.
    const hosted = process.env.RUNNER_ENVIRONMENT === 'github-hosted';
    const staging = [v[Inputs.Stages], v[Inputs.Watch], v[Inputs.WatchMaxFailed], v[Inputs.WatchRetries]];
    for (const [name, says] of stagingProblems(...staging, hosted, v[Inputs.WatchMinCompleted]))
        refuse(ctx, name, says);
}
/**
 * dry-run, plan-file and expect-count: a plan lists what the write would take and writes nothing; expect-count
 * lists first and writes only the entries listed, when they are exactly as many.
 */
function writePlanRules(base, v, ctx) {
    if (v[Inputs.PlanFile] !== undefined && !v[Inputs.DryRun] && v[Inputs.ExpectCount] === undefined) {
        refuse(ctx, Inputs.PlanFile, `applies with dry-run: true (the plan of what the ${base} would take) or expect-count (the entries listed ` +
            'before the write)');
    }
    if (v[Inputs.PlanFile] !== undefined && v[Inputs.PlanFile] === v[Inputs.DlqIdsFile]) {
        refuse(ctx, Inputs.PlanFile, 'must not be the file dlq-ids-file reads: the plan would overwrite what it reads');
    }
    if (v[Inputs.DryRun] && v[Inputs.Stages] !== undefined) {
        refuse(ctx, Inputs.Stages, `does not apply with dry-run: true (a plan takes nothing, so nothing is watched)`);
    }
    if (v[Inputs.DryRun] && v[Inputs.Cursor] !== undefined) {
        refuse(ctx, Inputs.Cursor, `does not apply with dry-run: true: a plan lists the whole selection (the cursor of a ${base} continues no ` +
            'listing); run it without cursor');
    }
    if (v[Inputs.ExpectCount] !== undefined && v[Inputs.WorkflowRuns] !== undefined) {
        refuse(ctx, Inputs.ExpectCount, 'cannot be combined with workflow-runs: the runs given are already exact (each found by its run id and ' +
            'creation time), and the resume says which were not in the DLQ');
    }
    const cap = v[Inputs.MaxEntries] !== undefined
        ? Inputs.MaxEntries
        : v[Inputs.MaxRuns] !== undefined
            ? Inputs.MaxRuns
            : undefined;
    const byIds = v[Inputs.DlqIds] !== undefined || v[Inputs.DlqIdsFile] !== undefined;
    if (v[Inputs.ExpectCount] !== undefined && byIds && cap !== undefined) {
        refuse(ctx, cap, 'cannot be combined with expect-count and dlq-ids: the count is of the ids given, taken whole; to take part ' +
            'of a plan, give fewer ids');
    }
    if (v[Inputs.ExpectCount] !== undefined && v[Inputs.Cursor] !== undefined) {
        refuse(ctx, Inputs.ExpectCount, 'cannot be combined with cursor: the count is of the whole selection, listed before any write');
    }
}
/** The schema of one bulk write (src/verbs.ts) over its inputs' shape: selectors, overrides, stages, plan, files. */
function bulkSchema(operation, shapeOf) {
    return (now, workspace) => schemas/* object */.Ikc(shapeOf(now, workspace))
        .superRefine((v, ctx) => bulkRules(operation, v, ctx))
        .transform(raw => {
        const v = raw;
        const maxRuns = v[Inputs.MaxEntries] ?? v[Inputs.MaxRuns];
        // Typed as the request, which dlq-ids-file later completes with the line of each id.
        const resume = {
            ...(operation !== 'resume-workflows' ? { verb: operation } : {}),
            selection: selectionOf(v),
            overrides: valuesOf(v, [Inputs.FlowControlKey, Inputs.FlowControlValue, Inputs.Retries, Inputs.Delay]),
            ...valuesOf(v, [Inputs.All, Inputs.MaxPages, Inputs.Cursor]),
            ...(maxRuns !== undefined ? { maxRuns } : {}),
            ...(v[Inputs.WorkflowRuns] !== undefined ? { runs: v[Inputs.WorkflowRuns] } : {}),
            ...stagePlan(v[Inputs.Stages], v[Inputs.Watch], v[Inputs.WatchMaxFailed], v[Inputs.WatchRetries], v[Inputs.WatchMinCompleted])
        };
        const files = valuesOf(v, [Inputs.RunsFile, Inputs.DlqIdsFile, Inputs.PlanFile]);
        const plan = { dryRun: v[Inputs.DryRun], ...valuesOf(v, [Inputs.ExpectCount]) };
        return { operation, ...common(v), resume, ...plan, ...files };
    });
}
const delay = { [Inputs.Delay]: optional(s => parseDelay(readOne(s))) };
const resumeSchema = bulkSchema('resume-workflows', runShape);
const restartSchema = bulkSchema('restart-workflows', (now, ws) => ({ ...runShape(now, ws), ...delay }));
const retrySchema = bulkSchema('retry-messages', (now, ws) => ({
    ...bulkShape(now, ws),
    ...messageSelectors,
    ...delay
}));

;// CONCATENATED MODULE: ./src/inputs/health-inputs.ts





/** GitHub's rules for a label name (50 characters) and a login (39, letters, digits and single hyphens). */
const labelProblem = (label) => (label.length > 50 ? 'is longer than the 50 characters of a label' : undefined);
const loginProblem = (login) => /^[A-Za-z0-9](?:-?[A-Za-z0-9]){0,38}$/.test(login) ? undefined : 'is not a GitHub login (such as octocat, without @)';
/** The reader of each form a threshold is written in: a check's entry names its form, never its own parser. */
const THRESHOLD_READERS = {
    count: s => parseInteger(readOne(s), 0, Number.MAX_SAFE_INTEGER),
    duration: readDuration,
    growth: readGrowth
};
const GROWTH_FORMS = 'a number of messages or a percentage, a slash and a window, such as +500/1h or 200%/24h';
/** A growth within a window: `+500/1h` (more than 500 messages) or `200%/24h` (more than 200%), the window a duration. */
function readGrowth(text) {
    const m = /^\+?\s*(\d+(?:\.\d+)?)\s*(%?)\s*\/\s*(\S+)$/.exec(readOne(text));
    if (m === null)
        throw new Error(`must be a growth: ${GROWTH_FORMS}`);
    const [, amount = '', percent = '', window = ''] = m;
    if (percent === '' && !/^\d+$/.test(amount))
        throw new Error(`must count whole messages, or be a percentage: ${GROWTH_FORMS}`);
    const withinMs = readDuration(window);
    const value = Number(amount);
    if (!Number.isSafeInteger(Math.round(value)))
        throw new Error(`must be a growth of a sensible size: ${GROWTH_FORMS}`);
    return { amount: value, percent: percent === '%', withinMs };
}
/** The field of every threshold input, read as its check's entry says. */
function thresholdShape() {
    const fields = CHECK_NAMES.map(name => {
        const read = THRESHOLD_READERS[checkOf(name).reads];
        return [checkOf(name).input, optional(read)];
    });
    return Object.fromEntries(fields);
}
/** The health check's windows, metrics file and the issue's labels and assignees. */
function healthShape(workspace) {
    return {
        [Inputs.NewWithin]: withDefault(Inputs.NewWithin, readDuration),
        [Inputs.Retention]: optional(readDuration),
        [Inputs.MetricsFile]: filePath(workspace),
        [Inputs.HistoryFile]: filePath(workspace),
        [Inputs.IssueLabels]: optional(s => readList(s, { commas: true, problem: labelProblem })),
        [Inputs.IssueAssignees]: optional(s => readList(s, { commas: true, problem: loginProblem }))
    };
}
/** The thresholds as set, and the windows that complete them. */
function thresholdsOf(v) {
    const set = CHECK_NAMES.flatMap(name => {
        const limit = v[checkOf(name).input];
        return limit === undefined ? [] : [[name, limit]];
    });
    const limits = Object.fromEntries(set);
    return {
        ...limits,
        ...(limits.newAbove !== undefined ? { newWithinMs: v[Inputs.NewWithin] } : {}),
        ...(v[Inputs.Retention] !== undefined ? { retentionMs: v[Inputs.Retention] } : {}),
        ...(v[Inputs.HistoryFile] !== undefined ? { history: true } : {})
    };
}
/** Why a check's threshold as set can never be judged, as its entry says. */
function problemOf(name, thresholds) {
    const limit = thresholds[name];
    return limit === undefined ? undefined : checkOf(name).problem?.(limit, thresholds);
}
/** A list of input names, the last joined by "or". */
const health_inputs_either = (names) => `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;
function healthRules(v, ctx) {
    const thresholds = thresholdsOf(v);
    for (const name of CHECK_NAMES) {
        const problem = problemOf(name, thresholds);
        if (problem !== undefined)
            refuse(ctx, checkOf(name).input, problem);
    }
    if (v[Inputs.IssueOnFailure] && !anyThreshold(thresholds)) {
        const inputs = CHECK_NAMES.map(name => checkOf(name).input);
        refuse(ctx, Inputs.IssueOnFailure, `needs a threshold to judge by: set ${health_inputs_either(inputs)}`);
    }
    for (const name of [Inputs.IssueLabels, Inputs.IssueAssignees]) {
        if (v[name] !== undefined && !v[Inputs.IssueOnFailure]) {
            refuse(ctx, name, 'applies only with issue-on-failure: true (it is set on the health issue that one opens)');
        }
    }
}
/** The windows the listing counts in, as durations (the operation places them on the service's clock). */
function countWindows(v) {
    const retentionMs = v[Inputs.Retention];
    const withinMs = v[Inputs.FailIfExpiringWithin] ?? DEFAULT_EXPIRY_WINDOW_MS;
    return {
        arrivals: { withinMs: v[Inputs.NewWithin] },
        ...(retentionMs !== undefined ? { expiry: { withinMs, retentionMs } } : {})
    };
}

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
;// CONCATENATED MODULE: ./src/inputs/delete-schema.ts
/**
 * delete-dlq's schema over the raw text of its inputs: the failed messages by default, the failed workflow runs with
 * source workflow, each by its DLQ's selectors; older-than, the archive and the guards. Its transform yields the
 * settings the delete runs on (operations/delete-dlq).
 */











function deleteShape(now, workspace) {
    return {
        ...commonShape,
        [Inputs.Source]: withDefault(Inputs.Source, either('message', 'workflow')),
        [Inputs.DlqIds]: optional(s => readList(s, { commas: true, problem: dlqIdProblem })),
        [Inputs.DlqIdsFile]: filePath(workspace),
        // As written, for the summary; a duration before the service's time, which only the first answer tells.
        [Inputs.OlderThan]: optional(s => ({ ms: readDuration(s), text: readOne(s) })),
        [Inputs.FromDate]: date(now),
        [Inputs.ToDate]: date(now),
        ...messageSelectors,
        ...runSelectors,
        [Inputs.WorkflowUrl]: optional(s => oneWorkflowUrl(s, 'delete-dlq')),
        [Inputs.All]: fields_boolean(Inputs.All),
        [Inputs.MaxEntries]: integer(1, Number.MAX_SAFE_INTEGER),
        [Inputs.MaxPages]: maxPages,
        [Inputs.DryRun]: fields_boolean(Inputs.DryRun),
        [Inputs.PlanFile]: filePath(workspace),
        [Inputs.ExpectCount]: integer(0, Number.MAX_SAFE_INTEGER),
        [Inputs.ArchiveFile]: filePath(workspace)
    };
}
/** The selection as the service names it: the selectors of the DLQ chosen by source (the others are refused). */
function delete_schema_selectionOf(v) {
    const workflow = v[Inputs.Source] === 'workflow';
    return {
        ...valuesOf(v, [Inputs.DlqIds, Inputs.FromDate, Inputs.ToDate]),
        ...(workflow ? valuesOf(v, RUN_SELECTORS) : valuesOf(v, MESSAGE_SELECTORS))
    };
}
function deleteRules(v, ctx) {
    dateOrder(v, ctx);
    sourceRule(v, ctx, MESSAGE_SELECTORS, 'selected');
    const selection = delete_schema_selectionOf(v);
    queryFits(ctx, { ...selection, dlqIds: longestOf(selection.dlqIds), count: 100 }, undefined);
    if (v[Inputs.DlqIds] !== undefined && v[Inputs.DlqIdsFile] !== undefined) {
        refuse(ctx, Inputs.DlqIdsFile, 'cannot be combined with dlq-ids: give the ids in one of the two');
    }
    if (v[Inputs.OlderThan] !== undefined && v[Inputs.ToDate] !== undefined) {
        refuse(ctx, Inputs.OlderThan, "cannot be combined with to-date: older-than sets the to-date (the service's time less the duration); give one");
    }
    if (v[Inputs.PlanFile] !== undefined && !v[Inputs.DryRun]) {
        refuse(ctx, Inputs.PlanFile, 'applies with dry-run: true (the plan of what the delete would take); a delete lists what it deletes into ' +
            'archive-file');
    }
    for (const name of [Inputs.PlanFile, Inputs.ArchiveFile]) {
        if (v[name] !== undefined && v[name] === v[Inputs.DlqIdsFile]) {
            refuse(ctx, name, 'must not be the file dlq-ids-file reads: it would be overwritten by what it reads');
        }
    }
}
/** Where the archive goes when archive-file is not set: the runner's temporary folder, which is emptied after the job. */
function defaultArchiveFile(now) {
    const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
    return (0,external_node_path_.join)(process.env.RUNNER_TEMP || (0,external_node_os_.tmpdir)(), 'dlq-archive', `delete-dlq-${stamp}.ndjson`);
}
function deleteSchema(now, workspace) {
    return schemas/* object */.Ikc(deleteShape(now, workspace))
        .superRefine(deleteRules)
        .transform(v => {
        const maxRuns = v[Inputs.MaxEntries];
        const resume = {
            verb: 'delete-dlq',
            ...(v[Inputs.Source] === 'workflow' ? { source: 'workflow' } : {}),
            selection: delete_schema_selectionOf(v),
            all: v[Inputs.All],
            overrides: {},
            maxPages: v[Inputs.MaxPages],
            ...(maxRuns !== undefined ? { maxRuns } : {})
        };
        return {
            operation: 'delete-dlq',
            ...common(v),
            resume,
            dryRun: v[Inputs.DryRun],
            ...valuesOf(v, [Inputs.ExpectCount, Inputs.OlderThan, Inputs.PlanFile, Inputs.DlqIdsFile]),
            // A file there that holds data is refused before any request, never overwritten (inputs/output-files).
            archiveFile: v[Inputs.ArchiveFile] ?? defaultArchiveFile(now)
        };
    });
}

;// CONCATENATED MODULE: ./src/inputs/schemas.ts
/** One zod schema per operation over the raw text of its inputs (its keys), whose transform yields its settings. */










/** Filters of the messages listed; from-date and to-date also bound a listing of failed workflow runs. */
function messageFilters(now) {
    return {
        [Inputs.MessageId]: filterList,
        [Inputs.Url]: filterList,
        [Inputs.TopicName]: filterList,
        // Read as resume-schedule reads it: a comma separates ids, as a server reads one inside a filter value.
        [Inputs.ScheduleId]: optional(readScheduleIds),
        [Inputs.QueueName]: filterList,
        [Inputs.Api]: filterList,
        [Inputs.FromDate]: date(now),
        [Inputs.ToDate]: date(now),
        [Inputs.ResponseStatus]: integer(100, 599),
        [Inputs.CallerIp]: filterList
    };
}
const MESSAGE_FILTERS = Object.keys(messageFilters(0));
function listShape(now, workspace) {
    return {
        ...commonShape,
        ...messageFilters(now),
        [Inputs.Count]: defaultInteger(Inputs.Count, 1, 100),
        [Inputs.Order]: withDefault(Inputs.Order, either('earliestFirst', 'latestFirst')),
        [Inputs.Cursor]: fields_text,
        [Inputs.MaxMessages]: integer(1, Number.MAX_SAFE_INTEGER),
        [Inputs.MaxPages]: maxPages,
        ...thresholdShape(),
        [Inputs.MessagesFile]: filePath(workspace),
        [Inputs.KeepCredentialHeaders]: fields_boolean(Inputs.KeepCredentialHeaders),
        [Inputs.Concurrency]: defaultInteger(Inputs.Concurrency, 1, 16),
        [Inputs.IssueOnFailure]: fields_boolean(Inputs.IssueOnFailure),
        [Inputs.IssueTitle]: withDefault(Inputs.IssueTitle, readOne),
        [Inputs.IssueRepeatInterval]: withDefault(Inputs.IssueRepeatInterval, readDuration),
        [Inputs.Source]: withDefault(Inputs.Source, either('message', 'workflow')),
        ...runSelectors,
        ...healthShape(workspace)
    };
}
/** The filters a listing sends, in the order of its query. */
function listFilters(v) {
    return {
        ...valuesOf(v, MESSAGE_FILTERS),
        ...(v[Inputs.Source] === 'workflow' ? { source: 'workflow' } : {}),
        ...valuesOf(v, RUN_SELECTORS)
    };
}
function listRules(v, ctx) {
    dateOrder(v, ctx);
    sourceRule(v, ctx, MESSAGE_FILTERS, 'filtered');
    const filters = listFilters(v);
    // Several message ids are listed one id a request.
    const messageId = longestOf(filters.messageId);
    queryFits(ctx, { ...filters, messageId, count: 100, order: 'earliestFirst' }, v[Inputs.Cursor]);
    healthRules(v, ctx);
    for (const name of [Inputs.Cursor, Inputs.MaxMessages]) {
        if (v[Inputs.Concurrency] > 1 && v[name] !== undefined) {
            refuse(ctx, Inputs.Concurrency, `must be 1 when ${name} is set: ${name} continues one ordered listing, which parallel slices cannot`);
        }
        if ((v[Inputs.MessageId]?.length ?? 0) > 1 && v[name] !== undefined) {
            refuse(ctx, name, 'cannot be combined with several message-id values: each id is listed on its own (some servers apply ' +
                'only one), so there is no single listing to continue or to stop part way');
        }
    }
}
function listSchema(now, workspace) {
    return schemas/* object */.Ikc(listShape(now, workspace))
        .superRefine(listRules)
        .transform(v => ({
        operation: 'list-dlq',
        ...common(v),
        list: {
            filters: listFilters(v),
            pageSize: v[Inputs.Count],
            ...valuesOf(v, [Inputs.Order, Inputs.MaxPages, Inputs.Concurrency, Inputs.Cursor, Inputs.MaxMessages]),
            windows: countWindows(v)
        },
        health: thresholdsOf(v),
        ...valuesOf(v, [Inputs.MessagesFile, Inputs.KeepCredentialHeaders, Inputs.MetricsFile, Inputs.HistoryFile]),
        ...(v[Inputs.IssueOnFailure]
            ? {
                issue: {
                    title: v[Inputs.IssueTitle],
                    repeatIntervalMs: v[Inputs.IssueRepeatInterval],
                    labels: v[Inputs.IssueLabels] ?? [],
                    assignees: v[Inputs.IssueAssignees] ?? []
                }
            }
            : {})
    }));
}
const scheduleShape = {
    ...commonShape,
    [Inputs.DryRun]: fields_boolean(Inputs.DryRun),
    [Inputs.ScheduleId]: input(s => {
        if (s.trim() === '')
            throw new Error('is required: one or more schedule ids, separated by newlines or commas');
        return readScheduleIds(s);
    })
};
function scheduleSchema() {
    return schemas/* object */.Ikc(scheduleShape).transform(v => ({
        operation: 'resume-schedule',
        ...common(v),
        schedules: { scheduleIds: v[Inputs.ScheduleId] },
        dryRun: v[Inputs.DryRun]
    }));
}
/** Each operation's schema: the keys of its object are the inputs it reads, the single source of that list. */
const SCHEMAS = {
    'list-dlq': listSchema,
    'resume-schedule': scheduleSchema,
    'resume-workflows': resumeSchema,
    'restart-workflows': restartSchema,
    'retry-messages': retrySchema,
    'delete-dlq': deleteSchema
};

;// CONCATENATED MODULE: ./src/inputs/settings.ts





/** Bad inputs, each line naming the input and what it allows. Expected: shown without a stack trace. */
class InputError extends Error {
    issues;
    narrow;
    name = 'InputError';
    constructor(issues, 
    /** A bulk write with no selector and no `all: true`: its selectors, with which the summary says how to narrow it. */
    narrow) {
        super(issues.map(issue => issue.message).join('\n'));
        this.issues = issues;
        this.narrow = narrow;
    }
    /** The refusal is of a bulk write that selected nothing. */
    get noSelector() {
        return this.narrow !== undefined;
    }
}
/** Inputs whose value is never quoted back, even when refused. */
const SECRET_INPUTS = new Set([Inputs.Token, Inputs.GithubToken]);
/** One bad input: its name, what it allows, and the value given quoted back (never a secret's). */
function badInput(input, says, value) {
    const got = value === undefined || SECRET_INPUTS.has(input) ? '' : ` (got "${shorten(value)}")`;
    return { input, message: `Input '${input}' ${says}${got}.` };
}
/** A value quoted back in one short line: whitespace folded, other control characters shown as escapes. */
function shorten(value) {
    const flat = value
        .replace(/\s+/g, ' ')
        .trim()
        .replace(CONTROL_CHARACTERS, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    return flat.length > 60 ? `${flat.slice(0, 57)}...` : flat;
}
/** The settings of the chosen operation; throws InputError naming each bad input and what it allows. */
function readSettings(read, now, workspace = process.env.GITHUB_WORKSPACE || process.cwd()) {
    const operation = read(Inputs.Operation).trim();
    if (!Operations.includes(operation)) {
        const says = `must be one of ${Operations.join(', ')}${operation === '' ? ' (it is empty)' : ''}`;
        throw new InputError([badInput(Inputs.Operation, says, operation || undefined)]);
    }
    const schema = SCHEMAS[operation](now, workspace);
    const raw = Object.fromEntries(Object.keys(schema.in.shape).map(name => [name, read(name)]));
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
        const issues = parsed.error.issues.map(issue => [String(issue.path[0] ?? 'inputs'), issue.message]);
        throw new InputError(issues.map(([input, says]) => badInput(input, says, raw[input])));
    }
    const settings = parsed.data;
    if (isBulk(settings)) {
        const { resume } = settings;
        // older-than narrows a delete by age, on the service's clock: its to-date is known only once the service answers.
        const byAge = 'olderThan' in settings && settings.olderThan !== undefined;
        const selected = Object.keys(resume.selection).length > 0 || settings.dlqIdsFile !== undefined || resume.runs !== undefined;
        if (!selected && !byAge && !settings.resume.all) {
            const { words } = VERBS[settings.operation];
            const selectors = selectorsOf(settings.operation, verbOf(resume).dlq);
            const says = `must be true to ${words.base} every failed ${words.item} in the DLQ: no selector was given ` +
                `(set ${selectors.slice(0, -1).join(', ')} or ${selectors.at(-1)} to narrow it)`;
            throw new InputError([badInput(Inputs.All, says)], { operation: settings.operation, selectors });
        }
    }
    return settings;
}
/** The settings of a bulk write (src/verbs.ts). */
const isBulk = (settings) => settings.operation in VERBS;
/** Inputs that were set but that the chosen operation does not read: worth a warning, not a failure. */
function unusedInputs(read, operation) {
    const used = new Set([Inputs.Operation, ...Object.keys(SCHEMAS[operation](0, '').in.shape)]);
    return Object.values(Inputs).filter(name => {
        const value = read(name).trim();
        return !used.has(name) && value !== '' && value !== INPUT_DEFAULTS[name];
    });
}

;// CONCATENATED MODULE: ./src/inputs/id-file.ts
/** Reads the DLQ ids of input dlq-ids-file, before any request: a newline list, or a listing's NDJSON messages-file. */






const id_file_refuse = (path, detail) => new InputError([badInput(Inputs.DlqIdsFile, detail, path)]);
/** The id one line holds (none on a blank line), or the refusal `bad` makes of the reason it holds none. */
function idOfLine(line, dlq, bad) {
    const text = line.trim();
    if (text === '')
        return undefined;
    let id = text;
    if (text.startsWith('{')) {
        let record;
        try {
            record = JSON.parse(text);
        }
        catch {
            throw bad('is a line starting with "{" that is not valid JSON');
        }
        const { dlqId } = record;
        if (typeof dlqId !== 'string' || dlqId.trim() === '')
            throw bad('is a JSON line without a dlqId string');
        // A line names an entry of one DLQ: a message's dlqId means nothing to the workflow DLQ, and the reverse.
        if (dlq === 'workflow' && record.workflowRunId === undefined) {
            throw bad('is a DLQ message, not a failed workflow run (no workflowRunId): list with source: workflow');
        }
        if (dlq === 'message' && record.workflowRunId !== undefined) {
            throw bad('is a failed workflow run, not a DLQ message (it has a workflowRunId): list without source: workflow');
        }
        id = dlqId.trim();
    }
    const problem = dlqIdProblem(id);
    if (problem !== undefined)
        throw bad(problem);
    return id;
}
/**
 * The distinct ids in file order, read line by line; throws InputError at a bad line, or when there is none. A JSON
 * line must be an entry of `dlq`, the DLQ the write takes from (src/verbs.ts).
 */
async function readDlqIdsFile(path, dlq = 'workflow') {
    // Each distinct id with the line it first appears on, in file order.
    const ids = new Map();
    const stream = (0,external_node_fs_.createReadStream)(path, { encoding: 'utf8' });
    const lines = (0,external_node_readline_.createInterface)({ input: stream, crlfDelay: Infinity });
    let number = 0;
    try {
        for await (const line of lines) {
            number++;
            const id = idOfLine(line, dlq, problem => id_file_refuse(path, `line ${number} ${problem}`));
            if (id !== undefined && !ids.has(id))
                ids.set(id, number);
        }
    }
    catch (err) {
        if (err instanceof InputError)
            throw err;
        throw id_file_refuse(path, `must be a readable file of DLQ ids (${err.code ?? 'error'})`);
    }
    finally {
        lines.close();
        stream.destroy();
    }
    if (ids.size === 0) {
        throw id_file_refuse(path, 'holds no DLQ id: an empty list would resume nothing, or without a selector everything');
    }
    return { ids: [...ids.keys()], lines: [...ids.values()] };
}
/** The settings with the ids of dlq-ids-file put where dlq-ids would be; unchanged when it is not set. */
async function withDlqIdsFile(settings) {
    if (settings.dlqIdsFile === undefined)
        return settings;
    const { ids, lines } = await readDlqIdsFile(settings.dlqIdsFile, verbOf(settings.resume).dlq);
    const selection = { ...settings.resume.selection, dlqIds: ids };
    return { ...settings, resume: { ...settings.resume, selection, dlqIdLines: lines } };
}

// EXTERNAL MODULE: external "node:fs/promises"
var external_node_fs_promises_ = __webpack_require__(1455);
;// CONCATENATED MODULE: ./src/inputs/output-files.ts
/** Checks, before any request, that the files the action will write can be written. */





/** Files the runner reads after the step: writing NDJSON over one would corrupt the step's own results. */
const RUNNER_FILES = ['GITHUB_OUTPUT', 'GITHUB_STEP_SUMMARY', 'GITHUB_ENV', 'GITHUB_PATH', 'GITHUB_STATE'];
const output_files_errorCode = (err) => err.code ?? 'error';
function reason(err) {
    const code = output_files_errorCode(err);
    return ERRNO_MEANING[code] ? `${ERRNO_MEANING[code]}, ${code}` : code;
}
/** The file's metadata, or undefined when nothing is there (or a path component is not a directory). */
const statOrNothing = (path) => (0,external_node_fs_promises_.stat)(path).catch((err) => {
    if (output_files_errorCode(err) === 'ENOENT' || output_files_errorCode(err) === 'ENOTDIR')
        return undefined;
    throw err;
});
/** What is wrong with writing a file at `path` (completing "must be ..."), or undefined when nothing is. */
async function problemWriting(path, env) {
    const runnerFile = RUNNER_FILES.find(name => env[name] && (0,external_node_path_.resolve)(env[name]) === path);
    if (runnerFile)
        return `a file of its own: ${runnerFile} points there, and the runner reads that file after the step`;
    const info = await statOrNothing(path);
    if (info?.isDirectory())
        return 'a file path, not a directory';
    if (info) {
        try {
            // Opening without O_TRUNC or O_CREAT changes nothing; a FIFO or device is only asked, since opening one may block.
            if (info.isFile())
                await (await (0,external_node_fs_promises_.open)(path, external_node_fs_.constants.O_WRONLY)).close();
            else
                await (0,external_node_fs_promises_.access)(path, external_node_fs_.constants.W_OK);
            return undefined;
        }
        catch (err) {
            return `a file that can be written: it exists but cannot be opened for writing (${reason(err)})`;
        }
    }
    // Nothing there yet: find the nearest folder that exists, and the first one that would have to be created.
    let folder = (0,external_node_path_.dirname)(path);
    let firstMissing;
    let found = await statOrNothing(folder);
    while (!found && (0,external_node_path_.dirname)(folder) !== folder) {
        firstMissing = folder;
        folder = (0,external_node_path_.dirname)(folder);
        found = await statOrNothing(folder);
    }
    if (!found?.isDirectory())
        return `a path whose folders can be created: ${folder} is not a directory`;
    try {
        if (firstMissing === undefined) {
            // Creating the file itself is the only sure test (permissions, read-only mounts, ACLs); it is removed at once.
            await (await (0,external_node_fs_promises_.open)(path, 'wx')).close();
            await (0,external_node_fs_promises_.unlink)(path);
        }
        else {
            await (0,external_node_fs_promises_.mkdir)(firstMissing);
            await (0,external_node_fs_promises_.rmdir)(firstMissing);
        }
        return undefined;
    }
    catch (err) {
        // The file appeared in between: someone else made it, it is writable as far as this check can tell.
        if (output_files_errorCode(err) === 'EEXIST')
            return undefined;
        const target = firstMissing === undefined ? `a file in ${folder}` : `the folder ${firstMissing}`;
        return `a path where a file can be created: cannot create ${target} (${reason(err)})`;
    }
}
/** Throws InputError naming each output file that cannot be written; what it creates to find out, it removes. */
async function checkOutputFiles(files, env = process.env) {
    const problems = [];
    for (const [name, path] of files) {
        if (path === undefined)
            continue;
        const problem = await problemWriting(path, env).catch((err) => `a path that can be checked (${reason(err)})`);
        if (problem !== undefined)
            problems.push(badInput(name, `must be ${problem}`, path));
    }
    if (problems.length > 0)
        throw new InputError(problems);
}
/**
 * Refuses, before any request, an archive-file that already holds data: it may be the archive of an earlier delete,
 * the only copy of what that delete took, and a delete writes its archive from the start.
 */
async function checkArchiveFile(path) {
    const info = await statOrNothing(path).catch(() => undefined);
    if (info?.isFile() !== true || info.size === 0)
        return;
    const says = 'must not be a file that holds data: it may be the archive of an earlier delete, which this one would ' +
        'overwrite; give a new path (with ${{ github.run_id }}-${{ github.run_attempt }} in it) or remove the file';
    throw new InputError([badInput(Inputs.ArchiveFile, says, path)]);
}

;// CONCATENATED MODULE: ./src/operations/credential-headers.ts
/** What a credential header's value becomes: the name stays, so the reader still sees the header was sent. */
const REDACTED_HEADER_VALUE = '[redacted]';
/**
 * A credential header's name (any case, `_` read as `-`) is one of these words or ends in `-` and one, maybe with a
 * version: `Authorization`, `Set-Cookie`, `X-Api-Key`, `X-Hub-Signature-256`, any `…-Key`; not `X-Token-Type`.
 */
const CREDENTIAL_NAME = /(?:^|-)(?:authorization|cookie2?|api-?key|access-?key|key|auth|token|secret|password|passwd|signature|credentials?)(?:-\d+)?$/;
/** Headers named `…-Key` that carry no secret: a request's own id, or a value the protocol makes public. */
const PUBLIC_KEYS = new Set(['idempotency-key', 'sec-websocket-key', 'x-idempotency-key', 'cache-key']);
function isCredentialHeader(name) {
    const normal = name.toLowerCase().replaceAll('_', '-');
    return CREDENTIAL_NAME.test(normal) && !PUBLIC_KEYS.has(normal);
}
/** A header map with each credential value replaced, and how many values were; the same object when none was. */
function redactHeaderMap(headers) {
    if (headers === null || typeof headers !== 'object' || Array.isArray(headers))
        return { headers, redacted: 0 };
    const source = headers;
    let copy;
    let redacted = 0;
    for (const name of Object.keys(source)) {
        if (!isCredentialHeader(name))
            continue;
        const { value, count } = redactValue(source[name]);
        if (count === 0)
            continue;
        copy ??= { ...source };
        copy[name] = value;
        redacted += count;
    }
    return { headers: copy ?? headers, redacted };
}
/** An empty or missing value hides nothing and stays; anything else (a string, a number, an object) is replaced. */
function redactValue(value) {
    if (Array.isArray(value)) {
        const done = value.map(redactValue);
        const count = done.reduce((sum, one) => sum + one.count, 0);
        return count === 0 ? { value, count } : { value: done.map(one => one.value), count };
    }
    if (value === null || value === undefined || value === '')
        return { value, count: 0 };
    return { value: REDACTED_HEADER_VALUE, count: 1 };
}
/** The message with the credential values of `header` and `responseHeader` replaced: a copy only when any was. */
function redactCredentialHeaders(message) {
    const header = redactHeaderMap(message.header);
    const response = redactHeaderMap(message.responseHeader);
    const redacted = header.redacted + response.redacted;
    if (redacted === 0)
        return { message, redacted };
    // A map with nothing replaced is the same object; one the message lacked stays undefined, so no file line gets it.
    return { message: { ...message, header: header.headers, responseHeader: response.headers }, redacted };
}

;// CONCATENATED MODULE: ./src/service/query.ts

/** Appends each set value under its wire name; arrays repeat the key (values of one key are ORed). */
function queryOf(values) {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(values)) {
        if (value === undefined)
            continue;
        for (const one of Array.isArray(value) ? value : [value])
            query.append(key, String(one));
    }
    return query;
}
/** Query of one `GET /v2/dlq` request: the filters the user set, page size, order and cursor. */
function listQuery(filters, count, order, cursor) {
    return queryOf({ ...filters, count, order, cursor });
}
/**
 * Query of one `POST /v2/workflows/dlq/resume` request: the selectors travel in the query, never a body. Pass
 * `count` always (RESUME_PAGE_SIZE): a server that gets none may resume every match in one answer.
 */
function resumeQuery(selection, cursor, count) {
    return queryOf({ ...selection, count, cursor });
}
/** The URL of a request: base-url's path prefix kept, the path appended, the query replaced. */
function requestUrl(baseUrl, path, query) {
    const url = new URL(baseUrl.pathname.replace(/\/+$/, '') + path, baseUrl.origin);
    url.search = query.toString();
    return url;
}
/** Override headers of a bulk resume: only those the user set. */
function overrideHeaders(overrides) {
    const headers = {};
    if (overrides.flowControlKey !== undefined)
        headers['Service-Flow-Control-Key'] = overrides.flowControlKey;
    if (overrides.flowControlValue !== undefined)
        headers['Service-Flow-Control-Value'] = overrides.flowControlValue;
    if (overrides.retries !== undefined)
        headers['Service-Retries'] = String(overrides.retries);
    if (overrides.delay !== undefined)
        headers['Service-Delay'] = overrides.delay;
    return headers;
}
/** Path of one schedule's resume: the id is one encoded segment, never empty nor a dot segment. */
function scheduleResumePath(scheduleId) {
    const problem = scheduleIdProblem(scheduleId);
    if (problem !== undefined)
        throw new Error(problem);
    return `/v2/schedules/${encodeURIComponent(scheduleId)}/resume`;
}

;// CONCATENATED MODULE: ./src/service/schemas.ts


const TIME_EXPECTED = `expected milliseconds from 0 to ${MAX_DATE_MS} (a time a JavaScript Date can hold)`;
const timeNumber = schemas/* number */.aig({ error: TIME_EXPECTED })
    .refine(ms => Number.isInteger(ms) && ms >= 0 && ms <= MAX_DATE_MS, TIME_EXPECTED);
/** Some servers send timestamps as strings of digits: accept both, keep a number. */
const millis = schemas/* preprocess */.vkY(v => (typeof v === 'string' && /^\d{1,16}$/.test(v) ? Number(v) : v), timeNumber);
/** A cursor: absent, null and "" all mean the end. */
const cursor = schemas/* nullish */.cl6(schemas/* string */.YjP()).transform(c => c || undefined);
const id = schemas/* string */.YjP().min(1);
const schemas_text = schemas/* string */.YjP().optional();
const optionalTime = millis.optional();
const optionalHeaders = schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* array */.YOg(schemas/* string */.YjP())).optional();
/** Optional text fields, in the order given: a message read field by field takes the schema's key order. */
const texts = (...keys) => Object.fromEntries(keys.map(key => [key, schemas_text]));
/** A DLQ message. Lenient on read: only messageId is required, unknown fields are kept. */
const dlqMessageSchema = schemas/* looseObject */._H3({
    messageId: id,
    ...texts('dlqId', 'topicId', 'topicName', 'endpointName', 'url', 'method'),
    header: optionalHeaders,
    ...texts('body', 'bodyBase64'),
    maxRetries: schemas/* number */.aig().optional(),
    notBefore: optionalTime,
    createdAt: optionalTime,
    ...texts('callback', 'failureCallback', 'scheduleId', 'callerIP', 'callerIp', 'queueName'),
    responseStatus: schemas/* number */.aig().int().optional(),
    responseHeader: optionalHeaders,
    ...texts('responseBody', 'responseBodyBase64', 'state'),
    // A failed workflow run's entry (source=workflow) carries these beside the message fields.
    ...texts('workflowUrl', 'workflowRunId'),
    workflowCreatedAt: optionalTime
});
/** A page's envelope: the cursor is checked at once, the messages only when read. */
const dlqEnvelopeSchema = schemas/* object */.Ikc({ messages: schemas/* array */.YOg(schemas/* unknown */.L5J()), cursor });
/** A resumed run: only the two fields reported are kept; no workflowCreatedAt when the service sent no usable one. */
const workflowRunSchema = schemas/* object */.Ikc({ workflowRunId: id, workflowCreatedAt: optionalTime });
/** A bulk resume answer's envelope: the runs are read one by one with readWorkflowRuns. */
const resumeEnvelopeSchema = schemas/* object */.Ikc({ workflowRuns: schemas/* array */.YOg(schemas/* unknown */.L5J()), cursor });
/** A message a retry created: the entry left the DLQ; `deduplicated`: the service did not deliver it again. */
const retriedMessageSchema = schemas/* object */.Ikc({
    messageId: id,
    deduplicated: schemas/* preprocess */.vkY(v => (v === null ? undefined : v), schemas/* optional */.lqM(schemas/* boolean */.zMY()))
});
/** A bulk retry answer's envelope: the new messages are read one by one with readRetriedMessages. */
const retryEnvelopeSchema = schemas/* object */.Ikc({ responses: schemas/* array */.YOg(schemas/* unknown */.L5J()), cursor });
/** A bulk delete's answer (wire contract, 6): how many entries it deleted, never which. */
const deleteEnvelopeSchema = schemas/* object */.Ikc({ deleted: schemas/* number */.aig().int().nonnegative(), cursor });
/**
 * Why a delete's count cannot be true of its request: more than the DLQ ids it named means it did not select by them
 * (with no selector, a delete takes everything), so the delete stops at once, saying so.
 */
function deletedProblem(deleted, query) {
    const named = query.getAll('dlqIds').length;
    if (named === 0 || deleted <= named)
        return undefined;
    return `${deleted} for a request naming ${named} DLQ ids: it may have deleted by another selection`;
}
const MAX_SHOWN = 40;
/**
 * A short, type-revealing picture of a bad value: never a whole object, however deep or long. A long string is shown
 * by its length only: a piece of it could hold part of a secret that the redactor, which sees whole secrets, misses.
 */
function shown(value) {
    if (typeof value === 'string') {
        return value.length > MAX_SHOWN ? `a string of ${value.length} characters` : JSON.stringify(value);
    }
    if (value === null || typeof value === 'number' || typeof value === 'boolean')
        return String(value);
    if (typeof value !== 'object')
        return typeof value;
    return Array.isArray(value) ? 'an array' : 'an object';
}
/** A JSON object (not an array, not null): what a wire shape is read from. */
const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/**
 * Reads a page's items against an object schema, never throwing: one `asSent` accepts as the very object it is, a
 * valid one as the schema returns it; otherwise `null` in an optional field is read as absent, a field with an
 * unusable value is dropped (problem kept: true), and an item without a usable `idKey` is left out (kept: false).
 */
function readItems(schema, idKey, items, asSent = () => false) {
    const problems = [];
    const read = (item, index) => {
        if (asSent(item))
            return item;
        const whole = schema.safeParse(item);
        if (whole.success)
            return whole.data;
        if (!isRecord(item)) {
            problems.push({ index, detail: `not an object (${shown(item)})`, kept: false });
            return undefined;
        }
        // The first problem of each field, by name.
        const why = new Map();
        for (const issue of whole.error.issues)
            if (!why.has(issue.path[0]))
                why.set(issue.path[0], issue.message);
        if (why.has(idKey)) {
            problems.push({ index, detail: `no usable ${idKey} (${shown(item[idKey])})`, kept: false });
            return undefined;
        }
        const id = item[idKey];
        const entries = Object.entries(item).filter(([key, value]) => {
            const problem = why.get(key);
            if (problem !== undefined && value !== null)
                problems.push({ index, id, detail: `${key} ${shown(value)} left out: ${problem}`, kept: true });
            return problem === undefined;
        });
        // fromEntries defines own properties, so even a "__proto__" key stays plain data.
        const again = schema.safeParse(Object.fromEntries(entries));
        if (again.success)
            return again.data;
        problems.push({ index, id, detail: 'unreadable', kept: false });
        return undefined;
    };
    return { values: items.map(read).filter(value => value !== undefined), problems };
}
/**
 * True when the schema would return the item as it stands (not for a digit-string time): then the item itself is
 * kept. Named reads stay fast on objects of one shape, where a parse walks every key. Every field of
 * dlqMessageSchema is checked here (a unit test holds it so).
 */
function usableAsSent(m) {
    if (!isRecord(m) || typeof m.messageId !== 'string' || m.messageId === '')
        return false;
    const str = (v) => v === undefined || typeof v === 'string';
    const time = (v) => v === undefined || (Number.isInteger(v) && v >= 0 && v <= MAX_DATE_MS);
    const headers = (v) => v === undefined ||
        (isRecord(v) && Object.values(v).every(list => Array.isArray(list) && list.every(one => typeof one === 'string')));
    return (str(m.dlqId) &&
        str(m.topicId) &&
        str(m.topicName) &&
        str(m.endpointName) &&
        str(m.url) &&
        str(m.method) &&
        headers(m.header) &&
        str(m.body) &&
        str(m.bodyBase64) &&
        (m.maxRetries === undefined || (typeof m.maxRetries === 'number' && Number.isFinite(m.maxRetries))) &&
        time(m.notBefore) &&
        time(m.createdAt) &&
        str(m.callback) &&
        str(m.failureCallback) &&
        str(m.scheduleId) &&
        str(m.callerIP) &&
        str(m.callerIp) &&
        str(m.queueName) &&
        (m.responseStatus === undefined || Number.isSafeInteger(m.responseStatus)) &&
        headers(m.responseHeader) &&
        str(m.responseBody) &&
        str(m.responseBodyBase64) &&
        str(m.state) &&
        str(m.workflowUrl) &&
        str(m.workflowRunId) &&
        time(m.workflowCreatedAt));
}
/** The usable messages of a page's items (as sent where the schema would not change them), and the problems. */
function readDlqMessages(items) {
    const { values, problems } = readItems(dlqMessageSchema, 'messageId', items, usableAsSent);
    return { messages: values, problems };
}
/** The runs of a bulk-resume answer whose id could be read, and the problems. */
function readWorkflowRuns(items) {
    const { values, problems } = readItems(workflowRunSchema, 'workflowRunId', items);
    return { runs: values, problems };
}
/** The new messages of a bulk-retry answer whose id could be read (deduplicated only when true), and the problems. */
function readRetriedMessages(items) {
    const { values, problems } = readItems(retriedMessageSchema, 'messageId', items);
    const messages = values.map(({ messageId, deduplicated }) => deduplicated === true ? { messageId, deduplicated: true } : { messageId });
    return { messages, problems };
}

;// CONCATENATED MODULE: ./src/operations/history.ts
/**
 * The memory of a scheduled check (history-file): the figures of earlier runs, read before the listing and written back
 * with this run's, numbers only and bounded; and the growth of the count within a window, measured against them.
 */





/** What a history-file says it is: this action's history, its version, and the check it belongs to. */
const FORMAT = 'dlq-action-history';
const VERSION = 1;
const count = schemas/* number */.aig().int().min(0).max(Number.MAX_SAFE_INTEGER);
const sampleSchema = schemas/* strictObject */.rej({
    at: schemas/* number */.aig().int().refine(isDateMs),
    count,
    complete: schemas/* union */.KCZ([schemas/* literal */.euz(0), schemas/* literal */.euz(1)]),
    oldestAgeMs: count.optional(),
    new: count.optional(),
    expiring: count.optional()
});
const historySchema = schemas/* strictObject */.rej({
    format: schemas/* literal */.euz(FORMAT),
    version: schemas/* number */.aig(),
    check: schemas/* string */.YjP(),
    samples: schemas/* array */.YOg(sampleSchema).max(HISTORY_SAMPLES)
});
/**
 * The check a history belongs to, as a short hash: the service and what it lists (`scope`, the filters as the health
 * issue knows them). A history of another service or other filters is foreign: its counts are not this check's.
 */
function historyCheck(baseUrl, scope) {
    const service = `${baseUrl.origin}${baseUrl.pathname.replace(/\/+$/, '')}`;
    return (0,external_node_crypto_.createHash)('sha256')
        .update(JSON.stringify([service, scope]))
        .digest('hex')
        .slice(0, 16);
}
/** The earlier samples, or none with the reason ("no history yet: ..."): a file that cannot be trusted is none. */
async function readHistory(path, check, now) {
    let text;
    try {
        const bytes = await (0,external_node_fs_promises_.readFile)(path);
        if (bytes.length > HISTORY_MAX_BYTES)
            return { samples: [], none: `it is larger than a history can be` };
        text = bytes.toString('utf8');
    }
    catch (err) {
        const code = err.code ?? 'EIO';
        return { samples: [], none: code === 'ENOENT' ? 'the file does not exist yet' : `it cannot be read (${code})` };
    }
    let parsed;
    try {
        parsed = JSON.parse(text);
    }
    catch {
        return { samples: [], none: 'it is not JSON (damaged)' };
    }
    const read = historySchema.safeParse(parsed);
    if (!read.success) {
        const ours = parsed?.format === FORMAT;
        return { samples: [], none: ours ? 'it is damaged' : "it is not this action's history" };
    }
    const { version, check: its, samples } = read.data;
    if (version !== VERSION)
        return { samples: [], none: `it is of another version (${version}) of its format` };
    if (its !== check)
        return { samples: [], none: "it is another check's (another base-url, source or filters)" };
    // Samples out of order, or after this run, come from a clock that moved back: their growth could not be trusted.
    if (samples.some((s, i) => s.at > now || (i > 0 && s.at < samples[i - 1].at))) {
        return { samples: [], none: "its times are not in order before this run's (a clock moved back)" };
    }
    return { samples };
}
/** This run's sample: its count and figures at the service's time; a count of nothing listed is no sample. */
function sampleOf(found, now) {
    if (found.failure !== undefined && found.count === 0)
        return undefined;
    const complete = found.failure === undefined && found.nextCursor === undefined;
    return {
        at: now,
        count: found.count,
        complete: complete ? 1 : 0,
        ...(found.oldestCreatedAt !== undefined ? { oldestAgeMs: Math.max(0, now - found.oldestCreatedAt) } : {}),
        ...(found.arrivals !== undefined ? { new: found.arrivals.count } : {}),
        ...(found.expiry !== undefined ? { expiring: found.expiry.count } : {})
    };
}
/** The samples with this run's last, the oldest dropped past HISTORY_SAMPLES. */
function withSample(samples, sample) {
    const all = sample === undefined ? [...samples] : [...samples, sample];
    return all.slice(-HISTORY_SAMPLES);
}
/** The history as history-file holds it: one JSON object, numbers only but for its format and check. */
function historyText(check, samples) {
    return `${JSON.stringify({ format: FORMAT, version: VERSION, check, samples })}\n`;
}
/**
 * How the count moved within `withinMs` before `now`: from the lowest earlier complete sample in the window (the
 * largest rise ending now) to this run's count; a sample of the same second is an earlier run's (Dates are whole seconds).
 * Without such a sample, no rise is measured.
 */
function growthOf(samples, now, to, withinMs) {
    const since = now - withinMs;
    let from;
    for (const sample of samples) {
        if (sample.complete !== 1 || sample.at < since || sample.at > now)
            continue;
        if (from === undefined || sample.count < from.count)
            from = sample;
    }
    const covered = samples.some(sample => sample.at <= since);
    if (from === undefined)
        return { withinMs, to, covered };
    const delta = to - from.count;
    return {
        withinMs,
        from: { count: from.count, at: from.at },
        to,
        delta,
        percent: (100 * delta) / Math.max(1, from.count),
        covered
    };
}

;// CONCATENATED MODULE: ./src/operations/health.ts




const MAX_POINTS = 120;
/** One check's breach, if its threshold is set and the facts exceed it. */
function judgeOne(name, limit, facts, now) {
    return limit === undefined ? undefined : HEALTH_CHECKS[name].judge(limit, facts, now);
}
/** Which thresholds the listed messages exceed: every check of the table, in its order. */
function judgeHealth(thresholds, facts, now) {
    const breaches = CHECK_NAMES.map(name => judgeOne(name, thresholds[name], facts, now)).filter(b => b !== undefined);
    return { ...thresholds, breaches };
}
/**
 * A listing with its verdict: the one place the health checks run. With `earlier` (history-file's samples, on the
 * service's clock), growth is measured against them and this run's sample joins them.
 */
function judged(findings, thresholds, now, earlier) {
    const window = thresholds.growthAbove?.withinMs;
    const growth = window === undefined || earlier === undefined ? undefined : growthOf(earlier.samples, now, findings.count, window);
    const facts = growth === undefined ? findings : { ...findings, growth };
    const history = earlier === undefined
        ? {}
        : { history: { ...earlier, samples: withSample(earlier.samples, sampleOf(findings, now)) } };
    return { ...facts, ...history, health: judgeHealth(thresholds, facts, now) };
}
/** Distinct buckets kept at once: past this, hours merge into days, then days into weeks. */
const MAX_BUCKETS = 2048;
const bucketOf = (at, size) => Math.floor(at / size) * size;
/** The counts merged into buckets of `size` (a multiple of the size they were counted in). */
function rebucket(counts, size) {
    const merged = new Map();
    for (const [start, count] of counts) {
        const bucket = bucketOf(start, size);
        merged.set(bucket, (merged.get(bucket) ?? 0) + count);
    }
    return merged;
}
/** Counts messages per hour while listing, in bounded memory; the chart's bucket is chosen once the range is known. */
class HourlyCounts {
    counts = new Map();
    size = HOUR;
    /** Messages whose week found no room (timestamps spread over more than MAX_BUCKETS weeks). */
    omitted = 0;
    add(createdAt) {
        if (!isDateMs(createdAt))
            return;
        if (!this.counts.has(bucketOf(createdAt, this.size)) && this.counts.size >= MAX_BUCKETS) {
            if (this.size === WEEK) {
                this.omitted++;
                return;
            }
            // Merge into the next size up (hour to day, day to week).
            this.size = this.size === HOUR ? DAY : WEEK;
            this.counts = rebucket(this.counts, this.size);
        }
        const start = bucketOf(createdAt, this.size);
        this.counts.set(start, (this.counts.get(start) ?? 0) + 1);
    }
    /** Hourly buckets over up to three days, else daily, else weekly; empty buckets included while few. */
    histogram() {
        const omitted = this.omitted > 0 ? { omitted: this.omitted } : {};
        if (this.counts.size === 0)
            return { bucket: 'hour', points: [], ...omitted };
        const starts = [...this.counts.keys()];
        const [first, last] = [Math.min(...starts), Math.max(...starts)];
        const range = last - first;
        // Never finer than the buckets were counted in.
        const size = Math.max(this.size, range < 72 * HOUR ? HOUR : range < 100 * DAY ? DAY : WEEK);
        const bucket = size === HOUR ? 'hour' : size === DAY ? 'day' : 'week';
        const counts = rebucket(this.counts, size);
        const from = bucketOf(first, size);
        const span = Math.floor((last - from) / size) + 1;
        // A range too wide to chart every bucket (a stray timestamp decades off) keeps only the non-empty ones.
        const keys = span <= MAX_POINTS
            ? Array.from({ length: span }, (_, i) => from + i * size)
            : [...counts.keys()].sort((a, b) => a - b);
        return { bucket, points: keys.map(start => ({ start, count: counts.get(start) ?? 0 })), ...omitted };
    }
}

;// CONCATENATED MODULE: ./src/operations/item-problems.ts
/** How a warning names an item it could not read as sent (`message "…"`, `run "…"`), and what was wrong with it. */
const describeItem = (noun) => (problem) => {
    const which = problem.id !== undefined ? `${noun} ${JSON.stringify(problem.id)}` : `item ${problem.index} of a page`;
    return `${which}: ${problem.detail}${problem.kept ? '' : ' (left out)'}`;
};
const describeMessage = describeItem('message');
/** Examples kept for the warning; the counts go on past them. */
const EXAMPLES = 5;
/** Counts the items of every page that could not be used as they stood, keeping a few to name in a warning. */
class ItemProblems {
    kept = 0;
    /** Items left out for want of an id: counted in dlq-count, but in no id output or file. */
    unreadable = 0;
    examples = [];
    /** Counts a page's problems; `describe` names the first few (which item, what was wrong). */
    add(problems, describe = describeMessage) {
        for (const problem of problems) {
            if (problem.kept)
                this.kept++;
            else
                this.unreadable++;
            if (this.examples.length < EXAMPLES)
                this.examples.push(describe(problem));
        }
    }
    summary() {
        if (this.kept + this.unreadable === 0)
            return undefined;
        return { kept: this.kept, leftOut: this.unreadable, examples: [...this.examples] };
    }
}

;// CONCATENATED MODULE: ./src/service/redact.ts
/** Secrets shorter than this are redacted as given only: their encodings are too short to find safely. */
const MIN_ENCODED_SECRET_LENGTH = 4;
const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The secret as text carries it: as given, URL-encoded (path and form), and inside a JSON string. */
function textForms(secret) {
    if (secret.length < MIN_ENCODED_SECRET_LENGTH)
        return [secret];
    const component = encodeURIComponent(secret);
    const form = new URLSearchParams({ s: secret }).toString().slice(2);
    return [secret, component, component.replace(/%20/g, '+'), form, JSON.stringify(secret).slice(1, -1)];
}
/**
 * The base64 characters that depend on the secret's bytes only, for the secret starting at each of the three
 * byte offsets within a 3-byte group: whatever surrounds it, an encoded text that holds the secret holds one of
 * these. Characters shared with the neighbouring bytes are left out.
 */
function base64Forms(secret) {
    const bytes = Buffer.from(secret, 'utf8');
    const forms = [];
    for (let offset = 0; offset < 3; offset++) {
        const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
        const start = Math.ceil((8 * offset) / 6);
        const end = Math.floor((8 * (offset + bytes.length)) / 6);
        const core = encoded.slice(start, end);
        if (core.length < MIN_ENCODED_SECRET_LENGTH)
            continue;
        forms.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
    }
    return forms;
}
/** Replaces any of the forms with `***` in one pass, longest first so that a form holding another goes whole. */
function replacer(forms, flags) {
    const unique = [...new Set(forms)].filter(f => f !== '').sort((a, b) => b.length - a.length);
    if (unique.length === 0)
        return text => text;
    const pattern = new RegExp(unique.map(escapeRegExp).join('|'), flags);
    return text => text.replace(pattern, '***');
}
/**
 * Replaces every occurrence of each secret with `***`: as given in any letter case (a URL host comes back
 * lower-cased), URL-encoded, JSON-escaped, and in base64 or base64url at any byte offset (of the secret as given
 * and lower-cased). Runs on raw text, before any escaping for the destination changes how a secret looks.
 */
function redactor(secrets) {
    const text = replacer(secrets.flatMap(textForms), 'gi');
    const encoded = replacer(secrets
        .filter(s => s.length >= MIN_ENCODED_SECRET_LENGTH)
        .flatMap(s => [...new Set([s, s.toLowerCase(), s.toUpperCase()])].flatMap(base64Forms)), 'g');
    return input => encoded(text(input));
}
/** The first `length` characters, never half a surrogate pair, copied: a slice would keep the original alive. */
function copyPrefix(value, length) {
    let end = Math.min(value.length, length);
    const last = value.charCodeAt(end - 1);
    if (end < value.length && last >= 0xd800 && last <= 0xdbff)
        end--;
    return Buffer.from(value.slice(0, end), 'utf8').toString('utf8');
}

;// CONCATENATED MODULE: ./src/operations/body-blanking.ts
/**
 * What varies in a response body from one failure to the next, blanked so that bodies differing only there share a
 * cause: times, ids, UUIDs, e-mail addresses and numbers that count. What tells one failure from another stays: words,
 * quoted names and enum-like values (`card_declined`, `'user_id'`), error codes (`E1001`, `ERR_AUTH_401X`,
 * `ORA-00942`), and a status or code the body names (`returned 404`, `"status": 503`, `errno 111`).
 */
/** Characters of a body read for its cause: the error is near the start, and a long body costs no more than this. */
const BODY_READ_LENGTH = 2000;
/** Characters of blanked text a cause keeps. */
const CAUSE_TEXT_LENGTH = 300;
const WEEKDAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const CLOCK = '\\d{2}:\\d{2}:\\d{2}';
/** HTTP dates, weekday included (two bodies a day apart differ in it): IMF-fixdate, RFC 850 and asctime. */
const HTTP_DATE = new RegExp(`\\b(?:${WEEKDAY}, \\d{1,2} ${MONTH} \\d{4} ${CLOCK}(?: (?:GMT|UTC|[+-]\\d{4}))?` +
    `|${WEEKDAY}[a-z]*, \\d{2}-${MONTH}-\\d{2,4} ${CLOCK}(?: GMT)?` +
    `|${WEEKDAY} ${MONTH} [ \\d]\\d ${CLOCK} \\d{4})`, 'gi');
/** RFC 3339 and ISO 8601: a date, with a time and a zone or without, and a time of day alone. */
const TIME = /\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?(?![\d:])|\b\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?\b/gi;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
/** Tried at the start of a token only (the lookbehind): a long run before no `@` costs its length once. */
const EMAIL = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
/**
 * Error codes: upper-case letters and digits, starting with a letter, `_`, `-` or `.` between parts, up to 24
 * characters (`E1001`, `ERR_AUTH_401X`, `ORA-00942`). Kept whole; random upper-case ids are told apart by length and by
 * switching between letters and digits more than twice (`A1B2C3D4`).
 */
const CODE = /(?<![A-Za-z0-9_.-])[A-Z][A-Z0-9]*(?:[_.-][A-Z0-9]+)*(?![A-Za-z0-9_])/g;
const CODE_MAX_LENGTH = 24;
/** Hex of 8 digits or more with a digit in it (a word such as "deadbeef" alone stays). */
const HEX = /(?<![0-9A-Za-z_])(?:0x)?(?=[0-9a-f]*\d)[0-9a-f]{8,}(?![0-9A-Za-z_])/gi;
/**
 * Ids: 8 or more letters, digits and _+ mixing letters and digits, as base64 or prefixed ids are (ord_8f3k2j9q). Tried
 * at the start of a token only (the lookbehind), so a long token costs its length once, not its square.
 */
const ID = /(?<![A-Za-z0-9_+])(?=[A-Za-z0-9_+]*\d)(?=[A-Za-z0-9_+]*[A-Za-z])[A-Za-z0-9_+]{8,}={0,2}/g;
const NUMBER = /\d+(?:[.,]\d+)*/g;
/** Words after which a number names a status or a code rather than counting: `returned 404`, `"status": 503`. */
const CODE_CONTEXT = /(?:status(?:[ _-]?code)?|code|errno|sqlstate|error|err|http(?:\/\d(?:\.\d)?)?|returned|responded|answered|got|received)["']?\s*[:=]?\s*["']?$/i;
/** A status followed by its reason phrase: `503 Service Unavailable`. */
const REASON = /^\s+(?:Bad Request|Unauthorized|Payment Required|Forbidden|Not Found|Method Not Allowed|Not Acceptable|Request Timeout|Conflict|Gone|Precondition Failed|Payload Too Large|Unprocessable (?:Entity|Content)|Too Many Requests|Internal Server Error|Not Implemented|Bad Gateway|Service Unavailable|Gateway Timeout)\b/i;
/** How far before a number its context is looked for. */
const CONTEXT_LENGTH = 24;
/** A code or status a body names is short; a longer number after "error" is an id or a time. */
const CODE_DIGITS = 6;
/** Whether an upper-case token is an error code, to be kept whole: short, and not switching letters and digits often. */
function isCode(token) {
    if (token.length > CODE_MAX_LENGTH || !/\d/.test(token))
        return false;
    const alnum = token.replace(/[_.-]/g, '');
    let switches = 0;
    for (let i = 1; i < alnum.length; i++)
        if (/\d/.test(alnum[i - 1]) !== /\d/.test(alnum[i]))
            switches++;
    return switches <= 2;
}
/** A number that names a status or a code (kept), or one that counts (blanked). */
function number(digits, at, text) {
    if (digits.length > CODE_DIGITS || /[.,]/.test(digits))
        return '#';
    const before = text.slice(Math.max(0, at - CONTEXT_LENGTH), at);
    if (CODE_CONTEXT.test(before))
        return digits;
    const status = /^[1-5]\d\d$/.test(digits) && REASON.test(text.slice(at + digits.length, at + digits.length + 32));
    return status ? digits : '#';
}
/** Kept codes stand aside as letters-only marks while the other rules run: no rule rewrites a word without a digit. */
// eslint-disable-next-line no-control-regex -- the marks are NUL and SOH, which blankBody removes from the body first
const MARK = /\u0000([a-z]+)\u0001/g;
const markOf = (i) => `\u0000${i.toString(26).replace(/\d/g, d => String.fromCharCode(113 + Number(d)))}\u0001`;
const indexOf = (mark) => parseInt(mark.replace(/[q-z]/g, c => String(c.charCodeAt(0) - 113)), 26);
/**
 * A response body with its variable parts blanked (dates, UUIDs, e-mail addresses, long hex, ids, numbers that
 * count), its whitespace folded and its length bounded: bodies that differ only in those parts read the same.
 */
function blankBody(body) {
    // A body's own NUL or SOH could pass for a mark: they go first, as whitespace.
    // eslint-disable-next-line no-control-regex -- removing those two control characters is the point
    const text = body.slice(0, BODY_READ_LENGTH).replace(/[\u0000\u0001]/g, ' ');
    const codes = [];
    const blanked = text
        .replace(HTTP_DATE, '<time>')
        .replace(TIME, '<time>')
        .replace(UUID, '<uuid>')
        .replace(EMAIL, '<email>')
        .replace(CODE, token => {
        if (!isCode(token))
            return token;
        codes.push(token);
        return markOf(codes.length - 1);
    })
        .replace(HEX, '<hex>')
        .replace(ID, '<id>')
        .replace(NUMBER, number)
        .replace(MARK, (_, mark) => codes[indexOf(mark)] ?? '')
        .replace(/\s+/g, ' ')
        .trim();
    return blanked.length <= CAUSE_TEXT_LENGTH ? blanked : `${blanked.slice(0, CAUSE_TEXT_LENGTH - 1)}…`;
}

;// CONCATENATED MODULE: ./src/operations/tally.ts
/** Counting values in bounded memory: the breakdowns of a listing and its causes. */


/** Longer values are counted by their first KEY_MAX_LENGTH - 1 characters and an ellipsis. */
const KEY_MAX_LENGTH = 512;
/** A value cut to `length` characters (KEY_MAX_LENGTH unless given), the ellipsis included. */
function boundedKey(value, length = KEY_MAX_LENGTH) {
    return value.length <= length ? value : `${copyPrefix(value, length - 1)}…`;
}
/**
 * Counts values in bounded memory: exact up to `capacity` distinct values, then the Misra-Gries summary (each kept
 * count at most `undercount` low; every value more frequent than total / (capacity + 1) kept).
 */
class Tally {
    capacity;
    keyLength;
    counts = new Map();
    /** Empty between rounds: where the next round's survivors go. */
    spare = new Map();
    /** How far below its true count any kept count may be: the rounds of lowering so far. */
    undercount = 0;
    constructor(capacity = TALLY_CAPACITY, 
    /** Longer values are cut to this many characters; Infinity for values whose parts are bounded already. */
    keyLength = KEY_MAX_LENGTH) {
        this.capacity = capacity;
        this.keyLength = keyLength;
    }
    /** Counts the value; returns its entry (for the figures kept beside it) when kept, undefined when a round dropped it. */
    add(value) {
        const key = boundedKey(value, this.keyLength);
        const kept = this.counts.get(key);
        if (kept !== undefined) {
            kept.count++;
            return kept;
        }
        if (this.counts.size < this.capacity) {
            const entry = { count: 1 };
            this.counts.set(key, entry);
            return entry;
        }
        // Each round removes capacity + 1 occurrences (this one included), so it runs at most total / (capacity + 1) times.
        // The survivors move to the spare map and the full one is cleared, to be the next spare: deleting the dropped one
        // by one costs a third more CPU where most values are seen once; a new map each round let peak RSS swing past 200 MB.
        this.undercount++;
        const left = this.spare;
        for (const [k, entry] of this.counts) {
            if (entry.count > 1) {
                entry.count--;
                left.set(k, entry);
            }
        }
        this.counts.clear();
        this.spare = this.counts;
        this.counts = left;
        return undefined;
    }
    /** Kept values with their figures, most frequent first; with `undercount` above 0 each count is a lower bound. */
    entries() {
        return [...this.counts]
            .map(([value, { count, figures }]) => ({ value, count, ...(figures !== undefined ? { figures } : {}) }))
            .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
    }
    /** Kept values, most frequent first; with `undercount` above 0 each count is a lower bound. */
    rows() {
        return this.entries().map(({ value, count }) => ({ value, count }));
    }
}

;// CONCATENATED MODULE: ./src/operations/causes.ts
/** Why messages failed: each message's cause (destination, last status, response body blanked), counted in bounded memory. */




/** The text of a message's cause: its last response body blanked, or what stands in for one. */
function causeText(message) {
    const body = message.responseBody;
    if (body !== undefined)
        return blankBody(body) || '(empty body)';
    return message.responseBodyBase64 !== undefined ? '(binary body)' : '(no response body)';
}
/** A message's cause: its destination (or workflow URL), its last status, its last response body blanked. */
function causeOf(message) {
    // Built field by field, not spread: a listing asks this of every message.
    const cause = {
        destination: boundedKey(message.url ?? message.workflowUrl ?? '(none)'),
        text: causeText(message)
    };
    if (message.responseStatus !== undefined)
        cause.status = message.responseStatus;
    return cause;
}
/** A cause's key: a short hash of its three parts, the same run after run. */
function causeKey({ destination, status, text }) {
    return (0,external_node_crypto_.createHash)('sha256')
        .update(JSON.stringify([destination, status ?? null, text]))
        .digest('hex')
        .slice(0, 16);
}
/** What a cause is counted under: its bounded parts, never cut, the destination last (only it can hold a line break). */
const identity = ({ destination, status, text }) => `${status ?? ''}\n${text}\n${destination}`;
/** The causes' figures beside their counts, dropped with them, so memory stays bounded. */
class CauseFigures {
    tally = new Tally(CAUSES_CAPACITY, Number.POSITIVE_INFINITY);
    add(message, at, withKey = false) {
        const cause = causeOf(message);
        const kept = this.tally.add(identity(cause));
        let figure = kept?.figures;
        if (kept !== undefined && figure === undefined) {
            // A literal: spreads cost 5 µs a message where every cause is new.
            const sampleMessageId = boundedKey(message.messageId);
            figure = kept.figures = { destination: cause.destination, text: cause.text, sampleMessageId };
            if (cause.status !== undefined)
                figure.status = cause.status;
            if (at !== undefined)
                figure.firstSeen = figure.lastSeen = at;
        }
        else if (figure !== undefined && at !== undefined) {
            figure.firstSeen = Math.min(figure.firstSeen ?? at, at);
            figure.lastSeen = Math.max(figure.lastSeen ?? at, at);
        }
        if (!withKey)
            return undefined;
        return figure === undefined ? causeKey(cause) : (figure.key ??= causeKey(figure));
    }
    /** How far below its true count any cause's count may be (0: exact). */
    get undercount() {
        return this.tally.undercount;
    }
    /** The leading causes, most messages first. */
    rows(limit) {
        return this.tally
            .entries()
            .slice(0, limit)
            .flatMap(({ count, figures }) => figures === undefined ? [] : [{ ...figures, key: figures.key ?? causeKey(figures), count }]);
    }
}

;// CONCATENATED MODULE: ./src/operations/accumulator.ts







/** Examples the summary shows of the oldest messages, and of the newest. */
const accumulator_EXAMPLES = 5;
/** Keeps the EXAMPLES items with the smallest (or largest) keys seen so far, without holding the rest. */
class Extremes {
    items = [];
    /** Keys are kept negated for 'largest', so that one ascending list serves both. */
    sign;
    constructor(keep) {
        this.sign = keep === 'smallest' ? 1 : -1;
    }
    /** `make` builds the item only when it is kept: most messages are neither among the oldest nor the newest. */
    add(key, make) {
        if (!Number.isFinite(key))
            return;
        const k = key * this.sign;
        let i = this.items.length;
        while (i > 0 && this.items[i - 1].key > k)
            i--;
        if (i >= accumulator_EXAMPLES)
            return;
        this.items.splice(i, 0, { key: k, item: make() });
        if (this.items.length > accumulator_EXAMPLES)
            this.items.pop();
    }
    /** The items kept, the most extreme first. */
    values() {
        return this.items.map(e => e.item);
    }
}
/** Causes a listing reports: the summary's and the issue's table show 20, the causes output 10. */
const LEADING_CAUSES = 20;
/** Failed workflow runs kept for the summary's table; the table shows fewer, the messages-file has them all. */
const WORKFLOW_RUN_ROWS = 100;
/** Destinations the summary's "what is failing" table shows. */
const TOP_DESTINATIONS = 10;
/** Distinct statuses counted per destination; the rest only count as "other". */
const STATUSES_PER_DESTINATION = 8;
/** Sets `into` to the sample of a message's last response body: in place, as a listing does it for every message. */
function setResponseSample(into, message) {
    const body = message.responseBody;
    into.bodySample = body === undefined ? undefined : copyPrefix(body, BODY_SAMPLE_LENGTH);
    into.bodyCut = body !== undefined && body.length > BODY_SAMPLE_LENGTH ? true : undefined;
    into.binaryBody = body === undefined ? message.responseBodyBase64?.length : undefined;
}
/** The start of a message's last response body, copied, and whether it was longer; binaryBody: base64 only, its size. */
function responseSample(message) {
    const sample = {};
    setResponseSample(sample, message);
    return sample;
}
/** Messages by destination URL, with figures for each destination kept: dropped with it, so memory stays bounded. */
class DestinationFigures {
    tally = new Tally(TALLY_CAPACITY);
    /** `at`: its createdAt when that can be true (the accumulator judges it). */
    add(message, at) {
        const kept = this.tally.add(message.url ?? '(none)');
        if (kept === undefined)
            return;
        const stats = (kept.figures ??= { statuses: new Map(), newest: -Infinity, figures: {} });
        const status = message.responseStatus ?? 'none';
        const seen = stats.statuses.get(status);
        if (seen !== undefined || stats.statuses.size < STATUSES_PER_DESTINATION)
            stats.statuses.set(status, (seen ?? 0) + 1);
        const { figures } = stats;
        if (at !== undefined && at < (figures.oldestCreatedAt ?? Infinity))
            figures.oldestCreatedAt = at;
        // The newest message's body is the last response; without dates, the last one listed.
        const order = at ?? stats.newest;
        if (order >= stats.newest) {
            stats.newest = order;
            setResponseSample(figures, message);
        }
    }
    /** The top destinations with their figures, most messages first. */
    rows() {
        return this.tally
            .entries()
            .slice(0, TOP_DESTINATIONS)
            .map(({ value, count, figures: stats }) => {
            const row = { url: value, count };
            if (stats === undefined)
                return row;
            // A destination's first message always counts its status, so there is a most frequent one.
            const [status, most] = [...stats.statuses].reduce((top, entry) => (entry[1] > top[1] ? entry : top));
            if (status !== 'none')
                row.status = status;
            const others = [...stats.statuses.values()].reduce((sum, n) => sum + n, -most);
            if (others > 0)
                row.otherStatuses = others;
            return { ...row, ...stats.figures };
        });
    }
}
/** Streams the DLQ into counts and a few examples, so memory stays flat however long the DLQ is. */
class ListAccumulator {
    windows;
    serviceTime;
    causes;
    count = 0;
    /** Items that could not be used as sent; those left out for want of an id are still counted and judged. */
    problems = new ItemProblems();
    destinations = new DestinationFigures();
    tallies = {
        byUrl: this.destinations.tally,
        byStatus: new Tally(),
        byTopic: new Tally(),
        byQueue: new Tally(),
        bySchedule: new Tally()
    };
    hourly = new HourlyCounts();
    oldest = new Extremes('smallest');
    newest = new Extremes('largest');
    badCreatedAt;
    futureCreatedAt;
    /** The latest createdAt taken as true: the service's time when last read, plus the tolerance. */
    horizon = -Infinity;
    workflowRuns = [];
    noCreatedAt = 0;
    /** Messages within the windows asked: created lately, and deleted by the service soon. */
    newCount = 0;
    expiringCount = 0;
    /** The windows' bounds on the service's clock, placed when the first dated message comes. */
    bounds;
    constructor(windows = {}, 
    /** The service's time (its last answer's Date), or the run's where it sent none: what createdAt is compared with. */
    serviceTime = () => Date.now(), 
    /** Where causes are counted (the bench gives one that counts nothing, to measure what they cost). */
    causes = new CauseFigures()) {
        this.windows = windows;
        this.serviceTime = serviceTime;
        this.causes = causes;
    }
    /** Counts the message; with `withKey`, returns its cause's key (hashed only then). */
    add(message, withKey = false) {
        this.count++;
        const at = this.createdAt(message);
        this.destinations.add(message, at);
        this.tallies.byStatus.add(message.responseStatus === undefined ? '(none)' : String(message.responseStatus));
        this.tallies.byTopic.add(message.topicName ?? message.topicId ?? '(none)');
        this.tallies.byQueue.add(message.queueName ?? '(none)');
        this.tallies.bySchedule.add(message.scheduleId ?? '(none)');
        if (message.workflowRunId !== undefined && this.workflowRuns.length < WORKFLOW_RUN_ROWS) {
            this.workflowRuns.push(workflowRow(message, message.workflowRunId, at));
        }
        if (at !== undefined) {
            this.hourly.add(at);
            this.oldest.add(at, () => slim(message));
            this.newest.add(at, () => slim(message));
            // createdAt is the service's time: the windows are placed on its clock, once its answer has said it.
            const { newSince, expiringBy } = (this.bounds ??= this.windowBounds(this.serviceTime()));
            if (at >= newSince)
                this.newCount++;
            if (at <= expiringBy)
                this.expiringCount++;
        }
        else
            this.noCreatedAt++;
        return this.causes.add(message, at, withKey);
    }
    /**
     * The message's createdAt when it can be true, else undefined (undated), counting why: none; before the service
     * could have stamped it (0, what an unset integer gives, among them) or no date at all; ahead of the service's clock.
     */
    createdAt(message) {
        const at = message.createdAt;
        if (at === undefined)
            return undefined;
        if (!isDateMs(at) || at < CREATED_AT_FLOOR_MS) {
            this.badCreatedAt ??= { count: 0, messageId: boundedKey(message.messageId) };
            this.badCreatedAt.count++;
            return undefined;
        }
        // The clock is read again only for a time past the last reading: a listing's messages are rarely that new.
        if (at > this.horizon)
            this.horizon = this.serviceTime() + CREATED_AT_TOLERANCE_MS;
        if (at <= this.horizon)
            return at;
        const aheadMs = at - (this.horizon - CREATED_AT_TOLERANCE_MS);
        this.futureCreatedAt ??= { count: 0, messageId: boundedKey(message.messageId), aheadMs };
        this.futureCreatedAt.count++;
        this.futureCreatedAt.aheadMs = Math.max(this.futureCreatedAt.aheadMs, aheadMs);
        return undefined;
    }
    result(request, pages, { messageIds, dlqIds }, 
    /** How the listing ended, when it did not reach the end. */
    { failure, nextCursor } = {}) {
        const { unreadable } = this.problems;
        const count = this.count + unreadable;
        // Items left out for want of an id are messages of unknown age.
        const noCreatedAt = this.noCreatedAt + unreadable;
        const oldest = this.oldest.values();
        const oldestCreatedAt = oldest[0]?.createdAt;
        const tallies = Object.entries(this.tallies);
        const undercount = tallies
            .filter(([, tally]) => tally.undercount > 0)
            .map(([name, t]) => [name, t.undercount]);
        return {
            operation: 'list-dlq',
            filters: request.filters,
            order: request.order,
            pageSize: request.pageSize,
            ...(request.cursor !== undefined ? { startCursor: request.cursor } : {}),
            count,
            pages,
            messageIds: messageIds.ids,
            messageIdsTruncated: messageIds.truncated,
            dlqIds: dlqIds.ids,
            dlqIdsTruncated: dlqIds.truncated,
            ...(oldestCreatedAt !== undefined ? { oldestCreatedAt } : {}),
            oldest,
            newest: this.newest.values(),
            ...Object.fromEntries(tallies.map(([name, tally]) => [name, tally.rows()])),
            byDestination: this.destinations.rows(),
            ...(request.maxMessages !== undefined ? { maxMessages: request.maxMessages } : {}),
            maxPages: request.maxPages,
            histogram: this.hourly.histogram(),
            ...(undercount.length > 0 ? { undercount: Object.fromEntries(undercount) } : {}),
            ...(this.badCreatedAt !== undefined ? { badCreatedAt: { ...this.badCreatedAt } } : {}),
            ...(this.futureCreatedAt !== undefined ? { futureCreatedAt: { ...this.futureCreatedAt } } : {}),
            ...(noCreatedAt > 0 ? { noCreatedAt } : {}),
            ...this.windowFigures(oldestCreatedAt),
            causes: this.causes.rows(LEADING_CAUSES),
            ...(this.causes.undercount > 0 ? { causesUndercount: this.causes.undercount } : {}),
            concurrency: request.concurrency,
            ...(request.filters.source === 'workflow' ? { workflowRuns: [...this.workflowRuns] } : {}),
            itemProblems: this.problems.summary(),
            ...(nextCursor !== undefined ? { nextCursor } : {}),
            ...(failure !== undefined ? { failure } : {})
        };
    }
    /** New: created at or after newSince; deleted within the expiry window: created at or before expiringBy. */
    windowBounds(now) {
        const { arrivals, expiry } = this.windows;
        return {
            newSince: arrivals === undefined ? Infinity : now - arrivals.withinMs,
            expiringBy: expiry === undefined ? -Infinity : now + expiry.withinMs - expiry.retentionMs
        };
    }
    /** What the windows asked for counted: new messages, and those the service deletes within the expiry window. */
    windowFigures(oldestCreatedAt) {
        const { arrivals, expiry } = this.windows;
        return {
            ...(arrivals !== undefined ? { arrivals: { withinMs: arrivals.withinMs, count: this.newCount } } : {}),
            ...(expiry !== undefined
                ? {
                    expiry: {
                        retentionMs: expiry.retentionMs,
                        withinMs: expiry.withinMs,
                        count: this.expiringCount,
                        ...(oldestCreatedAt !== undefined ? { nextAt: oldestCreatedAt + expiry.retentionMs } : {})
                    }
                }
                : {})
        };
    }
}
/** Bytes an id adds to the JSON array of ids; printable ASCII without escapes is counted directly. */
const idBytes = (id) => PLAIN_ASCII.test(id) ? id.length + 3 : Buffer.byteLength(JSON.stringify(id)) + 1;
const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
/** Message ids in listing order, as many as fit the output cap. */
class MessageIds {
    ids = [];
    truncated = false;
    bytes = 2; // the brackets of the JSON array
    add(id) {
        if (this.truncated)
            return;
        const bytes = idBytes(id);
        this.truncated = this.bytes + bytes > MESSAGE_IDS_MAX_BYTES;
        if (this.truncated)
            return;
        this.ids.push(id);
        this.bytes += bytes;
    }
}
/** The message ids and the DLQ ids (what a resume by dlq-ids takes) of a listing, in listing order, each capped. */
class ListedIds {
    messageIds;
    dlqIds;
    constructor(messageIds = new MessageIds(), dlqIds = new MessageIds()) {
        this.messageIds = messageIds;
        this.dlqIds = dlqIds;
    }
    add(message) {
        this.messageIds.add(message.messageId);
        // An entry without a dlqId cannot be resumed by id: the list stays a list of what can.
        if (message.dlqId !== undefined)
            this.dlqIds.add(message.dlqId);
    }
}
/** The fields the summary's table shows of a failed workflow run, each bounded; copies, not slices of the page. */
function workflowRow(message, workflowRunId, failedAt) {
    const { workflowUrl, dlqId, responseBody } = message;
    return {
        workflowRunId: boundedKey(workflowRunId),
        workflowUrl: workflowUrl && boundedKey(workflowUrl),
        dlqId: dlqId && boundedKey(dlqId),
        failedAt,
        responseStatus: message.responseStatus,
        responseBody: responseBody && copyPrefix(responseBody, BODY_SAMPLE_LENGTH)
    };
}
/** The fields the summary shows of an example message, each bounded; bodies and headers are not kept. */
function slim({ dlqId, messageId, url, responseStatus, createdAt }) {
    // The dlqId tells apart the DLQ entries of one message (a fan-out), which share its id and time.
    const id = dlqId && boundedKey(dlqId);
    return { dlqId: id, messageId: boundedKey(messageId), url: url && boundedKey(url), responseStatus, createdAt };
}

;// CONCATENATED MODULE: ./src/operations/list-dlq.ts
/** Lists the DLQ: one ordered listing, or date slices drained at the same time (concurrency above 1). */







/**
 * The time a listing's ages, windows and expiry are judged at: the service's (its last usable Date, checked before it
 * is trusted), else the runner's, with why (service/service-clock.ts).
 */
function ageClock(client, runnerNow) {
    const serviceNow = client.serviceNow();
    if (serviceNow !== undefined) {
        // The ages are of createdAt, stamped on the service's clock: its Date is that clock, however far the runner's is;
        // a difference past the tolerance is said with the clock (to the minute: the Date has whole seconds and the answer
        // came a moment ago), so that a reader comparing ages with their own clock can tell why they differ.
        const skew = Math.round((serviceNow - runnerNow) / 60_000) * 60_000;
        const said = Math.abs(skew) > CLOCK_TOLERANCE_MS ? { runnerSkewMs: skew } : {};
        return { now: serviceNow, clock: { by: 'service', ...said } };
    }
    const fault = client.dateFault();
    return { now: runnerNow, clock: { by: 'runner', ...(fault !== undefined ? { fault } : {}) } };
}
/** The time a message's createdAt is compared with: the service's (its last Date), else the run's. */
const serviceTime = (client, hooks) => () => client.serviceNow() ?? hooks.now ?? Date.now();
/** Lists the DLQ to its end or max-messages, in date slices when concurrent; a failure keeps what was listed. */
async function listDlq(client, request, hooks = {}) {
    // Several message ids are listed one id at a time (some servers apply only one), never in slices.
    const severalIds = (request.filters.messageId?.length ?? 0) > 1;
    if (request.concurrency <= 1 || severalIds)
        return listSequentially(client, request, hooks);
    const outcome = await listInSlices(client, request, hooks);
    if (outcome.untrusted === undefined) {
        hooks.log?.(`parallel listing: ${outcome.slices} date ${outcome.slices === 1 ? 'slice' : 'slices'}, ${request.concurrency} at a time`);
        return {
            ...outcome.acc.result(request, outcome.pages, outcome.ids, outcome),
            slices: outcome.slices
        };
    }
    // Nothing the slices counted can be trusted: start again, the file too, as one ordered listing.
    hooks.log?.(`parallel listing stopped: ${outcome.untrusted}. Listing again as one sequential listing.`);
    await hooks.sink?.restart();
    const sequential = await listSequentially(client, request, hooks);
    return { ...sequential, pages: sequential.pages + outcome.pages, fallback: outcome.untrusted };
}
/** One ordered listing from the start (or the user's cursor); several message ids: one per id, merged, no cursor. */
async function listSequentially(client, request, hooks) {
    const acc = new ListAccumulator(request.windows, serviceTime(client, hooks));
    const ids = new ListedIds();
    const maxMessages = request.maxMessages ?? Infinity;
    // Drains one listing of `filters`; never throws.
    const drain = (filters, startCursor, maxPages) => drainInto(cursor => {
        // Ask for no more than max-messages still allows, so the cursor left over continues exactly there.
        const count = Math.min(request.pageSize, maxMessages - acc.count);
        return client.listDlqPage(listQuery(filters, count, request.order, cursor));
    }, {
        maxPages,
        maxPagesInput: Inputs.MaxPages,
        startCursor,
        // Handling a page overlaps the next round trip; with max-messages each request's count depends on it.
        prefetch: request.maxMessages === undefined
    }, async (page) => {
        const read = readDlqMessages(page.items);
        acc.problems.add(read.problems);
        await take(acc, hooks, read.messages, message => ids.add(message));
        // Only one listing of the user's own filters has a cursor that continues the whole listing.
        if (hooks.progress && filters === request.filters)
            hooks.progress.nextCursor = page.cursor;
        return acc.count < maxMessages;
    });
    const messageIds = request.filters.messageId ?? [];
    if (messageIds.length <= 1) {
        if (hooks.progress)
            hooks.progress.nextCursor = request.cursor;
        const outcome = await drain(request.filters, request.cursor, request.maxPages);
        return acc.result(request, outcome.pages, ids, outcome);
    }
    let pages = 0;
    for (const [i, messageId] of messageIds.entries()) {
        const at = { index: i + 1, of: messageIds.length };
        // Each id starts with a request: none once the budget is spent, and the failure names the id not listed.
        if (pages >= request.maxPages) {
            const failure = { kind: 'max-pages', pages, input: Inputs.MaxPages, messageId: at };
            return acc.result(request, pages, ids, { failure });
        }
        const outcome = await drain({ ...request.filters, messageId: [messageId] }, undefined, request.maxPages - pages);
        pages += outcome.pages;
        if (outcome.failure !== undefined) {
            // An id's own cursor continues nothing: several ids cannot be given with a cursor.
            const { cursor: _idCursor, ...ended } = outcome.failure;
            const failure = { ...ended, messageId: at };
            return acc.result(request, pages, ids, { failure });
        }
    }
    return acc.result(request, pages, ids);
}
/** Counts a page's messages and their ids (`addIds`), writes them to the sink, and tells the caller how far it is. */
async function take(acc, hooks, messages, addIds) {
    // Each line of the file carries its cause's key, so one cause's messages can be selected from it.
    const lines = [];
    for (const message of messages) {
        if (hooks.keep?.(message) === false)
            continue;
        const causeKey = acc.add(message, hooks.sink !== undefined);
        addIds(message);
        if (causeKey !== undefined)
            lines.push({ ...message, causeKey });
    }
    await hooks.sink?.write(lines);
    hooks.onPage?.(messages.length, acc.count);
    if (hooks.progress)
        hooks.progress.confirmed = acc.count + acc.problems.unreadable;
}
/** Slices per worker: more slices than workers keep every worker busy when the messages are unevenly spread. */
const SLICES_PER_WORKER = 4;
/** How far off a server may be on a date bound (wire-contract section 5: one millisecond). */
const BOUND_TOLERANCE_MS = 1;
/** Narrowest slice: wide enough that only adjacent slices' tolerance windows can meet. */
const MIN_SLICE_MS = 8;
/** Plans `n` slices over [lo, hi] (it only guides balancing), and the windows where adjacent slices overlap. */
function planSlices(lo, hi, n, userFrom, userTo) {
    const parts = Math.max(1, Math.min(n, Math.floor((hi - lo + 1) / MIN_SLICE_MS)));
    const cuts = Array.from({ length: parts - 1 }, (_, i) => lo + Math.floor(((hi - lo + 1) * (i + 1)) / parts));
    const t = BOUND_TOLERANCE_MS;
    // Adjacent windows meet on [cut - 2t, cut - 1 + 2t]; non-adjacent ones never do (slices are wider than 4t).
    const overlaps = cuts.map((cut) => [cut - 2 * t, cut - 1 + 2 * t]);
    const slices = Array.from({ length: parts }, (_, k) => {
        const start = cuts[k - 1];
        const end = cuts[k];
        const from = start === undefined ? userFrom : start - t;
        const to = end === undefined ? userTo : end - 1 + t;
        return {
            ...(from !== undefined ? { from } : {}),
            ...(to !== undefined ? { to } : {}),
            accept: [start === undefined ? -Infinity : start - 2 * t, end === undefined ? Infinity : end - 1 + 2 * t],
            near: overlaps.slice(Math.max(0, k - 1), k + 1)
        };
    });
    return { slices, overlaps };
}
/**
 * The message ids of all slices in slice order, never holding more than the cap of MessageIds however many slices
 * run at once: past it, the last ones in order are dropped, leaving the prefix one MessageIds fed in order holds.
 */
class OrderedIds {
    held;
    bytes = 2; // the brackets of the JSON array
    /** The first slice that lost ids: it and every later slice collect nothing more. */
    cutoff;
    constructor(slices) {
        this.held = Array.from({ length: slices }, () => []);
        this.cutoff = slices;
    }
    add(slice, id) {
        if (slice >= this.cutoff)
            return;
        this.held[slice].push(id);
        this.bytes += idBytes(id);
        let last = Math.min(this.cutoff, this.held.length - 1);
        while (this.bytes > MESSAGE_IDS_MAX_BYTES) {
            while (this.held[last].length === 0)
                last--;
            this.bytes -= idBytes(this.held[last].pop());
            this.cutoff = last;
        }
    }
    /** The ids in slice order, truncated when any was dropped. */
    result() {
        const ids = new MessageIds();
        for (const slice of this.held)
            for (const id of slice)
                ids.add(id);
        if (this.cutoff < this.held.length)
            ids.truncated = true;
        return ids;
    }
}
/** Stops every worker (no new page, no new slice), keeping the first failure; distrust outranks a failure. */
function halt({ stop, ending }, why) {
    if ('untrusted' in why) {
        ending.untrusted = why.untrusted;
        delete ending.failure;
    }
    else if (!stop.signal.aborted)
        ending.failure = { ...failureOf(why.err), parallel: true };
    stop.abort();
}
/** Fetches pages between `from` and `to`; refused once the listing has stopped or the budget is spent. */
const pagesOf = ({ client, request, pages, stop }, from, to, count) => async (cursor, order = request.order) => {
    stop.signal.throwIfAborted();
    if (pages.used + 1 > pages.limit + Math.ceil(pages.duplicates / request.pageSize)) {
        throw new DrainStopped({ kind: 'max-pages', pages: request.maxPages, input: Inputs.MaxPages });
    }
    pages.used++;
    // The client holds requests at once to what the service allows (a 429 narrows it): workers just ask.
    return client.listDlqPage(listQuery({ ...request.filters, fromDate: from, toDate: to }, count, order, cursor));
};
/** Plans the slices from the oldest and newest message (an order the server ignores only makes the cut poorer). */
async function planListing(listing) {
    const { fromDate: from, toDate: to } = listing.request.filters;
    const firstOf = async (order) => {
        if (from !== undefined && to !== undefined)
            return order === 'earliestFirst' ? from : to;
        const first = readDlqMessages((await pagesOf(listing, from, to, 1)(undefined, order)).items).messages[0];
        return first === undefined ? null : first.createdAt;
    };
    try {
        const [a, b] = await Promise.all([firstOf('earliestFirst'), firstOf('latestFirst')]);
        if (a === undefined || b === undefined)
            return halt(listing, { untrusted: `a message ${NO_CREATED_AT}` });
        // Nothing matches: one open slice confirms it.
        if (a === null || b === null)
            return planSlices(0, 0, 1, from, to).slices;
        const lo = Math.max(Math.min(a, b), from ?? -Infinity);
        const hi = Math.min(Math.max(a, b), to ?? Infinity);
        return planSlices(lo, Math.max(lo, hi), listing.request.concurrency * SLICES_PER_WORKER, from, to).slices;
    }
    catch (err) {
        return halt(listing, { err });
    }
}
/** Drains one slice, at `index` in the requested order. */
async function drainSlice(listing, slice, index, ids, dlqIds) {
    const { acc, hooks, pages } = listing;
    const [lo, hi] = slice.accept;
    const fetch = pagesOf(listing, slice.from, slice.to, listing.request.pageSize);
    // The shared budget bounds the listing as a whole; handling a page overlaps the slice's next round trip.
    const options = { maxPages: Number.MAX_SAFE_INTEGER, maxPagesInput: Inputs.MaxPages, prefetch: true };
    const { failure } = await drainInto(fetch, options, async (page) => {
        const read = readDlqMessages(page.items);
        acc.problems.add(read.problems);
        const taken = [];
        for (const message of read.messages) {
            const at = message.createdAt;
            if (at === undefined || at < lo || at > hi) {
                halt(listing, { untrusted: misplaced(message, slice) });
                return false;
            }
            if (slice.near.some(([a, b]) => at >= a && at <= b)) {
                const key = `${message.dlqId ?? ''}\u0000${message.messageId}`;
                if (listing.seen.has(key)) {
                    pages.duplicates++;
                    continue;
                }
                listing.seen.add(key);
            }
            taken.push(message);
        }
        await take(acc, hooks, taken, message => {
            ids.add(index, message.messageId);
            if (message.dlqId !== undefined)
                dlqIds.add(index, message.dlqId);
        });
    });
    if (failure !== undefined)
        halt(listing, { err: { failure } });
}
const NO_CREATED_AT = 'has no createdAt, so it cannot be placed in a date slice';
/** Why a message without createdAt, or outside its slice's window, breaks the slices' trust. */
function misplaced({ messageId, createdAt }, { from, to }) {
    const id = JSON.stringify(messageId);
    if (createdAt === undefined)
        return `message ${id} ${NO_CREATED_AT}`;
    const slice = `the date slice ${from ?? 'open'} to ${to ?? 'open'}`;
    return `message ${id} (createdAt ${createdAt}) came back for ${slice}: the service does not filter dates on createdAt`;
}
/**
 * Lists the DLQ as date slices drained at the same time, deduplicating the overlaps by dlqId (else messageId). A
 * message that shows the slices cannot be trusted stops it (`untrusted`: the caller lists again sequentially).
 */
async function listInSlices(client, request, hooks) {
    const acc = new ListAccumulator(request.windows, serviceTime(client, hooks));
    // The two requests that find the range do not count against max-pages, even with max-pages: 1.
    const pages = { used: 0, limit: request.maxPages + 2, duplicates: 0 };
    const stop = new AbortController();
    const listing = { client, request, pages, stop, ending: {}, acc, hooks, seen: new Set() };
    const cancel = () => {
        const signal = (0,src_stop/* stopSignalOf */.eq)(hooks.signal);
        halt(listing, { err: { failure: { kind: 'cancelled', signal } } });
    };
    hooks.signal?.addEventListener('abort', cancel, { once: true });
    const slices = (await planListing(listing)) ?? [];
    if (request.order !== 'earliestFirst')
        slices.reverse();
    // Each slice's last, partly filled page does not count against max-pages.
    pages.limit += slices.length;
    const [ids, dlqIds] = [new OrderedIds(slices.length), new OrderedIds(slices.length)];
    // The workers take slices, in order, from one queue.
    const queue = slices.entries();
    const worker = async () => {
        for (const [index, slice] of queue)
            if (!stop.signal.aborted)
                await drainSlice(listing, slice, index, ids, dlqIds);
    };
    await Promise.all(Array.from({ length: request.concurrency }, worker));
    hooks.signal?.removeEventListener('abort', cancel);
    const listed = { acc, ids: new ListedIds(ids.result(), dlqIds.result()), pages: pages.used, slices: slices.length };
    return { ...listed, ...listing.ending };
}

// EXTERNAL MODULE: external "node:events"
var external_node_events_ = __webpack_require__(8474);
;// CONCATENATED MODULE: ./src/operations/messages-file.ts




/** A file the action writes could not be written: carries the input, the path and the errno as its failure. */
class FileWriteError extends Error {
    name = 'FileWriteError';
    failure;
    constructor(input, path, code) {
        super(`${input} could not be written: ${code}`);
        this.failure = { kind: 'file', input, path, code };
    }
}
/** Writes each record as one JSON line (NDJSON); after the first write error, every write and close reject with it. */
class NdjsonFile {
    stream;
    path;
    options;
    queue = Promise.resolve();
    failure;
    constructor(stream, path, options) {
        this.stream = stream;
        this.path = path;
        this.options = options;
        this.watch(stream);
    }
    static async open(path, options) {
        await (0,external_node_fs_promises_.mkdir)((0,external_node_path_.dirname)(path), { recursive: true });
        return new NdjsonFile(await openStream(path), path, options);
    }
    /** Pages from parallel slices are written one after the other, never interleaved within a line. */
    write(records) {
        if (records.length === 0)
            return this.queue;
        let text = '';
        for (const record of records)
            text += `${this.options.encode(record)}\n`;
        this.queue = this.queue.then(() => this.writeText(text));
        return this.queue;
    }
    /** After the writes queued so far, empties the file. Never rejects: a failed reopen is the next write's error. */
    restart() {
        this.queue = this.queue
            .catch(() => { })
            .then(async () => {
            await endStream(this.stream);
            try {
                this.stream = await openStream(this.path);
                this.failure = undefined;
                this.watch(this.stream);
            }
            catch (err) {
                this.fail(err);
            }
        });
        return this.queue;
    }
    /** Flushes every line written to the file; rejects with the write error if there was one. */
    async close() {
        try {
            await this.queue;
        }
        finally {
            if (this.failure !== undefined)
                this.stream.destroy();
        }
        await endStream(this.stream);
        if (this.failure !== undefined)
            throw this.failure;
    }
    fail(err) {
        this.failure ??= new FileWriteError(this.options.input, this.path, err?.code ?? 'EIO');
        return this.failure;
    }
    /** A stream error is kept, never thrown: an 'error' event without a listener would crash the process. */
    watch(stream) {
        stream.on('error', err => this.fail(err));
    }
    writeText(text) {
        if (this.failure !== undefined)
            return Promise.reject(this.failure);
        const stream = this.stream;
        return new Promise((resolve, reject) => {
            let waiting = false;
            const settle = (err) => {
                stream.off('close', onClose);
                if (err !== undefined && err !== null)
                    reject(this.fail(err));
                else if (this.failure !== undefined)
                    reject(this.failure);
                else
                    resolve();
            };
            // A stream destroyed otherwise still calls back; this only guards against a stream closed under us.
            const onClose = () => settle(this.failure ?? new Error('closed'));
            // Over the buffer, wait for these bytes to reach the file (or fail to): that is the backpressure, and the
            // callback comes before any 'drain', so a refused write is never taken for a flushed one.
            const accepted = stream.write(text, err => {
                if (waiting || err)
                    settle(err ?? undefined);
            });
            if (accepted)
                settle();
            else {
                waiting = true;
                stream.once('close', onClose);
            }
        });
    }
}
async function openStream(path) {
    const stream = (0,external_node_fs_.createWriteStream)(path, { flags: 'w' });
    // Rejects with the error when the file cannot be opened.
    await (0,external_node_events_.once)(stream, 'open');
    return stream;
}
/** Ends the stream and waits until every byte is flushed; a destroyed stream has nothing left to flush. */
function endStream(stream) {
    if (stream.destroyed)
        return Promise.resolve();
    return new Promise(resolve => {
        stream.once('close', () => resolve());
        stream.end();
    });
}
/**
 * Flushes a written, closed file to the disk (fsync), then its folder's entry where the system allows it: what must be
 * on record before a write that cannot be undone. Throws FileWriteError naming the input when the file's data cannot.
 */
async function syncToDisk(path, input) {
    try {
        const file = await (0,external_node_fs_promises_.open)(path, 'r+');
        try {
            await file.sync();
        }
        finally {
            await file.close();
        }
    }
    catch (err) {
        throw new FileWriteError(input, path, err?.code ?? 'EIO');
    }
    // A new file's name lives in its folder: best effort, as some systems (Windows) cannot open a folder to sync it.
    try {
        const folder = await (0,external_node_fs_promises_.open)((0,external_node_path_.dirname)(path), 'r');
        try {
            await folder.sync();
        }
        finally {
            await folder.close();
        }
    }
    catch {
        // The file's own data is on disk; its entry is as safe as the system makes it.
    }
}

;// CONCATENATED MODULE: ./src/operations/files.ts
/** The operations that also write each listed message or resumed run to a file (NDJSON) as it arrives. */





/** Flushes and closes the file; the error that stopped it, if any, is returned to be reported with the result. */
async function closeFile(file) {
    try {
        await file.close();
    }
    catch (err) {
        if (err instanceof FileWriteError)
            return err;
        throw err;
    }
    return undefined;
}
/**
 * Lists the DLQ, each message also written to the file when it has a path; a write error stops the listing and fails
 * it. A sink in `hooks` is told of each page after the file.
 */
async function listDlqToFile(client, request, { path, input, keepCredentialHeaders = false }, encode, hooks) {
    if (path === undefined)
        return listDlq(client, request, hooks);
    const file = await NdjsonFile.open(path, { encode, input });
    let redacted = 0;
    // Replaces the credential values of each page before it is written: the copy of a page lives only until then.
    const redacting = {
        write: messages => {
            const page = messages.map(message => redactCredentialHeaders(message));
            redacted += page.reduce((sum, done) => sum + done.redacted, 0);
            return file.write(page.map(done => done.message));
        },
        restart: async () => {
            await file.restart();
            // The file starts over, so does what it holds.
            redacted = 0;
        }
    };
    const written = keepCredentialHeaders ? file : redacting;
    const also = hooks.sink;
    const sink = also === undefined
        ? written
        : {
            write: async (messages) => {
                await written.write(messages);
                await also.write(messages);
            },
            restart: async () => {
                await written.restart();
                await also.restart();
            }
        };
    const listed = await listDlq(client, request, { ...hooks, sink });
    const failed = await closeFile(file);
    if (redacted > 0) {
        // Only list-dlq has an input that keeps them.
        const keep = input === Inputs.MessagesFile ? `; set ${Inputs.KeepCredentialHeaders}: true to keep them.` : '.';
        hooks.log?.(`${redacted} credential header ${redacted === 1 ? 'value was' : 'values were'} redacted from ${input}${keep}`);
    }
    const result = keepCredentialHeaders ? listed : { ...listed, redactedHeaderValues: redacted };
    if (failed === undefined)
        return { ...result, messagesFile: path };
    if (result.failure?.kind === 'file')
        return result;
    // Found only when the file was closed: the write error wins over a cancel or a failure found after it.
    return { ...result, failure: { ...failed.failure, then: result.failure } };
}
/**
 * A bulk write (one drain, or staged), each run or message it made also written to `path` when given: the record of
 * what it made, logged in its verb's words.
 */
async function resumeWorkflowsToFile(path, verb, encode, log, resume) {
    const sink = path === undefined ? undefined : await NdjsonFile.open(path, { encode, input: Inputs.RunsFile });
    const onPage = (page, total) => {
        const made = verb.makes === 'message' ? (page.messages ?? []) : page.workflowRuns;
        log(`request: ${plural(made.length, verb.words.item, verb.words.items)} ${verb.words.past} (${formatCount(total)} so far)`);
        // Failures are kept by the file and reported once below; the write goes on, what it made all in the outputs.
        sink?.write(made).catch(() => { });
    };
    const result = await resume(onPage);
    if (sink === undefined)
        return result;
    const failed = await closeFile(sink);
    return failed === undefined ? { ...result, runsFile: path } : { ...result, fileError: failed.failure };
}

;// CONCATENATED MODULE: ./src/plan-results.ts
/** The result is a plan (no write was sent), not what a write did. */
const isPlan = (result) => result.kind === 'plan';
/** The plan holds every entry the write would take: the listing reached its end, or max-entries as the write would. */
const planComplete = (plan) => plan.listing.failure === undefined && (plan.listing.nextCursor === undefined || plan.capped === true);

;// CONCATENATED MODULE: ./src/operations/resume-bound.ts
/**
 * The bound that keeps a resume off its own runs: the to-date every request of a resume by filters sends, on the
 * service's clock, so that no run the resume creates (it fails after its creation) is taken by the same resume.
 */


/**
 * The to-date a resume by filters sends with every request: the service's time at its start, less a millisecond, so
 * that no run the resume creates (it fails after its creation, on the service's clock) is taken by the same resume.
 * Read from the Date header of a one-entry listing, as far as it can be used (service/service-clock.ts), or the
 * runner's clock where that is earlier; BoundKeeper checks it against the first run the service creates. None for dlq-ids (a run that fails again comes back
 * under a new id); with a cursor, the to-date given with it (the bound the cursor was made under).
 */
async function startBound(client, request, clock) {
    if (request.selection.dlqIds !== undefined)
        return undefined;
    const asked = request.selection.toDate;
    if (request.cursor !== undefined)
        return asked === undefined ? undefined : { toDate: asked, clock: 'input' };
    try {
        await client.listDlqPage(listQuery({ source: 'workflow' }, 1, 'earliestFirst', undefined));
    }
    catch {
        // Any answer's Date will do, an error's too; with none, the runner's clock is said to be used.
    }
    const serviceNow = client.serviceNow();
    const fault = client.dateFault();
    const known = {
        ...(serviceNow !== undefined ? { serviceStart: Math.floor(serviceNow) } : {}),
        ...(fault !== undefined ? { dateFault: fault } : {})
    };
    // The earlier of a usable Date and the runner's clock: the first request cannot take a run it creates should either
    // be ahead (a lost answer would hide that run from the check below). With no usable Date, the runner's clock less
    // a margin, as the service's clock may be behind it.
    // Less 1 ms, as a Date's bound is: a run created as the step starts is past it.
    const runner = clock.now() - 1;
    const fromDate = serviceNow !== undefined ? Math.floor(serviceNow) - 1 : undefined;
    const bound = fromDate === undefined
        ? { toDate: runner + 1 - CLOCK_SKEW_MARGIN_MS, clock: 'runner', marginMs: CLOCK_SKEW_MARGIN_MS, ...known }
        : fromDate <= runner
            ? { toDate: fromDate, clock: 'service', ...known }
            : { toDate: runner, clock: 'runner', ...known };
    // An earlier to-date asked is the bound; the watches still start at the service's time at the start.
    return asked !== undefined && asked <= bound.toDate ? { toDate: asked, clock: 'input', ...known } : bound;
}
/**
 * Holds a resume's bound, and checks it once against the first run the service created (its creation is the clock
 * that stamps the failures the bound is compared with): a bound at or past it could take the runs the resume creates,
 * one too far before it left out runs that failed before the resume began (not a to-date given): further than
 * CLOCK_TOLERANCE_MS where the Date agreed with the runner, any gap where it could not be checked so. Either is moved
 * to that creation less 1 ms, and the drain goes on without its cursor, which belongs to the bound it came with.
 */
class BoundKeeper {
    bound;
    progress;
    runnerNow;
    asked;
    checked = false;
    /** The runner's time at the start, to tell a Date far behind it (which may leave runs out) from one that agrees. */
    runnerStart;
    constructor(bound, progress, 
    /** The runner's clock: a creation time far from both it and the service's Date is no evidence of either. */
    runnerNow = Date.now, 
    /** The to-date asked: the bound never moves past it (the user's selection). */
    asked = Infinity) {
        this.bound = bound;
        this.progress = progress;
        this.runnerNow = runnerNow;
        this.asked = asked;
        this.runnerStart = runnerNow();
        if (bound !== undefined && progress !== undefined)
            progress.toDate = bound.toDate;
    }
    /**
     * An answer: its runs, the service's time by its usable Date since, and whether more requests follow it. True when
     * the bound moved, so that the drain must send the new one without its cursor (past the first run's creation, only
     * where more requests follow: no request is left to take one). Where the start had no usable Date (the runner's clock was sent),
     * an answer without runs but with a fresh Date tells the service's time before any run was created.
     */
    stamped(runs, serviceNow, more) {
        if (this.bound === undefined || this.checked)
            return false;
        let first = Infinity;
        for (const run of runs)
            if (run.workflowCreatedAt !== undefined)
                first = Math.min(first, run.workflowCreatedAt);
        if (first === Infinity)
            return this.dated(serviceNow);
        this.checked = true;
        const bound = this.bound;
        // A creation time a day or more from the runner's clock is no creation of now (a server that sends the original
        // run's): it tells nothing. Within that, the service's clock may be skewed, its front end's Date more so.
        if (Math.abs(first - this.runnerNow()) > MAX_SKEW_MS)
            return false;
        const takesOwn = bound.toDate >= first && more;
        // A Date the runner's clock agrees with allows for the latency to the first run; any other bound, not a millisecond.
        const agreed = bound.clock === 'service' &&
            bound.serviceStart !== undefined &&
            Math.abs(bound.serviceStart - this.runnerStart) <= CLOCK_TOLERANCE_MS;
        const slack = agreed ? CLOCK_TOLERANCE_MS : 1;
        const leftOut = bound.clock !== 'input' && bound.toDate < first - slack;
        if (!takesOwn && !leftOut)
            return false;
        // The Date was right where it agrees with the run's creation to its second: the runner's clock was the one off.
        const confirmed = bound.serviceStart !== undefined && Math.abs(first - bound.serviceStart) <= DATE_ROUNDING_MS;
        return this.move(first - 1, confirmed ? 'service' : 'stamps');
    }
    /**
     * A bound of the action's own that nothing checked (no run created) and that may be early: the runner's clock less
     * its margin, or the earlier of a Date and the runner's clock that disagree by more than they may. Runs may be left.
     */
    get unconfirmed() {
        const bound = this.bound;
        if (bound === undefined || this.checked || bound.clock === 'input' || bound.clock === 'stamps')
            return false;
        // No usable Date, or one the runner's clock disagrees with: either may be the one that is off.
        return bound.serviceStart === undefined || Math.abs(bound.serviceStart - this.runnerStart) > CLOCK_TOLERANCE_MS;
    }
    /** The bound as the result reports it: said unconfirmed where nothing checked the runner's guess. */
    result() {
        return this.bound === undefined || !this.unconfirmed ? this.bound : { ...this.bound, unconfirmed: true };
    }
    /** The runner's margin, replaced by the service's first usable Date once one came (no run created yet). */
    dated(serviceNow) {
        const noDate = this.bound?.serviceStart === undefined;
        if (this.bound?.clock !== 'runner' || this.checked || !noDate || serviceNow === undefined)
            return false;
        this.checked = true;
        const at = Math.floor(serviceNow) - 1;
        return at > this.bound.toDate ? this.move(at, 'service', { serviceStart: Math.floor(serviceNow) }) : false;
    }
    /** Moves the bound to `to` (never past the to-date asked); false when that changes nothing. */
    move(to, clock, more = {}) {
        const toDate = Math.min(to, this.asked);
        if (this.bound === undefined || toDate === this.bound.toDate)
            return false;
        const { marginMs: _margin, movedFrom: _before, ...rest } = this.bound;
        // Within a Date's rounding the move is no news: the summary names only a bound that was off.
        const far = Math.abs(rest.toDate - toDate) > DATE_ROUNDING_MS;
        this.bound = { ...rest, ...more, toDate, clock, ...(far ? { movedFrom: rest.toDate } : {}) };
        if (this.progress !== undefined)
            this.progress.toDate = toDate;
        return true;
    }
}
/** A Date has whole seconds, and its answer took some time: within this of a run's creation, the two agree. */
const DATE_ROUNDING_MS = 2_000;
/** A run's creation this far from the runner's clock is still the service's clock, skewed. */
const MAX_SKEW_MS = 24 * 3_600_000;
/** The request with its selection bounded; the watchdog's progress learns the bound, to say it with the cursor. */
function withBound(request, bound, progress) {
    if (bound === undefined)
        return request;
    if (progress !== undefined) {
        progress.toDate = bound.toDate;
        if (request.selection.fromDate !== undefined)
            progress.fromDate = request.selection.fromDate;
    }
    return { ...request, selection: { ...request.selection, toDate: bound.toDate } };
}

;// CONCATENATED MODULE: ./src/service/errors.ts


/** A failed request kept as data, as got's HTTPError: report/failure-text.ts writes its one line, no stack. */
class ServiceError extends Error {
    failure;
    lostAnswers;
    name = 'ServiceError';
    constructor(failure, 
    /** Attempts maybe carried out unseen (answer lost, or a 2xx unreadable): for a bulk resume, 50 runs each. */
    lostAnswers = 0) {
        super(failure.kind === 'request' ? `${failure.request.method} ${failure.request.path} failed` : failure.kind);
        this.failure = failure;
        this.lostAnswers = lostAnswers;
    }
    /** HTTP status, when the service answered. */
    get status() {
        return failureStatus(this.failure);
    }
}
const MAX_ERROR_TEXT = 300;
/** `error` of a JSON body, else the body, as one shortened line: redacted before, so no half of a secret survives. */
function errorText(body, redact = text => text) {
    let text = body;
    try {
        const parsed = JSON.parse(body);
        if (isRecord(parsed) && typeof parsed.error === 'string')
            text = parsed.error;
    }
    catch {
        // not JSON: show it as text
    }
    const line = redact(text).replace(/\s+/g, ' ').trim();
    if (line === '')
        return '(empty body)';
    return line.length > MAX_ERROR_TEXT ? `${line.slice(0, MAX_ERROR_TEXT)}… (${line.length} characters)` : line;
}

;// CONCATENATED MODULE: ./src/operations/resume-drain.ts
/**
 * One drain of a bulk resume: 50 runs a request, one drain per part of dlq-ids (each request URL under 6 KB), into a
 * ledger that every drain of the resume feeds. Never under-reports: every run answered is in the ledger (past the cap
 * too), and every lost or unreadable answer is counted as possibly resumed.
 */






/** How many ids listed moments before must all be "not found", none taken, to tell a service without the write. */
const LISTED_GONE_PROOF = 32;
/** Splits dlq-ids into runs whose request URL, with room for a cursor, stays under MAX_URL_BYTES. */
function splitDlqIds(selection, urlLength, pageSize = RESUME_PAGE_SIZE, 
/** Most ids a part holds, where fewer than the URL allows (src/verbs.ts). */
idsPerPart = Infinity) {
    const ids = selection.dlqIds;
    if (ids === undefined || ids.length === 0)
        return [selection];
    const base = urlLength(resumeQuery({ ...selection, dlqIds: [] }, undefined, pageSize));
    let current = [];
    const parts = [current];
    let used = base;
    for (const id of ids) {
        // "dlqIds=" plus the encoded id plus one "&" (or the "?" the first pair takes).
        const bytes = new URLSearchParams({ dlqIds: id }).toString().length + 1;
        if (current.length >= idsPerPart || (current.length > 0 && used + bytes > MAX_URL_BYTES - CURSOR_ROOM_BYTES)) {
            current = [];
            parts.push(current);
            used = base;
        }
        current.push(id);
        used += bytes;
    }
    return parts.map(dlqIds => ({ ...selection, dlqIds }));
}
/**
 * One drain of a resume into `ledger`: request.maxRuns caps this drain, request.maxPages every request the ledger
 * has sent. Returns where it stopped; the ledger holds what it did.
 */
async function drainResume(client, request, ledger, onPage = () => { }, 
/** The bound of a resume by filters, checked against the first run created (resume-bound.ts). */
keeper) {
    const { progress } = ledger;
    const verb = verbOf(request);
    const total = request.selection.dlqIds?.length ?? 0;
    // An empty id list sent as no dlqIds at all would select the whole DLQ.
    if (request.selection.dlqIds !== undefined && total === 0)
        throw new Error('dlq-ids is empty: nothing to resume');
    const parts = splitDlqIds(request.selection, q => client.bulkUrlLength(verb, q), verb.pageSize, verb.idsPerRequest);
    // The parts the URL limit made: halving a part the service would not take whole adds requests, not parts of it.
    const urlParts = parts.length;
    if (parts.length > 1) {
        const most = verb.idsPerRequest === undefined ? '' : ` and naming at most ${verb.idsPerRequest} ids`;
        client.log(`dlq-ids: ${total} ids sent in ${parts.length} parts, each request URL under ${MAX_URL_BYTES} bytes${most}`);
    }
    const headers = overrideHeaders(request.overrides);
    // Runs the answers of this drain carried, named or not: what its cap counts.
    let carriedRuns = 0;
    const maxRuns = request.maxRuns ?? Infinity;
    const capReached = () => carriedRuns >= maxRuns;
    let stoppedByCap = false;
    let failure;
    let nextCursor;
    let continueFrom;
    let leftWithoutCursor = false;
    const goneBefore = ledger.gone.count;
    // A worklist: a part of dlq-ids the service would not take whole is replaced by its two halves (see below).
    for (let part = 0; part < parts.length; part++) {
        let given = parts[part];
        const room = Math.min(verb.pageSize, maxRuns - carriedRuns);
        if (verb.idsWhole === true && given.dlqIds !== undefined && given.dlqIds.length > room && room > 0) {
            // The service takes every id sent: a request holds no more than a request's worth, or than the cap (or the
            // stage) has left; the rest is the next part, or where a re-run continues.
            const ids = given.dlqIds;
            parts.splice(part, 1, { ...given, dlqIds: ids.slice(0, room) }, { ...given, dlqIds: ids.slice(room) });
            given = parts[part];
        }
        if (capReached() || ledger.sent >= request.maxPages) {
            // The part before ended with the cap, or the budget is spent: the ids of this part on are untouched.
            if (capReached())
                stoppedByCap = true;
            else
                failure = { kind: 'request-budget', requests: ledger.sent, input: Inputs.MaxPages };
            continueFrom = continuation(request, parts, part);
            break;
        }
        let selection = given;
        // The count the request under way asked for: what each of its lost attempts may have resumed.
        let count = verb.pageSize;
        const fetch = async (cursor) => {
            try {
                // By ids, a verb that takes them whole is sent neither count nor cursor: it takes the ids of the part.
                const whole = verb.idsWhole === true && selection.dlqIds !== undefined;
                count = whole ? (selection.dlqIds?.length ?? 0) : Math.min(verb.pageSize, maxRuns - carriedRuns);
                ledger.sent++;
                ledger.naming(selection.dlqIds);
                const query = whole ? resumeQuery(selection) : resumeQuery(selection, cursor, count);
                return await client.bulkPage(verb, query, headers);
            }
            catch (err) {
                if (err instanceof ServiceError)
                    ledger.lost(err.lostAnswers, count, selection.dlqIds);
                throw err;
            }
        };
        let startCursor = part === 0 ? request.cursor : undefined;
        let outcome;
        // Stopped by the cap on the page that moved the bound: more may be left, but no cursor to name it.
        let cappedAtMove = false;
        for (;;) {
            let moved = false;
            if (parts.length === 1)
                progress.nextCursor = startCursor;
            const budget = { maxPages: request.maxPages - ledger.sent, maxPagesInput: Inputs.MaxPages, startCursor };
            outcome = await drainInto(fetch, budget, page => {
                ledger.lost(page.lostAnswers, count, selection.dlqIds);
                const made = page.messages ?? [];
                const deleted = page.deleted ?? 0;
                carriedRuns += page.workflowRuns.length + made.length + deleted + page.problems.filter(p => !p.kept).length;
                ledger.answered(page.workflowRuns, page.problems, made, deleted);
                if (parts.length === 1)
                    progress.nextCursor = page.cursor;
                onPage(page, ledger.taken());
                moved = keeper?.stamped(page.workflowRuns, client.serviceNow(), page.cursor !== undefined) === true;
                // Stop with the cursor left over: a drain that returns false keeps it as nextCursor.
                return !moved && !capReached();
            });
            if (!moved || keeper?.bound === undefined)
                break;
            // The cursor belongs to the bound it came with: the rest is selected again under the new one, from its start
            // (what was resumed has left the DLQ, so nothing is taken twice).
            const { nextCursor: _old, ...rest } = outcome;
            outcome = rest;
            progress.nextCursor = undefined;
            if (keeper.bound.movedFrom !== undefined) {
                client.log(`${movedText(keeper.bound)}; the resume goes on without its cursor`);
            }
            selection = { ...selection, toDate: keeper.bound.toDate };
            startCursor = undefined;
            cappedAtMove = capReached();
            if (cappedAtMove)
                break;
            if (ledger.sent >= request.maxPages) {
                outcome = { ...outcome, failure: { kind: 'max-pages', pages: ledger.sent, input: Inputs.MaxPages } };
                break;
            }
        }
        const status = failureStatus(outcome.failure);
        const untouched = outcome.pages === 0 && startCursor === undefined;
        const ids = selection.dlqIds;
        if (ids !== undefined && untouched && (status === 404 || status === 400)) {
            // One id the service will not take fails the whole request (404: gone since it was listed; 400: refused, as a
            // restart refuses a run that does not support it), and nothing of it is done: halve the ids until each is told,
            // so that every other id is still taken and each gone or refused one is named.
            if (ids.length > 1) {
                const half = Math.ceil(ids.length / 2);
                parts.splice(part, 1, { ...given, dlqIds: ids.slice(0, half) }, { ...given, dlqIds: ids.slice(half) });
                part--;
                continue;
            }
            const id = ids[0] ?? '';
            if (status === 404)
                ledger.goneOne(id);
            else
                ledger.refusedOne(id, refusalOf(outcome.failure));
            const notFound = ledger.gone.count - goneBefore;
            if (request.idsListedJustNow === true &&
                ledger.requests === 0 &&
                ledger.uncertainRequests === 0 &&
                notFound >= Math.min(total, LISTED_GONE_PROOF)) {
                // Entries listed a moment ago, the first of them every one "not found" and none taken: not a chance of
                // timing, but a service without the write (it answers 404 to any id then). Said as such; nothing was taken.
                // Unless an answer was lost: the request that lost it may have taken them.
                failure = { kind: 'verb-missing', operation: verb.operation, path: verb.path, status, listedIds: notFound };
                break;
            }
            continue;
        }
        if (untouched && (status === 405 || (status === 404 && ids === undefined && ledger.requests === 0))) {
            // A request by filters never answers 404 for missing entries, and 405 is never "not found": the service lacks
            // the write. Said as such, before any other write; nothing was taken.
            failure = { kind: 'verb-missing', operation: verb.operation, path: verb.path, status };
            break;
        }
        if (outcome.failure === undefined && outcome.nextCursor === undefined && !cappedAtMove)
            continue;
        leftWithoutCursor = cappedAtMove;
        // max-pages bounds every request of the resume: its count is the ledger's, over every drain.
        if (outcome.failure !== undefined)
            failure = wholeBudget(outcome.failure, ledger.sent);
        else
            stoppedByCap = true;
        // A cursor belongs to the one selection it came from: with several parts, name the ids left instead.
        if (parts.length === 1)
            nextCursor = outcome.nextCursor;
        else
            continueFrom = continuation(request, parts, part);
        break;
    }
    if (failure === undefined && total > 0 && ledger.requests === 0 && ledger.gone.count - goneBefore === total) {
        // Not one id was found, by this drain or a stage before it: the ids may be gone, base-url may point at a service
        // that never held them, or the service may lack the write (it answers 404 by ids then too): never reported as all
        // gone. (A later stage whose ids are all gone, after earlier stages took some, tells them one by one.)
        failure = { kind: 'ids-gone', ids: ledger.gone.count };
    }
    return {
        ...(failure !== undefined ? { failure } : {}),
        ...(nextCursor !== undefined ? { nextCursor } : {}),
        ...(continueFrom !== undefined ? { continueFrom } : {}),
        ...(stoppedByCap ? { stoppedByCap } : {}),
        ...(leftWithoutCursor ? { leftWithoutCursor } : {}),
        ...(urlParts > 1 ? { parts: urlParts } : {})
    };
}
/** What the log says when the first run created moved the bound. */
function movedText(bound) {
    const from = bound.movedFrom ?? bound.toDate;
    const why = from >= bound.toDate + 1
        ? 'it could have taken the runs this resume creates'
        : 'runs that failed before the resume began would have been left out';
    return (`to-date moved from ${from} to ${bound.toDate}, just before the first run the service created (${why}; ` +
        `its Date ${bound.dateFault !== undefined ? 'could not be used' : 'was off the clock that stamps its runs'})`);
}
/** A budget stop counts every request of the resume, not only this drain's. */
function wholeBudget(failure, sent) {
    return failure.kind === 'max-pages' ? { ...failure, pages: sent } : failure;
}
/** The dlq-ids a re-run continues with: those of the part that stopped and every part after it. */
function continuation(request, parts, part) {
    return idsLeftFrom(request, parts.slice(0, part).reduce((n, { dlqIds }) => n + (dlqIds?.length ?? 0), 0));
}
/** Where a resume by dlq-ids continues: from the id after the first `sent`, with its line in dlq-ids-file. */
function idsLeftFrom(request, sent) {
    const ids = request.selection.dlqIds ?? [];
    const line = request.dlqIdLines?.[sent];
    return { position: sent + 1, dlqId: ids[sent] ?? '', remaining: ids.length - sent, ...(line ? { line } : {}) };
}
/** What the service said refusing one entry: its status and text (already redacted and shortened). */
function refusalOf(failure) {
    const cause = failure?.kind === 'request' ? failure.request.cause : undefined;
    if (cause?.kind === 'status')
        return { status: cause.status, serverText: cause.serverText };
    return { status: failureStatus(failure) ?? 0, serverText: '' };
}

;// CONCATENATED MODULE: ./src/operations/listed-takes.ts
/**
 * A write by filters that the service refuses whole for one entry: a restart answers 400 to a request whose page holds
 * one run that does not support restart, and does nothing of it. Its filters cannot say which entry, so the rest of
 * the selection is listed (the same filters and bound) and taken by DLQ ids, where the drain halves a refused request
 * until each refused entry is named; the others are taken.
 */







/** Entries a listing of the fallback asks for a request: the most the service sends. */
const LIST_PAGE_SIZE = 100;
/**
 * The listing filters that select what a write by `selection` takes: the verb's DLQ (the failed workflow runs as
 * source workflow, or the failed messages), the same keys; dlq-ids are no filter of a listing.
 */
function listFiltersOf(verb, selection) {
    const { dlqIds: _ids, workflowUrl, messageId, ...rest } = selection;
    return {
        ...(verb.dlq === 'workflow' ? { source: 'workflow' } : {}),
        ...rest,
        ...(workflowUrl !== undefined ? { workflowUrl: [workflowUrl] } : {}),
        ...(messageId !== undefined ? { messageId: [messageId] } : {})
    };
}
/**
 * One drain of a write, as drainResume does it; when the verb refuses entries one by one and a request by filters
 * was refused (400), the rest of the selection is taken by listed ids.
 */
async function drainWrite(client, request, ledger, onPage, keeper) {
    const carriedAtStart = ledger.carried;
    const end = await drainResume(client, request, ledger, onPage, keeper);
    const verb = verbOf(request);
    if (verb.refuses === undefined || request.selection.dlqIds !== undefined)
        return end;
    // Refused on any page, after a cursor too: what was taken has left the DLQ, so a listing from the start of the
    // selection holds what is left of it (and, continuing a run given a cursor, what that run left).
    if (failureStatus(end.failure) !== 400)
        return end;
    // The bound every request sent stays the bound of the listing: nothing this write made is listed.
    const selection = keeper?.bound !== undefined ? { ...request.selection, toDate: keeper.bound.toDate } : request.selection;
    client.log(`${verb.path} answered 400 to a request by filters (${verb.refuses}): the rest of the selection is listed and ` +
        `${verb.words.past} by DLQ id, each refused one named`);
    return takeListed(client, { ...request, selection }, ledger, onPage, carriedAtStart);
}
/**
 * Lists the selection from its start, skipping what the service would not take, and takes up to a request's worth by
 * id; again, until a listing finds nothing left (what was taken has left the DLQ, so each listing starts over).
 */
async function takeListed(client, request, ledger, onPage, carriedBefore) {
    const verb = verbOf(request);
    const filters = listFiltersOf(verb, request.selection);
    const capLeft = () => (request.maxRuns ?? Infinity) - (ledger.carried - carriedBefore);
    for (;;) {
        if (capLeft() <= 0)
            return { stoppedByCap: true, leftWithoutCursor: true };
        if (ledger.sent >= request.maxPages) {
            return { failure: { kind: 'max-pages', pages: ledger.sent, input: Inputs.MaxPages }, leftWithoutCursor: true };
        }
        const want = Math.min(verb.pageSize, capLeft());
        const ids = [];
        const listing = await drainInto(cursor => {
            ledger.sent++;
            return client.listDlqPage(listQuery(filters, LIST_PAGE_SIZE, 'earliestFirst', cursor));
        }, { maxPages: request.maxPages - ledger.sent, maxPagesInput: Inputs.MaxPages }, page => {
            for (const item of page.items) {
                const dlqId = isRecord(item) && typeof item.dlqId === 'string' ? item.dlqId : undefined;
                if (dlqId !== undefined && dlqId !== '' && !ledger.told.has(dlqId))
                    ids.push(dlqId);
                if (ids.length >= want)
                    return false;
            }
            return true;
        });
        if (listing.failure !== undefined)
            return { failure: listing.failure, leftWithoutCursor: true };
        if (ids.length === 0)
            return {};
        const { cursor: _cursor, ...byIds } = request;
        const end = await drainResume(client, { ...byIds, selection: { dlqIds: ids }, maxRuns: capLeft() }, ledger, onPage);
        // Every id of this round gone or refused is told, and skipped by the next listing; any other stop ends here.
        if (end.failure === undefined || end.failure.kind === 'ids-gone')
            continue;
        // The ids of a round are this step's own choice: a re-run continues the selection itself, under the same bound.
        const { continueFrom: _ids, nextCursor: _cursor2, ...stopped } = end;
        return { ...stopped, leftWithoutCursor: true };
    }
}

;// CONCATENATED MODULE: ./src/operations/plan.ts
/**
 * A bulk write's plan: the entries it would take, found by the listing (its breakdowns, in bounded memory) with the
 * bound the write would send, and written to plan-file. A dry run stops there; expect-count then writes only the
 * entries listed, by their DLQ ids, when they are exactly as many as expected.
 */








/** Entries a page of the plan's listing asks for: the listing's most. */
const PLAN_PAGE_SIZE = 100;
/** The verb's DLQ as a listing names it, the whole of it. */
const dlqOf = (verb) => listFiltersOf(verb, {});
/**
 * What the write would select, as a listing: by dlq-ids (the service then ignores every other selector) or by runs
 * given as pairs, the verb's whole DLQ, kept to the entries given; else the verb's selectors as list filters, bounded.
 * The sets of what is given are as large as the input, no larger.
 */
function plan_planListing(verb, request) {
    const { dlqIds } = request.selection;
    if (dlqIds !== undefined) {
        const left = new Set(dlqIds);
        const count = left.size;
        // An id found leaves `left`: what remains at the end was not in the DLQ.
        const selects = (m) => m.dlqId !== undefined && left.delete(m.dlqId);
        return { filters: dlqOf(verb), selects, given: { by: 'dlq-ids', count, missing: () => left.size } };
    }
    if (request.runs !== undefined) {
        // A run id is set by the caller and repeats: a run is its id and its creation time together.
        const key = (runId, createdAt) => `${String(runId)}\u0000${String(createdAt)}`;
        const given = new Set(request.runs.map(run => key(run.workflowRunId, run.workflowCreatedAt)));
        const found = new Set();
        const selects = (m) => {
            const pair = key(m.workflowRunId, m.workflowCreatedAt);
            if (!given.has(pair))
                return false;
            found.add(pair);
            return true;
        };
        const missing = () => given.size - found.size;
        return { filters: dlqOf(verb), selects, given: { by: 'workflow-runs', count: given.size, missing } };
    }
    return { filters: listFiltersOf(verb, request.selection) };
}
/**
 * Lists what the write would take into plan-file: with the bound it would send (startBound, as the write calls it:
 * the plan's to-date is the write's), its selectors as filters, max-entries and max-pages as its own. `keepIds`: also
 * returns every DLQ id planned, in listing order.
 */
async function listPlan(client, request, file, hooks, keepIds) {
    const verb = verbOf(request);
    // Runs given by pairs are taken by the DLQ ids found: the write sends no bound for them.
    const bound = request.runs === undefined ? await startBound(client, request, hooks.clock) : undefined;
    const { filters, selects, given } = plan_planListing(verb, withBound(request, bound));
    const list = {
        filters,
        order: 'earliestFirst',
        pageSize: PLAN_PAGE_SIZE,
        maxPages: request.maxPages,
        concurrency: 1,
        ...(request.maxRuns !== undefined ? { maxMessages: request.maxRuns } : {})
    };
    let withoutDlqId = 0;
    const keep = (m) => {
        if (selects !== undefined && !selects(m))
            return false;
        if (hooks.alsoKeeps !== undefined && !hooks.alsoKeeps(m))
            return false;
        // No write by ids can take an entry without one: counted, and left out of the plan.
        if (m.dlqId !== undefined && m.dlqId !== '')
            return true;
        withoutDlqId++;
        return false;
    };
    // Held for expect-count alone, which acts on them: as many as were listed, and a write needs them all.
    const ids = [];
    let planned = 0;
    const progressLine = atMostEvery(1000, hooks.log);
    const counting = {
        write: messages => {
            planned += messages.length;
            if (keepIds)
                for (const m of messages)
                    ids.push(m.dlqId);
            if (hooks.progress !== undefined)
                hooks.progress.planned = planned;
            progressLine(() => `${formatCount(planned)} entries planned so far`);
            return Promise.resolve();
        },
        restart: () => {
            planned = 0;
            ids.length = 0;
            return Promise.resolve();
        }
    };
    if (hooks.progress !== undefined)
        hooks.progress.planned = 0;
    // The step's progress is not the listing's: a listing's cursor continues no write.
    const listingHooks = { log: hooks.log, sink: counting, keep, signal: hooks.signal, now: hooks.now };
    const listing = await listDlqToFile(client, list, file, hooks.encode, listingHooks);
    const capped = request.maxRuns !== undefined && planned >= request.maxRuns && listing.nextCursor !== undefined;
    const plan = {
        kind: 'plan',
        operation: verb.operation,
        selection: request.selection,
        all: request.all,
        ...(request.maxRuns !== undefined ? { maxRuns: request.maxRuns } : {}),
        listing,
        planned,
        ...(bound !== undefined ? { bound } : {}),
        ...(withoutDlqId > 0 ? { withoutDlqId } : {}),
        ...(given !== undefined ? { given: { by: given.by, count: given.count, missing: given.missing() } } : {}),
        ...(capped ? { capped } : {}),
        ...(listing.messagesFile !== undefined ? { planFile: listing.messagesFile } : {})
    };
    return { plan, ids };
}
/** expect-count's refusal of a plan: not exactly as many entries, or a listing that could not count them all. */
function refusal(plan, expectCount) {
    const complete = planComplete(plan);
    // A reviewed plan's selection is its ids: those gone since are told one by one by the write, not a mismatch.
    const found = plan.given?.by === 'dlq-ids' ? plan.given.count : plan.planned;
    if (complete && found === expectCount)
        return undefined;
    return { kind: 'count-mismatch', expected: expectCount, found, complete };
}
/** A dry run: the plan of the write, no write request sent; held to expect-count when it is set too. */
async function planWrite(client, request, planFile, hooks, expectCount) {
    const { plan } = await listPlan(client, request, { path: planFile, input: Inputs.PlanFile }, hooks, false);
    if (expectCount === undefined)
        return plan;
    const failure = refusal(plan, expectCount);
    return { ...plan, expectCount, ...(failure !== undefined ? { failure } : {}) };
}
/**
 * expect-count: lists the selection first, refuses before any write unless exactly `expectCount` entries were listed
 * (a listing that could not finish cannot say), then `write`s the entries listed by their DLQ ids: never the filter
 * again, which could select differently by now (entries failed since, or dates read another way by the write).
 */
async function expectThenWrite(client, request, expectCount, planFile, hooks, write) {
    const { plan, ids } = await listPlan(client, request, { path: planFile, input: Inputs.PlanFile }, hooks, true);
    const failure = refusal(plan, expectCount);
    if (failure !== undefined)
        return { ...plan, expectCount, failure };
    // None to take: an empty id list would select the whole DLQ, so nothing is sent. Every id of a plan gone since is
    // no "as expected": it fails, as a write by those ids would.
    if (ids.length === 0 && plan.given?.by === 'dlq-ids' && plan.given.count > 0) {
        return { ...plan, expectCount, failure: { kind: 'ids-gone', ids: plan.given.count, byListing: true } };
    }
    if (ids.length === 0)
        return { ...plan, expectCount };
    if (hooks.progress !== undefined)
        delete hooks.progress.planned;
    hooks.log(`expect-count: ${formatCount(ids.length)} entries listed, as expected; taking them by their DLQ ids`);
    // The ids listed are the whole selection now: no cursor, runs or lines of dlq-ids-file belong to them.
    const { cursor: _cursor, runs: _runs, dlqIdLines: _lines, ...rest } = request;
    const result = await write({ ...rest, all: false, selection: { dlqIds: ids }, idsListedJustNow: true });
    const listed = { count: expectCount, listed: plan.planned, ...(plan.planFile ? { planFile: plan.planFile } : {}) };
    const given = request.selection.dlqIds;
    if (given === undefined)
        return listedByFilters(result, request, plan, listed);
    // Ids the listing did not reach are not known to be gone (inputs refuse a cap with expect-count by ids).
    if (plan.given?.by !== 'dlq-ids' || plan.capped === true)
        return { ...result, expected: listed };
    // A reviewed plan: the ids given that the listing (to its end) did not find are gone, each told as such, and the
    // selection reported is the ids given, so that taken, gone and refused add up to them.
    return { ...result, selection: request.selection, expected: listed, ...goneBeforeWrite(result, given, ids) };
}
/**
 * A write by the ids the step listed from the selectors: those ids are no input the user holds, so a write stopped
 * part way continues by the selectors again, under the listing's bound (what was taken has left the DLQ).
 */
function listedByFilters(result, request, plan, listed) {
    const expected = { ...listed, byListing: true };
    if (result.continueFrom === undefined)
        return { ...result, expected };
    const { continueFrom: _ids, ...stopped } = result;
    const bound = plan.bound !== undefined ? { bound: plan.bound } : {};
    return { ...stopped, ...bound, selection: request.selection, leftWithoutCursor: true, expected };
}
/** The most ids named of those found gone before the write: the rest are counted. */
const GONE_NAMED_AT_MOST = 1000;
/** The write's ids told gone, with the ids given that the listing did not find before it. */
function goneBeforeWrite(result, given, listed) {
    const found = new Set(listed);
    const missing = [...new Set(given)].filter(id => !found.has(id));
    if (missing.length === 0)
        return {};
    const told = result.goneOneByOne ?? { count: 0, named: [] };
    const named = [...told.named, ...missing.slice(0, Math.max(0, GONE_NAMED_AT_MOST - told.named.length))];
    return { goneOneByOne: { count: told.count + missing.length, named } };
}
/** A dry run of resume-schedule: the schedules it would resume; no request, so none is known to exist. */
const planSchedules = (request) => ({
    kind: 'plan',
    operation: 'resume-schedule',
    scheduleIds: request.scheduleIds
});

;// CONCATENATED MODULE: ./src/operations/resume-schedule.ts

/** Resumes each schedule in turn, whatever the others did; a cancel stops it, the rest marked as never tried. */
async function resumeSchedules(client, request, onOutcome = () => { }) {
    const outcomes = [];
    for (const scheduleId of request.scheduleIds) {
        const outcome = await client.resumeSchedule(scheduleId).then(() => ({ scheduleId, ok: true }), (err) => ({ scheduleId, ok: false, failure: failureOf(err) }));
        outcomes.push(outcome);
        onOutcome(outcome);
        const { failure } = outcome;
        if (failure?.kind === 'cancelled') {
            const rest = request.scheduleIds.slice(outcomes.length);
            outcomes.push(...rest.map((id) => ({ scheduleId: id, ok: false, failure, notTried: true })));
            return { operation: 'resume-schedule', outcomes, cancelled: failure.signal };
        }
    }
    return { operation: 'resume-schedule', outcomes };
}

;// CONCATENATED MODULE: ./src/operations/resume-ledger.ts

/** Gone or refused ids named at most (the rest counted): memory stays bounded whatever the service answers. */
const NAMED_AT_MOST = 1000;
class ResumeLedger {
    verb;
    progress;
    /** Every run the answers named, in the order resumed (a resume or a restart). */
    runs = [];
    /** Every new message the answers named, in the order retried (a retry). */
    messages = [];
    /** Of those, the messages the service deduplicated (not delivered again). */
    deduplicated = 0;
    /** Runs the answers carried, named or not: what a cap counts. */
    carried = 0;
    /** Requests answered with runs. */
    requests = 0;
    /** Requests sent, answered or not (a part answered 404 too): what max-pages bounds. */
    sent = 0;
    /** Attempts whose answer was lost or unreadable: each may have resumed runs not in `runs`... */
    uncertainRequests = 0;
    /** ...as many as each asked for (its count): what they may have resumed in all. */
    uncertainRuns = 0;
    /** Most runs one answer carried, when more than the count sent: the service ignores count. */
    largestAnswer;
    /** Ids of dlq-ids the service no longer had, each told on its own (404 to a request of that id alone). */
    gone = { count: 0, named: [] };
    /** Entries the service refused to take (400 to a request of that id alone), the first NAMED_AT_MOST named. */
    refused = [];
    refusedCount = 0;
    /** Every id told gone or refused: a listing that takes the rest skips them (bounded by what the service refused). */
    told = new Set();
    /** Entries a delete's answers counted: they name none (makes `count`). */
    deleted = 0;
    /**
     * Where the answers name nothing (a delete), the ids are the only record: every id a request named, and those of
     * requests with an answer lost (what such a request did to them is unknown); bounded by the ids given.
     */
    named = new Set();
    lostIds = new Set();
    /** Of the ids told gone, those a request with a lost answer had named: it may have taken them itself. */
    goneAfterLost = 0;
    problems = new ItemProblems();
    /** `progress` is kept up to date as answers arrive, for a last-resort report should the process be stopped. */
    constructor(
    /** The write whose answers it holds: its page size tells a service that ignores count. */
    verb, progress = { confirmed: 0, uncertainRequests: 0 }) {
        this.verb = verb;
        this.progress = progress;
    }
    /** A request about to be sent, by these ids: kept where the answer will not name what it took. */
    naming(ids) {
        if (this.verb.makes === 'count')
            for (const id of ids ?? [])
                this.named.add(id);
    }
    /** Attempts lost after sending (a failed request, or the answer to a page's retries), each asking for `count`. */
    lost(attempts, count, ids) {
        if (attempts > 0 && this.verb.makes === 'count')
            for (const id of ids ?? [])
                this.lostIds.add(id);
        this.uncertainRequests += attempts;
        this.uncertainRuns += attempts * count;
        this.progress.uncertainRequests = this.uncertainRequests;
        this.progress.uncertainRuns = this.uncertainRuns;
    }
    /** One answered request: what it made (runs, or new messages), and the items it carried that could not be read. */
    answered(runs, problems, messages = [], deleted = 0) {
        this.deleted += deleted;
        const carried = runs.length + messages.length + deleted + problems.filter(p => !p.kept).length;
        if (carried > this.verb.pageSize)
            this.largestAnswer = Math.max(this.largestAnswer ?? 0, carried);
        this.carried += carried;
        // A loop, not a spread: a server that ignores count may answer with more runs than fit in arguments.
        for (const run of runs)
            this.runs.push(run);
        for (const message of messages) {
            this.messages.push(message);
            if (message.deduplicated)
                this.deduplicated++;
        }
        this.requests++;
        const request = this.requests;
        this.problems.add(problems, problem => problem.kept
            ? `run "${problem.id ?? ''}" (request ${request}, item ${problem.index}): ${problem.detail}`
            : `item ${problem.index} of request ${request}, ${this.verb.words.past} but not named: ${problem.detail}`);
        this.progress.confirmed = this.taken();
    }
    /** An id the service answered 404 for on its own: gone since it was listed. */
    goneOne(dlqId) {
        this.told.add(dlqId);
        if (this.lostIds.has(dlqId))
            this.goneAfterLost++;
        this.gone.count++;
        if (this.gone.named.length < NAMED_AT_MOST)
            this.gone.named.push(dlqId);
    }
    /** An id the service refused on its own (400): it stays in the DLQ, the others go on. */
    refusedOne(dlqId, answer) {
        this.told.add(dlqId);
        this.refusedCount++;
        if (this.refused.length < NAMED_AT_MOST)
            this.refused.push({ dlqId, ...answer });
    }
    /** Entries the answers named as taken: runs made, or messages made; or counted as deleted. */
    taken() {
        return this.runs.length + this.messages.length + this.deleted;
    }
    /** The resume asked by `request`, as far as this ledger went, ending as `end` says. */
    result(request, end) {
        const { maxRuns } = request;
        const { failure, continueFrom, parts, leftWithoutCursor } = end;
        // Stopped before any request: the cursor it was given is where a re-run starts again.
        const nextCursor = end.nextCursor ?? (failure !== undefined && this.sent === 0 ? request.cursor : undefined);
        const stoppedByCap = end.stoppedByCap === true && maxRuns !== undefined && this.carried >= maxRuns;
        return {
            operation: this.verb.operation,
            selection: request.selection,
            all: request.all,
            overrides: request.overrides,
            ...(request.cursor !== undefined ? { startCursor: request.cursor } : {}),
            runs: this.runs,
            requests: this.requests,
            uncertainRequests: this.uncertainRequests,
            ...(this.uncertainRequests > 0 ? { uncertainRuns: this.uncertainRuns } : {}),
            ...(this.largestAnswer !== undefined ? { largestAnswer: this.largestAnswer } : {}),
            ...(maxRuns !== undefined ? { maxRuns } : {}),
            ...(stoppedByCap ? { stoppedByCap } : {}),
            ...(maxRuns !== undefined && this.carried > maxRuns ? { pastCap: this.carried - maxRuns } : {}),
            ...(parts !== undefined ? { parts } : {}),
            // Ids called not found when none was found, or by a service without the write, were never shown gone.
            ...(this.gone.count > 0 && failure?.kind !== 'ids-gone' && failure?.kind !== 'verb-missing'
                ? { goneOneByOne: { count: this.gone.count, named: [...this.gone.named] } }
                : {}),
            ...(this.refusedCount > 0 ? { refused: [...this.refused], refusedCount: this.refusedCount } : {}),
            itemProblems: this.problems.summary(),
            ...(nextCursor !== undefined ? { nextCursor } : {}),
            ...(leftWithoutCursor === true ? { leftWithoutCursor } : {}),
            ...(continueFrom !== undefined ? { continueFrom } : {}),
            ...(failure !== undefined ? { failure } : {}),
            ...(this.verb.makes === 'message' ? { messages: this.messages, deduplicated: this.deduplicated } : {})
        };
    }
}

;// CONCATENATED MODULE: ./src/run-states.ts
// What a watched run can be, and how runs are counted by state: the vocabulary of the watch's judgement (operations)
// and of its words (report). A root module: it imports no folder of src/.
/** Every state a watched run can be in, in the order a summary lists them. */
const RUN_STATES = ['completed', 'failed', 'failing', 'cancelled', 'running', 'unknown'];
/** A count for each of the six states (the run-states output), zeros included. */
function countStates(runs) {
    const counts = Object.fromEntries(RUN_STATES.map(state => [state, 0]));
    for (const run of runs)
        counts[run.state]++;
    return counts;
}

;// CONCATENATED MODULE: ./src/operations/run-states.ts

/** States a run does not leave: the watch need not ask about it again, and ends when every run is in one. */
const ENDED_STATES = new Set(['completed', 'failed', 'cancelled']);
/** The states a run counts against the canary in: failed, or failing in its retries. */
const isBad = (state) => state === 'failed' || state === 'failing';
const RUN_LOG_STATES = {
    RUN_SUCCESS: 'completed',
    RUN_FAILED: 'failed',
    RUN_CANCELED: 'cancelled',
    RUN_CANCELLED: 'cancelled',
    RUN_STARTED: 'running'
};
/** Step states that, with an error of this run, make a running run failing. */
const FAILING_STEPS = new Set(['STEP_RETRY', 'STEP_FAILED']);
/** The earliest error of this run in its log (an untimed one after every timed one), or undefined. */
function firstLogError(log, since, failingOnly) {
    let first;
    for (const step of log.steps) {
        const error = step.firstError;
        if (error === undefined || (failingOnly && !FAILING_STEPS.has(step.state ?? '')))
            continue;
        // An error before the run was created is its original run's; an untimed one cannot be placed and counts.
        if (error.time !== undefined && since !== undefined && error.time < since)
            continue;
        if (first !== undefined && (error.time ?? Infinity) >= (first.time ?? Infinity))
            continue;
        first = {
            source: 'run-log',
            ...(step.stepName !== undefined ? { stepName: step.stepName } : {}),
            ...(error.status !== undefined ? { status: error.status } : {}),
            ...(error.time !== undefined ? { time: error.time } : {}),
            bodySample: error.bodySample,
            ...(error.bodyCut ? { bodyCut: true } : {})
        };
    }
    return first;
}
/** The DLQ entry's last response, as a first error. */
function dlqError(entry) {
    return {
        source: 'dlq',
        ...(entry.responseStatus !== undefined ? { status: entry.responseStatus } : {}),
        ...(entry.failedAt !== undefined ? { time: entry.failedAt } : {}),
        ...(entry.bodySample !== undefined ? { bodySample: entry.bodySample } : {}),
        ...(entry.bodyCut ? { bodyCut: true } : {}),
        ...(entry.binaryBody !== undefined ? { binaryBody: entry.binaryBody } : {})
    };
}
const withError = (judged, error) => error === undefined ? judged : { ...judged, firstError: error };
/**
 * One run's state at this poll. `log`: the run log read this poll (undefined: the service keeps none, the DLQ alone
 * judges); `dlq`: its entry back in the DLQ, if any; `previous`: its state at the poll before. An ended state is
 * kept (a DLQ entry still turns it failed); a run the log no longer tells of keeps its previous state.
 */
function judgeRun(run, log, dlq, previous) {
    const id = run.workflowRunId;
    if (previous !== undefined && ENDED_STATES.has(previous.state) && (previous.state === 'failed' || !dlq))
        return previous;
    const entry = log?.get(id);
    const since = run.workflowCreatedAt ?? entry?.workflowCreatedAt;
    if (dlq !== undefined) {
        // Back in the DLQ is failed whatever the log says; the log's first error is the earlier, when it has one.
        const fromLog = entry?.state === 'RUN_FAILED';
        const dlqId = dlq.dlqId ?? entry?.dlqId;
        const judged = {
            workflowRunId: id,
            state: 'failed',
            source: fromLog ? 'run-log' : 'dlq',
            ...(dlqId !== undefined ? { dlqId } : {})
        };
        const endedAt = (fromLog ? entry.completedAt : undefined) ?? dlq.failedAt;
        const error = (entry && firstLogError(entry, since, false)) ?? dlqError(dlq);
        return withError(endedAt !== undefined ? { ...judged, endedAt } : judged, error);
    }
    if (entry === undefined) {
        const judged = { workflowRunId: id, state: 'unknown', source: log === undefined ? 'dlq' : 'run-log' };
        return previous ?? judged;
    }
    const known = entry.state !== undefined ? RUN_LOG_STATES[entry.state] : undefined;
    const base = {
        workflowRunId: id,
        state: known ?? 'running',
        source: 'run-log',
        ...(entry.state !== undefined && known === undefined ? { logState: entry.state } : {})
    };
    if (base.state === 'running') {
        const error = firstLogError(entry, since, true);
        return error === undefined ? base : { ...base, state: 'failing', firstError: error };
    }
    const ended = entry.completedAt !== undefined ? { ...base, endedAt: entry.completedAt } : base;
    if (base.state !== 'failed')
        return ended;
    const placed = entry.dlqId !== undefined ? { ...ended, dlqId: entry.dlqId } : ended;
    return withError(placed, firstLogError(entry, since, false));
}
/** Every watched run judged at this poll, counted by state. */
function judgeRuns(runs, log, dlq, previous) {
    const judged = runs.map(run => judgeRun(run, log, dlq.get(run.workflowRunId), previous?.get(run.workflowRunId)));
    return { runs: judged, counts: countStates(judged), allEnded: judged.every(run => ENDED_STATES.has(run.state)) };
}
/** The runs to ask the log about at the next poll: not ended, and with the creation time the log needs. */
function runsToAsk(runs, previous) {
    return runs.flatMap(run => {
        const state = previous?.get(run.workflowRunId)?.state;
        if ((state !== undefined && ENDED_STATES.has(state)) || run.workflowCreatedAt === undefined)
            return [];
        return [{ workflowRunId: run.workflowRunId, workflowCreatedAt: run.workflowCreatedAt }];
    });
}

;// CONCATENATED MODULE: ./src/operations/resume-runs.ts
/**
 * A resume of runs given by their pairs (input workflow-runs, such as failed-again-runs): each run is found in the
 * workflow DLQ by a listing of its id and creation time, kept only where both are exactly the pair (run ids repeat,
 * and the service reads the id as a prefix), and the entries found are resumed by their dlqIds. A run not in the DLQ
 * is told from the run log: still retrying (a re-run is given it again), or ended without an entry to resume.
 */








/** States of a run not in the DLQ that may still bring it there: a re-run is given it again. */
const MAY_COME = new Set(['running', 'failing', 'unknown']);
/** The dlqIds of the entries whose run is exactly this pair, from a listing filtered by it. */
async function entriesOf(client, pair, maxPages) {
    const filters = {
        source: 'workflow',
        workflowRunId: pair.workflowRunId,
        workflowCreatedAt: pair.workflowCreatedAt
    };
    const ids = [];
    const fetch = (cursor) => client.listDlqPage(listQuery(filters, 100, 'earliestFirst', cursor));
    const outcome = await drainInto(fetch, { maxPages, maxPagesInput: Inputs.MaxPages }, page => {
        for (const item of page.items) {
            if (!isRecord(item) || item.workflowRunId !== pair.workflowRunId || typeof item.dlqId !== 'string')
                continue;
            const created = millis.safeParse(item.workflowCreatedAt);
            if (created.success && created.data === pair.workflowCreatedAt && item.dlqId !== '')
                ids.push(item.dlqId);
        }
    });
    if (outcome.failure !== undefined)
        throw Object.assign(new Error('listing failed'), { failure: outcome.failure });
    return ids;
}
/** What the run log says of runs not in the DLQ; unknown for each where the service keeps none or the read fails. */
async function statesOf(client, pairs, maxPages) {
    if (pairs.length === 0)
        return [];
    try {
        const read = await client.readRunLog(pairs, maxPages);
        const log = read.kind === 'read' ? read.runs : undefined;
        return pairs.map(pair => (log === undefined ? 'unknown' : judgeRun(pair, log, undefined).state));
    }
    catch {
        // Not knowing is not a failure of the resume: those runs are given again to a re-run.
        return pairs.map(() => 'unknown');
    }
}
/**
 * Finds the runs of request.runs in the DLQ, resumes what was found with `resume` (by dlqIds, staged or not), and
 * says what became of each run given. A listing that fails stops the step before any resume request.
 */
async function resumeRuns(client, request, resume) {
    const { runs: pairs, ...rest } = request;
    const found = [];
    const missing = [];
    let failure;
    for (const pair of pairs) {
        try {
            const dlqIds = await entriesOf(client, pair, request.maxPages);
            if (dlqIds.length > 0)
                found.push({ pair, dlqIds });
            else
                missing.push(pair);
        }
        catch (err) {
            failure = failureOf(err);
            break;
        }
    }
    if (failure !== undefined) {
        const byRuns = { given: pairs.length, found: found.length, notInDlq: [], left: pairs };
        return { ...new ResumeLedger(verbOf(rest)).result(rest, { failure }), byRuns };
    }
    const dlqIds = [...new Set(found.flatMap(run => run.dlqIds))];
    const result = dlqIds.length > 0
        ? await resume({ ...rest, selection: { dlqIds } })
        : { ...new ResumeLedger(verbOf(rest)).result(rest, {}), requests: 0 };
    const states = await statesOf(client, missing, request.maxPages);
    const notInDlq = missing.map((pair, i) => ({ ...pair, state: states[i] ?? 'unknown' }));
    const { nextCursor, continueFrom, ...own } = result;
    // Stopped part way: the runs whose ids were not all sent are given again (the gone are told apart on the re-run).
    const stopped = nextCursor !== undefined || continueFrom !== undefined || result.failure !== undefined;
    const sentBefore = continueFrom !== undefined ? continueFrom.position - 1 : stopped ? 0 : dlqIds.length;
    const unsent = new Set(dlqIds.slice(sentBefore));
    const left = [
        ...found.filter(run => run.dlqIds.some(id => unsent.has(id))).map(run => run.pair),
        ...notInDlq
            .filter(run => MAY_COME.has(run.state))
            .map(({ workflowRunId, workflowCreatedAt }) => ({
            workflowRunId,
            workflowCreatedAt
        }))
    ];
    return { ...own, byRuns: { given: pairs.length, found: found.length, notInDlq, left } };
}

;// CONCATENATED MODULE: ./src/stage-verdicts.ts
const STAGE_VERDICTS = {
    clean: { goesOn: true, passed: true, endsPlan: false },
    within: { goesOn: true, passed: true, endsPlan: false },
    stopped: { goesOn: false, passed: false, endsPlan: true },
    inconclusive: { goesOn: false, passed: false, endsPlan: true },
    cut: { goesOn: false, passed: false, endsPlan: true },
    blind: { goesOn: false, passed: false, endsPlan: true },
    last: { goesOn: false, passed: true, endsPlan: false },
    capped: { goesOn: false, passed: true, endsPlan: true },
    failed: { goesOn: false, passed: false, endsPlan: true },
    cancelled: { goesOn: false, passed: false, endsPlan: true }
};

;// CONCATENATED MODULE: ./src/operations/watch.ts
/**
 * The watch of a staged resume: after a stage it lists the workflow DLQ every few seconds and once at its end, and
 * finds there every run this resume created so far (failed again), each attributed to its stage. Each listing asks
 * only for what entered the DLQ since the one before (on the service's clock, less a margin), and is kept as a
 * measurement; the wait is on the run's clock and ends at once on the stop signal, so tests drive it with a clock.
 */










/** Entries a watch's listing asks for a request: the most the service sends. */
const WATCH_PAGE_SIZE = 100;
/**
 * What every watch of one resume shares: the runs it created, each with its stage, those found failed again, and
 * where the next listing starts (a date on the service's clock, moved on by what each listing saw).
 */
class WatchState {
    fromDate;
    made;
    taken;
    /** Every run id the resume created so far, with the stage that resumed it. */
    runs = new Map();
    /** The runs (or messages) found back in the DLQ, in the order found. */
    found = new Map();
    /** Entries that carried a watched run id but were not readable as a DLQ entry: counted, and said. */
    unreadable = 0;
    /** Each run's creation on the service's clock, when its resume said it: the run log knows a run by the pair. */
    createdAt = new Map();
    /** Each run's state at the latest poll (run log and DLQ together). */
    judged = new Map();
    /** The stage whose watch first judged a run failed or failing, by run id. */
    badSince = new Map();
    /** 'absent': the service answered 404 on both run-log paths, so the DLQ alone judges; unset until one is read. */
    runLog;
    /**
     * `fromDate`: the service's time at the start of the resume; none of its runs can have failed before. `made`: what
     * the write made, runs (found in the workflow DLQ by run id, judged by the run log too) or messages (found in the
     * message DLQ by their new message id, judged by the DLQ alone: the run log knows workflow runs only).
     */
    constructor(fromDate, made = 'run', 
    /** What the log calls them: `runs resumed`, `messages retried`. */
    taken = 'runs resumed') {
        this.fromDate = fromDate;
        this.made = made;
        this.taken = taken;
        if (made === 'message')
            this.runLog = 'absent';
    }
    add(stage, runs) {
        for (const run of runs) {
            const { workflowRunId, workflowCreatedAt } = typeof run === 'string' ? { workflowRunId: run } : run;
            this.runs.set(workflowRunId, stage);
            if (workflowCreatedAt !== undefined)
                this.createdAt.set(workflowRunId, workflowCreatedAt);
        }
    }
    /** Every run so far, as the judgement takes them. */
    watched() {
        return [...this.runs.keys()].map(id => {
            const created = this.createdAt.get(id);
            return created === undefined ? { workflowRunId: id } : { workflowRunId: id, workflowCreatedAt: created };
        });
    }
    /**
     * Where a listing may start and still see every watched run that may come back: an entry's createdAt is its
     * message's, which follows its run's creation but may precede its entry into the DLQ by the run's retries. Each run
     * not found and not ended holds the start at its creation less the margin; one with no known creation, at the start.
     */
    listFloor() {
        let floor = Infinity;
        for (const id of this.runs.keys()) {
            if (this.found.has(id))
                continue;
            const state = this.judged.get(id)?.state;
            if (state === 'completed' || state === 'cancelled')
                continue;
            const created = this.createdAt.get(id);
            if (created === undefined)
                return -Infinity;
            floor = Math.min(floor, created - WATCH_RELIST_MS);
        }
        return floor;
    }
    /** Runs that failed again or are failing so far, whichever signal saw them: what watch-max-failed counts. */
    failing() {
        let n = this.found.size;
        for (const run of this.judged.values())
            if (isBad(run.state) && !this.found.has(run.workflowRunId))
                n++;
        return n;
    }
    /**
     * Every run that counts against the canary, each named once: the runs back in the DLQ in the order found (with the
     * run log's dlqId where the entry had none), then the runs the run log says failed or are failing, in resume order.
     */
    failedAgain() {
        const runs = [];
        for (const [id, seen] of this.found) {
            const dlqId = seen.dlqId ?? this.judged.get(id)?.dlqId;
            const created = 'workflowRunId' in seen ? this.createdOf(id) : {};
            runs.push({ ...seen, ...created, ...(dlqId !== undefined ? { dlqId } : {}) });
        }
        for (const [id, stage] of this.runs) {
            const judged = this.judged.get(id);
            if (judged === undefined || !isBad(judged.state) || this.found.has(id))
                continue;
            runs.push(fromRunLog(judged, judged.state, stage, this.badSince.get(id) ?? stage, this.createdOf(id)));
        }
        return runs;
    }
    /** A run's creation time as its resume gave it, as a field to spread. */
    createdOf(id) {
        const created = this.createdAt.get(id);
        return created === undefined ? {} : { workflowCreatedAt: created };
    }
}
/** Time between two listings: 5 s, or longer for a watch over 10 minutes so that it lists about 120 times at most. */
function pollIntervalMs(watchMs) {
    return Math.max(WATCH_POLL_MS, Math.ceil(watchMs / WATCH_MAX_POLLS));
}
/** What one listing found of the runs, and what it cost. */
async function listOnce(client, request, state) {
    // No workflow-url filter: a run is known by its id, whatever form the service gives its URL; a message, by its new id.
    const fromDate = Math.max(0, state.fromDate);
    const filters = state.made === 'run' ? { source: 'workflow', fromDate } : { fromDate };
    const idKey = state.made === 'run' ? 'workflowRunId' : 'messageId';
    const fetch = (cursor) => client.listDlqPage(listQuery(filters, WATCH_PAGE_SIZE, 'earliestFirst', cursor));
    let listed = 0;
    let latest = -Infinity;
    const outcome = await drainInto(fetch, { maxPages: request.maxPages, maxPagesInput: Inputs.MaxPages }, page => {
        listed += page.items.length;
        for (const item of page.items) {
            if (!isRecord(item))
                continue;
            if (isDateMs(item.createdAt))
                latest = Math.max(latest, item.createdAt);
            const id = item[idKey];
            const stage = typeof id === 'string' ? state.runs.get(id) : undefined;
            if (stage === undefined || state.found.has(id))
                continue;
            const seen = failedAgain(item, stage, request.stage);
            const run = state.made === 'run' ? { workflowRunId: id, ...seen } : { messageId: id, ...seen };
            if (run.dlqId === undefined)
                state.unreadable++;
            state.found.set(id, run);
        }
    });
    // The next listing starts where this one saw entries (less a margin), but never past a watched run still open.
    if (outcome.failure === undefined && latest > -Infinity) {
        state.fromDate = Math.max(state.fromDate, Math.min(latest - WATCH_RELIST_MS, state.listFloor()));
    }
    // A failed or cut request was sent; a drain stopped by its own guard (budget, cursor) sent nothing more.
    const unanswered = outcome.failure?.kind === 'request' || outcome.failure?.kind === 'cancelled' ? 1 : 0;
    return { requests: outcome.pages + unanswered, listed, ...pick(outcome.failure) };
}
const pick = (failure) => (failure === undefined ? {} : { failure });
/**
 * One round of run-log requests for the runs not yet ended (RUN_LOG_BATCH a request), then every run judged from
 * the log and the DLQ together. A failed read leaves the watch blind, as a failed listing does.
 */
async function judgeOnce(client, request, state) {
    const watched = state.watched();
    let log;
    let requests = 0;
    const ask = state.runLog === 'absent' ? [] : runsToAsk(watched, state.judged);
    if (ask.length > 0) {
        try {
            log = await client.readRunLog(ask, request.maxPages);
        }
        catch (err) {
            // Blind: the states stay those of the poll before; at least the request that failed was sent.
            const before = judgeRuns(watched, undefined, state.found, state.judged);
            return { requests: 1, states: before.counts, allEnded: false, failure: failureOf(err) };
        }
        requests = log.requests;
        state.runLog = log.kind;
    }
    const runs = log?.kind === 'read' ? log.runs : state.runLog === 'absent' ? undefined : new Map();
    const judged = judgeRuns(watched, runs, state.found, state.judged);
    for (const run of judged.runs) {
        state.judged.set(run.workflowRunId, run);
        if (isBad(run.state) && !state.badSince.has(run.workflowRunId))
            state.badSince.set(run.workflowRunId, request.stage);
    }
    // No run with a readable id is no run known to have ended: the watch keeps its length.
    return { requests, states: judged.counts, allEnded: judged.allEnded && watched.length > 0 };
}
/** A run the run log says failed or is failing, with its first error as its last response, for the same table. */
function fromRunLog(judged, state, stage, seenIn, created) {
    const error = judged.firstError;
    return {
        workflowRunId: judged.workflowRunId,
        ...created,
        stage,
        seenIn,
        state,
        source: 'run-log',
        ...(judged.dlqId !== undefined ? { dlqId: boundedKey(judged.dlqId) } : {}),
        ...(state === 'failed' && judged.endedAt !== undefined ? { failedAt: judged.endedAt } : {}),
        ...(error?.stepName !== undefined ? { stepName: error.stepName } : {}),
        ...(error?.status !== undefined ? { responseStatus: error.status } : {}),
        ...(error?.bodySample !== undefined ? { bodySample: error.bodySample } : {}),
        ...(error?.bodyCut ? { bodyCut: true } : {})
    };
}
/**
 * The entry as the summary shows it, each field bounded as a listing's are, read field by field: an entry with a
 * watched run id is counted whatever else it lacks.
 */
function failedAgain(item, stage, seenIn) {
    const text = (value) => (typeof value === 'string' && value !== '' ? value : undefined);
    const dlqId = text(item.dlqId);
    const status = item.responseStatus;
    const body = { responseBody: text(item.responseBody), responseBodyBase64: text(item.responseBodyBase64) };
    const sample = responseSample(body);
    return {
        stage,
        seenIn,
        state: 'failed',
        source: 'dlq',
        ...(dlqId !== undefined ? { dlqId: boundedKey(dlqId) } : {}),
        ...(isDateMs(item.createdAt) ? { failedAt: item.createdAt } : {}),
        ...(typeof status === 'number' && Number.isInteger(status) ? { responseStatus: status } : {}),
        ...(sample.bodySample !== undefined ? { bodySample: sample.bodySample } : {}),
        ...(sample.bodyCut ? { bodyCut: true } : {}),
        ...(sample.binaryBody !== undefined ? { binaryBody: sample.binaryBody } : {})
    };
}
/**
 * Watches after one stage for `watchMs`: a listing and a run-log read every pollIntervalMs and at the end, each kept
 * as a measurement. It judges nothing: it ends early only when `endEarly` says so of a poll's counts, when a listing
 * or a read fails (it cannot see), or at once on the stop signal.
 */
async function watchStage(client, request, state, clock, stop, endEarly, log = () => { }) {
    const startedAt = clock.now();
    const endsAt = startedAt + request.watchMs;
    const interval = pollIntervalMs(request.watchMs);
    const polls = [];
    const end = (more) => ({ startedAt, endsAt, endedAt: clock.now(), polls, ...more });
    for (;;) {
        const wait = Math.min(interval, endsAt - clock.now());
        if (wait > 0 && !stop.aborted)
            await clock.sleep(wait, stop);
        if (stop.aborted)
            return end({ cut: (0,src_stop/* stopSignalOf */.eq)(stop) });
        const last = clock.now() >= endsAt;
        const at = clock.now();
        const { requests, listed, failure } = await listOnce(client, request, state);
        if (failure?.kind === 'cancelled') {
            polls.push({ at, requests, listed, failedAgain: state.found.size });
            return end({ cut: failure.signal });
        }
        const judged = failure === undefined ? await judgeOnce(client, request, state) : undefined;
        polls.push({
            at,
            requests,
            listed,
            failedAgain: state.found.size,
            ...(judged !== undefined ? { runLogRequests: judged.requests, states: judged.states } : {})
        });
        if (judged?.failure?.kind === 'cancelled')
            return end({ cut: judged.failure.signal });
        const blind = failure ?? judged?.failure;
        if (blind !== undefined) {
            const what = failure !== undefined ? 'listing' : 'run-log read';
            log(`stage ${request.stage} watch: ${what} ${polls.length} failed: the watch cannot see`);
            // The watch's own listing stopped: its cursor is no place to continue the resume from.
            const runLogFailed = failure === undefined ? { runLogFailed: true } : {};
            return end({ failure: blind.kind === 'max-pages' ? { ...blind, cursor: undefined } : blind, ...runLogFailed });
        }
        // One line a poll: a watch of minutes would otherwise print nothing between its first and last line.
        log(`stage ${request.stage} watch: listing ${polls.length} at ${Math.round((at - startedAt) / 1000)} s: ` +
            `${state.found.size} of the ${state.runs.size} ${state.taken} so far back in the DLQ; ${statesLine(judged)}`);
        if (last)
            return end({});
        const completed = judged?.states.completed ?? 0;
        const early = endEarly({ bad: state.failing(), completed, allEnded: judged?.allEnded === true });
        // Every run so far has ended: nothing more to see, so the next stage need not wait for the watch's end.
        if (early !== undefined)
            return end(early === 'all-ended' ? { allEnded: true } : {});
    }
}
/** The states in a log line: `3 completed, 1 failing`, or what the run log was. */
function statesLine(judged) {
    if (judged === undefined)
        return 'not judged';
    const parts = Object.entries(judged.states).filter(([, n]) => n > 0);
    return parts.length === 0 ? 'no run judged' : parts.map(([state, n]) => `${n} ${state}`).join(', ');
}

;// CONCATENATED MODULE: ./src/operations/stage-judge.ts
/**
 * The judgement of a stage of a staged resume, from what was measured: how its resume requests ended and what its
 * watch saw. Pure: the loop hands it the facts and reads what the verdict means from STAGE_VERDICTS; the watch is
 * handed `earlyEnd`, the same rule, so the two cannot disagree.
 */

/** More runs failed or failing, over every stage so far, than watch-max-failed allows: the resume stops. */
const overStopRule = (bad, plan) => bad > plan.maxFailed;
/**
 * The rule the watch is handed: end at once when the stop rule is met, or when every run so far has ended and one at
 * least completed (runs that all ended cancelled prove nothing: the watch keeps its length).
 */
function earlyEnd(counts, plan) {
    if (overStopRule(counts.bad, plan))
        return 'stop-rule';
    return counts.allEnded && counts.completed > 0 ? 'all-ended' : undefined;
}
/** The stage's verdict from its facts: the one place a stage is judged. */
function judgeStage(facts, plan) {
    const { resume, watch } = facts;
    if (resume === 'cancelled')
        return 'cancelled';
    if (resume === 'capped')
        return 'capped';
    if (resume === 'failed')
        return 'failed';
    if (watch === undefined)
        return 'last';
    if (overStopRule(watch.bad, plan))
        return 'stopped';
    if (watch.measured.cut !== undefined)
        return 'cut';
    if (watch.measured.failure !== undefined)
        return 'blind';
    // Runs that ended cancelled, none completed: nothing says the fix works.
    if (watch.completed === 0 && watch.cancelled > 0)
        return 'inconclusive';
    if (plan.minCompleted !== undefined && watch.completed < minCompletedOf(plan.minCompleted, watch.watched)) {
        return 'inconclusive';
    }
    return watch.bad === watch.badBefore ? 'clean' : 'within';
}

;// CONCATENATED MODULE: ./src/operations/staged-resume.ts











/** Resumes `request` in the stages of `plan`, watching each but the last; the result covers every stage. */
async function stagedResume(client, request, plan, hooks) {
    const { onPage = () => { }, progress } = hooks;
    const verb = verbOf(request);
    const ledger = new ResumeLedger(verb, progress);
    // Every stage sends the same to-date, the service's time at the start: no stage takes a run a stage before created.
    // Taken first, so that a step refused below names it too: a re-run with it selects what this step would have.
    const bound = await startBound(client, request, hooks.clock);
    // watch-min-completed needs the run log: without one, refuse before any resume request (fail closed).
    const probe = plan.minCompleted !== undefined ? await probeRunLog(client, hooks.clock) : undefined;
    const keeper = new BoundKeeper(bound, ledger.progress, () => hooks.clock.now(), request.selection.toDate);
    if (probe !== undefined) {
        const staged = { plan, stages: [], failedAgain: [], plannedWatchMs: 0, runLog: 'absent' };
        const said = keeper.result();
        return { ...ledger.result(request, { failure: probe }), ...(said !== undefined ? { bound: said } : {}), staged };
    }
    const given = withBound(request, bound, ledger.progress).selection;
    const stages = [];
    let watching;
    let end = {};
    let capLeft = request.maxRuns ?? Infinity;
    let cursor = request.cursor;
    // With dlq-ids in several parts, a stage that stopped names the ids left: the next stage sends those.
    let offset = 0;
    // Each stage sends its own cursor and cap, never the ones the whole resume started with.
    const { cursor: _startCursor, maxRuns: _cap, ...base } = request;
    for (const [index, size] of plan.sizes.entries()) {
        const asked = Math.min(size, capLeft);
        const ids = given.dlqIds?.slice(offset);
        const followed = index < plan.sizes.length - 1;
        // The bound as the first run created left it: a later stage sends it.
        const selection = keeper.bound === undefined ? given : { ...given, toDate: keeper.bound.toDate };
        const stageRequest = {
            ...base,
            selection: ids === undefined ? selection : { ...selection, dlqIds: ids },
            // A canary's runs retry as watch-retries says, so that a failing one is back in the DLQ inside its watch.
            overrides: followed && plan.watchRetries !== undefined
                ? { ...base.overrides, retries: plan.watchRetries }
                : base.overrides,
            ...(cursor !== undefined ? { cursor } : {}),
            ...(asked !== Infinity ? { maxRuns: asked } : {}),
            ...(request.dlqIdLines !== undefined ? { dlqIdLines: request.dlqIdLines.slice(offset) } : {})
        };
        const stageStart = hooks.clock.now();
        const { doing, short, past } = verb.words;
        const what = asked === Infinity ? `every ${short.slice(0, -1)} left` : `${asked} ${short}`;
        hooks.log(`stage ${index + 1} of ${plan.sizes.length}: ${doing} ${what}`);
        const before = {
            runs: ledger.runs.length,
            messages: ledger.messages.length,
            carried: ledger.carried,
            lost: ledger.uncertainRequests
        };
        const drained = await drainWrite(client, stageRequest, ledger, onPage, keeper);
        end = asGiven(drained, request, offset);
        const made = ledger.runs.slice(before.runs);
        const runIds = [
            ...made.map(run => run.workflowRunId),
            ...ledger.messages.slice(before.messages).map(m => m.messageId)
        ];
        const resumed = ledger.carried - before.carried;
        capLeft -= resumed;
        // A delete makes nothing to watch: its schema takes no stages.
        const makes = verb.makes === 'message' ? 'message' : 'run';
        watching ??= new WatchState(watchFrom(keeper.bound, made, client, hooks.clock), makes, `${short} ${past}`);
        watching.add(index + 1, verb.makes === 'run' ? made : runIds);
        let resumeEnd = howItEnded(end, capLeft, ledger.uncertainRequests > before.lost);
        const watchable = resumeEnd === 'more-left' && followed && plan.watchMs !== undefined;
        if (watchable && ledger.sent >= request.maxPages) {
            // No request left for a further stage: watching this one would protect nothing.
            const failure = { kind: 'max-pages', pages: ledger.sent, input: Inputs.MaxPages, cursor: end.nextCursor };
            end = { ...end, failure };
            resumeEnd = 'failed';
        }
        const stage = { stage: index + 1, verdict: 'last', asked, resumed, runIds, startedAt: stageStart };
        stages.push(stage);
        const watch = resumeEnd === 'more-left' && watchable
            ? await watchAfter(stage, plan, request, client, watching, hooks)
            : undefined;
        if (watch !== undefined)
            stage.watch = watch.measured;
        stage.verdict = judgeStage({ resume: resumeEnd, ...(watch !== undefined ? { watch } : {}) }, plan);
        if (!STAGE_VERDICTS[stage.verdict].goesOn)
            break;
        // The stage's own cursor continues the list it sent; without one, the next stage sends the ids left.
        cursor = drained.nextCursor;
        if (cursor === undefined && end.continueFrom !== undefined)
            offset = end.continueFrom.position - 1;
    }
    const watchCut = stages.find(s => s.verdict === 'cut')?.watch?.cut;
    // A watch that a stop cut ends the step as a cancel; a blind or stopping watch is the watch's, kept with its stage.
    const failure = end.failure ?? (watchCut !== undefined ? { kind: 'cancelled', signal: watchCut } : undefined);
    const failedAgain = watching?.failedAgain() ?? [];
    const staged = {
        plan,
        stages,
        failedAgain,
        ...(watching !== undefined && watching.unreadable > 0 ? { unreadable: watching.unreadable } : {}),
        plannedWatchMs: (plan.sizes.length - 1) * (plan.watchMs ?? 0),
        ...(watching !== undefined && watching.judged.size > 0 ? { judged: [...watching.judged.values()] } : {}),
        ...(watching?.runLog !== undefined ? { runLog: watching.runLog } : {})
    };
    const result = ledger.result(request, { ...end, ...(failure !== undefined ? { failure } : {}) });
    const kept = keeper.result();
    return { ...result, ...(kept !== undefined ? { bound: kept } : {}), staged };
}
/** How a stage's resume requests ended, from its drain: what the judge needs before any watch. */
function howItEnded(end, capLeft, lostAnswers) {
    if (end.failure?.kind === 'cancelled')
        return 'cancelled';
    if (end.stoppedByCap === true && capLeft <= 0)
        return 'capped';
    if (end.failure !== undefined || lostAnswers)
        return 'failed';
    return end.stoppedByCap === true ? 'more-left' : 'drained';
}
/** The watch after a stage, over every run resumed so far, and its counts for the judge. */
async function watchAfter(stage, plan, request, client, watching, hooks) {
    const watchMs = plan.watchMs ?? 0;
    hooks.log(`stage ${stage.stage}: watching the ${watching.runs.size} ${watching.taken} so far for ${watchText(plan)}`);
    const badBefore = watching.failing();
    const measure = { stage: stage.stage, watchMs, maxPages: request.maxPages };
    const endEarly = (counts) => earlyEnd(counts, plan);
    const measured = await watchStage(client, measure, watching, hooks.clock, hooks.stop, endEarly, hooks.log);
    const { completed, cancelled } = countStates([...watching.judged.values()]);
    return { measured, bad: watching.failing(), badBefore, completed, cancelled, watched: watching.runs.size };
}
/** The watch as the user wrote it, for the log. */
const watchText = (plan) => plan.watchText ?? `${(plan.watchMs ?? 0) / 1000}s`;
/**
 * A stage's end in terms of the dlq-ids given, the stage having sent them from `offset` on: the ids left counted from
 * the first given, and a cursor (it belongs to the shorter list the stage sent) turned into the ids left from there.
 */
function asGiven(end, request, offset) {
    if (offset === 0)
        return end;
    if (end.continueFrom !== undefined) {
        return { ...end, continueFrom: { ...end.continueFrom, position: end.continueFrom.position + offset } };
    }
    if (end.nextCursor === undefined)
        return end;
    const { nextCursor: _own, ...rest } = end;
    return { ...rest, continueFrom: idsLeftFrom(request, offset) };
}
/**
 * Where the watches start listing, on the clock that stamps the DLQ's entries: the earliest creation time the
 * service gave the first stage's runs (every run the resume creates fails after it, whatever its Date said), else the
 * resume's bound, else the service's Date (less a second) or the runner's clock less the skew margin.
 */
function watchFrom(bound, runs, client, clock) {
    let created = Infinity;
    for (const run of runs)
        if (run.workflowCreatedAt !== undefined)
            created = Math.min(created, run.workflowCreatedAt);
    if (created !== Infinity)
        return created;
    if (bound?.serviceStart !== undefined)
        return bound.serviceStart;
    if (bound !== undefined && bound.clock !== 'input' && bound.clock !== 'runner')
        return bound.toDate + 1;
    const now = client.serviceNow();
    return now !== undefined ? Math.floor(now) - 1_000 : clock.now() - CLOCK_SKEW_MARGIN_MS;
}
/** A pair no run has: the service answers it with no run where it keeps a run log, 404 on both paths where not. */
const PROBE_RUN = { workflowRunId: 'wfr_dlq-action-run-log-probe' };
/**
 * One run-log request before any resume, when watch-min-completed is set: a service without a run log cannot judge
 * it, so the step stops there (undefined: the run log answered). Any other failure of the read stops it too.
 */
async function probeRunLog(client, clock) {
    const at = Math.floor(client.serviceNow() ?? clock.now());
    try {
        const read = await client.readRunLog([{ ...PROBE_RUN, workflowCreatedAt: at }], 1);
        if (read.kind === 'read')
            return undefined;
        return { kind: 'no-run-log', input: Inputs.WatchMinCompleted };
    }
    catch (err) {
        return failureOf(err);
    }
}

;// CONCATENATED MODULE: ./src/operations/resume-workflows.ts
/**
 * resume-workflows: the one entry the composition root calls. Runs given by their pairs are first found in the DLQ;
 * a resume in stages (input stages) is the staged resume; any other is one drain, bounded by the service's time at
 * its start.
 */







const NO_HOOKS = {
    clock: REAL_CLOCK,
    stop: new AbortController().signal,
    log: () => { },
    onPage: () => { }
};
/**
 * Resumes the selected failed runs, 50 per request, in the stages of request.stages when given. Never under-reports:
 * every run answered is in the result (past the cap too), and every lost or unreadable answer in `uncertainRequests`.
 */
async function resumeWorkflows(client, request, given = {}) {
    const hooks = { ...NO_HOOKS, ...given };
    const { runs } = request;
    if (runs !== undefined)
        return resumeRuns(client, { ...request, runs }, byIds => resumeWorkflows(client, byIds, hooks));
    if (request.stages !== undefined)
        return stagedResume(client, request, request.stages, hooks);
    const ledger = new ResumeLedger(verbOf(request), hooks.progress);
    const start = await startBound(client, request, hooks.clock);
    const keeper = new BoundKeeper(start, ledger.progress, () => hooks.clock.now(), request.selection.toDate);
    const bounded = withBound(request, keeper.bound, ledger.progress);
    const end = await drainWrite(client, bounded, ledger, hooks.onPage, keeper);
    const bound = keeper.result();
    return { ...ledger.result(request, end), ...(bound !== undefined ? { bound } : {}) };
}

;// CONCATENATED MODULE: ./src/operations/delete-dlq.ts
/**
 * delete-dlq: lists what the delete selects into archive-file (every entry as listed, bodies included, credential
 * header values redacted, as messages-file), flushes it to disk, then deletes exactly those entries by their DLQ ids,
 * 100 a request (src/verbs.ts), never by the filter: an entry that fails after the listing stays. A listing that finds
 * more than max-entries, or not expect-count entries, or an archive that cannot be written, refuses before any delete.
 */









/** Nothing deleted yet: what a result says before the deletes, or when none follow. */
const NONE = {
    requests: 0,
    deleted: 0,
    goneOneByOne: { count: 0, named: [] },
    goneWhenListed: 0,
    possiblyDeleted: 0,
    uncounted: 0,
    refused: 0
};
/** Lists, archives and deletes (or, dry, lists only) what `asked` selects; never throws for the service's answers. */
async function deleteDlq(client, asked, hooks) {
    const verb = verbOf(asked.request);
    const olderThan = asked.olderThan && (await olderThanBound(client, verb, asked.olderThan, hooks.clock));
    const age = olderThan && ageJudge(olderThan.toDate);
    const { selection, maxRuns: cap } = asked.request;
    // By filters, older-than is the to-date sent; by dlq-ids (the whole DLQ listed) only each entry's createdAt judges.
    const byAge = olderThan !== undefined && selection.dlqIds === undefined ? { toDate: olderThan.toDate } : {};
    // One more than the cap: a listing that finds it knows the cap is exceeded, in bounded memory.
    const request = {
        ...asked.request,
        selection: { ...selection, ...byAge },
        ...(cap !== undefined ? { maxRuns: cap + 1 } : {})
    };
    const file = asked.dryRun
        ? { path: asked.planFile, input: Inputs.PlanFile }
        : { path: asked.archiveFile, input: Inputs.ArchiveFile };
    const listHooks = age === undefined ? hooks : { ...hooks, alsoKeeps: age.keeps };
    const { plan, ids } = await listPlan(client, request, file, listHooks, !asked.dryRun);
    const result = resultOf(asked, verb, plan, olderThan, age?.leftOut);
    const refused = guard(plan, cap, asked.expectCount);
    if (refused !== undefined)
        return { ...result, failure: refused };
    if (asked.dryRun || ids.length === 0)
        return result;
    try {
        await syncToDisk(asked.archiveFile, Inputs.ArchiveFile);
    }
    catch (err) {
        if (!(err instanceof FileWriteError))
            throw err;
        const { archiveFile: _unsure, ...rest } = result;
        return { ...rest, failure: err.failure };
    }
    hooks.log(`archive-file: ${formatCount(ids.length)} entries written and flushed to disk (${asked.archiveFile}); ` +
        `deleting exactly those, by their DLQ ids`);
    // The write follows: a cancel from now on says what was deleted, not what was planned.
    if (hooks.progress !== undefined)
        delete hooks.progress.planned;
    const ledger = new ResumeLedger(verb, hooks.progress);
    const byIds = {
        verb: 'delete-dlq',
        ...(verb.dlq === 'workflow' ? { source: 'workflow' } : {}),
        selection: { dlqIds: ids },
        all: false,
        overrides: {},
        maxPages: asked.request.maxPages,
        idsListedJustNow: true
    };
    const onPage = (page, total) => hooks.log(`request: ${formatCount(page.deleted ?? 0)} entries deleted (${formatCount(total)} so far)`);
    const end = await drainResume(client, byIds, ledger, onPage);
    const outcome = outcomeOf(ledger, end, ids.length);
    // Every id called not found after an answer was lost: what that request did is the question, not another service.
    const failure = end.failure?.kind === 'ids-gone' && ledger.uncertainRequests > 0 ? undefined : end.failure;
    return { ...result, ...outcome, ...(failure !== undefined ? { failure } : {}) };
}
/**
 * older-than's to-date on the service's clock: its time by the Date of a one-entry listing, less the duration. With
 * no usable Date, the runner's clock less the duration and a margin, as the service's clock may be behind the
 * runner's: an entry is never taken for older than it is, only left for a later run.
 */
async function olderThanBound(client, verb, older, clock) {
    try {
        await client.listDlqPage(listQuery(verb.dlq === 'workflow' ? { source: 'workflow' } : {}, 1, 'earliestFirst'));
    }
    catch {
        // Any answer's Date will do, an error's too; the listing that follows reports the error itself.
    }
    const serviceNow = client.serviceNow();
    if (serviceNow !== undefined)
        return { ...older, toDate: Math.floor(serviceNow) - older.ms, clock: 'service' };
    const fault = client.dateFault();
    return {
        ...older,
        toDate: clock.now() - CLOCK_SKEW_MARGIN_MS - older.ms,
        clock: 'runner',
        marginMs: CLOCK_SKEW_MARGIN_MS,
        ...(fault !== undefined ? { dateFault: fault } : {})
    };
}
/**
 * Keeps the entries created at or before `toDate`, whatever the service's dates filter on (wire contract, 5: the time
 * an entry entered the DLQ, on some): a later one, or one with no creation time that can be true, is left and counted.
 */
function ageJudge(toDate) {
    const leftOut = { younger: 0, undated: 0 };
    const keeps = (message) => {
        const at = message.createdAt;
        if (at === undefined || at < CREATED_AT_FLOOR_MS)
            leftOut.undated++;
        else if (at > toDate)
            leftOut.younger++;
        else
            return true;
        return false;
    };
    return { keeps, leftOut };
}
/** What stops a delete before any delete request: the listing's failure, the cap, expect-count. */
function guard(plan, cap, expectCount) {
    if (plan.listing.failure !== undefined)
        return plan.listing.failure;
    if (cap !== undefined && plan.planned > cap) {
        return { kind: 'cap-exceeded', input: Inputs.MaxEntries, cap, found: plan.planned };
    }
    return expectCount === undefined ? undefined : refusal(plan, expectCount);
}
/** The result of the listing, before any delete: nothing deleted, every entry listed not deleted (none, dry). */
function resultOf(asked, verb, plan, olderThan, leftOut) {
    const { selection, all, maxRuns } = asked.request;
    // Ids given that a whole listing did not find are gone; a listing cut short (the cap) cannot say.
    const whole = planComplete(plan) && plan.capped !== true;
    const file = plan.planFile;
    return {
        kind: 'delete',
        operation: 'delete-dlq',
        dlq: verb.dlq,
        dryRun: asked.dryRun,
        selection,
        all,
        ...(maxRuns !== undefined ? { maxEntries: maxRuns } : {}),
        ...(asked.expectCount !== undefined ? { expectCount: asked.expectCount } : {}),
        ...(olderThan !== undefined ? { olderThan } : {}),
        listing: plan.listing,
        listed: plan.planned,
        ...(plan.bound !== undefined ? { bound: plan.bound } : {}),
        ...(leftOut !== undefined && leftOut.younger + leftOut.undated > 0 ? { leftOut } : {}),
        ...(plan.withoutDlqId !== undefined ? { withoutDlqId: plan.withoutDlqId } : {}),
        ...(plan.given !== undefined ? { given: plan.given.count } : {}),
        ...(file !== undefined ? (asked.dryRun ? { planFile: file } : { archiveFile: file }) : {}),
        ...NONE,
        goneWhenListed: whole ? (plan.given?.missing ?? 0) : 0,
        notDeleted: asked.dryRun ? 0 : plan.planned
    };
}
/**
 * What became of the ids the deletes named: an answer counts, never names, what it deleted, so each id is placed by
 * what is known of it. Told gone one by one (404 alone), after a lost answer or not; named in a request whose
 * answer was lost (maybe deleted); counted by the answers; never sent, or in a request that failed.
 */
function outcomeOf(ledger, end, listed) {
    // Ids a service without the delete called not found were never gone: nothing was taken (resume-drain).
    if (end.failure?.kind === 'verb-missing')
        return { ...NONE, requests: ledger.requests, notDeleted: listed };
    let untold = 0;
    let lostUntold = 0;
    for (const id of ledger.named) {
        if (ledger.told.has(id))
            continue;
        untold++;
        if (ledger.lostIds.has(id))
            lostUntold++;
    }
    const uncountedOrLost = Math.max(0, untold - ledger.deleted);
    const possibly = Math.min(lostUntold, uncountedOrLost);
    const rest = uncountedOrLost - possibly;
    const stopped = end.failure !== undefined;
    return {
        requests: ledger.requests,
        deleted: ledger.deleted,
        goneOneByOne: {
            count: ledger.gone.count - ledger.goneAfterLost,
            named: ledger.gone.named.filter(id => !ledger.lostIds.has(id))
        },
        possiblyDeleted: ledger.goneAfterLost + possibly,
        uncounted: stopped ? 0 : rest,
        notDeleted: (stopped ? rest : 0) + (listed - ledger.named.size) + ledger.refusedCount,
        refused: ledger.refusedCount,
        ...(end.parts !== undefined ? { parts: end.parts } : {})
    };
}

;// CONCATENATED MODULE: ./src/service/json.ts
/** JSON.stringify of what JSON.parse made, or where hostile nesting runs it out of stack, the same text iteratively. */
function toJson(value) {
    try {
        return JSON.stringify(value) ?? 'null';
    }
    catch (err) {
        if (!(err instanceof RangeError))
            throw err;
        return toJsonIteratively(value);
    }
}
/** The same text as JSON.stringify, built with a heap-allocated stack. */
function toJsonIteratively(value) {
    const parts = [];
    // Left to write, last first: values, and the text between them (a comma, a key, a closing bracket).
    const todo = [{ value }];
    for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
        if (typeof next === 'string') {
            parts.push(next);
            continue;
        }
        let v = next.value;
        if (typeof v?.toJSON === 'function')
            v = v.toJSON();
        if (v === null || typeof v !== 'object') {
            parts.push(JSON.stringify(v) ?? 'null');
            continue;
        }
        const entries = Array.isArray(v)
            ? Array.from(v, item => [undefined, serialisable(item) ? item : null])
            : Object.entries(v).filter(([, item]) => serialisable(item));
        parts.push(Array.isArray(v) ? '[' : '{');
        todo.push(Array.isArray(v) ? ']' : '}');
        for (let i = entries.length - 1; i >= 0; i--) {
            const [key, item] = entries[i];
            todo.push({ value: item });
            if (key !== undefined)
                todo.push(`${JSON.stringify(key)}:`);
            if (i > 0)
                todo.push(',');
        }
    }
    return parts.join('');
}
/** JSON.stringify leaves these out of objects (and writes null for them in arrays). */
function serialisable(v) {
    return v !== undefined && typeof v !== 'function' && typeof v !== 'symbol';
}

;// CONCATENATED MODULE: ./src/report/boundary.ts
/** The output boundary: all the action writes is redacted as raw text (an escape could hide a secret), then escaped. */





/** An output's size as GitHub counts it. */
function githubBytes(text) {
    return text.length * 2;
}
/** Result objects are our own shapes, a few levels deep; deeper values are third-party data, dropped. */
const MAX_REDACT_DEPTH = 8;
class OutputBoundary {
    io;
    redact;
    constructor(io, 
    /** Redacts secrets from raw text (service/redact.ts). */
    redact) {
        this.io = io;
        this.redact = redact;
    }
    /** One line of the log: never two, never a runner command. */
    info(text) {
        this.io.info(neutraliseLogLine(this.redact(text)));
    }
    debug(text) {
        this.io.debug(neutraliseLogLine(this.redact(text)));
    }
    notice(text) {
        this.io.notice(neutraliseAnnotation(this.redact(text)));
    }
    warning(text) {
        this.io.warning(neutraliseAnnotation(this.redact(text)));
    }
    error(text) {
        this.io.error(neutraliseAnnotation(this.redact(text)));
    }
    setFailed(text) {
        this.io.setFailed(neutraliseAnnotation(this.redact(text)));
    }
    /** Writes the outputs, redacted; if that makes them too big for GitHub, the biggest are emptied, with a warning. */
    setOutputs(outputs) {
        const redacted = Object.entries(outputs).map(([name, value]) => [name, this.redact(value)]);
        let total = redacted.reduce((n, [name, value]) => n + githubBytes(name) + githubBytes(value), 0);
        for (const entry of [...redacted].sort((a, b) => b[1].length - a[1].length)) {
            if (total <= GITHUB_OUTPUTS_MAX_BYTES)
                break;
            total -= githubBytes(entry[1]);
            this.warning(`Output ${entry[0]} was left empty: the outputs of a job must stay under 1 MB.`);
            entry[1] = '';
        }
        for (const [name, value] of redacted)
            this.io.setOutput(name, value);
    }
    /** Writes a whole text file (metrics-file), redacted; a write error is thrown with its errno code. */
    async textFile(path, text) {
        await (0,external_node_fs_promises_.mkdir)((0,external_node_path_.dirname)(path), { recursive: true });
        await (0,external_node_fs_promises_.writeFile)(path, this.redact(text));
    }
    /** One line of an NDJSON file: the record as JSON, however deeply nested, redacted. */
    jsonLine(record) {
        return this.redact(toJson(record));
    }
    /** Writes markdown rendered from redactValue'd data, redacting once more; false without a summary file. */
    summary(markdown) {
        return this.io.writeSummary(this.redact(markdown));
    }
    /** A copy with every string redacted: escaping first would change how a secret looks (`sk\_live`), hiding it. */
    redactValue(value) {
        return redactDeep(value, this.redact, 0);
    }
    /** The issue API with every title and body redacted; what GitHub answers is logged through info(). */
    issueApi(api) {
        return {
            findOpen: title => api.findOpen(this.redact(title)),
            findAllOpen: title => api.findAllOpen(this.redact(title)),
            create: (title, body, opening) => api.create(this.redact(title), this.redact(body), opening),
            comment: (issue, body) => api.comment(issue, this.redact(body)),
            update: (issue, title, body) => api.update(issue, this.redact(title), this.redact(body)),
            close: (issue, reason) => api.close(issue, reason)
        };
    }
}
function redactDeep(value, redact, depth) {
    if (typeof value === 'string')
        return redact(value);
    if (value === null || typeof value !== 'object')
        return value;
    if (depth >= MAX_REDACT_DEPTH)
        return undefined;
    if (Array.isArray(value))
        return value.map(item => redactDeep(item, redact, depth + 1));
    // A loop, not fromEntries(entries()): a resume's result holds an object per run, thousands of them.
    const copy = {};
    for (const key of Object.keys(value)) {
        const item = redactDeep(value[key], redact, depth + 1);
        // An own "__proto__" key (JSON.parse makes them) stays a key: assigned, it would set the copy's prototype.
        if (key === '__proto__')
            Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
        else
            copy[key] = item;
    }
    return copy;
}

;// CONCATENATED MODULE: ./src/report/budget.ts
/** An operation's report, and its summary's byte budget: GitHub drops one over 1 MiB, so rows halve till it fits. */


const TRUNCATED_NOTE = '\n\n> **Note:** this summary was cut short to stay under the 1 MiB limit of GitHub job summaries; ' +
    'the action outputs and log hold the rest.\n';
/** Halving starts from the longest list the first pass reported: rows beyond it change nothing. */
function fitSummary(render, options) {
    const { maxRows: requested = 50, now } = options;
    let longest = 0;
    const seen = (length) => (longest = Math.max(longest, length));
    let out = render({ maxRows: requested, now, seen });
    const useful = Math.min(requested, longest);
    let rows = useful;
    while (Buffer.byteLength(out) > SUMMARY_LIMIT_BYTES) {
        if (rows === 0)
            return truncateToLimit(out);
        rows = Math.floor(rows / 2);
        out = render({ maxRows: rows, now, shortenedFrom: useful, seen });
    }
    return out;
}
function shortenedNote(pass) {
    if (pass.shortenedFrom === undefined)
        return undefined;
    return (`> **Note:** tables show at most ${formatCount(pass.maxRows)} rows (instead of ` +
        `${formatCount(pass.shortenedFrom)}) to keep this summary under the 1 MiB limit of GitHub job summaries.`);
}
/** Whole lines while they fit, the next cut (no half escape or entity), then a note after a blank line. */
function truncateToLimit(out) {
    const budget = SUMMARY_LIMIT_BYTES - Buffer.byteLength(TRUNCATED_NOTE) - Buffer.byteLength('…');
    const kept = [];
    let used = 0;
    for (const line of out.split('\n')) {
        const size = Buffer.byteLength(line) + 1;
        if (used + size <= budget) {
            kept.push(line);
            used += size;
            continue;
        }
        // Streaming, the decoder holds back a code point cut in half rather than write U+FFFD for it.
        const head = Buffer.from(line).subarray(0, Math.max(0, budget - used - 1));
        let part = new TextDecoder().decode(head, { stream: true });
        part = part.replace(/&[#A-Za-z0-9]*$/, '').replace(/<[^>]*$/, '');
        const trailing = /\\+$/.exec(part);
        if (trailing && trailing[0].length % 2 === 1)
            part = part.slice(0, -1);
        if (part !== '')
            kept.push(`${part}…`);
        break;
    }
    return `${kept.join('\n').trimEnd()}${TRUNCATED_NOTE}`;
}

;// CONCATENATED MODULE: ./src/report/chart.ts
/** The chart of messages over time (Mermaid): every label and number is made here, so nothing needs escaping. */




const MAX_BARS = 24;
/** Width of the plot GitHub draws in a 1,200-pixel window, and what a label takes of it: a character and a gap. */
const PLOT_WIDTH_PX = 620;
const LABEL_CHAR_PX = 7;
const LABEL_GAP_PX = 12;
/** Bars whose labels, `chars` long, fit side by side without touching. */
function barsThatFit(chars) {
    return Math.min(MAX_BARS, Math.floor(PLOT_WIDTH_PX / (chars * LABEL_CHAR_PX + LABEL_GAP_PX)));
}
/** Bar widths to choose from, smallest first, for each bucket the listing counted in. */
const WIDTHS = {
    hour: [1, 2, 3, 4, 6, 8, 12, 24].map(h => h * HOUR),
    day: [1, 2, 7, 14, 28].map(d => d * DAY),
    week: [1, 2, 4, 8, 13, 26, 52, 104, 260, 520].map(w => w * WEEK)
};
/** The bars of the narrowest width whose labels fit side by side, empty ones included. */
function bars(histogram, now) {
    const points = histogram.points.filter(p => isDateMs(p.start) && Number.isFinite(p.count));
    let chosen = { width: HOUR, bars: [] };
    for (const width of WIDTHS[histogram.bucket]) {
        const counts = new Map();
        for (const p of points) {
            const at = Math.floor(p.start / width) * width;
            counts.set(at, (counts.get(at) ?? 0) + p.count);
        }
        const keys = [...counts.keys()].sort((a, b) => a - b);
        const [first = 0] = keys;
        const span = Math.round(((keys.at(-1) ?? 0) - first) / width) + 1;
        const starts = span <= MAX_BARS ? Array.from({ length: span }, (_, i) => first + i * width) : keys;
        const list = starts.map(start => ({
            start,
            count: counts.get(start) ?? 0,
            partial: start <= now && now < start + width
        }));
        chosen = { width, bars: list };
        // As many bars as their labels leave room for: the current bar's " now" may run past its neighbours' gap.
        const longest = Math.max(0, ...labels(list, width).map(text => text.replace(/ now$/, '').length));
        if (list.length <= barsThatFit(longest))
            return chosen;
    }
    // Only a range of decades gets here: keep the newest bars.
    return { width: chosen.width, bars: chosen.bars.slice(-barsThatFit(10)) };
}
/** A ceiling of 10 or more on 1, 2 or 5 times a power of ten, so that every tick is a whole number. */
function yMax(max) {
    if (max <= 10)
        return 10;
    const power = 10 ** Math.floor(Math.log10(max));
    return [1, 2, 5].map(step => step * power).find(top => top >= max) ?? 10 * power;
}
/** `hour`, `2 days`: the width of a bar. */
function widthText(width) {
    const [unit, name] = width < DAY ? [HOUR, 'hour'] : width < WEEK ? [DAY, 'day'] : [WEEK, 'week'];
    return width === unit ? name : `${width / unit} ${name}s`;
}
/** Short labels: the hour (with the date where the day changes) or the date; the current bucket marked "now". */
function labels(list, width) {
    const multiYear = new Set(list.map(bar => new Date(bar.start).getUTCFullYear())).size > 1;
    const iso = (bar) => (bar === undefined ? '' : new Date(bar.start).toISOString());
    const day = (bar) => iso(bar).slice(multiYear ? 0 : 5, 10);
    const compact = (full) => list.map((bar, i) => {
        const hour = `${iso(bar).slice(11, 13)}h`;
        const text = width >= DAY ? day(bar) : full || day(bar) !== day(list[i - 1]) ? `${day(bar)} ${hour}` : hour;
        return bar.partial ? `${text} now` : text;
    });
    // Mermaid draws bars that share a label in one place, one over the other: every label must differ. The hour alone
    // repeats once the chart spans two days, so then every bar names its day.
    const short = compact(false);
    return new Set(short).size === short.length ? short : compact(true);
}
/** The chart section: none for a failed listing (its counts are partial in unknown ways), partial if stopped early. */
function chartLines(result, now) {
    const histogram = result.histogram;
    const omitted = histogram.omitted
        ? [
            `${plural(histogram.omitted, 'message is', 'messages are')} left out of the chart: their creation times ` +
                'spread over more weeks than it holds.',
            ''
        ]
        : [];
    const { width, bars: list } = bars(histogram, now);
    if (list.length < 2)
        return omitted;
    if (result.failure !== undefined) {
        const how = result.failure.kind === 'cancelled' ? 'was cancelled' : 'failed part way';
        return [`*No chart of messages over time: the listing ${how}, so its counts per bucket are partial.*`, ''];
    }
    const per = widthText(width);
    const partialListing = !listingComplete(result);
    const title = partialListing
        ? `First ${formatCount(result.count)} messages listed, per ${per}`
        : `DLQ messages per ${per}`;
    const notes = [];
    if (list.some(b => b.partial))
        notes.push(`the bar marked "now" is the current ${per}, still filling`);
    if (partialListing)
        notes.push('the listing stopped early, so every bar may be low');
    return [
        `#### Messages per ${per} (UTC)${partialListing ? ', partial' : ''}`,
        '',
        '```mermaid',
        'xychart-beta',
        `  title "${title}"`,
        `  x-axis [${labels(list, width)
            .map(l => `"${l}"`)
            .join(', ')}]`,
        `  y-axis "Messages" 0 --> ${yMax(Math.max(...list.map(b => b.count)))}`,
        `  bar [${list.map(b => b.count).join(', ')}]`,
        '```',
        '',
        ...(notes.length > 0 ? [`*${notes.join('; ')}.*`.replace(/^\*t/, '*T'), ''] : []),
        ...omitted
    ];
}

;// CONCATENATED MODULE: ./src/report/date-fault.ts
/** Why the service's Date was not used, in words: said by the resume's bound line and by the health check's clock. */

/** `its Date header ("1") is not an HTTP date`, or that the service sent none. */
function dateFaultText(fault) {
    if (fault?.kind === 'not-http-date')
        return `its Date header (${JSON.stringify(fault.text)}) is not an HTTP date`;
    if (fault?.kind === 'stale')
        return `a cache served its answer (Age ${fault.ageSeconds} s): its Date was stale`;
    if (fault?.kind === 'backwards') {
        return `its Date headers went back by ${durationText(fault.byMs)}: they come from clocks that disagree`;
    }
    return 'the service sent no Date header';
}

;// CONCATENATED MODULE: ./src/report/step-outputs.ts
/** What the step outputs of every operation share: the cursor, and JSON arrays fitted to what the scalars leave. */


/** The cursor to continue from, or empty: a cursor too long to be one is never written (the summary says why). */
function cursorOutput(cursor) {
    return cursor === undefined || cursor.length > MAX_CURSOR_LENGTH ? '' : cursor;
}
/** Where a failure message says to continue from: the cursor to re-run with, or why there is none to use. */
function continueHint(cursor) {
    if (cursor === undefined)
        return '';
    if (cursor.length > MAX_CURSOR_LENGTH) {
        return `; the service's cursor to continue from is ${cursor.length} characters long, too long to use`;
    }
    return `; to continue, re-run with input cursor: ${cursor}`;
}
/** The arrays' budget: the whole less the scalars, the arrays' names and their flags (at their longest, `false`). */
function budgetLeft(scalars, arrays) {
    let used = 0;
    for (const [name, value] of Object.entries(scalars))
        used += githubBytes(name) + githubBytes(value ?? '');
    for (const [name, flag] of arrays)
        used += githubBytes(name) + githubBytes(flag) + githubBytes('false');
    return OUTPUTS_BUDGET_BYTES - used;
}
/** How many of the first `length` items of parallel lists fit `budget` as JSON arrays, measured item by item. */
function keptItems(lists, budget, length) {
    let used = lists.length * githubBytes('[]');
    let kept = 0;
    for (; kept < length; kept++) {
        let size = 0;
        for (const [, , items] of lists)
            size += githubBytes(JSON.stringify(items[kept])) + (kept > 0 ? 2 : 0);
        if (used + size > budget)
            break;
        used += size;
    }
    return kept;
}
/** One JSON array output that has no `-truncated` flag: the longest prefix within `budget`, and how many it kept. */
function fitArray(name, items, budget) {
    const kept = keptItems([[name, name, items]], budget, items.length);
    return { value: JSON.stringify(kept === items.length ? items : items.slice(0, kept)), kept };
}
/** Parallel lists (item i of each is one thing) as JSON: the longest prefix within `budget`; `cut`: capped before. */
function fitArrays(lists, budget, cut = false) {
    return fitArraysCounted(lists, budget, cut).values;
}
/** fitArrays, with how many items each list kept and whether it was cut: what a summary says of the outputs. */
function fitArraysCounted(lists, budget, cut = false) {
    const length = Math.min(...lists.map(([, , items]) => items.length));
    // Most often everything fits: the arrays whole, written once, are both the measure and the values.
    const whole = lists.map(([, , items]) => JSON.stringify(items.slice(0, length)));
    const fits = whole.reduce((sum, json) => sum + githubBytes(json), 0) <= budget;
    const kept = fits ? length : keptItems(lists, budget, length);
    const truncated = cut || lists.some(([, , items]) => items.length > kept);
    const values = Object.fromEntries(lists.flatMap(([name, flag, items], i) => [
        [name, fits ? whole[i] : JSON.stringify(items.slice(0, kept))],
        [flag, String(truncated)]
    ]));
    return { values, kept, truncated };
}

;// CONCATENATED MODULE: ./src/report/list-outputs.ts
/** The step outputs of list-dlq: the count and ids fitted to the 1 MB budget, each health check's, the issue's edge. */






/** Each (never mutated) result's outputs, fitted once: outputs and summary both ask, and a fit measures every id. */
const writtenOf = new WeakMap();
function idsWritten(result) {
    let written = writtenOf.get(result);
    if (written === undefined)
        writtenOf.set(result, (written = idOutputs(result)));
    return written;
}
/** Every output, and what the two ids outputs hold as written: the summary says that, not what was collected. */
function idOutputs(result) {
    const scalars = {
        // Nothing listed because of a failure: the count is unknown, not 0.
        [Outputs.DlqCount]: result.failure !== undefined && result.count === 0 ? '' : String(result.count),
        [Outputs.Complete]: String(listingComplete(result)),
        [Outputs.OldestCreatedAt]: result.oldestCreatedAt === undefined ? '' : String(result.oldestCreatedAt),
        [Outputs.NextCursor]: cursorOutput(result.nextCursor),
        [Outputs.MessagesFile]: result.messagesFile ?? '',
        ...healthOutputs(result)
    };
    const ids = [Outputs.MessageIds, Outputs.MessageIdsTruncated, result.messageIds];
    const dlq = [Outputs.DlqIds, Outputs.DlqIdsTruncated, result.dlqIds];
    const budget = budgetLeft(scalars, [ids, dlq]);
    // The two lists are not in step (an entry may have no dlqId): dlq-ids keep up to half the budget when both are long.
    const reserve = Math.min(Math.floor(budget / 2), githubBytes(JSON.stringify(result.dlqIds)));
    const fitted = fitArraysCounted([ids], budget - reserve, result.messageIdsTruncated);
    const left = budget - githubBytes(fitted.values[Outputs.MessageIds] ?? '[]');
    const fittedDlq = fitArraysCounted([dlq], left, result.dlqIdsTruncated);
    return {
        values: { ...scalars, ...fitted.values, ...fittedDlq.values },
        messageIds: { kept: fitted.kept, truncated: fitted.truncated },
        dlqIds: { kept: fittedDlq.kept, truncated: fittedDlq.truncated }
    };
}
/** Each check's outputs as its entry gives them, and causes: empty when nothing was listed for a failure (unknown). */
function healthOutputs(result) {
    const known = !(result.failure !== undefined && result.count === 0);
    const checks = CHECK_NAMES.map(name => HEALTH_CHECKS[name].outputs?.(result, known) ?? {});
    return Object.assign({}, ...checks, { [Outputs.Causes]: causesOutput(result.causes) });
}
/**
 * The edge this check made on the health issue, written after the issue step: opened (a new failure), commented (a
 * material change), closed (the recovery), or none; a body brought up to date without a comment is no edge.
 */
function issueOutputs({ link, cut }) {
    const touched = link ?? cut?.opened;
    const transition = touched === undefined || touched.action === 'updated' ? 'none' : touched.action;
    return { [Outputs.Transition]: transition, [Outputs.IssueUrl]: touched?.url ?? '' };
}

;// CONCATENATED MODULE: ./src/report/list.ts
/** How list-dlq is reported: outputs, the headline as a notice, a summary led by the verdict, and the failure. */












const listReport = {
    outputs,
    summary: (result, ctx, options) => {
        const written = idsWritten(result);
        return fitSummary(pass => listSummary(result, ctx, pass, written), options);
    },
    // Nothing listed: the failure's error annotation already says it (one alert per fact).
    notice: (result, now) => (result.failure !== undefined && result.count === 0 ? undefined : headline(result, now)),
    warnings: result => [
        ...(result.itemProblems !== undefined ? [itemProblemsText(result.itemProblems)] : []),
        ...(result.clock?.by === 'runner' && result.clock.fault !== undefined
            ? [`ages were judged on the runner's clock: ${dateFaultText(result.clock.fault)}`]
            : [])
    ],
    failure
};
function outputs(result) {
    return idsWritten(result).values;
}
function failure(result) {
    const reasons = result.health.breaches.map(b => `DLQ health check failed: ${describeBreach(b, result)}`);
    if (result.failure !== undefined) {
        const listed = result.count === 0
            ? 'nothing was listed, so the number of messages is unknown'
            : `at least ${plural(result.count, 'message', 'messages')}: listed ${beforeTheEnd(result.failure)}`;
        reasons.unshift(`${failureText('list-dlq', result.failure)}${continueHint(result.nextCursor)} (${listed})`);
    }
    return reasons.length === 0 ? undefined : reasons.join('\n');
}
function listSummary(result, ctx, pass, written) {
    const filters = filterLines(result.filters, pass);
    return markdownText([
        ...summaryHead(heading(result, filters.length > 0 || Boolean(result.startCursor)), judgement(result, pass.now), issueLine(ctx.issue), shortenedNote(pass), expiryLine(result, pass.now), historyLine(result), ...undatedLines(result), ...endingLeads(result)),
        ...failingLines(result, pass),
        ...causeLines(result, pass, causeSelect(result)),
        ...breakdownLines(result, pass),
        ...chartLines(result, pass.now),
        ...workflowRunLines(result, pass, everyRun(result)),
        ...extremesLines(result, pass, listingComplete(result)),
        ...askedLines(result, ctx, filters, written)
    ]);
}
/** The leads that say how the listing ended when it did not reach the end: the error, and where to continue. */
function endingLeads(result) {
    const { failure: ended, nextCursor: next, maxMessages: max, count } = result;
    const asked = max !== undefined && count >= max ? `, as \`max-messages\` (${formatCount(max)}) asks` : '';
    const stopped = `**Stopped after ${plural(count, 'message', 'messages')}${asked}**: the DLQ may hold more.`;
    return [
        ended
            ? `**Error:** ${code(failureText('list-dlq', ended))}`
            : next !== undefined && `${stopped} Everything below is a lower bound.`,
        ended && count > 0 && `Everything below is what was listed ${beforeTheEnd(ended)}: a lower bound.`,
        next && `To continue, re-run with input \`cursor\` set to ${code(next, MAX_CURSOR_LENGTH)}`
    ];
}
/** The top destinations, titled "What is failing" only under a failing verdict. */
function failingLines(result, pass) {
    const table = failingTable(result, pass.now, pass.maxRows);
    const failing = result.failure !== undefined || result.health.breaches.length > 0;
    return table.length === 0 ? [] : [failing ? '### What is failing' : '### Top destinations', '', ...table];
}
/** How to select one cause's messages: from messages-file, or by setting it. */
function causeSelect(result) {
    return result.messagesFile === undefined
        ? "Set `messages-file` to have every message with its cause (`causeKey`), to select one cause's messages."
        : 'Each line of `messages-file` carries its cause as `causeKey`: `jq -r \'select(.causeKey == "KEY") | .dlqId\'` ' +
            "lists one cause's DLQ ids, for a reviewed resume (`dlq-ids-file`).";
}
/** Where every failed workflow run listed is, beyond the table's rows. */
function everyRun(result) {
    return result.messagesFile === undefined
        ? 'set `messages-file` to keep every one (and `dlq-ids` holds their DLQ ids)'
        : '`messages-file` holds every one';
}
/** Which clock ages, windows and expiry were judged on, and why the runner's. */
function clockLine(clock) {
    if (clock === undefined)
        return [];
    if (clock.by === 'service') {
        const skew = clock.runnerSkewMs;
        const apart = skew === undefined ? '' : `, ${durationText(Math.abs(skew))} ${skew > 0 ? 'ahead of' : 'behind'} the runner's`;
        return [`- Ages judged on: the service's clock (its Date header)${apart}`];
    }
    return [`- Ages judged on: the runner's clock, as ${dateFaultText(clock.fault)}`];
}
/** What was asked, complete: filters, order, bounds, thresholds, concurrency, cursor; then the run. */
function askedLines(result, ctx, filters, written) {
    const { fallback, maxMessages, maxPages, messagesFile, startCursor } = result;
    const redacted = result.redactedHeaderValues ?? 0;
    const slices = fallback !== undefined
        ? ' (listed sequentially: the date slices could not be trusted)'
        : result.slices === 1
            ? ' (one date slice: the oldest and newest message the service named were too close to split, as when it ignores `order`)'
            : result.slices !== undefined
                ? ` (${formatCount(result.slices)} date slices)`
                : '';
    const pages = maxPages === undefined ? '' : `, \`max-pages\`: ${formatCount(maxPages)}`;
    return [
        '### What was asked',
        '',
        ...(filters.length === 0
            ? ['- Filters: none (every message in the DLQ)']
            : ['- Filters (several values of one filter: any of them; different filters: all of them):', ...filters]),
        `- Order: ${result.order === 'earliestFirst' ? 'earliest first' : 'latest first'} (\`${result.order}\`)`,
        `- Health thresholds: ${thresholdsText(result)}`,
        ...clockLine(result.clock),
        `- \`max-messages\`: ${maxMessages === undefined ? 'none (every message)' : formatCount(maxMessages)}`,
        `- \`concurrency\`: ${formatCount(result.concurrency)}${slices}`,
        `- Page size: ${formatCount(result.pageSize)}${pages} (${plural(result.pages, 'page', 'pages')} fetched)`,
        `- Start cursor: ${startCursor ? code(startCursor, MAX_CURSOR_LENGTH) : 'none (from the start)'}`,
        fallback !== undefined && `- Why sequentially: ${code(fallback)}`,
        messagesFile !== undefined &&
            `- Every listed message, one JSON object a line: ${code(messagesFile)} (output \`messages-file\`)`,
        messagesFile !== undefined &&
            redacted > 0 &&
            `- ${plural(redacted, 'credential header value was', 'credential header values were')} redacted from ` +
                'messages-file; set `keep-credential-headers: true` to keep them.',
        ...idsWrittenLines(result, written),
        ...runLine(ctx),
        ''
    ].filter(line => line !== false);
}
/** What a cut ids output holds, as written: its first ids, of how many listed, and where every one is. */
function idsWrittenLines(result, { messageIds, dlqIds }) {
    const every = result.messagesFile !== undefined ? '`messages-file` holds every one' : 'set `messages-file` for every one';
    const lines = [];
    if (messageIds.truncated) {
        lines.push(`- The \`message-ids\` output holds only the first ${plural(messageIds.kept, 'id', 'ids')} of ` +
            `${formatCount(result.count)} messages listed (GitHub's 1 MB for a job's outputs, shared with \`dlq-ids\`); ${every}.`);
    }
    if (dlqIds.truncated) {
        lines.push(`- The \`dlq-ids\` output holds only the first ${plural(dlqIds.kept, 'DLQ id', 'DLQ ids')} listed ` +
            `(the same 1 MB); ${every}.`);
    }
    return lines;
}

;// CONCATENATED MODULE: ./src/report/metrics.ts
/** The health check's figures in the OpenMetrics text format (metrics-file), for a Pushgateway or a textfile collector. */



/** Label values per family (statuses, destinations): the leading ones, the rest as "(other)", so labels stay bounded. */
const LABELLED_ROWS = 20;
/** Characters of a label value: a destination URL stays recognisable, a hostile one stays small. */
const LABEL_VALUE_LENGTH = 200;
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
const LABEL_CONTROLS = /[\x00-\x09\x0b-\x1f\x7f\u0085\u2028\u2029]/g;
/** Half a surrogate pair without its other half: the file's UTF-8 writes it as U+FFFD. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Characters of the hash that keeps a cut label value apart from every other value cut to the same start. */
const CUT_HASH_LENGTH = 8;
/**
 * A value as a label may hold it: well-formed UTF-16 (a lone surrogate would be written as U+FFFD), control characters
 * but the newline replaced, and at most LABEL_VALUE_LENGTH characters: a longer one keeps its start and a hash of the
 * whole, so that values alike in their first 199 characters (signed URLs, long queries) stay apart.
 */
function labelText(value) {
    const text = value.replace(LONE_SURROGATE, '\ufffd').replace(LABEL_CONTROLS, '\ufffd');
    if (text.length <= LABEL_VALUE_LENGTH)
        return text;
    const hash = (0,external_node_crypto_.createHash)('sha256').update(value).digest('hex').slice(0, CUT_HASH_LENGTH);
    let start = text.slice(0, LABEL_VALUE_LENGTH - CUT_HASH_LENGTH - 1);
    // Never half a surrogate pair: it would be written as U+FFFD.
    if (/[\ud800-\udbff]$/.test(start))
        start = start.slice(0, -1);
    return `${start}…${hash}`;
}
/** A label value as the format quotes it: backslash, quote and newline escaped (one to one, so distinct stays distinct). */
function quoted(text) {
    return text.replace(/[\\"\n]/g, c => (c === '\n' ? '\\n' : `\\${c}`));
}
/** A number as the format writes it: integers whole, seconds to the millisecond. */
const metrics_number = (value) => (Number.isInteger(value) ? String(value) : value.toFixed(3));
function familyText({ name, help, unit, samples }) {
    return [
        `# TYPE ${name} gauge`,
        ...(unit === undefined ? [] : [`# UNIT ${name} ${unit}`]),
        `# HELP ${name} ${help}`,
        ...samples.map(({ labels, value }) => {
            const set = Object.entries(labels ?? {}).map(([key, text]) => `${key}="${quoted(text)}"`);
            return `${name}${set.length === 0 ? '' : `{${set.join(',')}}`} ${metrics_number(value)}`;
        })
    ];
}
/** The rest bucket's label value: reserved, so that a real value spelt the same is told apart, never merged. */
const REST = '(other)';
/**
 * The leading rows by `label`, and the rest of `total` as "(other)", every label set of the family unique whatever the
 * data: a value already taken (by the rest, or by a value alike once cut or cleaned) gets the first free ` #N`.
 */
function labelled(rows, label, total) {
    const shown = rows.slice(0, LABELLED_ROWS);
    const rest = total - shown.reduce((n, row) => n + row.count, 0);
    const taken = new Set(rest > 0 ? [REST] : []);
    const samples = shown.map(row => {
        const text = labelText(row.value);
        let unique = text;
        for (let n = 2; taken.has(unique); n++)
            unique = `${text} #${n}`;
        taken.add(unique);
        return { labels: { [label]: unique }, value: row.count };
    });
    return [...samples, ...(rest > 0 ? [{ labels: { [label]: REST }, value: rest }] : [])];
}
/**
 * The figures of a health check, ending in `# EOF`. A listing that listed nothing for a failure has no figures to
 * give (0 would read as an empty DLQ): only the check's time and `dlq_check_complete 0`.
 */
function metricsText(result, now) {
    const seconds = (ms) => ms / 1000;
    const known = !(result.failure !== undefined && result.count === 0);
    const families = [
        {
            name: 'dlq_check_timestamp_seconds',
            help: 'When the health check ran.',
            unit: 'seconds',
            samples: [{ value: seconds(now) }]
        },
        {
            name: 'dlq_check_complete',
            help: 'Whether the listing reached the end (0: every figure is a lower bound).',
            samples: [{ value: listingComplete(result) ? 1 : 0 }]
        },
        {
            name: 'dlq_check_breaches',
            help: 'Thresholds the health check found exceeded (0: healthy or not judged).',
            samples: [{ value: result.health.breaches.length }]
        }
    ];
    if (known) {
        // Each check's own figures, as its entry in the table gives them.
        families.push(...CHECK_NAMES.flatMap(name => HEALTH_CHECKS[name].metrics?.(result, now) ?? []));
        families.push({
            name: 'dlq_messages_without_created_at',
            help: 'Messages listed without a creation time: their age is unknown.',
            samples: [{ value: result.noCreatedAt ?? 0 }]
        }, {
            name: 'dlq_messages_by_status',
            help: 'Messages by last response status.',
            samples: labelled(result.byStatus, 'status', result.count)
        }, {
            name: 'dlq_messages_by_destination',
            help: 'Messages by destination URL: the leading 20, the rest as (other).',
            samples: labelled(result.byUrl, 'destination', result.count)
        });
    }
    return `${[...families.flatMap(familyText), '# EOF'].join('\n')}\n`;
}

;// CONCATENATED MODULE: ./src/report/plan.ts
/**
 * How a write's plan is reported (dry-run, and expect-count's refusal): what the write would take, the bound it would
 * send, the listing's tables (report/breakdowns.ts, as list-dlq shows them), and how to apply the plan exactly.
 */










const planReport = {
    outputs: plan_outputs,
    summary: (plan, ctx, options) => fitSummary(pass => planSummary(plan, ctx, pass), options),
    // A refusal and a listing that failed are said by the failure's annotation (one alert per fact).
    notice: plan => (plan.failure !== undefined || plan.listing.failure !== undefined ? undefined : plan_headline(plan)),
    warnings,
    failure: plan_failure
};
/** The report of an operation that may only plan (dry-run): its plan's when no write followed, else the write's. */
function planOr(plan, write) {
    const ofPlan = (result) => isPlan(result);
    return {
        outputs: result => (ofPlan(result) ? plan.outputs(result) : write.outputs(result)),
        summary: (result, ctx, options) => ofPlan(result) ? plan.summary(result, ctx, options) : write.summary(result, ctx, options),
        notice: (result, now) => (ofPlan(result) ? plan.notice?.(result, now) : write.notice?.(result, now)),
        warnings: result => (ofPlan(result) ? plan.warnings(result) : write.warnings(result)),
        failure: result => (ofPlan(result) ? plan.failure(result) : write.failure(result))
    };
}
/** A write's report, with what expect-count listed before it: planned-count and plan-file, as a dry run says them. */
function withExpected(write) {
    return { ...write, outputs: result => ({ ...write.outputs(result), ...expectedOutputs(result) }) };
}
/** A write held to expect-count: what its listing planned, as a dry run would have said it. */
function expectedOutputs({ expected }) {
    if (expected === undefined)
        return {};
    return { [Outputs.PlannedCount]: String(expected.listed), [Outputs.PlanFile]: expected.planFile ?? '' };
}
function plan_outputs(plan) {
    return {
        [Outputs.PlannedCount]: String(plan.planned),
        [Outputs.PlanFile]: plan.planFile ?? '',
        [Outputs.Complete]: String(planComplete(plan) && plan.failure === undefined),
        // Nothing was written: the write's own count says so.
        [VERBS[plan.operation].countOutput]: '0'
    };
}
/** `3 workflow runs`, `at least 1,240 messages`: the entries planned, in the verb's words. */
function plannedText(plan) {
    const { item, items } = VERBS[plan.operation].words;
    return `${planComplete(plan) ? '' : 'at least '}${plural(plan.planned, item, items)}`;
}
/** The notice: what the write would take. */
function plan_headline(plan) {
    const { base } = VERBS[plan.operation].words;
    if (plan.expectCount === 0 && plan.failure === undefined) {
        return `expect-count 0: no entry is selected, as expected; nothing to ${base}`;
    }
    return `Dry run: would ${base} ${plannedText(plan)}; no write request was sent`;
}
function plan_heading(plan) {
    const { base } = VERBS[plan.operation].words;
    if (plan.failure?.kind === 'count-mismatch') {
        const { expected, found, complete } = plan.failure;
        const holds = `${complete ? '' : 'at least '}${plural(found, 'entry', 'entries')}`;
        return `❌ Refused by \`expect-count\`: the selection holds ${holds}, not ${formatCount(expected)}; nothing was written`;
    }
    if (plan.failure?.kind === 'ids-gone') {
        return `❌ Nothing ${VERBS[plan.operation].words.past}: none of the ${formatCount(plan.failure.ids)} DLQ ids is in the DLQ any more`;
    }
    if (plan.expectCount === 0 && plan.failure === undefined)
        return `✅ No entry selected, as \`expect-count: 0\` expects`;
    if (plan.listing.failure !== undefined)
        return `⚠️ Dry run stopped early: would ${base} ${plannedText(plan)}`;
    return `🔍 Dry run: would ${base} ${plannedText(plan)}`;
}
function plan_failure(plan) {
    const reasons = [];
    if (plan.failure !== undefined)
        reasons.push(failureText(plan.operation, plan.failure));
    const ended = plan.listing.failure;
    if (ended !== undefined) {
        const listed = `${plannedText(plan)} planned ${beforeTheEnd(ended)}; no write request was sent`;
        reasons.push(`${failureText(`${plan.operation} (its plan)`, ended)} (${listed})`);
    }
    return reasons.length === 0 ? undefined : reasons.join('\n');
}
function warnings(plan) {
    const { itemProblems } = plan.listing;
    return [itemProblems && itemProblemsText(itemProblems), missingText(plan), withoutIdText(plan)].filter((text) => text !== undefined);
}
/** The listing reached the end of the DLQ: an id given that it did not find is not there. */
const listedAll = ({ listing }) => listing.failure === undefined && listing.nextCursor === undefined;
/** `3 DLQ ids`, `1 run`: what an input that names entries one by one gave. */
const givenText = (by, n) => by === 'dlq-ids' ? plural(n, 'DLQ id', 'DLQ ids') : plural(n, 'run', 'runs');
/** The ids (or runs) given that the listing did not find, once it had listed the whole DLQ. */
function missingText(plan) {
    const { given } = plan;
    if (given === undefined || given.missing === 0)
        return undefined;
    const some = `${formatCount(given.missing)} of the ${givenText(given.by, given.count)} given`;
    if (!listedAll(plan)) {
        return `${some} ${given.missing === 1 ? 'was' : 'were'} not reached: the listing stopped before the end of the DLQ`;
    }
    return `${some} ${given.missing === 1 ? 'is' : 'are'} not in the DLQ: taken or removed since they were listed`;
}
function withoutIdText({ withoutDlqId }) {
    if (withoutDlqId === undefined)
        return undefined;
    return (`${plural(withoutDlqId, 'entry was', 'entries were')} listed without a DLQ id: no write by dlq-ids can take ` +
        'them, so the plan leaves them out');
}
/** Which entries the plan is of: by the bound the write would send, or by the ids or runs given. */
function scopeLine(plan) {
    const { given, bound } = plan;
    if (given !== undefined) {
        const found = given.count - given.missing;
        return (`By the ${givenText(given.by, given.count)} given (\`${given.by}\`): ` +
            `${formatCount(found)} found in the DLQ, ${formatCount(given.missing)} not` +
            (listedAll(plan) ? '.' : ' so far: the listing stopped before the end of the DLQ.'));
    }
    if (bound === undefined)
        return undefined;
    return (`Entries that failed at or before ${formatMs(bound.toDate)} (\`${bound.toDate}\`) ${clockText(bound)}: the ` +
        'bound the write would send as its to-date, so that it never takes what it creates. A write run later reads its ' +
        'own, later bound: entries failing in between would be taken too, unless it is held to this plan (below).');
}
/** Whose clock the bound is on, as the write reads it (operations/resume-bound), and when the write may move it. */
function clockText(bound) {
    if (bound.clock === 'input')
        return 'as the `to-date` given says';
    if (bound.clock !== 'runner')
        return "on the service's clock (its Date header)";
    const runner = bound.marginMs !== undefined
        ? `on the runner's clock less ${durationText(bound.marginMs)}, as ${dateFaultText(bound.dateFault)}`
        : `on the runner's clock, earlier than the service's Date (${formatMs(bound.serviceStart ?? 0)})`;
    return (`${runner}; the write moves its bound up to the service's time once an answer shows it, and may then also take ` +
        'entries that failed in between');
}
/** The lines that say how the listing ended short of the whole selection. */
function endingLines(plan) {
    const { failure: ended } = plan.listing;
    const { items } = VERBS[plan.operation].words;
    return [
        plan.failure !== undefined && '**Nothing was written.**',
        plan.failure === undefined && '**No write request was sent.**',
        ended !== undefined && `**Error:** ${code(failureText(`${plan.operation} (its plan)`, ended))}`,
        ended !== undefined && `Everything below is what was listed ${beforeTheEnd(ended)}: a lower bound.`,
        plan.capped &&
            `**Stopped at \`max-entries\` (${formatCount(plan.maxRuns ?? 0)})**, as the write would: more ${items} ` +
                "match. The write takes that many of the selection, in the service's order; this plan, in the order listed."
    ];
}
/** How to take exactly what was planned: its DLQ ids, held to its count. */
function applyLines(plan) {
    const n = formatCount(plan.planned);
    if (plan.failure?.kind === 'count-mismatch') {
        return [
            '### What to do',
            '',
            plan.failure.complete
                ? `Review what the selection holds now (the tables above), then set \`expect-count: ${n}\` to take it.`
                : 'The listing did not reach the end of the selection, so its count is unknown: ' +
                    'see the error above, then run it again.',
            ''
        ];
    }
    if (plan.expectCount !== undefined && plan.planned === 0)
        return [];
    if (!planComplete(plan)) {
        return [
            '### Applying it',
            '',
            'The plan is incomplete, so `expect-count` would refuse it: see the error above (raise `max-pages` when it ' +
                'ran out), then run the dry run again.',
            ''
        ];
    }
    const exact = plan.planFile
        ? `Run the step without \`dry-run\`, with ${code(`dlq-ids-file: ${plan.planFile}`)} in place of the selectors ` +
            `and \`expect-count: ${n}\` (the output \`planned-count\`): it takes exactly these entries, by their DLQ ids, ` +
            'and writes nothing unless the file holds that many; an entry gone by then is counted in `gone-count`, the ' +
            'rest are taken. Each line of the file is one entry, ' +
            '`jq -r .dlqId` lists their ids, and a later job needs the file as an artifact.'
        : 'Set `plan-file` to keep this plan as a file that `dlq-ids-file` reads back. Or run the step without ' +
            `\`dry-run\`, with the same selectors and \`expect-count: ${n}\`: it lists them again and writes only if ` +
            'exactly that many are selected, taking those by their DLQ ids (never by the filter again).';
    return ['### Applying it', '', exact, ''];
}
/** What was asked: the write, the listing that found its entries, the limits, the file. */
function plan_askedLines(plan, ctx, pass) {
    const { listing } = plan;
    const filters = filterLines(listing.filters, pass);
    const redacted = listing.redactedHeaderValues ?? 0;
    const pages = `${plural(listing.pages, 'page', 'pages')} of ${formatCount(listing.pageSize)} fetched`;
    return [
        '### What was asked',
        '',
        `- Operation: \`${plan.operation}\`, ${plan.expectCount === undefined ? '`dry-run: true`' : `\`expect-count: ${formatCount(plan.expectCount)}\``}`,
        ...(filters.length === 0
            ? ['- Listed: the whole DLQ']
            : ["- Listed with the write's selectors as filters (the bound as to-date):", ...filters]),
        `- \`max-entries\`: ${plan.maxRuns === undefined ? 'none' : formatCount(plan.maxRuns)}`,
        `- \`max-pages\`: ${formatCount(listing.maxPages ?? 0)} (${pages})`,
        ...(listing.nextCursor !== undefined && plan.capped !== true
            ? [
                `- The listing's cursor when it stopped: ${code(listing.nextCursor, MAX_CURSOR_LENGTH)} (it continues no write)`
            ]
            : []),
        ...(plan.planFile !== undefined
            ? [`- The plan, one JSON object a line: ${code(plan.planFile)} (output \`plan-file\`)`]
            : []),
        ...(redacted > 0
            ? [`- ${plural(redacted, 'credential header value was', 'credential header values were')} redacted from it.`]
            : []),
        ...runLine(ctx),
        ''
    ];
}
function planSummary(plan, ctx, pass) {
    const { listing } = plan;
    const table = failingTable(listing, pass.now, pass.maxRows);
    const file = plan.planFile !== undefined;
    const select = file
        ? 'Each line of `plan-file` carries its cause as `causeKey`: `jq -r \'select(.causeKey == "KEY") | .dlqId\'` ' +
            "lists one cause's DLQ ids, for a plan of that cause alone (`dlq-ids-file`)."
        : "Set `plan-file` to have every entry planned with its cause (`causeKey`), to select one cause's entries.";
    return markdownText([
        ...summaryHead(plan_heading(plan), ...endingLines(plan), scopeLine(plan), shortenedNote(pass)),
        ...(table.length === 0 ? [] : ['### Top destinations', '', ...table]),
        ...causeLines(listing, pass, select),
        ...breakdownLines(listing, pass),
        ...workflowRunLines(listing, pass, file ? '`plan-file` holds every one' : 'set `plan-file` to keep every one'),
        ...extremesLines(listing, pass, planComplete(plan)),
        ...applyLines(plan),
        ...plan_askedLines(plan, ctx, pass)
    ]);
}

;// CONCATENATED MODULE: ./src/report/refusal.ts
/** The job summary of a run refused before any request (a bad or missing input): what was refused, what to set. */


/** `narrow`: given when a bulk write was refused for naming none of its selectors, the inputs that narrow it. */
function refusalSummary(message, narrow) {
    if (narrow !== undefined) {
        const { base, past, item } = VERBS[narrow.operation].words;
        const Base = `${base[0]?.toUpperCase()}${base.slice(1)}`;
        return markdownText(summaryHead(`❌ ${Base} refused: no ${item} was selected`, `**Narrow the ${base}** with one of ${narrow.selectors.map(s => `\`${s}\``).join(', ')}; ` +
            `or, to ${base} every failed ${item} in the DLQ, set \`all: true\`.`, `Nothing was ${past} and no request was sent.`));
    }
    return markdownText(summaryHead('❌ Refused before any request: an input is not usable', `**${code(message, 2000)}**`, 'Nothing was sent to the service. Fix the input named above and run again.'));
}

;// CONCATENATED MODULE: ./src/report/continuation.ts



/**
 * A failure that took nothing, by design or because not one id given was found: there is nothing to continue from
 * (a re-run with the same ids would only repeat it).
 */
const beforeAnyWrite = (failure) => failure?.kind === 'count-mismatch' || failure?.kind === 'verb-missing' || failure?.kind === 'ids-gone';
/** Whether the resume left part of its selection, and how a re-run takes exactly that part; undefined: nothing left. */
function continuationOf(result) {
    if (beforeAnyWrite(result.failure))
        return undefined;
    if (result.byRuns !== undefined) {
        const runs = result.byRuns.left.length;
        return runs === 0 ? undefined : { by: 'workflow-runs', runs };
    }
    const from = result.continueFrom;
    if (from !== undefined) {
        return { by: 'dlq-ids', ...from, of: result.selection.dlqIds?.length ?? from.position };
    }
    // A bound nothing checked is no date to continue under: a later run of the same step takes what it may have left.
    // Unless answers were lost: runs may have been created unseen, and only the bound sent keeps a re-run off them.
    if (result.bound?.unconfirmed === true && result.nextCursor === undefined && result.uncertainRequests === 0) {
        const { marginMs } = result.bound;
        const { fromDate, toDate } = result.selection;
        return {
            by: 'unchecked',
            ...(marginMs !== undefined && result.bound.clock === 'runner' ? { marginMs } : {}),
            ...(fromDate !== undefined ? { fromDate } : {}),
            ...(toDate !== undefined ? { toDate } : {})
        };
    }
    // Lost answers at the end of a drain leave nothing: the runs they may have resumed left the DLQ.
    // A bound nothing checked, with answers lost: the bound sent keeps a re-run off the runs they may have created.
    const unchecked = result.bound?.unconfirmed === true;
    const stopped = result.nextCursor !== undefined || result.failure !== undefined || result.leftWithoutCursor === true || unchecked;
    if (!stopped)
        return undefined;
    // A cursor over dlq-ids continues the same ids: no dates to send; without one, the ids again from the first.
    const ids = result.selection.dlqIds;
    if (ids !== undefined) {
        if (result.nextCursor !== undefined)
            return { by: 'selection', cursor: result.nextCursor };
        return { by: 'dlq-ids', position: 1, of: ids.length, dlqId: ids[0] ?? '', remaining: ids.length };
    }
    const toDate = result.bound?.toDate ?? result.selection.toDate;
    const { fromDate } = result.selection;
    // A from-date past the bound (the service's clock behind it) selects nothing: nothing is left to continue.
    if (fromDate !== undefined && toDate !== undefined && fromDate > toDate)
        return undefined;
    const cursor = result.nextCursor !== undefined && result.nextCursor.length <= MAX_CURSOR_LENGTH ? result.nextCursor : undefined;
    return {
        by: 'selection',
        ...(cursor ? { cursor } : {}),
        ...(fromDate !== undefined ? { fromDate } : {}),
        ...(toDate !== undefined ? { toDate } : {})
    };
}
/** The dates outputs next-from-date and next-to-date: what a continuation sends with next-cursor (empty: not needed). */
function nextDates(result) {
    const next = continuationOf(result);
    if (next?.by !== 'selection' && next?.by !== 'unchecked')
        return { fromDate: '', toDate: '' };
    return { fromDate: next.fromDate?.toString() ?? '', toDate: next.toDate?.toString() ?? '' };
}
/** The inputs a continuation sets, as `name: value` pairs, those of the selection besides the dates unchanged. */
function inputsOf(next) {
    return [
        ...(next.cursor !== undefined ? [['cursor', next.cursor]] : []),
        ...(next.fromDate !== undefined ? [['from-date', String(next.fromDate)]] : []),
        ...(next.toDate !== undefined ? [['to-date', String(next.toDate)]] : [])
    ];
}
/** What next-workflow-runs holds, in words. */
const runsLeft = (runs, { past }) => `${plural(runs, 'run', 'runs')} given not ${past} yet: not in the DLQ yet, or not reached; the others are not given again`;
/** Why a bound nothing checked may leave entries out, and what takes them. */
function uncheckedText(next, { base, one, short }) {
    const { marginMs } = next;
    const why = marginMs !== undefined
        ? `the runner's clock less ${durationText(marginMs)} bounded this ${base}, as no usable Date of the service was ` +
            `later, and no ${one} was created to tell the service's time: ${short} that failed in the ${durationText(marginMs)} ` +
            'before it began may be left'
        : `the service's Date and the runner's clock were more than a minute apart, the earlier bounded this ${base}, and ` +
            `no ${one} was created to tell which was right: ${short} that failed between the two may be left`;
    const dates = [
        ...(next.fromDate !== undefined ? [`from-date: ${next.fromDate}`] : []),
        ...(next.toDate !== undefined ? [`to-date: ${next.toDate}`] : [])
    ];
    const given = dates.length > 0 ? ` (${dates.join(', ')}, the dates given)` : ', without to-date';
    return `${why}; to take them, re-run the same step${given} in a few minutes`;
}
/** Why nothing is taken twice by a re-run: what was taken left the DLQ. */
const leftTheDlq = ({ past }) => `${past} entries have left the DLQ, so none is ${past} twice`;
/** The sentence for the failure line and the log: plain text. */
function continuePlain(next, w) {
    if (next === undefined)
        return `nothing is left to continue: the selection was ${w.past} to its end`;
    if (next.by === 'workflow-runs') {
        return `to continue, re-run with input workflow-runs set to output next-workflow-runs (${runsLeft(next.runs, w)})`;
    }
    if (next.by === 'unchecked')
        return uncheckedText(next, w);
    if (next.by === 'dlq-ids') {
        return (`to continue, re-run with dlq-ids from "${next.dlqId}" on (id ${next.position} of ${next.of}: ` +
            `${next.remaining} ids, some perhaps ${w.past} already)` +
            fileLineHint(next.line));
    }
    const inputs = inputsOf(next).map(([name, value]) => `${name}: ${value}`);
    const noCursor = 'no cursor to continue from: re-run with the same selection';
    if (next.cursor === undefined)
        return inputs.length > 0 ? `${noCursor} and these dates (${leftTheDlq(w)}): ${inputs.join(', ')}` : noCursor;
    return `to continue, re-run with ${inputs.join(', ')}`;
}
/** The sentence for the summary: each input in a code span, to copy. */
function continueMarkdown(next, w) {
    if (next.by === 'workflow-runs') {
        return `To continue, re-run with input \`workflow-runs\` set to output \`next-workflow-runs\` (${runsLeft(next.runs, w)}).`;
    }
    if (next.by === 'unchecked')
        return `${uncheckedText(next, w)}.`;
    if (next.by === 'dlq-ids') {
        return (`To continue, re-run with input \`dlq-ids\` from ${code(next.dlqId)} on (id ${formatCount(next.position)} of ` +
            `${formatCount(next.of)}: ${plural(next.remaining, 'id', 'ids')}, some perhaps ${w.past} already; ` +
            `${leftTheDlq(w)}).` +
            fileLineHint(next.line));
    }
    const inputs = inputsOf(next).map(([name, value]) => `\`${name}\` set to ${code(value, MAX_CURSOR_LENGTH)}`);
    const dates = next.toDate !== undefined ? ' (the same dates in Unix ms, so that it selects exactly what is left)' : '';
    if (next.cursor === undefined) {
        return inputs.length > 0
            ? `To continue, re-run with the same selection and ${inputs.join(', ')}${dates}: ${leftTheDlq(w)}.`
            : `To continue, re-run with the same selection: ${leftTheDlq(w)}.`;
    }
    return `To continue, re-run with input ${inputs.join(', ')}${dates}.`;
}
/** Where the ids left begin in dlq-ids-file, when they came from one: a file of its lines from there on continues. */
function fileLineHint(line) {
    if (line === undefined)
        return '';
    return ` They begin on line ${formatCount(line)} of \`dlq-ids-file\`: a file of its lines from there on (\`tail -n +${line}\`) continues.`;
}

;// CONCATENATED MODULE: ./src/report/verb-words.ts
/**
 * The words a bulk write's report says, from its verb (src/verbs.ts): `Resumed 3 workflow runs`, `Retried 3
 * messages`. Every text of the resume report reads them here, so that a verb is worded one way everywhere.
 */


const capital = (text) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
function verb_words_wordsOf({ words, dlq, makes, operation }) {
    const runs = makes === 'run';
    return {
        ...words,
        one: words.item.split(' ').pop() ?? words.item,
        Past: capital(words.past),
        Base: capital(words.base),
        Short: capital(words.short),
        dlq: dlq === 'workflow' ? 'workflow DLQ' : 'DLQ',
        // The result does not say which of the two names set the cap; a resume's texts always said max-runs.
        cap: operation === 'resume-workflows' ? 'max-runs' : 'max-entries',
        makes,
        idsOutput: runs ? Outputs.WorkflowRunIds : Outputs.MessageIds,
        failedAgainIdsOutput: runs ? Outputs.FailedAgainRunIds : Outputs.FailedAgainMessageIds
    };
}
const WORDS = Object.fromEntries(Object.values(VERBS).map(verb => [verb.operation, verb_words_wordsOf(verb)]));
/** The words of the write a result is of. */
const words = (result) => WORDS[result.operation];
/** Entries the answers named as taken: the new runs, or the new messages (a retry's `runs` is empty). */
const takenCount = (result) => result.runs.length + (result.messages?.length ?? 0);
/** What the write made, those taken without a readable id included. */
const madeCount = (result) => takenCount(result) + (result.itemProblems?.leftOut ?? 0);

;// CONCATENATED MODULE: ./src/report/resume-text.ts
/**
 * The words of a bulk write, staged or not, that several parts of its report say: scope, what was asked, what may be
 * missing. Each says the verb of the result (verb-words.ts): a resume's texts are those it always had.
 */








/** True when everything selected was drained, every entry taken is in the outputs, and none was refused. */
function resumeComplete(result) {
    return (result.failure === undefined &&
        result.fileError === undefined &&
        !result.nextCursor &&
        result.leftWithoutCursor !== true &&
        result.bound?.unconfirmed !== true &&
        result.continueFrom === undefined &&
        result.uncertainRequests === 0 &&
        (result.itemProblems?.leftOut ?? 0) === 0 &&
        (result.byRuns?.left.length ?? 0) === 0 &&
        refusedCount(result) === 0);
}
/** Entries the service refused to take (a restart's 400), named or only counted. */
const refusedCount = (result) => result.refusedCount ?? result.refused?.length ?? 0;
/** Whether the selection was left with more to resume: a cursor or ids to continue from. */
function stoppedEarly(result) {
    return result.continueFrom !== undefined || Boolean(result.nextCursor) || result.leftWithoutCursor === true;
}
/**
 * Why a resume drained to its end is still not complete: runs resumed that the outputs cannot name. The heading
 * and the notice say it the same way, as `complete` is false for it.
 */
function outputsShort(result) {
    if (result.fileError !== undefined)
        return 'runs-file could not be written';
    const leftOut = result.itemProblems?.leftOut ?? 0;
    if (leftOut === 0)
        return undefined;
    return (`${plural(leftOut, 'of them has', 'of them have')} no readable id, so the outputs do not name ` +
        `${leftOut === 1 ? 'it' : 'them'} (nothing is left to ${words(result).base})`);
}
/** Entries lost answers may have taken: what those requests asked for (their count), a full page each when not known. */
const possiblyUpTo = (result) => result.uncertainRuns ?? result.uncertainRequests * VERBS[result.operation].pageSize;
/** Said when requests may have taken entries unseen: their count each, any number if the service ignores count. */
function lostAnswerText(result) {
    const { uncertainRequests: requests, largestAnswer } = result;
    if (requests === 0)
        return undefined;
    const { base, past, one, short } = words(result);
    const size = VERBS[result.operation].pageSize;
    const bound = largestAnswer === undefined
        ? `up to ${formatCount(possiblyUpTo(result))} more ${short} than listed here`
        : `more ${short} than listed here: up to ${size} a request if it honoured count=${size}, ` +
            `but it does not (one answer carried ${formatCount(largestAnswer)} ${short}), so possibly every ${one} the ` +
            'selection matched';
    return (`${plural(requests, `${base} request`, `${base} requests`)} got no readable answer (lost after sending, or ` +
        `unreadable): the service may have ${past} ${bound} (possibly ${past}; they left the DLQ, so none is ${past} twice)`);
}
/** Said when nothing told the service's time and answers were lost: entries of the runner's margin may be left. */
function uncheckedLostText(result) {
    const { bound, uncertainRequests } = result;
    if (bound?.unconfirmed !== true || uncertainRequests === 0)
        return undefined;
    const { base, short } = words(result);
    return (`nothing told the service's time (no usable Date, and the answers that would have were lost): ${short} that failed ` +
        `in the ${durationText(bound.marginMs ?? 0)} before this ${base} began may be left, past the to-date it sent`);
}
/** Said when answers carried more entries than the count sent, so that more than the cap were taken. */
function pastCapText(result) {
    const { pastCap, maxRuns } = result;
    if (pastCap === undefined)
        return undefined;
    const { past, one, short, cap } = words(result);
    return (`the service ignored count: ${plural(pastCap, `${one} was`, `${short} were`)} ${past} past ${cap} ` +
        `(${formatCount(maxRuns ?? 0)}); every ${one} it ${past} is reported`);
}
/** Why the runs-file is not the record: the count output still counts every entry, the id outputs hold what fits. */
function runsFileText(result) {
    const { fileError } = result;
    if (fileError === undefined)
        return undefined;
    const { past, one } = words(result);
    return `${fileText(fileError)}; ${VERBS[result.operation].countOutput} counts every ${one} ${past}, the id outputs hold as many as fit`;
}
/** Why a capped write stopped; the cursor left says more may remain, not that they do (the next page may be empty). */
function capReached(result) {
    const { maxRuns, pastCap } = result;
    const past = pastCap === undefined ? '' : `, ${formatCount(pastCap)} past it as the service ignored count`;
    return `${words(result).cap} (${formatCount(maxRuns ?? 0)}) reached${past}; more may remain`;
}
/** A selector's values in a few words: the first three, then how many more. */
function fewValues(values, value) {
    const shown = values.slice(0, 3).map(value).join(', ');
    return values.length > 3 ? `${shown} and ${formatCount(values.length - 3)} more` : shown;
}
/**
 * What the write selected, in a few words, for the first line and the notice: the selectors given (third-party
 * values as code spans in markdown), and "of any age" when no from-date bounds it.
 */
function scopeText(result, markdown) {
    const { dlqIds, fromDate, toDate } = result.selection;
    if (result.byRuns !== undefined) {
        const { given, found } = result.byRuns;
        return `selection: the ${plural(given, 'run', 'runs')} given (workflow-runs), ${formatCount(found)} of them in the workflow DLQ`;
    }
    if (dlqIds !== undefined) {
        const how = result.expected?.byListing === true ? 'listed for expect-count' : 'given';
        return `selection: the ${plural(dlqIds.length, 'DLQ id', 'DLQ ids')} ${how}`;
    }
    const what = selectorsText(result.selection, markdown) ?? `every failed ${words(result).one} in the DLQ (all)`;
    const when = fromDate !== undefined
        ? `failed from ${formatMs(fromDate)}${toDate !== undefined ? ` to ${formatMs(toDate)}` : ''}`
        : toDate !== undefined
            ? `failed up to ${formatMs(toDate)}, of any age`
            : 'of any age';
    return `selection: ${what}, ${when}`;
}
/** The selectors given but the dates and ids, in a few words (third-party values as code spans in markdown). */
function selectorsText(selection, markdown) {
    const { workflowUrl, workflowRunId, workflowCreatedAt } = selection;
    const { messageId, url, topicName, scheduleId, queueName, responseStatus, callerIp } = selection;
    const value = (text) => markdown ? code(text, 100) : JSON.stringify(text.length > 100 ? `${text.slice(0, 99)}…` : text);
    const lists = [
        ['url', url],
        ['topic-name', topicName],
        ['schedule-id', scheduleId],
        ['queue-name', queueName],
        ['caller-ip', callerIp]
    ];
    const parts = [
        ...(workflowUrl !== undefined ? [`workflow-url ${value(workflowUrl)}`] : []),
        ...(workflowRunId !== undefined ? [`workflow-run-id ${value(workflowRunId)}`] : []),
        ...(workflowCreatedAt !== undefined ? [`created at ${formatMs(workflowCreatedAt)}`] : []),
        ...(messageId !== undefined ? [`message-id ${value(messageId)}`] : []),
        ...lists.flatMap(([name, values]) => (values?.length ? [`${name} ${fewValues(values, value)}`] : [])),
        ...(responseStatus !== undefined ? [`response-status ${responseStatus}`] : [])
    ];
    return parts.length > 0 ? parts.join(', ') : undefined;
}
/** `- title:` over `  - label: value` for each value given; without any, `- title: none…`, or nothing. */
function titled(title, items, none) {
    const given = items.flatMap(([label, value]) => (value === undefined ? [] : [`  - ${label}: ${value}`]));
    if (given.length > 0)
        return [`- ${title}:`, ...given];
    return none === undefined ? [] : [`- ${title}: ${none}`];
}
/** The selectors given, each labelled with its input: a workflow verb's, or a retry's (the listing's filters). */
function selectorItems({ selection }, pass) {
    const { dlqIds, fromDate, toDate, workflowUrl, workflowRunId, workflowCreatedAt } = selection;
    const { messageId, url, topicName, scheduleId, queueName, responseStatus, callerIp } = selection;
    const time = (ms) => (ms === undefined ? undefined : formatMs(ms));
    const text = (value) => (value === undefined ? undefined : code(value));
    const list = (values) => (values?.length ? valueList(values, pass) : undefined);
    return [
        ['DLQ ids (`dlq-ids`; when given, the service ignores the other selectors)', list(dlqIds)],
        ['Failed at or after (`from-date`)', time(fromDate)],
        ['Failed at or before (`to-date`)', time(toDate)],
        ['Workflow URL (`workflow-url`)', text(workflowUrl)],
        ['Workflow run id or id prefix (`workflow-run-id`)', text(workflowRunId)],
        ['Workflow created at (`workflow-created-at`)', time(workflowCreatedAt)],
        ['Message id (`message-id`)', text(messageId)],
        ['URL (`url`)', list(url)],
        ['Topic (`topic-name`)', list(topicName)],
        ['Schedule id (`schedule-id`)', list(scheduleId)],
        ['Queue (`queue-name`)', list(queueName)],
        ['Response status (`response-status`)', responseStatus?.toString()],
        ['Caller IP (`caller-ip`)', list(callerIp)]
    ];
}
function resume_text_askedLines(result, pass) {
    const { flowControlKey, flowControlValue, retries, delay } = result.overrides;
    const watchRetries = result.staged?.plan.watchRetries;
    const text = (value) => (value === undefined ? undefined : code(value));
    const w = words(result);
    const selectors = selectorItems(result, pass);
    const overrides = [
        ['Flow control key (`flow-control-key`)', text(flowControlKey)],
        ['Flow control value (`flow-control-value`)', text(flowControlValue)],
        ['Retries (`retries`)', text(retries?.toString())],
        ['Delay before each is delivered (`delay`)', text(delay)]
    ];
    // The watched stages sent watch-retries: "each keeps its original retries" would be wrong of them.
    const none = watchRetries === undefined
        ? `none (each ${w.one} keeps its original flow control and retries)`
        : `none but \`watch-retries\` (${watchRetries}), sent by the watched stages only (below); the last stage's ` +
            `${w.short} keep their original flow control and retries`;
    const whole = `- Selection: **the whole DLQ was selected** (input \`all\`): every failed ${w.item} in it.`;
    return [
        '### What was asked',
        '',
        ...(result.byRuns !== undefined
            ? runsGivenLines(result.byRuns, w)
            : result.all
                ? [whole, ...titled('Selectors also given', selectors)]
                : titled('Selection', selectors, 'none')),
        ...titled('Overrides', overrides, none),
        ...(result.maxRuns !== undefined ? [`- At most (\`${w.cap}\`): ${plural(result.maxRuns, w.one, w.short)}`] : []),
        ...expectedLine(result),
        `- Start cursor: ${result.startCursor ? code(result.startCursor, MAX_CURSOR_LENGTH) : 'none (from the start)'}`,
        ...boundLine(result.bound, w),
        ''
    ];
}
/** expect-count held: the entries listed before any write, then taken by their DLQ ids (never by the filter again). */
function expectedLine({ expected }) {
    if (expected === undefined)
        return [];
    const { count, listed } = expected;
    const held = count === listed
        ? `${formatCount(count)} listed and expected`
        : // Only a reviewed plan's ids can differ from what was listed: those gone since are told below.
            `${formatCount(count)} dlq-ids given and expected, ${formatCount(listed)} of them still in the DLQ`;
    return [`- \`expect-count\`: ${held}, taken by their DLQ ids`];
}
/** Runs given by their pairs that a re-run must be given again (not in the DLQ yet), in a few words; none: undefined. */
function runsLeftText(result) {
    const left = result.byRuns?.left.length ?? 0;
    if (left === 0)
        return undefined;
    return `${plural(left, 'run', 'runs')} given not ${words(result).past} yet (not in the DLQ yet): given again in output next-workflow-runs`;
}
/** The runs given by their pairs, in "What was asked": how many, found how, and what became of the others. */
function runsGivenLines({ given, found, notInDlq }, w) {
    const states = RUN_STATES.filter(state => notInDlq.some(run => run.state === state))
        .map(state => `${formatCount(notInDlq.filter(run => run.state === state).length)} ${notInDlqWords(state, w)}`)
        .join(', ');
    return [
        `- Selection: the ${plural(given, 'run', 'runs')} given (\`workflow-runs\`), each found in the workflow DLQ by its ` +
            `run id and creation time together (ids repeat), then ${w.past} by its DLQ id`,
        `  - found in the DLQ: ${formatCount(found)}`,
        ...(notInDlq.length > 0 ? [`  - not in the DLQ: ${formatCount(notInDlq.length)} (${states})`] : [])
    ];
}
/** What a run not in the DLQ is, by what the run log says of it. */
function notInDlqWords(state, { base, past }) {
    return {
        completed: `completed (nothing to ${base})`,
        failed: `failed, no longer in the DLQ (${past} or deleted since)`,
        failing: 'still retrying (given again in next-workflow-runs)',
        running: 'still running (given again in next-workflow-runs)',
        cancelled: `cancelled (nothing to ${base})`,
        unknown: 'not told by a run log (given again in next-workflow-runs)'
    }[state];
}
/** The to-date every request sent, and which clock it came from: a line of "What was asked". */
function boundLine(bound, { base, one, short }) {
    if (bound === undefined)
        return [];
    const why = dateWords(bound);
    const source = {
        service: bound.movedFrom === undefined
            ? "the service's time at the start, from its Date header"
            : `the service's time at the start, from its Date header, which the first ${one} it created confirmed`,
        input: 'the `to-date` given, earlier than the start',
        stamps: `the creation time of the first ${one} the service created, less 1 ms, as ${why}`,
        runner: bound.marginMs === undefined
            ? `the runner's clock at the start, earlier than the service's Date (${formatMs(bound.serviceStart ?? 0)})`
            : `the runner's clock less ${durationText(bound.marginMs)}, as ${why}: ${short} that failed in that margin ` +
                'before the start were not selected'
    }[bound.clock];
    const moved = bound.movedFrom === undefined
        ? ''
        : `; the requests before that ${one} sent ${formatMs(bound.movedFrom)} (\`${bound.movedFrom}\`), and the ${base} ` +
            'went on without their cursor';
    return [
        `- Every request sent to-date ${formatMs(bound.toDate)} (\`${bound.toDate}\`, ${source})${moved}: a ${one} this ` +
            `${base} created, back in the DLQ, is never taken by it`
    ];
}
/** Why the service's Date was not taken as it is: its fault, or that there was none; used by the bound's line. */
function dateWords({ dateFault: fault, serviceStart }) {
    if (fault === undefined && serviceStart !== undefined)
        return "its Date was not the clock that stamps its runs' creation";
    return dateFaultText(fault);
}

;// CONCATENATED MODULE: ./src/resume-results.ts
/** The id of what the write made: the new run's id, or the new message's. */
const madeIdOf = (made) => ('messageId' in made ? made.messageId : made.workflowRunId);

;// CONCATENATED MODULE: ./src/report/stage-text.ts



/** Stages resumed and, where watched, passed (clean or within watch-max-failed): output stages-completed. */
function stagesCompleted(staged) {
    return staged.stages.filter(stage => STAGE_VERDICTS[stage.verdict].passed).length;
}
/** The stage that ended the resume before its plan, and why; undefined when every stage passed. */
function endingStage(staged) {
    const stage = staged.stages.find(s => STAGE_VERDICTS[s.verdict].endsPlan);
    return stage === undefined ? undefined : { stage, verdict: stage.verdict };
}
/** The watch as the user wrote it (`4h`, not 14400 s). */
const stage_text_watchText = (plan) => plan.watchText ?? durationText(plan.watchMs ?? 0);
/** How long the stage was watched, or why it was not. */
function watchedFor(stage) {
    const { watch } = stage;
    if (watch === undefined)
        return '—';
    return durationText(watch.endedAt - watch.startedAt);
}
const size = (asked) => (asked === Infinity ? 'all left' : formatCount(asked));
const askedText = size;
/** What the failure of a watch's listing is named: it was no request of the write. */
const watchListing = ({ dlq }) => `the watch's listing of the ${dlq}`;
/** ...and of its read of the run log. */
const WATCH_RUN_LOG = "the watch's read of the run log";
/** Which of the two left a stage's watch blind. */
const watchSource = (stage, w) => stage.watch?.runLogFailed === true ? WATCH_RUN_LOG : watchListing(w);
/** The resume stopped on max-pages, which bounds the resume requests of every stage together. */
const isBudget = (result) => result.failure?.kind === 'max-pages' || result.failure?.kind === 'request-budget';
/** The leading failed-again run's last response, in one line: status and the error's words (third-party text). */
function leadingResponse(run) {
    const status = run.responseStatus === undefined ? 'no status' : `HTTP ${run.responseStatus}`;
    if (run.bodySample === undefined || run.bodySample === '')
        return status;
    const words = errorWords(run.bodySample, run.bodyCut === true) ?? run.bodySample;
    const short = words.length > 80 ? `${words.slice(0, 79)}…` : words;
    return `${status} ${JSON.stringify(short)}`;
}
/**
 * Runs that failed again grouped by how they failed (step, status and text), whichever signal saw them: one row a
 * cause, most runs first.
 */
function failedAgainGroups(runs) {
    const groups = new Map();
    for (const run of runs) {
        const key = [run.stepName, run.responseStatus, run.bodySample, run.binaryBody].map(v => v ?? '').join('\u0000');
        const group = groups.get(key);
        if (group === undefined)
            groups.set(key, { first: run, runs: [run] });
        else
            group.runs.push(run);
    }
    return [...groups.values()].sort((a, b) => b.runs.length - a.runs.length);
}
/** What a watch cannot see, said in every summary of a watched write, with what the watched stages sent. */
function watchLimits(plan, { one, short }) {
    const retries = plan.watchRetries === undefined
        ? `Set \`watch-retries\` (0 or 1) so that a failing canary ${one} is back within the watch: it applies to the watched stages' ${short} only.`
        : `The watched stages' ${short} were sent ${plural(plan.watchRetries, 'retry', 'retries')} (\`watch-retries\`), so a failing one is back sooner; the last stage's ${short} keep \`retries\` as given.`;
    return (`> **What a watch cannot see:** a ${one} still retrying is not in the DLQ yet. The service retries every attempt ` +
        'answered outside 2xx, after about 12 s, 2.5 min, 30 min, … (the n-th after about min(1 day, e^(2.5 n)) s): with ' +
        `3 retries a failing ${one} reaches the DLQ about 33 minutes after it starts, so a shorter watch sees only the ${short} ` +
        `that fail faster. ${retries}`);
}
/** The stages asked, as the input wrote them. */
function planText(staged) {
    return staged.plan.sizes.map(asked => (asked === Infinity ? 'all' : formatCount(asked))).join(', ');
}
const stagesWord = (n) => plural(n, 'stage', 'stages');

;// CONCATENATED MODULE: ./src/report/failed-again.ts
/**
 * What a staged write's watches found failed again, as the summary shows it: the table of runs (resume, restart) with
 * the run log's columns, or of messages (retry), back in the DLQ under their new ids; and what takes them again.
 */





/** Rows of what failed again: the first few groups say what fails; the outputs hold every id. */
const FAILED_AGAIN_ROWS = 10;
/** What takes again, once the fix holds, what failed again: one input, whichever signal saw them. */
function followUpLine(staged, { base, makes }) {
    if (makes === 'message') {
        return ('Once the fix holds, retry the messages that failed again with input `dlq-ids` set to output ' +
            '`failed-again-dlq-ids`: each is back in the DLQ under its new message id.');
    }
    const retrying = staged.failedAgain.filter(run => run.state === 'failing').length;
    const still = retrying === 0
        ? ''
        : ` ${plural(retrying, 'of them is', 'of them are')} still retrying, with no DLQ entry yet: that step ${base}s ` +
            'each once it is back, and gives again in `next-workflow-runs` those not back yet.';
    return (`Once the fix holds, ${base} the runs that failed again with input \`workflow-runs\` set to output ` +
        '`failed-again-runs` (each is found in the DLQ by its run id and creation time).' +
        still);
}
/** The section of what failed again, grouped by how it failed; none when nothing did. */
function failedAgainSection(staged, pass, w) {
    if (staged.failedAgain.length === 0)
        return [];
    const groups = failedAgainGroups(staged.failedAgain);
    const limit = { ...pass, maxRows: Math.min(pass.maxRows, FAILED_AGAIN_ROWS) };
    const ids = (made) => idCell(made, pass, w);
    const stages = (made) => [
        stageList(made.map(one => one.stage)),
        stageList(made.map(one => one.seenIn))
    ];
    const response = (first) => [
        first.responseStatus === undefined ? '—' : String(first.responseStatus),
        responseCell(first)
    ];
    // A message has no run log: it is seen only back in the DLQ, failed, with its last response.
    if (w.makes === 'message') {
        return [
            '### Messages that failed again',
            '',
            ...table(['Messages', 'Retried by stage', 'Seen in the watch after', 'Status', 'How it failed', 'New message ids'], [true, false, false, true, false, false], groups, limit, group => [formatCount(group.runs.length), ...stages(group.runs), ...response(group.first), ids(group.runs)])
        ];
    }
    return [
        `### ${w.Short} that failed again`,
        '',
        ...table([
            'Runs',
            'State',
            `${w.Past} by stage`,
            'Seen in the watch after',
            'Step',
            'Status',
            'How it failed',
            'Seen in',
            'Run ids'
        ], [true, false, false, false, false, true, false, false, false], groups, limit, group => [
            formatCount(group.runs.length),
            stateCell(group.runs),
            ...stages(group.runs),
            group.first.stepName === undefined ? '—' : codeCell(group.first.stepName, 60),
            ...response(group.first),
            sourceCell(group.runs),
            ids(group.runs)
        ])
    ];
}
/** The states of a group's runs: `failed`, `failing` (still retrying), or both counted. */
function stateCell(runs) {
    const failing = runs.filter(run => run.state === 'failing').length;
    if (failing === 0)
        return 'failed';
    return failing === runs.length
        ? 'failing (still retrying)'
        : `${formatCount(runs.length - failing)} failed, ${formatCount(failing)} failing`;
}
/** Where a group's runs were seen failing: back in the DLQ, in the run log, or both. */
function sourceCell(runs) {
    const sources = new Set(runs.map(run => (run.source === 'dlq' ? 'DLQ' : 'run log')));
    return [...sources].join(', ');
}
/** Stage numbers as a short list: 1, 2 or 1–3. */
function stageList(stages) {
    const unique = [...new Set(stages)].sort((a, b) => a - b);
    return unique.length > 3 ? `${unique[0]}–${unique[unique.length - 1]}` : unique.join(', ');
}
/** The ids of a group in a cell: the first few, then how many more (the outputs hold them all). */
function idCell(made, pass, w) {
    const shown = made.slice(0, Math.min(5, pass.maxRows)).map(one => codeCell(madeIdOf(one), 100));
    const rest = made.length - shown.length;
    return rest > 0
        ? `${shown.join(' ')} … and ${formatCount(rest)} more (output \`${w.failedAgainIdsOutput}\`)`
        : shown.join(' ');
}

;// CONCATENATED MODULE: ./src/report/run-states-text.ts
/** The words of each watched run's state (run log and DLQ together): per stage, the first error, the sources. */




/** `8 completed, 1 failing, 1 running`: the states present, in the order of RUN_STATES. */
function statesText(counts) {
    const parts = RUN_STATES.filter(state => counts[state] > 0).map(state => `${formatCount(counts[state])} ${state}`);
    return parts.length === 0 ? 'no run judged' : parts.join(', ');
}
/** The states at the last poll of a stage's watch, undefined when it judged none. */
function stageStates(stage) {
    const polls = stage.watch?.polls ?? [];
    for (let i = polls.length - 1; i >= 0; i--)
        if (polls[i]?.states !== undefined)
            return polls[i]?.states;
    return undefined;
}
/** A stage's states: `8 completed, 1 failing, 1 running after 2m`, or a dash for a stage not watched. */
function stageStatesCell(stage, after) {
    const states = stageStates(stage);
    return states === undefined ? '—' : `${statesText(states)} after ${after}`;
}
/** Output run-states and completed-count: over every watched run at the end, empty when no watch judged one. */
function runStateOutputs(staged) {
    const judged = staged.judged ?? [];
    if (judged.length === 0)
        return { [Outputs.CompletedCount]: '', [Outputs.RunStates]: '' };
    const counts = countStates(judged);
    return { [Outputs.CompletedCount]: String(counts.completed), [Outputs.RunStates]: JSON.stringify(counts) };
}
/** Which source each state came from: `run log: 8 completed, 1 failing; DLQ: 1 failed`. */
function sourcesText(judged) {
    const by = (source) => countStates(judged.filter(run => run.source === source));
    const parts = [
        ['the run log', by('run-log')],
        ['the DLQ', by('dlq')]
    ];
    return parts
        .filter(([, counts]) => Object.values(counts).some(n => n > 0))
        .map(([name, counts]) => `${name}: ${statesText(counts)}`)
        .join('; ');
}
const SOURCE_WORDS = { 'run-log': 'run log', dlq: 'DLQ' };
/** What the watch judged by, said once: the run log and the DLQ, or the DLQ alone where the service keeps no log. */
function judgedByLine(staged, w) {
    const judged = staged.judged ?? [];
    // The run log tells of workflow runs only: a message's watch has the DLQ alone, whatever the service keeps.
    if (w.makes === 'message') {
        // No run log is read for messages: without a watch there is nothing to say of one.
        if (!staged.stages.some(stage => stage.watch !== undefined))
            return undefined;
        return ('> **The watch judged the DLQ alone:** a retried message is seen failing only once it is back in the DLQ ' +
            'under its new message id, after its retries; one not back is not known delivered.');
    }
    if (staged.runLog === 'absent') {
        return ('> **The watch judged the DLQ alone:** this service keeps no run log (404 on both of its paths), so a run not ' +
            'back in the DLQ is `unknown`, never completed, and no watch could end early.');
    }
    if (judged.length === 0)
        return undefined;
    return `**States read from** ${sourcesText(judged)}. "Completed" is said only of a run whose log says \`RUN_SUCCESS\`.`;
}
/** The states of every watched run at the end (zeros included). */
const badRuns = (staged) => countStates(staged.judged ?? []);
/** A failed or failing run's first error in one line (third-party text quoted, cut): for the failure annotation. */
function firstErrorWords(run) {
    const error = run.firstError;
    const state = run.state === 'failing' ? 'is failing' : 'failed';
    if (error === undefined)
        return `${state} (no error text given)`;
    const step = error.stepName === undefined ? '' : ` at step ${JSON.stringify(error.stepName.slice(0, 60))}`;
    const status = error.status === undefined ? 'no status' : `HTTP ${error.status}`;
    const words = error.bodySample === undefined ? '' : ` ${JSON.stringify(shortWords(error.bodySample, error.bodyCut))}`;
    return `${state}${step}: first error ${status}${words} (from the ${SOURCE_WORDS[error.source]})`;
}
function shortWords(sample, cut) {
    const words = errorWords(sample, cut === true) ?? sample;
    return words.length > 80 ? `${words.slice(0, 79)}…` : words;
}
/** One line a watched stage: its entries' states at the end of its watch. */
function stageStatesLines(staged, after, { Short, past }) {
    const lines = staged.stages.flatMap(stage => stageStates(stage) === undefined ? [] : [`- Stage ${stage.stage}: ${stageStatesCell(stage, after(stage))}`]);
    return lines.length === 0 ? [] : [`### ${Short} ${past} so far, at the end of each watch`, '', ...lines, ''];
}
/** What a watch that reads the run log can and cannot see, in place of the DLQ-only caveat. */
function runLogLimits(plan) {
    const retries = plan.watchRetries === undefined
        ? ''
        : ` The watched stages' runs were sent ${plan.watchRetries} ${plan.watchRetries === 1 ? 'retry' : 'retries'} (\`watch-retries\`).`;
    return ('> **What a watch cannot see:** a run still `running` when its watch ended may yet fail: the watch judges only ' +
        "what happened within it. It read the service's run log with the DLQ at each poll, so a run that failed an " +
        `attempt counted as \`failing\` at the next poll, before its retries bring it back to the DLQ.${retries}`);
}

;// CONCATENATED MODULE: ./src/report/stage-verdict-words.ts
/**
 * The words of each stage verdict side by side: the summary's heading and the notice when the stage ended the resume,
 * its cell in the Stages table, and the step's failure line. A table the compiler holds complete: a new verdict
 * cannot be added without all of its words, and one verdict cannot be worded two ways in two places.
 */








/** ", and possibly up to N more" when requests lost their answers. */
const maybeOf = (result) => result.uncertainRequests > 0 ? `, and possibly up to ${formatCount(possiblyUpTo(result))} more` : '';
/** Runs that failed again or are failing, whichever signal saw them: output failed-again-count. */
const failedCount = (staged) => staged.failedAgain.length;
/** Of those, the runs still in their retries: not in the DLQ yet. */
const retryingCount = (staged) => staged.failedAgain.filter(run => run.state === 'failing').length;
const atStage = ({ staged, stage }) => `stage ${stage.stage} of ${staged.plan.sizes.length}`;
/** `3 runs resumed`: what the write made, in its verb. */
const madeOf = ({ result }) => {
    const { one, short, past } = words(result);
    return `${plural(madeCount(result), one, short)} ${past}`;
};
/** `the runs resumed so far`. */
const soFar = ({ result }) => `${words(result).short} ${words(result).past} so far`;
const whereOf = ({ result }) => continuePlain(continuationOf(result), words(result));
const also = ({ resumeFailure }) => (resumeFailure === undefined ? '' : `. Also: ${resumeFailure}`);
/** Why cancelled runs do not let a canary go on. */
const NOT_EVIDENCE = "a cancelled run is an operator's act, not evidence that the fix works";
/** No run completed and some were cancelled: inconclusive whatever watch-min-completed says. */
const onlyCancelled = (states) => states.completed === 0 && states.cancelled > 0;
/** The states of the runs the stage's watch judged at its last poll: `back` when it read no run log. */
function lastPoll(stage) {
    const last = stage.watch?.polls[stage.watch.polls.length - 1];
    const back = last?.failedAgain ?? 0;
    return { last, back, bad: last?.states === undefined ? back : last.states.failed + last.states.failing };
}
const early = ({ stage, result }) => stage.watch?.allEnded === true ? ` (ended early: every ${words(result).one} so far had ended)` : '';
/** What a run failed or failing is called in a cell: failing runs, and runs failed in the run log, are not yet in the DLQ. */
function seenWords(staged, stage) {
    const failing = (lastPoll(stage).last?.states?.failing ?? 0) > 0;
    const logOnly = staged.failedAgain.some(made => made.seenIn <= stage.stage && made.source !== 'dlq');
    return failing || logOnly ? 'failed or failing' : 'back in the DLQ';
}
/** The first run that failed again, in one line: its last response from the DLQ, or its first error from the run log. */
function firstRunWords(run, staged) {
    const id = madeIdOf(run);
    const judged = staged.judged?.find(j => j.workflowRunId === id);
    if (run.source === 'run-log' && judged !== undefined)
        return `run "${id}", ${firstErrorWords(judged)}`;
    return `${'messageId' in run ? 'message' : 'run'} "${id}" of stage ${run.stage}, last answered ${leadingResponse(run)}`;
}
/** Of what failed again, in a heading: those back in the DLQ, or also those the run log alone saw fail (not back yet). */
function failedAgainWords(staged, short) {
    const all = staged.failedAgain.length;
    const back = staged.failedAgain.filter(made => made.source === 'dlq').length;
    if (back === all)
        return `${formatCount(all)} of the watched ${short} back in the DLQ`;
    const how = retryingCount(staged) > 0 ? 'failed again or are failing' : 'failed again';
    return (`${formatCount(all)} of the watched ${short} ${how} (${formatCount(back)} back in the DLQ, ` +
        `${formatCount(all - back)} seen in the run log only)`);
}
/** The heading of a write whose stages all passed (or ran out): what they saw, never "succeeded". */
function passedHeading({ result, staged }) {
    const made = madeCount(result);
    const { item, one, short, Past } = words(result);
    if (made === 0)
        return { icon: 'ℹ️', text: `No failed ${item} matched` };
    const n = staged.plan.sizes.length;
    const done = staged.stages.length;
    const watched = staged.stages.filter(stage => stage.watch !== undefined);
    const seen = watched.length === 0
        ? 'none was watched (no stage followed the first)'
        : staged.failedAgain.length === 0
            ? `none of the watched ${short} was back in the DLQ after each watch (${stage_text_watchText(staged.plan)})`
            : `${failedAgainWords(staged, short)}, no more than watch-max-failed (${staged.plan.maxFailed})`;
    const left = result.nextCursor !== undefined || result.continueFrom !== undefined;
    const remaining = left ? (done === n ? '; every stage done, more may remain' : '; more may remain') : '';
    const ranOut = !left && done < n ? `; the selection ran out at stage ${done} of ${n}` : '';
    return {
        icon: left ? '⏸️' : '✅',
        text: `${Past} ${plural(made, one, short)} in ${stagesWord(done)}: ${seen}${ranOut}${remaining}`
    };
}
/** A verdict the resume goes on after: its heading is that of the whole, and the step does not fail for it. */
const passing = (cell) => ({
    heading: passedHeading,
    cell,
    failure: () => undefined
});
const VERDICT_WORDS = {
    clean: passing(c => `clean: none of the ${soFar(c)} was back in the DLQ after ${watchedFor(c.stage)}` +
        `${lastPoll(c.stage).last?.states ? ', none failing' : ''}${early(c)}`),
    within: passing(c => `passed: ${formatCount(lastPoll(c.stage).bad)} of the ${soFar(c)} ${seenWords(c.staged, c.stage)} after ` +
        `${watchedFor(c.stage)}, within the ${formatCount(c.staged.plan.maxFailed)} allowed${early(c)}`),
    last: passing(() => 'not watched: no stage follows'),
    stopped: {
        heading: c => {
            const { result, staged } = c;
            const max = staged.plan.maxFailed;
            const failing = retryingCount(staged);
            const of = `${formatCount(failedCount(staged))} of the ${formatCount(madeCount(result))} ${soFar(c)}`;
            const what = failing === 0
                ? `${of} failed again (watch-max-failed: ${max})`
                : `${of} failed or are failing (${formatCount(failing)} still retrying, not yet in the DLQ; watch-max-failed: ${max})`;
            return {
                icon: '🛑',
                text: `Stopped after ${atStage(c)}: ${what}; ${madeOf(c)} in all${maybeOf(result)}, no further stage`
            };
        },
        cell: c => `stopped: ${formatCount(lastPoll(c.stage).bad)} of the ${soFar(c)} ${seenWords(c.staged, c.stage)} after ` +
            `${watchedFor(c.stage)}, more than the ${formatCount(c.staged.plan.maxFailed)} allowed`,
        failure: c => {
            const { result, staged, stage } = c;
            const { short, past } = words(result);
            const of = `${formatCount(takenCount(result))} ${short} ${past} by stage ${stage.stage} of ${staged.plan.sizes.length}`;
            const first = staged.failedAgain[0];
            const allowed = `more than watch-max-failed (${staged.plan.maxFailed}) allows`;
            const what = retryingCount(staged) === 0
                ? `${formatCount(failedCount(staged))} of the ${of} failed again, ${allowed}`
                : `${formatCount(failedCount(staged))} of the ${of} failed or are failing (${statesText(badRuns(staged))}), ${allowed}`;
            return `${what}${first === undefined ? '' : `; the first, ${firstRunWords(first, staged)}`}; no further stage was ${past}; ${whereOf(c)}${also(c)}`;
        }
    },
    inconclusive: {
        heading: c => {
            const { result, staged } = c;
            const bad = badRuns(staged);
            const made = formatCount(madeCount(result));
            const why = onlyCancelled(bad)
                ? `none of the ${made} ${soFar(c)} completed and ${formatCount(bad.cancelled)} were cancelled ` +
                    `(${NOT_EVIDENCE})`
                : `${formatCount(bad.completed)} of the ${made} ${soFar(c)} completed, fewer than ` +
                    `watch-min-completed (${staged.plan.minCompleted?.text ?? '?'})`;
            return {
                icon: '⚠️',
                text: `Inconclusive after ${atStage(c)}: ${why}; ${madeOf(c)} in all${maybeOf(result)}, no further stage`
            };
        },
        cell: c => {
            const { stage, staged } = c;
            const states = lastPoll(stage).last?.states;
            if (states !== undefined && onlyCancelled(states)) {
                return `inconclusive: none of the ${soFar(c)} completed after ${watchedFor(stage)}, ${formatCount(states.cancelled)} cancelled (${NOT_EVIDENCE})`;
            }
            return (`inconclusive: ${formatCount(states?.completed ?? 0)} of the ${soFar(c)} completed after ` +
                `${watchedFor(stage)}, fewer than watch-min-completed (${staged.plan.minCompleted?.text ?? '?'}) asks${early(c)}`);
        },
        failure: c => {
            const { result, staged, stage } = c;
            const bad = badRuns(staged);
            const { short, past } = words(result);
            const of = `${formatCount(takenCount(result))} ${short} ${past} by stage ${stage.stage} of ${staged.plan.sizes.length}`;
            const why = onlyCancelled(bad)
                ? `none of the ${of} completed by the end of its watch and ${formatCount(bad.cancelled)} were cancelled: ` +
                    `inconclusive (${statesText(bad)}), as ${NOT_EVIDENCE}`
                : `only ${formatCount(bad.completed)} of the ${of} completed by the end of its watch, fewer than ` +
                    `watch-min-completed (${staged.plan.minCompleted?.text ?? '?'}) asks: inconclusive (${statesText(bad)})`;
            return `${why}; no further stage was ${past}; ${whereOf(c)}${also(c)}`;
        }
    },
    cut: {
        heading: c => ({
            icon: '⛔',
            text: `Cancelled during the watch after ${atStage(c)}: ${madeOf(c)}${maybeOf(c.result)}; the watch was cut short (not judged clean)`
        }),
        cell: ({ stage }) => `watch cancelled after ${watchedFor(stage)} (${stage.watch?.cut ?? 'stop'}): not judged, ` +
            `${formatCount(lastPoll(stage).back)} back by then`,
        failure: ({ stage, resumeFailure }) => `${resumeFailure ?? 'The step was cancelled'}; the watch after stage ${stage.stage} was cut short after ` +
            `${watchedFor(stage)}: not judged clean`
    },
    blind: {
        heading: c => ({
            icon: '❌',
            text: `The watch after ${atStage(c)} could not see (its listing of the ${words(c.result).dlq} stopped): ${madeOf(c)}${maybeOf(c.result)}, not judged; no further stage`
        }),
        cell: ({ stage }) => `watch could not see after ${watchedFor(stage)}: its listing of the DLQ stopped, so not judged`,
        failure: c => {
            const { result, stage } = c;
            const w = words(result);
            const failure = stage.watch?.failure;
            const why = `the watch could not see${failure === undefined ? '' : `: ${failureText(watchSource(stage, w), failure)}`}`;
            return (`${why}; the ${formatCount(takenCount(result))} ${soFar(c)} were not judged, and no further stage ` +
                `was ${w.past}; ${whereOf(c)}${also(c)}`);
        }
    },
    capped: {
        heading: c => ({
            icon: '⏸️',
            text: `Stopped by ${words(c.result).cap} (${formatCount(c.result.maxRuns ?? 0)}) at ${atStage(c)}: ${madeOf(c)}${maybeOf(c.result)}; more may remain`
        }),
        cell: ({ result }) => `${words(result).cap} reached with this stage: no stage follows, not watched`,
        failure: ({ resumeFailure }) => resumeFailure
    },
    failed: {
        heading: c => {
            const { result } = c;
            const tail = `${madeOf(c)}${maybeOf(result)}`;
            if (result.failure === undefined) {
                return {
                    icon: '⚠️',
                    text: `Stage ${c.stage.stage} of ${c.staged.plan.sizes.length} got no readable answer to some requests: ${tail}; no further stage`
                };
            }
            if (isBudget(result))
                return { icon: '❌', text: `Stopped by max-pages at ${atStage(c)}: ${tail}, no further stage` };
            return {
                icon: '❌',
                text: `The ${words(result).base} of ${atStage(c)} failed part way: ${tail}, no further stage`
            };
        },
        cell: ({ result }) => {
            const { base, past } = words(result);
            if (result.failure === undefined)
                return `requests got no readable answer (possibly more ${past}): not watched`;
            return isBudget(result)
                ? 'max-pages reached: not watched, no request left for a further stage'
                : `${base} failed part way: not watched`;
        },
        failure: ({ resumeFailure }) => resumeFailure
    },
    cancelled: {
        heading: c => ({
            icon: '⛔',
            text: `Cancelled during ${atStage(c)}: ${madeOf(c)} before the cancel${maybeOf(c.result)}`
        }),
        cell: ({ result }) => `cancelled during its ${words(result).base}: not watched`,
        failure: ({ resumeFailure }) => resumeFailure
    }
};

;// CONCATENATED MODULE: ./src/report/staged-resume.ts
/**
 * The section of the resume report (resume.ts) that a staged write (input stages) adds: the verdict of the stage that
 * ended it, its leads, the stages and their watches, what failed again, and what was asked of the stages.
 */









/** The verdict, first in the summary and the notice: the words of the stage that ended the resume, or of the whole. */
function stagedHeading(result, staged) {
    const ending = endingStage(staged);
    const w = words(result);
    if (staged.stages.length === 0 && result.failure !== undefined) {
        return { icon: '❌', text: `Nothing ${w.past}: the step stopped before its first ${w.base} request` };
    }
    const { icon, text } = ending === undefined
        ? passedHeading({ result, staged })
        : VERDICT_WORDS[ending.verdict].heading({ result, staged, stage: ending.stage, resumeFailure: undefined });
    // Cancelled runs are said whatever the verdict: a cancel is an operator's act, never a pass.
    const states = badRuns(staged);
    const said = ending?.verdict === 'inconclusive' && onlyCancelled(states);
    if (states.cancelled === 0 || said)
        return { icon, text };
    return { icon, text: `${text}; ${plural(states.cancelled, `watched ${w.one}`, `watched ${w.short}`)} cancelled` };
}
/** Why the step fails: the words of the stage that ended the resume, with the resume's own failure where both. */
function stagedFailure(result, staged, resumeFailure) {
    const ending = endingStage(staged);
    if (ending === undefined)
        return resumeFailure;
    return VERDICT_WORDS[ending.verdict].failure({ result, staged, stage: ending.stage, resumeFailure });
}
/** The outputs a staged write adds, and whether its plan ran to its end (output complete). */
function stagedOutputs(staged, w) {
    return {
        complete: endingStage(staged) === undefined,
        extra: {
            [Outputs.FailedAgainCount]: String(failedCount(staged)),
            [Outputs.StagesCompleted]: String(stagesCompleted(staged)),
            // States are read from the run log, which tells of workflow runs only.
            ...(w.makes === 'run' ? runStateOutputs(staged) : {})
        }
    };
}
/** The warnings a staged write adds: answers bigger than asked, entries without a dlqId. */
const stagedWarnings = (result, staged) => [
    ...overrunWarnings(staged, words(result)),
    ...unreadableWarnings(staged, words(result))
];
/** Stages whose answers carried more entries than asked: the service ignores count, and every one was watched. */
function overrunWarnings(staged, { one, short, past }) {
    return staged.stages
        .filter(stage => stage.resumed > stage.asked)
        .map(stage => `the service ignored count: stage ${stage.stage} asked for ${formatCount(stage.asked)} ${short} and ${past} ` +
        `${formatCount(stage.resumed)}; the stage is as big as the answer, and every ${one} it ${past} was watched`);
}
/** Entries of what was watched that the service sent without a dlqId: counted as failed again, never dropped. */
function unreadableWarnings(staged, { dlq, one, base }) {
    const n = staged.unreadable ?? 0;
    if (n === 0)
        return [];
    return [
        `${plural(n, 'entry', 'entries')} of the ${dlq} carried the id of a ${one} this ${base} created but no dlqId: ` +
            `counted as failed again, but left out of output failed-again-dlq-ids (nothing to ${base} them by)`
    ];
}
/** The lines under the verdict that a staged write adds: what left a watch blind, what to take again later. */
function stagedLeads(result, staged) {
    const w = words(result);
    const ending = endingStage(staged);
    const blind = ending?.verdict === 'blind' ? ending.stage.watch?.failure : undefined;
    const blindSource = ending === undefined ? watchListing(w) : watchSource(ending.stage, w);
    return [
        blind && `**The watch could not see:** ${code(failureText(blindSource, blind))}`,
        staged.failedAgain.length > 0 && followUpLine(staged, w),
        ...overrunWarnings(staged, w).map(warning => `**⚠️ Bigger than asked:** ${warning}.`)
    ];
}
/** The stages, each watch's states and first errors, what failed again, and what a watch cannot see. */
function stagedSections(result, staged, pass) {
    const w = words(result);
    const lines = [
        '### Stages',
        '',
        ...table(['Stage', 'Asked', w.Past, 'Watched for', 'Failed again', 'Result'], [true, true, true, false, true, false], staged.stages, pass, stage => [
            String(stage.stage),
            askedText(stage.asked),
            formatCount(stage.resumed),
            watchedFor(stage),
            failedAgainCell(staged, stage),
            VERDICT_WORDS[stage.verdict].cell({ result, staged, stage, resumeFailure: undefined })
        ])
    ];
    lines.push(...stageStatesLines(staged, watchedFor, w));
    const judgedBy = judgedByLine(staged, w);
    if (judgedBy !== undefined)
        lines.push(judgedBy, '');
    lines.push(...failedAgainSection(staged, pass, w));
    if (staged.stages.some(stage => stage.watch !== undefined)) {
        lines.push(staged.runLog === 'read' ? runLogLimits(staged.plan) : watchLimits(staged.plan, w), '');
    }
    return lines;
}
/** What was asked of the stages, and the requests the resume and its watches sent: lines of "What was asked". */
function stagedAskedLines(result, staged) {
    const { one, short, past, base, dlq } = words(result);
    const watches = staged.stages.flatMap(stage => stage.watch?.polls ?? []);
    const requests = watches.reduce((n, poll) => n + poll.requests + (poll.runLogRequests ?? 0), 0);
    const logRequests = watches.reduce((n, poll) => n + (poll.runLogRequests ?? 0), 0);
    return [
        `- Stages (\`stages\`): ${planText(staged)}`,
        ...(staged.plan.watchMs !== undefined
            ? [
                `- Watch (\`watch\`): ${stage_text_watchText(staged.plan)} after each stage but the last, judging every ${one} ${past} so ` +
                    `far, stopping when more than ${plural(staged.plan.maxFailed, one, short)} failed again in all ` +
                    `(\`watch-max-failed\`${staged.runLog === 'read' ? ', runs failing in the run log counted too' : ''}); ` +
                    `${stage_text_watchText(staged.plan)} × ${staged.plan.sizes.length - 1} = at most ` +
                    `${timesDuration(stage_text_watchText(staged.plan), staged.plan.sizes.length - 1)} of watching`,
                ...(staged.plan.minCompleted !== undefined
                    ? [
                        `- Completed runs needed to go on (\`watch-min-completed\`): ${staged.plan.minCompleted.text} of the ` +
                            `runs ${past} so far, by the end of each watch`
                    ]
                    : []),
                `- Retries of the watched stages' ${short} (\`watch-retries\`): ` +
                    (staged.plan.watchRetries === undefined
                        ? `not set: they ${result.overrides.retries === undefined ? "keep the service's" : `send \`retries\` (${result.overrides.retries})`}`
                        : `${staged.plan.watchRetries} (the last stage sends ${result.overrides.retries === undefined ? 'none' : result.overrides.retries})`)
            ]
            : []),
        `- Requests: ${formatCount(result.requests)} to ${base}, ${formatCount(requests)} to watch ` +
            `(${plural(watches.length, 'listing', 'listings')} of the ${dlq}` +
            (logRequests > 0 ? `, ${plural(logRequests, 'request', 'requests')} to the run log)` : ')')
    ];
}
/** A stage's runs found failed again, by any watch after it; '—' for a stage no watch followed. */
function failedAgainCell(staged, stage) {
    const mine = staged.failedAgain.filter(run => run.stage === stage.stage).length;
    return stage.watch === undefined && mine === 0 ? '—' : formatCount(mine);
}

;// CONCATENATED MODULE: ./src/report/write-outcomes.ts




/** Where the docs say when a restart is the right write: a restart repeats every side effect. */
const RESTART_DOCS = 'https://github.com/acme/dlq-action/blob/v1/docs/bulk-writes.md#resume-or-restart';
/** What each verb does, said in its summary: a line under the heading, or a note after the leads. */
const VERB_NOTES = {
    'resume-workflows': {
        note: '> **What a resume does:** each resumed run is a **new** run. Steps that completed in the original run keep ' +
            'their results; only failed or pending steps run again. Workflow code may change **after** the failed step, ' +
            'but a change **before** it is unsupported and may make the resume fail.'
    },
    // First under the heading, whatever else is said: the side effects a restart repeats are the reader's first risk.
    'restart-workflows': {
        head: 'Every step of each restarted run runs again, from the first, side effects included: ' +
            `${safeLink('when to prefer a resume', RESTART_DOCS)}.`
    },
    'retry-messages': {
        note: '> **What a retry does:** each retried entry left the DLQ, and a **new** message was created with its body ' +
            'and headers, under a new message id. One that fails again comes back to the DLQ under that new id; a ' +
            'deduplicated one was not delivered again.'
    },
    // A delete's own report (report/delete.ts) says what it did; its archive is the note.
    'delete-dlq': {}
};
/** The line a verb says first under the summary's heading, if any. */
const verbHead = (result) => VERB_NOTES[result.operation].head;
/** The note a verb says after the leads, once it made something. */
const verbNote = (result) => madeCount(result) > 0 ? VERB_NOTES[result.operation].note : undefined;
/** What the notice adds for a restart that made runs: every step ran again, which a reader must not miss. */
function noticeClause(result) {
    if (result.operation !== 'restart-workflows')
        return '';
    if (madeCount(result) === 0 && result.uncertainRequests === 0)
        return '';
    return '; every step of each restarted run ran again, from the first, side effects included';
}
/** `2 refused by the service (they stay in the DLQ)`, for the heading and the notice; undefined when none was. */
function refusedShort(result) {
    const refused = refusedCount(result);
    if (refused === 0)
        return undefined;
    return `${formatCount(refused)} refused by the service (${refused === 1 ? 'it stays' : 'they stay'} in the DLQ)`;
}
/** What output refused-dlq-ids holds: every refused id, or the first named when more were only counted. */
function refusedNamed(result) {
    const named = result.refused?.length ?? 0;
    const count = refusedCount(result);
    return named < count
        ? `output refused-dlq-ids names the first ${formatCount(named)}`
        : 'output refused-dlq-ids names them';
}
/** The warning for entries the service refused: the rest went on, so the step goes on too (see resume.ts). */
function refusedWarning(result) {
    const count = refusedCount(result);
    if (count === 0)
        return undefined;
    const { base, past, one, short } = words(result);
    const first = result.refused?.[0];
    // Third-party text: quoted as JSON in one line; the output boundary keeps it from being a runner command.
    const firstText = first === undefined
        ? ''
        : `; the first, ${JSON.stringify(first.dlqId)}: HTTP ${first.status} ${JSON.stringify(first.serverText.slice(0, 200))}`;
    return (`the service refused to ${base} ${plural(count, one, short)} (each stays in the DLQ; ${refusedNamed(result)}); ` +
        `the other ${short} were ${past}${firstText}`);
}
/** The lead under the heading for entries the service refused. */
function refusedLead(result) {
    const count = refusedCount(result);
    if (count === 0)
        return undefined;
    const { base, one, short } = words(result);
    return (`**⚠️ Refused:** the service refused to ${base} ${plural(count, one, short)}: each stays in the DLQ, and the ` +
        `others went on (${refusedNamed(result)}, below).`);
}
/** The section naming each refused entry with the service's answer: third-party text, as code in its cell. */
function refusedSection(result, pass) {
    const refused = result.refused ?? [];
    const unnamed = refusedCount(result) - refused.length;
    if (refused.length === 0 && unnamed <= 0)
        return [];
    const { base, Short } = words(result);
    return [
        `### ${Short} the service refused to ${base}`,
        '',
        ...table(['DLQ id', 'Status', 'What the service said'], [false, true, false], refused, pass, entry => [
            codeCell(entry.dlqId, 100),
            String(entry.status),
            codeCell(entry.serverText)
        ]),
        ...(unnamed > 0 ? [`${plural(unnamed, 'more was', 'more were')} refused, counted but not named.`, ''] : [])
    ];
}
/** How many of the dlq-ids given it named, in a sentence: the first few. */
const NAMED_SHOWN = 5;
/**
 * Ids of dlq-ids found gone one by one: how many, the first few named (code spans in markdown, else quoted); then the
 * ids neither taken nor named, when the write went to its end: a service that takes what it finds of a request and
 * says nothing of the rest leaves only their count, and it is said rather than lost.
 */
function goneOneByOneText(result, markdown) {
    const gone = result.goneOneByOne ?? { count: 0, named: [] };
    const silent = unaccountedIds(result);
    if (gone.count === 0 && silent === 0)
        return undefined;
    const shown = gone.named.slice(0, NAMED_SHOWN).map(id => (markdown ? code(id, 100) : JSON.stringify(id)));
    const rest = gone.count - shown.length;
    const names = shown.length === 0 ? '' : `: ${shown.join(', ')}${rest > 0 ? ` and ${formatCount(rest)} more` : ''}`;
    const told = gone.count === 0
        ? undefined
        : `${plural(gone.count, 'of the dlq-ids given was', 'of the dlq-ids given were')} no longer in the DLQ (taken ` +
            `or removed since listed)${names}`;
    if (silent === 0)
        return told;
    const { past } = words(result);
    const more = told === undefined ? '' : 'more ';
    const unnamed = `${plural(silent, `${more}of the dlq-ids given was`, `${more}of the dlq-ids given were`)} neither ${past} nor ` +
        `named by the service: it ${past} what it found of the requests that sent them, so they were most likely no ` +
        'longer in the DLQ (a dry run with the same dlq-ids tells)';
    return told === undefined ? unnamed : `${told}; ${unnamed}`;
}
/**
 * How many ids of dlq-ids a write that went to its end neither took nor was told of (gone or refused), or 0: counted
 * only when the ids given are the selection and nothing stopped or was lost, so that the sum is exact.
 */
function unaccountedIds(result) {
    const ids = result.selection.dlqIds;
    // A cursor continues inside the ids: those taken before it are not this run's to count.
    if (ids === undefined || result.startCursor !== undefined)
        return 0;
    if (result.byRuns !== undefined)
        return 0;
    if (result.failure !== undefined || result.continueFrom !== undefined || result.nextCursor !== undefined)
        return 0;
    if (result.uncertainRequests > 0 || result.stoppedByCap === true || result.itemProblems !== undefined)
        return 0;
    const told = madeCount(result) + (result.goneOneByOne?.count ?? 0) + refusedCount(result);
    return Math.max(0, ids.length - told);
}
/** A retry's deduplicated messages: the service took them from the DLQ but did not deliver them again. */
function deduplicatedLine(result) {
    if (words(result).makes !== 'message' || madeCount(result) === 0)
        return undefined;
    const n = deduplicatedCount(result);
    if (n === 0)
        return 'None of them deduplicated: the service delivered each again.';
    return `${formatCount(n)} of them deduplicated: the service did not deliver ${n === 1 ? 'it' : 'them'} again.`;
}
/** Of the new messages, those the service did not deliver again: counted by the write, or counted here. */
const deduplicatedCount = (result) => result.deduplicated ?? (result.messages ?? []).filter(m => m.deduplicated === true).length;
/**
 * Output gone-count: every id this step did not take because the service called it not found, told one by one, so that
 * taken, refused and gone add up to the ids; none when not one id was found (the step then fails).
 */
function goneCount(result) {
    // When not one id was found, none is reported gone: the service may lack the write, or be another one.
    return result.goneOneByOne?.count ?? 0;
}

;// CONCATENATED MODULE: ./src/report/resume-outputs.ts
/** The step outputs of a bulk write, staged or not: the scalars, then the id arrays fitted to the 1 MB budget. */









/**
 * Every output of a bulk write, staged or not, and only those of its verb: the scalars, then the arrays fitted to the
 * 1 MB budget, those of what failed again first (they are few, and what a reader acts on), then the refused DLQ ids,
 * then what the write made in what is left.
 */
function resumeOutputs(result) {
    const verb = VERBS[result.operation];
    const runVerb = verb.makes === 'run';
    const staged = result.staged && stagedOutputs(result.staged, words(result));
    const next = nextDates(result);
    const scalars = {
        [verb.countOutput]: String(takenCount(result)),
        [Outputs.Complete]: String(resumeComplete(result) && (staged?.complete ?? true)),
        [Outputs.NextCursor]: cursorOutput(result.nextCursor),
        [Outputs.NextFromDate]: next.fromDate,
        [Outputs.NextToDate]: next.toDate,
        ...(runVerb ? { [Outputs.RunsFile]: result.runsFile ?? '' } : {}),
        ...(result.byRuns !== undefined ? { [Outputs.NextWorkflowRuns]: JSON.stringify(result.byRuns.left) } : {}),
        ...staged?.extra,
        ...(runVerb ? {} : { [Outputs.DeduplicatedCount]: String(deduplicatedCount(result)) }),
        [Outputs.GoneCount]: String(goneCount(result))
    };
    const failedAgain = result.staged?.failedAgain ?? [];
    const failedRuns = failedAgain.filter(made => 'workflowRunId' in made);
    const failedMessages = failedAgain.filter(made => 'messageId' in made);
    const runIds = [
        Outputs.FailedAgainRunIds,
        Outputs.FailedAgainRunIdsTruncated,
        failedRuns.map(r => r.workflowRunId)
    ];
    // The same runs as the pairs input workflow-runs takes: what resumes them once each is back in the DLQ.
    const pairs = [
        Outputs.FailedAgainRuns,
        Outputs.FailedAgainRunsTruncated,
        failedRuns.map(r => ({ workflowRunId: r.workflowRunId, workflowCreatedAt: r.workflowCreatedAt }))
    ];
    const messageIds = [
        Outputs.FailedAgainMessageIds,
        Outputs.FailedAgainMessageIdsTruncated,
        failedMessages.map(m => m.messageId)
    ];
    // An entry the service sent without a dlqId cannot be taken by id: left out here, counted in the warning.
    const dlqIds = [
        Outputs.FailedAgainDlqIds,
        Outputs.FailedAgainDlqIdsTruncated,
        failedAgain.flatMap(r => r.dlqId ?? [])
    ];
    const runs = result.runs.map(r => ({ workflowRunId: r.workflowRunId, workflowCreatedAt: r.workflowCreatedAt }));
    const made = runVerb
        ? [
            [Outputs.WorkflowRunIds, Outputs.WorkflowRunIdsTruncated, result.runs.map(r => r.workflowRunId)],
            [Outputs.WorkflowRuns, Outputs.WorkflowRunsTruncated, runs]
        ]
        : [[Outputs.MessageIds, Outputs.MessageIdsTruncated, (result.messages ?? []).map(m => m.messageId)]];
    // Run ids and their pairs are cut together, item for item; message ids and the DLQ ids (those known) on their own.
    const failedLists = result.staged === undefined ? [] : runVerb ? [[runIds, pairs], [dlqIds]] : [[messageIds], [dlqIds]];
    let budget = budgetLeft(scalars, [...failedLists.flat(), ...made]);
    const fitted = {};
    for (const lists of failedLists) {
        Object.assign(fitted, fitArrays(lists, budget));
        for (const [name] of lists)
            budget -= githubBytes(fitted[name] ?? '[]') - githubBytes('[]');
    }
    // A restart's refused runs stay in the DLQ: their ids are what a later step acts on, so they come before the new runs.
    if (result.operation === 'restart-workflows') {
        const refused = fitArray(Outputs.RefusedDlqIds, (result.refused ?? []).map(r => r.dlqId), budget);
        fitted[Outputs.RefusedDlqIds] = refused.value;
        budget -= githubBytes(Outputs.RefusedDlqIds) + githubBytes(refused.value);
    }
    return { ...scalars, ...fitted, ...fitArrays(made, budget) };
}

;// CONCATENATED MODULE: ./src/report/resume.ts












const resumeReport = {
    outputs: resumeOutputs,
    // The scope follows every verdict: a selection wider than meant (an empty from-date) shows on the first line.
    notice: result => {
        const notice = result.staged ? stagedHeading(result, result.staged).text : resumeNotice(result);
        return notice === undefined ? undefined : `${notice}${noticeClause(result)}; ${scopeText(result, false)}`;
    },
    summary: (result, ctx, options) => fitSummary(pass => resumeSummary(result, ctx, pass), options),
    // Possibly taken entries are not warned about: the failure says it (one alert per fact).
    warnings: result => [
        ...[
            pastCapText(result),
            goneOneByOneText(result, false),
            refusedWarning(result),
            result.itemProblems && itemProblemsText(result.itemProblems)
        ].filter(text => text !== undefined),
        ...(result.staged ? stagedWarnings(result, result.staged) : [])
    ],
    // Refused entries do not fail the step: the others went on, complete is false, a warning names them, and output
    // refused-dlq-ids gives a later step exactly those to act on.
    failure: result => {
        const own = resume_failure(result);
        return result.staged ? stagedFailure(result, result.staged, own) : own;
    }
};
/** The notice on the run page, "at least" with what may have been taken unseen; none when a failure took none. */
function resumeNotice(result) {
    const made = madeCount(result);
    const uncertain = result.uncertainRequests;
    if (result.failure !== undefined && made === 0 && uncertain === 0)
        return undefined;
    const { item, items, one, base, past, Past } = words(result);
    const runs = plural(made, item, items);
    if (uncertain > 0) {
        const upTo = possiblyUpTo(result);
        const lost = `(${plural(uncertain, 'request', 'requests')} got no readable answer)`;
        if (result.largestAnswer !== undefined) {
            return made === 0
                ? `Possibly ${past} every selected ${item}; none confirmed ${lost}`
                : `${Past} at least ${runs}; possibly every other selected ${one} ${past} too ${lost}`;
        }
        return made === 0
            ? `Possibly ${past} up to ${plural(upTo, item, items)}; none confirmed ${lost}`
            : `${Past} at least ${runs}; up to ${formatCount(upTo)} more possibly ${past} ${lost}`;
    }
    if (result.failure?.kind === 'cancelled')
        return `${Past} ${runs} before the step was cancelled`;
    if (result.failure !== undefined)
        return `${Past} ${runs} before the ${base} failed`;
    if (result.stoppedByCap)
        return `${Past} ${runs}: ${capReached(result)}`;
    if (stoppedEarly(result))
        return `${Past} ${runs}; the ${base} stopped early, more may remain`;
    const short = outputsShort(result);
    if (short !== undefined)
        return `${Past} ${runs}; ${short}`;
    const refused = refusedShort(result);
    if (refused !== undefined)
        return `${Past} ${runs}; ${refused}`;
    const later = runsLeftText(result);
    if (later !== undefined)
        return `${Past} ${runs}; ${later}`;
    return made === 0 ? `${Past} no ${item}: none matched the selection` : `${Past} ${runs}`;
}
function resume_failure(result) {
    const { failure: ended } = result;
    // Refused before any write: its sentence says nothing was taken, and there is nothing to continue from.
    if (ended !== undefined && beforeAnyWrite(ended))
        return failureText(result.operation, ended);
    const { short, past } = words(result);
    // Possibly taken entries fail the step even when the drain finished: the outputs do not list them.
    const reasons = [
        ended &&
            `${failureText(result.operation, ended)}; ${takenCount(result)} ${short} were ${past} ${beforeTheEnd(ended)}`,
        lostAnswerText(result),
        uncheckedLostText(result),
        runsFileText(result)
    ].filter(reason => reason !== undefined);
    if (reasons.length === 0)
        return undefined;
    const where = continuePlain(continuationOf(result), words(result));
    return `${reasons.join('; ')}; ${where}`;
}
/** The first line: a staged write's verdict, or what the one drain did. */
function headingOf(result) {
    if (result.staged === undefined)
        return resumeHeading(result);
    const { icon, text } = stagedHeading(result, result.staged);
    return `${icon} ${text}`;
}
function resumeHeading(result) {
    const made = madeCount(result);
    const { item, items, one, short, past, Past, Base } = words(result);
    const runs = plural(made, item, items);
    if (result.failure?.kind === 'cancelled') {
        const more = result.uncertainRequests > 0 ? ', and possibly more' : '';
        return `⛔ Cancelled: ${plural(made, one, short)} ${past} before the cancel${more}`;
    }
    if (beforeAnyWrite(result.failure))
        return `❌ Nothing ${past}: ${failurePhrase(result.failure)}`;
    if (result.failure)
        return `❌ ${Base} failed part way: ${failurePhrase(result.failure)}; ${runs} ${past} before`;
    if (result.fileError !== undefined)
        return `❌ ${Past} ${runs}, but runs-file could not be written`;
    if (result.uncertainRequests > 0)
        return `⚠️ ${Past} ${runs}, and possibly more`;
    if (result.stoppedByCap)
        return `⏸️ ${Past} ${runs}: ${capReached(result)}`;
    if (stoppedEarly(result))
        return `⚠️ ${Base} stopped early: ${runs} ${past}`;
    const outputs = outputsShort(result);
    if (outputs !== undefined)
        return `⚠️ ${Past} ${runs}; ${outputs}`;
    const refused = refusedShort(result);
    if (refused !== undefined)
        return `⚠️ ${Past} ${runs}; ${refused}`;
    const later = runsLeftText(result);
    if (later !== undefined)
        return `⏸️ ${Past} ${runs}; ${later}`;
    if (made === 0)
        return `ℹ️ No failed ${item} matched`;
    return `✅ ${Past} ${runs}`;
}
/** Runs grouped by creation time (to the second), in the order first seen. */
function runGroups(runs) {
    const byTime = new Map();
    for (const run of runs) {
        const at = run.workflowCreatedAt;
        // The second, as a number: an ISO string a run costs more than the rest of the summary.
        const key = at === undefined ? '' : isDateMs(at) ? Math.floor(at / 1000) : formatMs(at).slice(0, 19);
        if (!byTime.has(key))
            byTime.set(key, { at: run.workflowCreatedAt, ids: [] });
        byTime.get(key)?.ids.push(run.workflowRunId);
    }
    return [...byTime.values()];
}
/** Where to continue, under the verdict: with the cursor or ids left, or the dates alone after a stage ended it. */
function continueLead(result, stageEnding) {
    if (beforeAnyWrite(result.failure))
        return undefined;
    const w = words(result);
    const next = continuationOf(result);
    // A continuation by the selection alone is shown where a stop asks for one: a stage's end, or the cap.
    const shown = next !== undefined &&
        (next.by !== 'selection' || next.cursor !== undefined || stageEnding !== undefined || result.stoppedByCap === true);
    const continueLine = shown ? continueMarkdown(next, w) : undefined;
    if (result.failure !== undefined) {
        return (continueLine ??
            `No cursor to continue from was returned: check the DLQ before re-running (${w.past} entries have left it).` +
                (next?.by === 'selection' && next.toDate !== undefined
                    ? ` A re-run must send the same dates: ${continueMarkdown(next, w)}`
                    : ''));
    }
    const capLine = result.stoppedByCap
        ? `Stopped by \`${w.cap}\` (${formatCount(result.maxRuns ?? 0)}) before the selection was drained. `
        : '';
    return continueLine && capLine + continueLine;
}
function resumeSummary(result, ctx, pass) {
    const { failure: ended, staged } = result;
    const { one, short, past } = words(result);
    const { kept = 0, leftOut = 0, examples = [] } = result.itemProblems ?? {};
    const [pastCap, lost, fileError] = [pastCapText, lostAnswerText, runsFileText].map(f => f(result));
    const goneOneByOne = goneOneByOneText(result, true);
    const lines = summaryHead(`${headingOf(result)}; ${scopeText(result, true)}`, verbHead(result), `**${plural(madeCount(result), `new ${one}`, `new ${short}`)}** created by ${plural(result.requests, 'request', 'requests')}` +
        (result.uncertainRequests > 0
            ? ` (and ${formatCount(result.uncertainRequests)} without a readable answer)`
            : '') +
        (result.parts !== undefined
            ? ` (\`dlq-ids\` sent in ${formatCount(result.parts)} parts, so that each request URL stays under 6 KB).`
            : '.'), deduplicatedLine(result), shortenedNote(pass), fileError && `**Error:** ${code(fileError)}`, ended && `**Error:** ${code(failureText(result.operation, ended))}`, continueLead(result, staged && endingStage(staged)?.verdict), ...(staged ? stagedLeads(result, staged) : []), refusedLead(result), goneOneByOne && `**⚠️ Already gone:** ${goneOneByOne}.`, pastCap && `**⚠️ Past the cap:** ${pastCap}.`, lost && `**⚠️ Possibly ${past}:** ${lost}.`, leftOut > 0 &&
        `**⚠️ ${plural(leftOut, `${one} was`, `${short} were`)} ${past} without a readable id**: counted above, but not in ` +
            'the table or the outputs.', kept > 0 &&
        `⚠️ ${plural(kept, `${one} is`, `${short} are`)} listed without a creation time: the one sent could not be read.`, examples.map(line => `- ${code(line)}`).join('\n'), verbNote(result));
    if (staged)
        lines.push(...stagedSections(result, staged, pass));
    lines.push(...refusedSection(result, pass), ...madeSection(result, pass));
    const asked = resume_text_askedLines(result, pass);
    // The stages' lines end "What was asked", before its closing blank line.
    if (staged)
        asked.splice(-1, 0, ...stagedAskedLines(result, staged));
    return markdownText([...lines, ...asked, ...runLine(ctx)]);
}
/** What the write made: new runs grouped by creation time, or new messages by whether the service delivered them. */
function madeSection(result, pass) {
    const w = words(result);
    if (result.runs.length > 0) {
        return [
            '### New runs',
            '',
            ...table(['Created (UTC)', 'Runs', 'New run ids'], [false, true, false], runGroups(result.runs), pass, group => [
                group.at === undefined ? '—' : formatMs(group.at),
                formatCount(group.ids.length),
                idList(group.ids, pass, w.idsOutput)
            ])
        ];
    }
    const messages = result.messages ?? [];
    if (messages.length === 0)
        return [];
    return [
        '### New messages',
        '',
        ...table(['Delivery', 'Messages', 'New message ids'], [false, true, false], messageGroups(messages), pass, group => [
            group.deduplicated ? 'deduplicated: not delivered again' : 'delivered again',
            formatCount(group.ids.length),
            idList(group.ids, pass, w.idsOutput)
        ])
    ];
}
/** New messages in two groups, those delivered again first: the deduplicated were taken but not delivered. */
function messageGroups(messages) {
    const groups = [false, true].map(deduplicated => ({ deduplicated, ids: [] }));
    for (const message of messages)
        groups[message.deduplicated === true ? 1 : 0]?.ids.push(message.messageId);
    return groups.filter(group => group.ids.length > 0);
}
/** Ids in a cell, as many as a table shows rows (the byte budget halves them with the rows), then how many more. */
function idList(ids, pass, output) {
    const shown = ids.slice(0, pass.maxRows).map(id => codeCell(id, 100));
    const rest = ids.length - shown.length;
    return rest > 0 ? `${shown.join(' ')} … and ${formatCount(rest)} more (output \`${output}\`)` : shown.join(' ');
}

;// CONCATENATED MODULE: ./src/report/delete-text.ts
/**
 * The words of a delete's report (report/delete.ts): what it selected, what became of the ids it named, how to
 * finish, and what was asked. Counts are said as the answers gave them: a delete's answer counts, never names.
 */






/** Where the docs show how to send a deleted message again from its archive line. */
const RESEND_DOCS = 'https://github.com/acme/dlq-action/blob/v1/docs/bulk-writes.md#send-a-deleted-message-again';
/** What one entry of the DLQ a delete takes is: `message`, `failed workflow run`. */
const noun = ({ dlq }) => dlq === 'workflow' ? 'failed workflow run' : 'message';
/** `3 messages`, `1 failed workflow run`: what a delete of this DLQ takes. */
const entries = (result, n) => plural(n, noun(result), `${noun(result)}s`);
/** Ids given that are no longer in the DLQ: not found by the listing, or told gone one by one by the deletes. */
const alreadyGone = (result) => result.goneWhenListed + result.goneOneByOne.count;
/** The selection in a few words, for the first line and the notice: `all` said when it selected everything. */
function delete_text_scopeText(result, markdown) {
    const { dlqIds, fromDate, toDate } = result.selection;
    const all = markdown ? '`all: true`' : 'all: true';
    const what = dlqIds !== undefined
        ? `the ${plural(dlqIds.length, 'DLQ id', 'DLQ ids')} given`
        : (selectorsText(result.selection, markdown) ??
            `every ${noun(result)} in the DLQ${result.all ? ` (${all})` : ''}`);
    const { olderThan } = result;
    const when = [
        olderThan !== undefined &&
            `older than ${olderThan.text} (created at or before ${formatMs(olderThan.toDate)}, ${clockWords(result)})`,
        fromDate !== undefined && `created from ${formatMs(fromDate)}`,
        toDate !== undefined && `up to ${formatMs(toDate)}`
    ].filter(part => part !== false);
    return `selection: ${what}${when.length > 0 ? `, ${when.join(' ')}` : dlqIds === undefined ? ', of any age' : ''}`;
}
/** Whose clock older-than was judged on. */
function clockWords({ olderThan }) {
    if (olderThan?.clock !== 'runner')
        return "on the service's clock";
    return `on the runner's clock less ${durationText(olderThan.marginMs ?? 0)}, as ${dateFaultText(olderThan.dateFault)}`;
}
/** What is left to delete after a stop, and how to take exactly that: the archive given back as dlq-ids-file. */
function finishText(result, markdown) {
    const left = result.notDeleted + result.possiblyDeleted;
    if (result.dryRun || left === 0 || (result.deleted === 0 && result.possiblyDeleted === 0))
        return undefined;
    const c = (text) => (markdown ? `\`${text}\`` : text);
    return (`to delete exactly the rest of what was listed, run the step again with ${c('dlq-ids-file')} set to this ` +
        `archive (${c('archive-file')}; a later job needs it as an artifact) and a new ${c('archive-file')}: the ` +
        `entries deleted are no longer in the DLQ and count in ${c('already-gone-count')}, the others are deleted. ` +
        'The same selection run again takes what matches by then');
}
/** What the deletes did beyond the count: ids already gone, maybe deleted, not counted, left out by older-than. */
function outcomeLeads(result) {
    const { goneOneByOne, goneWhenListed, possiblyDeleted, uncounted, leftOut, olderThan } = result;
    const named = goneOneByOne.named.slice(0, 5).map(id => code(id, 100));
    const more = goneOneByOne.count - named.length;
    const names = named.length === 0 ? '' : `: ${named.join(', ')}${more > 0 ? ` and ${formatCount(more)} more` : ''}`;
    const gone = [
        goneWhenListed > 0 && `${formatCount(goneWhenListed)} of the DLQ ids given were not in it when listed`,
        goneOneByOne.count > 0 &&
            `${formatCount(goneOneByOne.count)} left it between the listing and the delete, each told by a request of its ` +
                `own${names}`
    ].filter(part => part !== false);
    return [
        gone.length > 0 && `**Already gone:** ${gone.join('; ')} (output \`already-gone-count\`; not a failure).`,
        possiblyDeleted > 0 &&
            `**⚠️ Possibly deleted:** ${formatCount(possiblyDeleted)} more: the requests that named them got no readable ` +
                'answer (lost after sending), and no later answer counted them. They are in the archive; each is either ' +
                'deleted or still in the DLQ (a re-run with `dlq-ids-file` set to the archive tells which).',
        uncounted > 0 &&
            `**⚠️ Not counted:** the answers counted ${formatCount(uncounted)} fewer deleted than the ids they named, ` +
                'without saying which: most likely no longer in the DLQ (a re-run with `dlq-ids-file` set to the archive ' +
                'tells each).',
        leftOut !== undefined &&
            olderThan !== undefined &&
            `Left in the DLQ by \`older-than\`: ${[
                leftOut.younger > 0 &&
                    `${formatCount(leftOut.younger)} selected but created after ${formatMs(olderThan.toDate)}`,
                leftOut.undated > 0 && `${formatCount(leftOut.undated)} without a creation time that can be true`
            ]
                .filter(part => part !== false)
                .join(', ')}.`
    ];
}
/** "What was asked": the operation and its guards, the selection, the listing, the archive. */
function delete_text_askedLines(result, ctx, pass) {
    const { listing, olderThan } = result;
    const mode = result.dryRun
        ? '`dry-run: true`'
        : result.expectCount !== undefined
            ? `\`expect-count: ${formatCount(result.expectCount)}\``
            : 'archive, then delete by the ids listed';
    const pages = `${plural(listing.pages, 'page', 'pages')} of ${formatCount(listing.pageSize)} fetched`;
    const whole = `- Selection: **the whole DLQ** (input \`all\`): every ${noun(result)} in it.`;
    return [
        '### What was asked',
        '',
        `- Operation: \`delete-dlq\` of the ${result.dlq === 'workflow' ? 'failed workflow runs' : 'failed messages'}, ${mode}`,
        ...(result.all && result.selection.dlqIds === undefined
            ? [whole, ...titled('Selectors also given', selectorItems(result, pass))]
            : titled('Selection', selectorItems(result, pass), 'none')),
        ...(olderThan !== undefined
            ? [
                `- \`older-than\`: ${code(olderThan.text)}: created at or before ${formatMs(olderThan.toDate)} ` +
                    `(\`${olderThan.toDate}\`), ${clockWords(result)}`
            ]
            : []),
        '- Listed with these filters (the bound as to-date, so that nothing failing during the listing is taken):',
        ...(filterLines(listing.filters, pass).length > 0 ? filterLines(listing.filters, pass) : ['  - none']),
        `- \`max-entries\`: ${result.maxEntries === undefined ? 'none' : `${formatCount(result.maxEntries)} (more refuses the delete)`}`,
        `- \`max-pages\`: ${formatCount(listing.maxPages ?? 0)} (${pages})`,
        ...(listing.nextCursor !== undefined
            ? [
                `- The listing's cursor when it stopped: ${code(listing.nextCursor, MAX_CURSOR_LENGTH)} (it continues nothing)`
            ]
            : []),
        ...(result.planFile !== undefined ? [`- The plan, one JSON object a line: ${code(result.planFile)}`] : []),
        ...runLine(ctx),
        ''
    ];
}
/** Where the archive is and what it is for; a link (ours) to how a message is sent again. */
function archiveLead(result) {
    const file = result.archiveFile;
    if (file === undefined || result.listed === 0)
        return undefined;
    const redacted = result.listing.redactedHeaderValues ?? 0;
    const credentials = redacted > 0 ? `${plural(redacted, 'credential header value', 'credential header values')} redacted` : '';
    if (result.deleted === 0 && result.possiblyDeleted === 0) {
        return `The entries listed are in ${code(file)} (output \`archive-file\`); none of them was deleted.`;
    }
    return (`**Archive:** ${code(file)} (output \`archive-file\`): one JSON line per entry as listed, bodies included` +
        `${credentials === '' ? '' : `, ${credentials}`}; on disk before the first delete. A deleted entry cannot be ` +
        `retried by the service: keep the file (upload it as an artifact) to ${safeLink('send a message again', RESEND_DOCS)}.`);
}

;// CONCATENATED MODULE: ./src/report/delete.ts
/**
 * How delete-dlq is reported: what was deleted (as the answers counted it), what was already gone, what may have been
 * deleted unseen, what is left and how to finish; the archive; and what the entries were, by destination, cause and
 * age, with the tables a listing has (report/breakdowns.ts). A dry run or a refusal says what it would have deleted.
 */









const deleteReport = {
    outputs: delete_outputs,
    summary: (result, ctx, options) => fitSummary(pass => deleteSummary(result, ctx, pass), options),
    // A failure is said by its annotation (one alert per fact), unless something was deleted before it.
    notice: result => result.failure !== undefined && nothingDeleted(result)
        ? undefined
        : `${delete_headline(result)}; ${delete_text_scopeText(result, false)}`,
    warnings: delete_warnings,
    failure: delete_failure
};
/** No entry was deleted, nor possibly deleted: a refusal, a failure before the deletes, a dry run. */
const nothingDeleted = (result) => result.deleted === 0 && result.possiblyDeleted === 0;
/**
 * Everything listed was deleted or told already gone, the listing having reached its end, and no entry was left for
 * want of a creation time that older-than could judge.
 */
function complete(result) {
    const judged = (result.leftOut?.undated ?? 0) === 0;
    const done = result.failure === undefined && listingComplete(result.listing) && judged;
    if (result.dryRun)
        return done;
    return done && result.possiblyDeleted === 0 && result.uncounted === 0 && result.notDeleted === 0;
}
function delete_outputs(result) {
    return {
        [Outputs.DeletedCount]: String(result.deleted),
        [Outputs.AlreadyGoneCount]: String(alreadyGone(result)),
        [Outputs.ArchiveFile]: result.archiveFile ?? '',
        [Outputs.PlannedCount]: String(result.listed),
        [Outputs.PlanFile]: result.planFile ?? '',
        [Outputs.Complete]: String(complete(result))
    };
}
/** `the selection holds at least 12 entries, not 10`: a count refusal's numbers. */
function holds(failure) {
    const { found, expected, complete: whole } = failure;
    return `the selection holds ${whole ? '' : 'at least '}${plural(found, 'entry', 'entries')}, not ${formatCount(expected)}`;
}
/** The verdict in words, without its icon: the notice, and the summary's first line. */
function delete_headline(result) {
    const { failure: f, deleted, possiblyDeleted, listed } = result;
    const n = (count) => entries(result, count);
    const atLeast = listingComplete(result.listing) ? '' : 'at least ';
    if (result.dryRun) {
        if (f?.kind === 'cap-exceeded')
            return `Dry run: the delete would be refused: more than ${n(f.cap)} selected`;
        if (f?.kind === 'count-mismatch')
            return `Dry run refused by expect-count: ${holds(f)}`;
        if (f !== undefined)
            return `Dry run stopped early: would delete ${atLeast}${n(listed)}`;
        return `Dry run: would delete ${n(listed)}; no delete request was sent`;
    }
    if (f?.kind === 'cap-exceeded')
        return `Refused by max-entries: more than ${n(f.cap)} selected; nothing was deleted`;
    if (f?.kind === 'count-mismatch')
        return `Refused by expect-count: ${holds(f)}; nothing was deleted`;
    const left = `${formatCount(result.notDeleted)} not`;
    const maybe = possiblyDeleted > 0 ? `, ${formatCount(possiblyDeleted)} possibly` : '';
    if (f?.kind === 'cancelled')
        return `Cancelled: ${n(deleted)} deleted before the cancel${maybe}, ${left}`;
    if (f !== undefined && nothingDeleted(result))
        return `Nothing deleted: ${failurePhrase(f)}`;
    if (f !== undefined)
        return `Delete failed part way: ${failurePhrase(f)}; ${n(deleted)} deleted before${maybe}, ${left}`;
    if (possiblyDeleted > 0)
        return `Deleted at least ${n(deleted)}; ${formatCount(possiblyDeleted)} more possibly`;
    if (result.uncounted > 0)
        return `Deleted ${n(deleted)}; ${formatCount(result.uncounted)} named were not counted`;
    if (listed === 0)
        return `Nothing to delete: no ${noun(result)} matched`;
    const gone = alreadyGone(result);
    return `Deleted ${n(deleted)}${gone > 0 ? `; ${formatCount(gone)} already gone` : ''}`;
}
function icon(result) {
    const { failure: f } = result;
    if (result.dryRun)
        return f === undefined ? '🔍' : f.kind === 'cap-exceeded' || f.kind === 'count-mismatch' ? '❌' : '⚠️';
    if (f?.kind === 'cancelled')
        return '⛔';
    if (f !== undefined)
        return '❌';
    if (result.possiblyDeleted > 0 || result.uncounted > 0)
        return '⚠️';
    return result.listed === 0 ? 'ℹ️' : '✅';
}
function delete_failure(result) {
    const { failure: f, possiblyDeleted } = result;
    const reasons = [];
    if (f !== undefined) {
        const own = failureText('delete-dlq', f);
        const done = nothingDeleted(result)
            ? // The count and cap refusals say it themselves.
                f.kind === 'count-mismatch' || f.kind === 'cap-exceeded'
                    ? ''
                    : '; nothing was deleted'
            : `; ${entries(result, result.deleted)} deleted before it, ${formatCount(result.notDeleted)} not`;
        reasons.push(`${own}${done}`);
    }
    if (possiblyDeleted > 0) {
        reasons.push(`${formatCount(possiblyDeleted)} more entries were possibly deleted: the requests that named them got no ` +
            'readable answer, so deleted-count does not count them');
    }
    if (reasons.length === 0)
        return undefined;
    const finish = finishText(result, false);
    return `${reasons.join('; ')}${finish === undefined ? '' : `; ${finish}`}`;
}
function delete_warnings(result) {
    const { itemProblems } = result.listing;
    const undated = result.leftOut?.undated ?? 0;
    return [
        itemProblems && itemProblemsText(itemProblems),
        result.withoutDlqId !== undefined &&
            `${plural(result.withoutDlqId, 'entry was', 'entries were')} listed without a DLQ id: no delete by id can take ` +
                'them, so they were left in the DLQ',
        undated > 0 &&
            `${plural(undated, 'entry was', 'entries were')} selected without a creation time that can be true: their ` +
                'age cannot be judged against older-than, so they were left in the DLQ',
        result.uncounted > 0 &&
            `the answers counted ${formatCount(result.uncounted)} fewer deleted than the DLQ ids they named, without ` +
                'saying which: most likely no longer in the DLQ',
        result.refused > 0 && `the service refused to delete ${plural(result.refused, 'entry', 'entries')} (HTTP 400)`
    ].filter((text) => typeof text === 'string');
}
/** The lines under the heading: what was done, the archive, the error, how to finish, what became of each id. */
function leads(result) {
    const { failure: f } = result;
    const parts = result.parts === undefined ? '' : ` in ${formatCount(result.parts)} parts`;
    const done = result.dryRun
        ? '**No delete request was sent.** A delete lists these again, archives them, then deletes exactly those, by ' +
            'their DLQ ids.'
        : nothingDeleted(result) && result.requests === 0
            ? '**Nothing was deleted.**'
            : `**${entries(result, result.deleted)} deleted**, as the service's answers counted them, of the ` +
                `${formatCount(result.listed)} listed and archived: by their DLQ ids, at most 100 a request${parts} ` +
                `(${plural(result.requests, 'request', 'requests')} answered).`;
    const finish = finishText(result, true);
    return [
        done,
        archiveLead(result),
        result.dryRun && result.planFile !== undefined && `The plan, one JSON object a line: ${code(result.planFile)}.`,
        f !== undefined && `**Error:** ${code(failureText('delete-dlq', f))}`,
        finish !== undefined && `**To finish:** ${finish}.`,
        ...outcomeLeads(result)
    ];
}
function deleteSummary(result, ctx, pass) {
    const { listing } = result;
    const whole = listingComplete(listing);
    const title = result.dryRun
        ? 'What it would delete'
        : nothingDeleted(result)
            ? 'What was listed (not deleted)'
            : result.notDeleted + result.possiblyDeleted > 0
                ? 'What was listed and archived (deleted in part, as said above)'
                : 'What was deleted';
    const table = failingTable(listing, pass.now, pass.maxRows);
    const select = 'Each archive line carries its cause as `causeKey`: `jq -c \'select(.causeKey == "KEY")\'` picks one ' +
        "cause's entries out of it.";
    const detail = [
        ...(table.length === 0 ? [] : ['#### By destination', '', ...table]),
        ...causeLines(listing, pass, select),
        ...breakdownLines(listing, pass),
        ...workflowRunLines(listing, pass, 'the archive holds every one'),
        ...extremesLines(listing, pass, whole),
        ...chartLines(listing, pass.now)
    ];
    return markdownText([
        ...summaryHead(`${icon(result)} ${delete_headline(result)}; ${delete_text_scopeText(result, true)}`, ...leads(result)),
        ...(shortenedNote(pass) === undefined ? [] : [shortenedNote(pass), '']),
        ...(detail.length === 0 ? [] : [`### ${title}`, '', ...detail]),
        ...delete_text_askedLines(result, ctx, pass)
    ]);
}

;// CONCATENATED MODULE: ./src/report/schedule.ts
/** How resume-schedule is reported: the ids resumed, a table of each schedule's result, a failure naming each. */





const scheduleReport = {
    outputs: result => ({
        [Outputs.ScheduleIds]: JSON.stringify(result.outcomes.filter(o => o.ok).map(o => o.scheduleId)),
        [Outputs.Complete]: String(result.outcomes.every(o => o.ok))
    }),
    summary: (result, ctx, options) => fitSummary(pass => scheduleSummary(result, ctx, pass), options),
    notice: scheduleNotice,
    warnings: () => [],
    failure: schedule_failure
};
function scheduleNotice(result) {
    const total = result.outcomes.length;
    const resumed = result.outcomes.filter(o => o.ok).length;
    if (resumed === 0)
        return undefined;
    return resumed === total
        ? `Resumed ${plural(resumed, 'schedule', 'schedules')}`
        : `Resumed ${formatCount(resumed)} of ${plural(total, 'schedule', 'schedules')}`;
}
function scheduleSummary(result, ctx, pass) {
    const total = result.outcomes.length;
    const resumed = result.outcomes.filter(o => o.ok).length;
    const failed = total - resumed;
    const title = total === 0
        ? 'ℹ️ No schedule to resume'
        : result.cancelled !== undefined
            ? `⛔ Cancelled: ${formatCount(resumed)} of ${plural(total, 'schedule', 'schedules')} resumed before the cancel`
            : failed === 0
                ? `✅ Resumed ${plural(resumed, 'schedule', 'schedules')}`
                : `❌ ${formatCount(failed)} of ${plural(total, 'schedule', 'schedules')} could not be resumed`;
    const lines = summaryHead(title, total > 0 && `**${formatCount(resumed)} resumed, ${formatCount(failed)} failed.**`, shortenedNote(pass));
    // Failed ones first: they are what the reader has to act on.
    const ordered = [...result.outcomes.filter(o => !o.ok), ...result.outcomes.filter(o => o.ok)];
    lines.push(...table(['Schedule id', 'Result', 'Why'], [false, false, false], ordered, pass, o => [
        cellOrDash(o.scheduleId),
        o.ok
            ? '✅ resumed'
            : o.notTried
                ? '⏭️ not tried'
                : o.failure?.kind === 'cancelled'
                    ? '⛔ not confirmed'
                    : '❌ failed',
        o.ok || o.notTried ? '' : o.failure ? codeCell(reasonCell(o.failure)) : 'unknown error'
    ]));
    lines.push('### What was asked', '', `- Schedules to resume: ${formatCount(total)}`, ...runLine(ctx));
    return markdownText(lines);
}
/** Why one schedule failed: `resume-schedule (schedule "x") failed: HTTP 404 not found: …`. */
function scheduleFailureText(outcome) {
    const label = `resume-schedule (schedule "${outcome.scheduleId}")`;
    return outcome.failure ? failureText(label, outcome.failure) : `${label} failed`;
}
/** The same without the schedule the row names already: `HTTP 404 not found: …`, attempts after it. */
function reasonCell(failure) {
    if (failure.kind !== 'request')
        return failureText('', failure);
    const { attempts } = failure.request;
    return requestReason({ ...failure.request, attempts: 1 }).slice(2) + (attempts > 1 ? ` (${attempts} attempts)` : '');
}
function schedule_failure(result) {
    const failed = result.outcomes.filter(o => !o.ok);
    if (failed.length === 0)
        return undefined;
    const resumed = result.outcomes.length - failed.length;
    if (result.cancelled !== undefined) {
        // One line: the ids left (resuming a schedule is idempotent, so a re-run with all of them is safe).
        const left = failed.map(o => o.scheduleId);
        const shown = left.slice(0, 20).join(', ') + (left.length > 20 ? `, … and ${formatCount(left.length - 20)} more` : '');
        return (`the step was cancelled (${result.cancelled}): ${formatCount(resumed)} of ${plural(result.outcomes.length, 'schedule', 'schedules')} ` +
            `resumed; not confirmed: ${shown}. Resuming a schedule is idempotent: re-run with them.`);
    }
    return [
        `${failed.length} of ${result.outcomes.length} schedules could not be resumed (${resumed} resumed):`,
        ...failed.map(o => `- ${o.failure ? scheduleFailureText(o) : o.scheduleId}`)
    ].join('\n');
}

;// CONCATENATED MODULE: ./src/report/schedule-plan.ts
/** How a dry run of resume-schedule is reported: the schedules it would resume, none of them asked about. */




const schedulePlanReport = {
    outputs: plan => ({
        [Outputs.PlannedCount]: String(plan.scheduleIds.length),
        // None was resumed: the list a workflow reads to know which schedules are active again stays empty.
        [Outputs.ScheduleIds]: '[]',
        [Outputs.Complete]: 'true'
    }),
    summary: (plan, ctx, options) => fitSummary(pass => schedule_plan_planSummary(plan, ctx, pass), options),
    notice: plan => `Dry run: would resume ${plural(plan.scheduleIds.length, 'schedule', 'schedules')}; no request was sent`,
    warnings: () => [],
    failure: () => undefined
};
function schedule_plan_planSummary(plan, ctx, pass) {
    const n = plan.scheduleIds.length;
    const shown = plan.scheduleIds.slice(0, 3).map(id => codeCell(id, 100));
    const more = n > shown.length ? `, … and ${formatCount(n - shown.length)} more` : '';
    return markdownText([
        ...summaryHead(`🔍 Dry run: would resume ${plural(n, 'schedule', 'schedules')}: ${shown.join(', ')}${more}`, '**No request was sent**, so the service was not asked whether they exist: resuming an unknown schedule ' +
            'fails with HTTP 404, and one already active is left as it is.', shortenedNote(pass)),
        ...table(['Schedule id', 'Would be'], [false, false], plan.scheduleIds, pass, id => [codeCell(id, 200), 'resumed']),
        '### Applying it',
        '',
        'Run the step again without `dry-run` (or with `dry-run: false`): it resumes each schedule in turn.',
        '',
        '### What was asked',
        '',
        `- Schedules to resume: ${formatCount(n)}, \`dry-run: true\``,
        ...runLine(ctx)
    ]);
}

// EXTERNAL MODULE: ./node_modules/undici/index.js
var undici = __webpack_require__(6752);
;// CONCATENATED MODULE: ./src/service/service-clock.ts
/**
 * The service's clock as its `Date` headers tell it, checked before it is trusted (wire contract, section 5): a Date
 * that is not an HTTP date, one a cache served stale (`Age`), or one that goes backwards (front ends whose clocks
 * differ) is not used. Beside the client that reads the headers, so the quirk stays out of its request loop.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = 'Mon|Tue|Wed|Thu|Fri|Sat|Sun';
const LONG_DAYS = 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday';
const service_clock_MONTH = MONTHS.join('|');
/** RFC 9110's preferred form: `Sun, 06 Nov 1994 08:49:37 GMT`. */
const IMF_FIXDATE = new RegExp(`^(?:${DAYS}), (?<day>\\d{2}) (?<month>${service_clock_MONTH}) (?<year>\\d{4}) (?<time>\\d{2}:\\d{2}:\\d{2}) GMT$`);
/** The obsolete RFC 850 form: `Sunday, 06-Nov-94 08:49:37 GMT`. */
const RFC_850 = new RegExp(`^(?:${LONG_DAYS}), (?<day>\\d{2})-(?<month>${service_clock_MONTH})-(?<yy>\\d{2}) (?<time>\\d{2}:\\d{2}:\\d{2}) GMT$`);
/** The obsolete asctime form: `Sun Nov  6 08:49:37 1994`. */
const ASCTIME = new RegExp(`^(?:${DAYS}) (?<month>${service_clock_MONTH}) (?<day>[ \\d]\\d) (?<time>\\d{2}:\\d{2}:\\d{2}) (?<year>\\d{4})$`);
/** Milliseconds of a UTC date and time whose fields are all in range (no 31 April, no 25 o'clock), else undefined. */
function utc(year, month, day, time) {
    const [hour = 0, minute = 0, second = 0] = time.split(':').map(Number);
    const m = MONTHS.indexOf(month);
    const d = Number(day.trim());
    if (hour > 23 || minute > 59 || second > 60)
        return undefined;
    const ms = Date.UTC(year, m, d, hour, minute, Math.min(second, 59));
    return new Date(ms).getUTCDate() === d && new Date(ms).getUTCMonth() === m ? ms : undefined;
}
/**
 * An HTTP date in any of the three forms a recipient must read (RFC 9110, 5.6.7), or undefined: `Date.parse` reads
 * `1` as the year 2001, so nothing looser is taken. A two-digit year more than 50 years ahead is in the past.
 */
function parseHttpDate(text, nowYear = new Date().getUTCFullYear()) {
    const match = IMF_FIXDATE.exec(text) ?? ASCTIME.exec(text);
    if (match?.groups !== undefined) {
        const { day = '', month = '', year = '', time = '' } = match.groups;
        return utc(Number(year), month, day, time);
    }
    const old = RFC_850.exec(text)?.groups;
    if (old === undefined)
        return undefined;
    const { day = '', month = '', yy = '', time = '' } = old;
    let year = Math.floor(nowYear / 100) * 100 + Number(yy);
    if (year > nowYear + 50)
        year -= 100;
    return utc(year, month, day, time);
}
/** A Date earlier than the one before by more than its whole-second rounding has gone backwards. */
const BACKWARDS_SLACK_MS = 1_000;
/** Longest text of a bad Date quoted back: enough to recognise it, never a flood. */
const SHOWN = 40;
/** The Dates of the service's answers, as they come, and the latest one that can be used. */
class ServiceClock {
    latest;
    /** The runner's time when the latest usable Date arrived: how far the two clocks are apart. */
    latestAt;
    /** Set once Dates go backwards: from then on none is trusted. */
    broken = false;
    /** Why the latest Date (or every one, once broken) is not used. */
    fault;
    /** One answer's `Date` and `Age` headers, and the runner's time when it arrived. */
    observe(date, age, runnerAt) {
        if (date === undefined)
            return;
        const text = date.trim();
        const at = parseHttpDate(text);
        if (at === undefined) {
            this.fault ??= { kind: 'not-http-date', text: text.length > SHOWN ? `${text.slice(0, SHOWN - 1)}…` : text };
            return;
        }
        const ageSeconds = /^\d{1,10}$/.test(age?.trim() ?? '') ? Number(age) : 0;
        if (ageSeconds > 0) {
            // A cache served it: its Date is when the origin made it, not now.
            this.fault ??= { kind: 'stale', ageSeconds };
            return;
        }
        if (this.latest !== undefined && at < this.latest - BACKWARDS_SLACK_MS) {
            this.broken = true;
            this.fault = { kind: 'backwards', byMs: this.latest - at };
        }
        if (this.broken || at < (this.latest ?? -Infinity))
            return;
        this.latest = at;
        this.latestAt = runnerAt;
    }
    /** The service's time by its latest usable Date; undefined when none was, or once Dates went backwards. */
    now() {
        return this.broken ? undefined : this.latest;
    }
    /** How far the service's clock is ahead of the runner's (behind when negative), by its latest usable Date. */
    skew() {
        const now = this.now();
        return now === undefined || this.latestAt === undefined ? undefined : now - this.latestAt;
    }
}

;// CONCATENATED MODULE: ./src/service/run-log.ts
/**
 * The service's run log, beyond the spec's three operations (docs/service.md, "The run log"): each run's state and
 * its steps' failed attempts. Read leniently and bounded: unknown states are kept as sent (cut), unknown fields passed
 * over, a run without a usable id named and left out, each error text redacted and then cut as a response sample is.
 */




/** The documented path: the exact runs, as `id@createdAt` pairs. */
const RUN_LOG_PATH = '/v2/workflows/logs';
/** The path the official SDK asks, one run a request: tried where the documented one answers 404. */
const RUN_EVENTS_PATH = '/v2/workflows/events';
/** Pairs a run-log request asks for at most, and its `count`: the service's own limit in this mode. */
const RUN_LOG_BATCH = 10;
/** A state or a group's type longer than this is cut: an unknown one is kept, never a flood. */
const LABEL_LENGTH = 64;
/** A step's name is cut to this. */
const STEP_NAME_LENGTH = 200;
/** A run's workflowUrl or dlqId is cut to this: shown, never sent back. */
const run_log_VALUE_LENGTH = 1_000;
/** Steps of a run kept: the first that say something (not a clean success); the rest are only counted. */
const STEPS_KEPT = 20;
const run_log_text = schemas/* string */.YjP().optional();
const time = millis.optional();
/** A run of the log. Lenient: only workflowRunId is required; steps are read group by group, step by step. */
const runLogRunSchema = schemas/* looseObject */._H3({
    workflowRunId: schemas/* string */.YjP().min(1),
    workflowUrl: run_log_text,
    workflowState: run_log_text,
    workflowRunCreatedAt: time,
    workflowCreatedAt: time,
    workflowRunCompletedAt: time,
    dlqId: run_log_text,
    steps: schemas/* array */.YOg(schemas/* unknown */.L5J()).optional()
});
/** The answer's envelope: the cursor checked at once, the runs one by one. */
const runLogEnvelopeSchema = schemas/* object */.Ikc({ runs: schemas/* array */.YOg(schemas/* unknown */.L5J()), cursor: cursor });
const str = (v) => (typeof v === 'string' ? v : undefined);
const run_log_int = (v) => (Number.isSafeInteger(v) ? v : undefined);
const at = (v) => {
    const read = millis.safeParse(v);
    return read.success ? read.data : undefined;
};
const list = (v) => (Array.isArray(v) ? v : []);
/** A value cut to `length` after the token is taken out, so no part of a secret survives the cut. */
function bounded(value, length, redact) {
    const clean = redact(value);
    return clean.length <= length ? clean : `${copyPrefix(clean, length - 1)}…`;
}
/** Reads a run's steps, noting the first value that had to be passed over. */
function readSteps(groups, createdAt, redact, passedOver) {
    const steps = [];
    let stepCount = 0;
    groups.forEach((group, g) => {
        if (!isRecord(group))
            return passedOver(`steps.${g}`, group);
        const type = str(group.type);
        if (group.steps !== undefined && !Array.isArray(group.steps))
            passedOver(`steps.${g}.steps`, group.steps);
        list(group.steps).forEach((step, s) => {
            stepCount++;
            if (!isRecord(step))
                return passedOver(`steps.${g}.steps.${s}`, step);
            const errors = list(step.errors);
            const state = str(step.state);
            if (steps.length >= STEPS_KEPT || (errors.length === 0 && state === 'STEP_SUCCESS'))
                return;
            const first = errors.find(e => isRecord(e) && !((at(e.time) ?? Infinity) < (createdAt ?? -Infinity)));
            const error = isRecord(first) ? readError(first, redact) : undefined;
            steps.push({
                ...(type !== undefined ? { group: bounded(type, LABEL_LENGTH, redact) } : {}),
                ...(str(step.stepName) !== undefined
                    ? { stepName: bounded(step.stepName, STEP_NAME_LENGTH, redact) }
                    : {}),
                ...(state !== undefined ? { state: bounded(state, LABEL_LENGTH, redact) } : {}),
                ...(run_log_int(step.retries) !== undefined ? { retries: step.retries } : {}),
                errorCount: errors.length,
                ...(error !== undefined ? { firstError: error } : {})
            });
        });
    });
    return { steps, stepCount };
}
/** An error of a step: its text redacted and cut as a response sample is; a text that is not a string is named. */
function readError(error, redact) {
    const words = typeof error.error === 'string' ? error.error : `(no error text: ${shown(error.error)})`;
    const clean = redact(words);
    const status = run_log_int(error.status);
    const when = at(error.time);
    return {
        bodySample: copyPrefix(clean, BODY_SAMPLE_LENGTH),
        ...(clean.length > BODY_SAMPLE_LENGTH ? { bodyCut: true } : {}),
        ...(status !== undefined ? { status } : {}),
        ...(when !== undefined ? { time: when } : {})
    };
}
/** The runs of one answer page whose id could be read, bounded, and the problems (one per run at most for steps). */
function readRunLogRuns(items, redact) {
    const { values, problems } = readItems(runLogRunSchema, 'workflowRunId', items);
    const runs = values.map((wire) => {
        const createdAt = wire.workflowRunCreatedAt ?? wire.workflowCreatedAt;
        let passed;
        const { steps, stepCount } = readSteps(wire.steps ?? [], createdAt, redact, (where, value) => {
            passed ??= `${where} ${shown(value)} passed over: not an object or a list`;
        });
        if (passed !== undefined) {
            const index = items.findIndex(item => isRecord(item) && item.workflowRunId === wire.workflowRunId);
            problems.push({ index, id: wire.workflowRunId, detail: passed, kept: true });
        }
        return {
            workflowRunId: wire.workflowRunId,
            ...(createdAt !== undefined ? { workflowCreatedAt: createdAt } : {}),
            ...(wire.workflowUrl !== undefined ? { workflowUrl: bounded(wire.workflowUrl, run_log_VALUE_LENGTH, redact) } : {}),
            ...(wire.workflowState !== undefined ? { state: bounded(wire.workflowState, LABEL_LENGTH, redact) } : {}),
            ...(wire.workflowRunCompletedAt !== undefined ? { completedAt: wire.workflowRunCompletedAt } : {}),
            ...(wire.dlqId !== undefined ? { dlqId: bounded(wire.dlqId, run_log_VALUE_LENGTH, redact) } : {}),
            steps,
            stepCount
        };
    });
    return { runs, problems };
}
/** Query of one request of the documented path: the exact runs as `id@createdAt` pairs, and the cursor. */
function runLogQuery(runs, next) {
    const query = new URLSearchParams({
        workflowRuns: runs.map(r => `${r.workflowRunId}@${r.workflowCreatedAt}`).join(','),
        count: String(runs.length)
    });
    if (next !== undefined)
        query.set('cursor', next);
    return query;
}
/** Query of one request of the SDK's path: one run, grouped by run. */
function runEventsQuery(run, next) {
    const query = new URLSearchParams({
        groupBy: 'workflowRunId',
        workflowRunId: run.workflowRunId,
        workflowCreatedAt: String(run.workflowCreatedAt)
    });
    if (next !== undefined)
        query.set('cursor', next);
    return query;
}
/**
 * The runs split into requests of at most RUN_LOG_BATCH pairs whose URL `fits`; `unasked`: runs no request can name
 * (an id with a comma is not one pair, one alone too long for a URL), which stay unknown.
 */
function runLogBatches(runs, fits) {
    const batches = [];
    const unasked = [];
    let batch = [];
    for (const run of runs) {
        if (run.workflowRunId.includes(',') || !fits(runLogQuery([run]))) {
            unasked.push(run.workflowRunId);
            continue;
        }
        if (batch.length === RUN_LOG_BATCH || (batch.length > 0 && !fits(runLogQuery([...batch, run])))) {
            batches.push(batch);
            batch = [];
        }
        batch.push(run);
    }
    if (batch.length > 0)
        batches.push(batch);
    return { batches, unasked };
}
/**
 * Keeps, of each page, the runs that were asked about, once each, each matched by the pair asked: run ids are set by
 * the caller and repeat, so an entry of the same id and another creation time is another run, never this one. Runs
 * of other ids (a filter ignored) are dropped.
 */
class RunLogCollector {
    redact;
    /** Each run asked about: its id, and the creation time the service knows it by. */
    asked;
    runs = new Map();
    problems = [];
    /** Ids already seen in an answer for the pair asked (read, or left out for a bad field). */
    pending = new Set();
    constructor(runs, redact) {
        this.redact = redact;
        this.asked = new Map(runs.map(r => [r.workflowRunId, r.workflowCreatedAt]));
    }
    add(items) {
        // Only the first of each run asked about is read (with the items that name no run, to be named): a server that
        // ignores the filter, or repeats a run, cannot make the reading grow.
        const positions = [];
        items.forEach((item, index) => {
            const record = isRecord(item) ? item : undefined;
            const id = record?.workflowRunId;
            if (typeof id === 'string' && (!this.asked.has(id) || this.pending.has(id) || !this.isPairAsked(record, id))) {
                return;
            }
            if (typeof id === 'string')
                this.pending.add(id);
            positions.push(index);
        });
        const { runs, problems } = readRunLogRuns(positions.map(index => items[index]), this.redact);
        for (const problem of problems)
            this.problems.push({ ...problem, index: positions[problem.index] ?? problem.index });
        for (const run of runs)
            if (!this.runs.has(run.workflowRunId))
                this.runs.set(run.workflowRunId, run);
    }
    /** The item is the run asked, not another of the same id: its creation time, where it gives one, is the one asked. */
    isPairAsked(item, id) {
        const created = millis.safeParse(item?.workflowRunCreatedAt ?? item?.workflowCreatedAt);
        return !created.success || created.data === undefined || created.data === this.asked.get(id);
    }
}

;// CONCATENATED MODULE: ./src/service/client.ts
















const DLQ_PATH = '/v2/dlq';
/** What EnvHttpProxyAgent reads a proxy from; with none of them set it sends every request directly. */
const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];
/** The service's three endpoints, over one retry policy, with the token only ever sent to base-url's origin. */
class ServiceClient {
    options;
    dispatcher;
    redact;
    limit;
    /** The service's `Date` headers, checked before they are trusted (its own clock, read where a bound must be on it). */
    clock = new ServiceClock();
    /** The run-log path that answered ('none': both answered 404), once a request has told. */
    runLogPath;
    constructor(options) {
        this.options = options;
        this.redact = redactor([options.token]);
        this.limit = new AdaptiveLimit(options.concurrency ?? 1);
    }
    /** One page of `GET /v2/dlq`: its items are checked only as an array here, read with readDlqMessages. */
    async listDlqPage(query) {
        const json = this.parseJson('GET', DLQ_PATH, await this.send('GET', DLQ_PATH, query, {}));
        // The usual envelope is taken as it is, without copying the page through the schema; anything else is checked.
        const { messages, cursor } = isRecord(json) && Array.isArray(json.messages) && (json.cursor == null || typeof json.cursor === 'string')
            ? json
            : this.check('GET', DLQ_PATH, json, dlqEnvelopeSchema);
        return { ...(cursor ? { cursor } : {}), items: messages };
    }
    /** `POST /v2/schedules/{id}/resume`; a 405 is tried once more as PATCH, which some servers (and the SDKs) want. */
    async resumeSchedule(scheduleId) {
        const path = scheduleResumePath(scheduleId);
        try {
            await this.send('POST', path, new URLSearchParams(), {});
        }
        catch (err) {
            if (!(err instanceof ServiceError) || err.status !== 405)
                throw err;
            this.options.log(`POST ${path}: HTTP 405 (method not allowed); trying once more with PATCH`);
            await this.send('PATCH', path, new URLSearchParams(), {});
        }
    }
    /** One request of a bulk write (src/verbs.ts): takes at most the verb's page size of entries. */
    async bulkPage(verb, query, headers) {
        const { path, method } = verb;
        const answer = await this.send(method, path, query, headers);
        // The service carried this request out (2xx): if its answer is unusable, the entries it took are unknown.
        const lost = answer.lostAnswers + 1;
        const json = this.parseJson(method, path, answer, lost);
        const { lostAnswers } = answer;
        if (verb.makes === 'count') {
            const { deleted, cursor } = this.check(method, path, json, deleteEnvelopeSchema, lost);
            const problem = deletedProblem(deleted, query);
            if (problem)
                throw requestError(method, path, { kind: 'malformed', field: 'deleted', problem }, lost);
            return { ...(cursor ? { cursor } : {}), workflowRuns: [], deleted, problems: [], lostAnswers };
        }
        if (verb.makes === 'message') {
            const { responses, cursor } = this.check('POST', path, json, retryEnvelopeSchema, lost);
            const { messages, problems } = readRetriedMessages(responses);
            return { ...(cursor ? { cursor } : {}), workflowRuns: [], messages, problems, lostAnswers };
        }
        const { workflowRuns, cursor } = this.check('POST', path, json, resumeEnvelopeSchema, lost);
        const { runs, problems } = readWorkflowRuns(workflowRuns);
        return { ...(cursor ? { cursor } : {}), workflowRuns: runs, problems, lostAnswers };
    }
    /** One request of `POST /v2/workflows/dlq/resume`: resumes at most 50 runs. */
    resumeWorkflowsPage(query, headers) {
        return this.bulkPage(VERBS['resume-workflows'], query, headers);
    }
    /**
     * The run log of these runs (docs/service.md, "The run log"): RUN_LOG_BATCH pairs a request on the documented path,
     * or where it answers 404 the SDK's path, a run a request. The path that answered is remembered; 404 on both is a
     * service without a run log ('absent'), any other failure an error. `maxPages` bounds the pages of each request.
     */
    async readRunLog(runs, maxPages) {
        const found = new RunLogCollector(runs, this.redact);
        let requests = 0;
        const drain = async (path, query) => {
            const page = async (cursor) => {
                requests++;
                const json = this.parseJson('GET', path, await this.send('GET', path, query(cursor), {}));
                return this.check('GET', path, json, runLogEnvelopeSchema);
            };
            for await (const { runs: items } of drainPages(page, { maxPages, maxPagesInput: Inputs.MaxPages }))
                found.add(items);
        };
        // Only the first request of a path tells whether it exists: a 404 later is the error it says.
        const exists = async (path, query) => {
            const before = requests;
            try {
                await drain(path, query);
                return true;
            }
            catch (err) {
                if (err instanceof ServiceError && err.status === 404 && requests === before + 1)
                    return false;
                throw err;
            }
        };
        const fits = (query) => requestUrl(this.options.baseUrl, RUN_LOG_PATH, query).href.length <= MAX_URL_BYTES;
        const { batches, unasked } = runLogBatches(runs, fits);
        for (const batch of batches) {
            let rest = batch;
            if (this.runLogPath === undefined) {
                if (await exists(RUN_LOG_PATH, cursor => runLogQuery(batch, cursor))) {
                    this.runLogPath = 'logs';
                    continue;
                }
                this.options.log(`GET ${RUN_LOG_PATH}: HTTP 404; asking GET ${RUN_EVENTS_PATH} instead, as the SDK does`);
                const [first] = batch;
                if (!(await exists(RUN_EVENTS_PATH, cursor => runEventsQuery(first, cursor)))) {
                    this.runLogPath = 'none';
                    this.options.log(`GET ${RUN_EVENTS_PATH}: HTTP 404 as well: this service keeps no run log`);
                }
                else
                    this.runLogPath = 'events';
                rest = batch.slice(1);
            }
            if (this.runLogPath === 'none')
                return { kind: 'absent', requests };
            if (this.runLogPath === 'logs')
                await drain(RUN_LOG_PATH, cursor => runLogQuery(rest, cursor));
            else
                for (const run of rest)
                    await drain(RUN_EVENTS_PATH, cursor => runEventsQuery(run, cursor));
        }
        if (this.runLogPath === 'none')
            return { kind: 'absent', requests };
        const { runs: read, problems } = found;
        const path = this.runLogPath !== undefined ? { path: this.runLogPath } : {};
        return { kind: 'read', ...path, runs: read, problems, unasked, requests };
    }
    /** Length of the URL a bulk write with this query is sent to (ASCII: bytes and characters alike). */
    bulkUrlLength(verb, query) {
        return requestUrl(this.options.baseUrl, verb.path, query).href.length;
    }
    /**
     * The service's time when it sent its latest answer with a usable `Date`: whole seconds, so the true time was up
     * to 1 s later (a bound taken from it errs early). Undefined until one came, or once Dates went backwards.
     */
    serviceNow() {
        return this.clock.now();
    }
    /** Why a Date the service sent was not used (not an HTTP date, stale, gone backwards), or undefined. */
    dateFault() {
        return this.clock.fault;
    }
    /** One line for the log, through the same channel as the retries. */
    log(line) {
        this.options.log(line);
    }
    async close() {
        await this.dispatcher?.close();
    }
    /** Closes the pool at once, cutting any request still under way (after a stop). */
    async destroy() {
        await this.dispatcher?.destroy();
    }
    /** Sends with retries: a 2xx answer or a ServiceError, each counting a POST's answers lost after sending. */
    async send(method, path, query, headers) {
        const url = requestUrl(this.options.baseUrl, path, query);
        // Measured in the absolute form a proxy gets, the longest: a request over the limit is never sent.
        const lineBytes = Buffer.byteLength(`${method} ${url.href} HTTP/1.1`);
        if (lineBytes > MAX_REQUEST_LINE_BYTES) {
            const cursor = query.get('cursor');
            const at = { method, path, bytes: lineBytes, limit: MAX_REQUEST_LINE_BYTES };
            throw new ServiceError({ kind: 'long-request', ...at, ...(cursor ? { cursorLength: cursor.length } : {}) });
        }
        const { stop, timeoutMs, log, sleep, now, random } = this.options;
        const failed = (cause, lost, attempts = 1) => requestError(method, path, cause, lost, `${url.origin}${url.pathname}`, attempts);
        // A POST or DELETE may have been carried out when its answer is lost: one more attempt possibly done.
        const sent = method === 'POST' || method === 'DELETE' ? 1 : 0;
        let lostAnswers = 0;
        const once = async () => {
            let answer;
            try {
                answer = await this.limit.run(() => {
                    // Checked when the request would leave, after any wait for a free slot: nothing new after a stop.
                    if (stop?.signal.aborted)
                        throw this.cancelled(lostAnswers);
                    return this.attempt(method, url, headers);
                });
            }
            catch (err) {
                if (err instanceof ServiceError)
                    throw err;
                // Cut under way: a POST may have been carried out (for a resume, up to 50 runs possibly resumed).
                if (stop?.hard.aborted)
                    throw this.cancelled(lostAnswers + sent);
                if (!(err instanceof UnreadableBody))
                    throw err;
                if (err.status >= 200 && err.status < 300) {
                    // Carried out, but what it did cannot be read: not retried, and counted as possibly done.
                    throw failed({ kind: 'unreadable', status: err.status, reason: this.redact(err.reason) }, lostAnswers + sent);
                }
                // An error whose text cannot be read is still an error with a status: decide on that.
                answer = { status: err.status, headers: err.headers, body: `(${err.reason})` };
            }
            if (answer.status >= 200 && answer.status < 300)
                return { ...answer, lostAnswers };
            if (answer.status >= 300 && answer.status < 400) {
                const { location } = answer.headers;
                const shown = location !== undefined ? { location: this.redact(location) } : {};
                throw failed({ kind: 'redirect', status: answer.status, ...shown }, lostAnswers);
            }
            throw new ErrorAnswer(answer);
        };
        return retrying(once, {
            policy: this.options.retry,
            signal: stop?.signal,
            classify: err => {
                if (err instanceof ServiceError)
                    throw err;
                const outcome = err instanceof ErrorAnswer
                    ? { kind: 'status', status: err.answer.status, headers: err.answer.headers }
                    : { kind: 'error', code: errorCode(err) };
                if (sent && mayHaveBeenCarriedOut(outcome))
                    lostAnswers++;
                return outcome;
            },
            describe: (_, outcome) => `${method} ${url.pathname}: ` +
                (outcome.kind === 'status' ? `HTTP ${outcome.status}` : describeTransportError(outcome.code, timeoutMs)),
            onRetry: outcome => {
                if (outcome.kind !== 'status' || outcome.status !== 429)
                    return;
                // The service said "too many requests": fewer at once, said in the log when it changes anything.
                const before = this.limit.current;
                this.limit.rateLimited();
                if (this.limit.current < before)
                    log(`rate limited: requests at once cut from ${before} to ${this.limit.current}`);
            },
            giveUp: (error, attempts, outcome) => {
                const cause = outcome.kind === 'status'
                    ? { kind: 'status', status: outcome.status, serverText: this.serverText(error.answer) }
                    : { kind: 'transport', code: outcome.code, timeoutMs };
                return failed(cause, lostAnswers, attempts);
            },
            stopped: () => this.cancelled(lostAnswers),
            log,
            sleep,
            now,
            random
        });
    }
    /** The step was stopped, by SIGINT or else SIGTERM: nothing is sent after it, one under way may have been cut. */
    cancelled(lostAnswers) {
        const signal = (0,src_stop/* stopSignalOf */.eq)(this.options.stop?.signal);
        return new ServiceError({ kind: 'cancelled', signal }, lostAnswers);
    }
    /** One attempt, bounded from connect to the last byte of the body by timeout-seconds. */
    async attempt(method, url, headers) {
        const deadline = AbortSignal.timeout(this.options.timeoutMs);
        const hard = this.options.stop?.hard;
        const signal = hard ? AbortSignal.any([deadline, hard]) : deadline;
        // Honours HTTPS_PROXY, HTTP_PROXY and NO_PROXY (self-hosted runners); without any, a plain pool does the same.
        // Chosen once: the environment is not read again on every request.
        const proxied = () => PROXY_VARIABLES.some(name => process.env[name]);
        const response = await (0,undici.request)(url, {
            method,
            dispatcher: this.options.dispatcher ?? (this.dispatcher ??= proxied() ? new undici.EnvHttpProxyAgent() : new undici.Agent()),
            signal,
            headers: {
                ...headers,
                authorization: `Bearer ${this.options.token}`,
                accept: 'application/json',
                'user-agent': 'dlq-action'
            }
        });
        const answer = await readAnswer(response);
        this.clock.observe(answer.headers.date, answer.headers.age, Date.now());
        return answer;
    }
    /** The server's text for a message: the token taken out before it is shortened, so no part of it survives. */
    serverText(answer) {
        return errorText(answer.body, this.redact);
    }
    parseJson(method, path, answer, lost = 0) {
        try {
            return JSON.parse(answer.body);
        }
        catch {
            const cause = { kind: 'not-json', status: answer.status, serverText: this.serverText(answer) };
            throw requestError(method, path, cause, lost);
        }
    }
    /** Checks a decoded answer against its wire schema; a mismatch names the endpoint and the field. */
    check(method, path, json, schema, lost = 0) {
        const parsed = schema.safeParse(json);
        if (parsed.success)
            return parsed.data;
        const issue = parsed.error.issues[0];
        const field = issue && issue.path.length > 0 ? issue.path.join('.') : '(body)';
        const problem = this.redact(issue?.message ?? 'invalid');
        throw requestError(method, path, { kind: 'malformed', field: this.redact(field), problem }, lost);
    }
}
/** A failed request; `url` (no query: it may be long) is the path alone when the answer arrived but is unusable. */
const requestError = (method, path, cause, lost, url = path, attempts = 1) => new ServiceError({ kind: 'request', request: { method, path, url, attempts, cause } }, lost);
/** An answer with an error status: what the retry loop judges. */
class ErrorAnswer extends Error {
    answer;
    constructor(answer) {
        super(`HTTP ${answer.status}`);
        this.answer = answer;
    }
}
/** Requests in flight at most: halved on a 429, one more after a run of successes, from one to the configured. */
class AdaptiveLimit {
    max;
    growAfter;
    inFlight = 0;
    successes = 0;
    waiting = [];
    current;
    constructor(max, 
    /** Successes in a row that earn one more slot. */
    growAfter = 5) {
        this.max = max;
        this.growAfter = growAfter;
        this.current = max;
    }
    /** The service said "too many requests". */
    rateLimited() {
        this.current = Math.max(1, Math.floor(this.current / 2));
        this.successes = 0;
    }
    /** Runs `task` when a slot is free; a success counts toward growing back. */
    async run(task) {
        while (this.inFlight >= this.current)
            await new Promise(resolve => this.waiting.push(resolve));
        this.inFlight++;
        try {
            const value = await task();
            if (++this.successes >= this.growAfter && this.current < this.max) {
                this.current++;
                this.successes = 0;
            }
            return value;
        }
        finally {
            this.inFlight--;
            this.waiting.splice(0, Math.max(0, this.current - this.inFlight)).forEach(wake => wake());
        }
    }
}

;// CONCATENATED MODULE: ./src/main.ts
// The composition root: read the settings, build the client, run the operation's entry of the table below, report
// its result through the output boundary.




































/**
 * Masks a secret in the log before anything else is printed; the trimmed form too, as that is what is sent. One too
 * short to be a token is refused by its input before any request, never sent: masking it would mangle that refusal.
 */
function maskSecret(value) {
    const trimmed = value.trim();
    if (trimmed.length < MIN_TOKEN_LENGTH)
        return '';
    core.setSecret(trimmed);
    if (value !== trimmed)
        core.setSecret(value);
    return trimmed;
}
/** The runner as @actions/core offers it; only the output boundary writes to it. */
function actionsRunner() {
    const { info, debug, notice, warning, error, setFailed, setOutput } = core;
    const writeSummary = async (markdown) => {
        if (!process.env.GITHUB_STEP_SUMMARY)
            return false;
        await core.summary.addRaw(markdown).write();
        return true;
    };
    return { info, debug, notice, warning, error, setFailed, setOutput, writeSummary };
}
const OPERATIONS = {
    'list-dlq': {
        group: 'Listing the DLQ',
        files: s => [
            [Inputs.MessagesFile, s.messagesFile],
            [Inputs.MetricsFile, s.metricsFile],
            [Inputs.HistoryFile, s.historyFile]
        ],
        concurrency: s => s.list.concurrency,
        run: async (s, { client, log, encode, progress, now, signal }) => {
            const progressLine = atMostEvery(1000, log);
            const onPage = (_messages, total) => progressLine(() => `${formatCount(total)} messages listed so far`);
            const hooks = { log, onPage, progress, signal, now };
            const earlier = s.historyFile === undefined ? undefined : await readHistory(s.historyFile, historyOf(s), now);
            if (earlier?.none !== undefined)
                log(`history-file: no history yet: ${earlier.none}.`);
            const file = {
                path: s.messagesFile,
                input: Inputs.MessagesFile,
                keepCredentialHeaders: s.keepCredentialHeaders
            };
            const found = await listDlqToFile(client, s.list, file, encode, hooks);
            // Ages are compared with the service's createdAt: judged on its clock (its last usable Date), else the runner's.
            const { now: at, clock } = ageClock(client, now);
            return { ...judged(found, s.health, at, earlier), clock };
        },
        report: listReport,
        after: async (s, result, ctx) => {
            if (s.metricsFile !== undefined)
                await writeMetrics(s.metricsFile, result, ctx.out, ctx.now);
            if (s.historyFile !== undefined && result.history !== undefined) {
                const text = historyText(historyOf(s), result.history.samples);
                await writeFile(Inputs.HistoryFile, s.historyFile, text, ctx.out);
            }
            const issue = await healthIssue(s, result, ctx);
            // The issue step runs after the report: its edge is written as outputs once it is known.
            ctx.out.setOutputs(issueOutputs(issue));
            return issue;
        },
        overdue: { count: Outputs.DlqCount, what: p => `at least ${p.confirmed} messages listed before the cancel` }
    },
    'resume-schedule': {
        group: 'Resuming schedules',
        run: async (s, { client, log }) => s.dryRun
            ? planSchedules(s.schedules)
            : resumeSchedules(client, s.schedules, o => log(o.ok ? `schedule ${o.scheduleId}: resumed` : scheduleFailureText(o))),
        report: planOr(schedulePlanReport, scheduleReport),
        overdue: { what: () => 'the schedules resumed are named in the log above' }
    },
    'resume-workflows': bulkEntry('resume-workflows'),
    'restart-workflows': bulkEntry('restart-workflows'),
    'retry-messages': bulkEntry('retry-messages'),
    // Lists into archive-file and flushes it, then deletes exactly the ids listed (operations/delete-dlq).
    'delete-dlq': {
        group: 'Deleting DLQ entries',
        files: s => (s.dryRun ? [[Inputs.PlanFile, s.planFile]] : [[Inputs.ArchiveFile, s.archiveFile]]),
        prepare: async (s) => {
            if (!s.dryRun)
                await checkArchiveFile(s.archiveFile);
            return withDlqIdsFile(s);
        },
        run: (s, { client, log, encode, progress, signal, now }) => {
            const { resume: request, dryRun, expectCount, olderThan, archiveFile, planFile } = s;
            const asked = { request, dryRun, expectCount, olderThan, archiveFile, planFile };
            return deleteDlq(client, asked, { clock: REAL_CLOCK, log, encode, progress, signal, now });
        },
        report: deleteReport,
        overdue: {
            count: Outputs.DeletedCount,
            what: ({ confirmed, uncertainRequests: lost, planned }) => planned !== undefined
                ? `at least ${planned} entries listed before the cancel; no delete request was sent`
                : `${confirmed} entries deleted before the cancel` +
                    (lost > 0 ? `, and possibly more (${lost} requests got no answer)` : '') +
                    '; every entry listed is in archive-file (named in the log above): give it as dlq-ids-file to finish'
        }
    }
};
/**
 * The entry of one bulk write (src/verbs.ts): the one engine, given the verb. dry-run lists what it would take and
 * writes nothing; expect-count lists first, then writes the entries listed, by their DLQ ids, if they are as many.
 */
function bulkEntry(operation) {
    const { words, pageSize, countOutput } = VERBS[operation];
    return {
        group: `${words.doing[0]?.toUpperCase()}${words.doing.slice(1)} failed ${words.items}`,
        files: s => [
            [Inputs.RunsFile, s.runsFile],
            [Inputs.PlanFile, s.planFile]
        ],
        prepare: withDlqIdsFile,
        run: (s, { client, log, encode, progress, signal, now }) => {
            const write = (request) => resumeWorkflowsToFile(s.runsFile, verbOf(request), encode, log, onPage => resumeWorkflows(client, request, { clock: REAL_CLOCK, stop: signal, log, onPage, progress }));
            const hooks = { clock: REAL_CLOCK, log, encode, progress, signal, now };
            if (s.dryRun)
                return planWrite(client, s.resume, s.planFile, hooks, s.expectCount);
            if (s.expectCount === undefined)
                return write(s.resume);
            return expectThenWrite(client, s.resume, s.expectCount, s.planFile, hooks, write);
        },
        report: planOr(planReport, withExpected(resumeReport)),
        overdue: {
            count: countOutput,
            what: ({ confirmed, uncertainRequests: lost, uncertainRuns, planned }) => planned !== undefined
                ? `at least ${planned} entries planned before the cancel; no write request was sent`
                : `${confirmed} ${words.short} ${words.past} before the cancel` +
                    (lost > 0 ? `, and up to ${uncertainRuns ?? lost * pageSize} more possibly ${words.past}` : '')
        }
    };
}
/** Opens, comments on or closes the health issue as issue-on-failure asks; a cancel before it leaves it as it is. */
async function healthIssue(s, result, { out, retry, signal, now }) {
    if (s.issue === undefined)
        return {};
    if (signal.aborted) {
        out.warning('The step was cancelled: the health issue was left as it is (the next run brings it up to date).');
        return { cut: { signal: (0,src_stop/* stopSignalOf */.eq)(signal) } };
    }
    const step = { ...s.issue, token: s.githubToken, timeoutMs: s.service.timeoutMs, retry, now, signal };
    return updateHealthIssue(step, result, out);
}
/** Writes the check's figures to metrics-file; a write error fails the step, the outputs and summary standing. */
async function writeMetrics(path, result, out, now) {
    await writeFile(Inputs.MetricsFile, path, metricsText(out.redactValue(result), now), out);
}
/** Writes a whole file an input names; a write error fails the step naming the input, the outputs and summary standing. */
async function writeFile(input, path, text, out) {
    try {
        await out.textFile(path, text);
        out.info(`${input} written: ${path}`);
    }
    catch (err) {
        const code = err?.code ?? 'EIO';
        out.setFailed(fileText({ input, path, code }));
    }
}
/** The check a history-file belongs to: the service and the listing's filters, as the health issue scopes them. */
const historyOf = (s) => historyCheck(s.service.baseUrl, checkScope(s.list.filters));
/** The table entry of one operation, typed by its settings. */
const entryOf = (operation) => OPERATIONS[operation];
/** The files a run will write (checked before any request), by the input naming each, as its entry says. */
const outputFiles = (settings) => entryOf(settings.operation).files?.(settings) ?? [];
/** Writes outputs, the notice, warnings and the job summary, then fails the step if the operation did not succeed. */
async function report(raw, how, out, now) {
    // Rendered from redacted values: escaping first would change how a secret looks and hide it from the redactor.
    const result = out.redactValue(raw);
    out.setOutputs(how.outputs(result));
    const notice = how.notice?.(result, now);
    if (notice !== undefined)
        out.notice(notice);
    for (const warning of how.warnings(result))
        out.warning(warning);
    if (!(await out.summary(how.summary(result, runContext(), { now })))) {
        out.info('GITHUB_STEP_SUMMARY is not set: no job summary written.');
    }
    const failure = how.failure(result);
    if (failure !== undefined)
        out.setFailed(failure);
}
/**
 * The action: read every input once, run the chosen operation, report what happened. Without a stop (as
 * `npx @github/local-action` calls it) the run has one of its own that no signal reaches.
 */
async function run(stop = new src_stop/* StopController */.d()) {
    const secrets = [maskSecret(core.getInput(Inputs.Token)), maskSecret(core.getInput(Inputs.GithubToken))];
    const out = new OutputBoundary(actionsRunner(), redactor(secrets));
    const live = { progress: { confirmed: 0, uncertainRequests: 0 }, reported: false };
    stop.onOverdue = signal => lastResort(signal, live, out);
    try {
        await runWith(out, live, Date.now(), stop);
    }
    catch (err) {
        // Expected failures are reported where they happen; this is a bug, so keep the stack for the debug log.
        out.debug(err.stack ?? String(err));
        out.setFailed(`Unexpected error: ${err.message}`);
    }
}
/** The report overdue after a signal, written synchronously: the confirmed count and cursor, one error line. */
function lastResort(signal, live, out, writeLine = line => (0,external_node_fs_.writeSync)(1, line)) {
    if (live.reported || live.operation === undefined)
        return;
    const { confirmed, nextCursor, toDate, fromDate, planned } = live.progress;
    const { count, what } = OPERATIONS[live.operation].overdue;
    // A cursor continues the selectors it came from: the dates every request sent go with it, as dates.
    const from = fromDate !== undefined ? `, input from-date: ${fromDate}` : '';
    const bound = nextCursor !== undefined && toDate !== undefined ? `${from} and input to-date: ${toDate}` : '';
    // A plan under way has sent no write: a listing's cursor continues none.
    const cursor = planned === undefined ? nextCursor : undefined;
    const next = continueHint(cursor) + (continueHint(cursor).startsWith('; to continue') ? bound : '');
    const text = `Cancelled (${signal}) and the report could not be written in time: ${what(live.progress)}${next}`;
    process.exitCode = 1;
    // The error line first: @actions/core throws when the output file is gone, and the line must still be said.
    writeLine(`::error::${neutraliseAnnotation(out.redact(text))}\n`);
    if (!process.env.GITHUB_OUTPUT)
        return;
    // Every operation has `complete`: what a workflow reads to know the run did not do everything asked.
    core.setOutput(Outputs.Complete, 'false');
    // A plan under way: its count is what it listed.
    if (planned !== undefined) {
        core.setOutput(Outputs.PlannedCount, String(planned));
        return;
    }
    if (count !== undefined) {
        core.setOutput(count, out.redact(String(confirmed)));
        core.setOutput(Outputs.NextCursor, out.redact(nextCursor ?? ''));
        if (bound !== '')
            core.setOutput(Outputs.NextToDate, String(toDate));
        if (bound !== '' && fromDate !== undefined)
            core.setOutput(Outputs.NextFromDate, String(fromDate));
    }
}
async function runWith(out, live, now, stop) {
    let settings;
    try {
        settings = readSettings(name => core.getInput(name), now);
        await checkOutputFiles(outputFiles(settings));
        settings = (await entryOf(settings.operation).prepare?.(settings)) ?? settings;
    }
    catch (err) {
        if (!(err instanceof InputError))
            throw err;
        await out.summary(refusalSummary(err.message, err.narrow));
        out.setFailed(err.message);
        return;
    }
    for (const name of unusedInputs(name => core.getInput(name), settings.operation)) {
        out.warning(`Input '${name}' is not used by operation ${settings.operation} and was ignored.`);
    }
    const entry = entryOf(settings.operation);
    const { maxAttempts, ...service } = settings.service;
    const retry = { ...DEFAULT_RETRY_POLICY, maxAttempts };
    const log = (line) => out.info(line);
    const encode = (record) => out.jsonLine(record);
    const client = new ServiceClient({ ...service, retry, log, concurrency: entry.concurrency?.(settings) ?? 1, stop });
    live.operation = settings.operation;
    const ctx = { client, out, log, encode, retry, now, progress: live.progress, signal: stop.signal };
    try {
        const result = await core.group(entry.group, () => entry.run(settings, ctx));
        // The report says ages on the clock the verdict was judged on: the service's, where it sent a Date.
        const judgedNow = client.serviceNow() ?? now;
        // The verdict first, the issue after: a cancel during the issue call costs the issue, never the outputs.
        await report(result, entry.report, out, judgedNow);
        live.reported = true;
        const issue = await entry.after?.(settings, result, { ...ctx, now: judgedNow });
        // The summary was written before the issue step: its line follows, a cut one too.
        const line = issue?.cut !== undefined ? issueCutLine(issue.cut) : issueLine(issue?.link);
        if (line !== undefined)
            await out.summary(`${line}\n\n`);
        // A cancel that came after the operation ended still ends the step non-zero: the runner asked it to stop.
        if (stop.first !== undefined && process.exitCode !== 1) {
            out.setFailed(`The step was cancelled (${stop.first}) after its work was done: the outputs and summary stand.`);
        }
    }
    finally {
        // After a stop nothing more is needed of a request still under way (a prefetched page): cut it.
        await (stop.signal.aborted ? client.destroy() : client.close());
    }
}


/***/ })

};
