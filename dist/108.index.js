export const id = 108;
export const ids = [108];
export const modules = {

/***/ 6108:
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
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
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
})(Outputs || (Outputs = {}));
const Operations = ['list-dlq', 'resume-schedule', 'resume-workflows'];
/**
 * Defaults as action.yml declares them (a test holds the two equal): the runner passes these even when the user set
 * nothing. Written once: the input schemas and the retry policy read them from here.
 */
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
    [Inputs.Source]: 'message'
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
/** Every request URL stays under 6 KB (inputs/query-size, operations/resume-workflows): proxies refuse ~8 KB. */
const MAX_URL_BYTES = 6 * 1024;
/** Room kept in that budget for a cursor the service sends back (query-size, resume-workflows' dlq-ids split). */
const CURSOR_ROOM_BYTES = 1024;
/** Longest cursor accepted (service/pagination), written to next-cursor and the summary (report/): sent in a URL. */
const MAX_CURSOR_LENGTH = 4096;
/** Runs one bulk resume resumes at most, the spec's maximum: sent as count, and what a lost answer may hide. */
const RESUME_PAGE_SIZE = 50;
/** Distinct values a breakdown keeps at once (operations/tally): beyond, counts become approximate (Misra-Gries). */
const TALLY_CAPACITY = 1000;
/** GitHub caps a job's outputs at 1 MB, counted in UTF-16 code units at two bytes each (report/boundary). */
const GITHUB_OUTPUTS_MAX_BYTES = 1_000_000;
/** What this step's outputs use, names included (report/step-outputs): the rest is slack for the runner's framing. */
const OUTPUTS_BUDGET_BYTES = 950_000;
/** message-ids stays a valid JSON array below this (operations/accumulator, parallel-list), inside the budget above. */
const MESSAGE_IDS_MAX_BYTES = 900_000;
/** GitHub drops a whole job summary above 1 MiB (report/budget): stay under. */
const SUMMARY_LIMIT_BYTES = 1_000_000;

;// CONCATENATED MODULE: ./src/github/context.ts
/**
 * The link back to this workflow run, from the variables `github.context` reads (GITHUB_SERVER_URL,
 * GITHUB_REPOSITORY, GITHUB_RUN_ID): importing @actions/github for three variables would load Octokit on
 * every start. Empty outside Actions.
 */
function runContext(env = process.env) {
    const { GITHUB_RUN_ID: runId, GITHUB_REPOSITORY: repository } = env;
    if (!runId || !repository)
        return {};
    const server = env.GITHUB_SERVER_URL || 'https://github.com';
    return { runUrl: `${server}/${repository}/actions/runs/${runId}` };
}

;// CONCATENATED MODULE: ./src/failure.ts
/**
 * What ended an operation part way, kept as data from where it happened up to the report, which alone writes the
 * sentence (report/failure-text.ts). A root module: it imports no folder of src/.
 */
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
    constructor(
    /** Which guard stopped it: the page budget, a cursor sent before, or a cursor too long to send back. */
    failure, 
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
 * Yields page after page, sending each cursor back verbatim, until a page carries no cursor.
 * Stops with DrainStopped when the service returns a cursor it was already sent in this drain (a cycle such as
 * A → B → A would never finish; remembered as fingerprints, a few bytes a page), a cursor longer than
 * MAX_CURSOR_LENGTH, or after `maxPages` pages. A page is always yielded before its cursor is judged, so
 * nothing it carries is lost.
 */
async function* drainPages(fetchPage, options) {
    let cursor = options.startCursor;
    const sent = new Set();
    if (cursor !== undefined)
        sent.add(cursorFingerprint(cursor));
    const judge = (next) => {
        if (next === undefined)
            return 'end';
        if (next.length > MAX_CURSOR_LENGTH)
            return 'too-long';
        return sent.has(cursorFingerprint(next)) ? 'repeat' : 'new';
    };
    let pending = fetchPage(cursor);
    for (let pages = 1;; pages++) {
        const page = await pending;
        const next = page.cursor;
        const verdict = judge(next);
        if (options.prefetch && verdict === 'new' && pages < options.maxPages) {
            pending = fetchPage(next);
            // A caller that stops early never awaits it: its failure must not become an unhandled rejection.
            pending.catch(() => { });
        }
        yield page;
        if (next === undefined)
            return;
        if (verdict === 'too-long') {
            throw new DrainStopped({ kind: 'long-cursor', pages, length: next.length, limit: MAX_CURSOR_LENGTH });
        }
        if (verdict === 'repeat') {
            throw new DrainStopped({ kind: 'repeated-cursor', pages, cursor: next, same: next === cursor });
        }
        sent.add(cursorFingerprint(next));
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
        // Continue from the first page not handled: the one that failed, or the one whose handling failed.
        const nextCursor = err instanceof DrainStopped ? err.cursor : unhandled[0];
        return {
            pages,
            failure: failureOf(err),
            ...(nextCursor !== undefined ? { nextCursor } : {})
        };
    }
}

;// CONCATENATED MODULE: ./src/service/transport-errors.ts
/**
 * Transport errors, in one table: whether another attempt is worth it, whether the service may already have carried
 * the request out (its answer lost on the way back), and how to say it in the log.
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
/** Whether the service may have carried out a request that ended in this transport error. */
function mayHaveBeenCarriedOutAfter(code) {
    return TRANSPORT_ERRORS[code]?.mayHaveBeenCarriedOut ?? false;
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
/** An answer whose status arrived but whose body cannot be read (too large, undecodable, not UTF-8). */
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
    deflate: (data, options) => data.length >= 2 && (data[0] & 0x0f) === 8 && ((data[0] << 8) | data[1]) % 31 === 0
        ? (0,external_node_util_.promisify)((external_node_zlib_default()).inflate)(data, options)
        : (0,external_node_util_.promisify)((external_node_zlib_default()).inflateRaw)(data, options),
    br: (data, options) => (0,external_node_util_.promisify)((external_node_zlib_default()).brotliDecompress)(data, options)
};
/**
 * Reads a response whole. A body that arrives but cannot be read throws UnreadableBody with the status, so the
 * caller can tell "done, unreadable" from "lost".
 */
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
            const tooLarge = err.code === 'ERR_BUFFER_TOO_LARGE';
            throw unreadable(tooLarge
                ? `a ${encoding} body that decodes to more than ${MAX_BODY_BYTES / 1024 / 1024} MiB`
                : `a ${encoding} body that does not decode (${errorCode(err)})`);
        }
    }
    let body;
    try {
        // fatal: a byte that is not UTF-8 must not silently become another id; a leading byte-order mark is dropped.
        body = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    }
    catch {
        throw unreadable('a body that is not valid UTF-8');
    }
    return { status, headers, body };
}

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 15 modules
var schemas = __webpack_require__(9691);
;// CONCATENATED MODULE: ./src/service/schemas.ts

/** The largest time a JavaScript Date can hold (ms); a later one would crash every date written from it. */
const MAX_DATE_MS = 8.64e15;
/** True for a number of milliseconds that a Date can hold: anything else is left out of dates and charts. */
function isDateMs(ms) {
    return typeof ms === 'number' && Number.isFinite(ms) && Math.abs(ms) <= MAX_DATE_MS;
}
const TIME_EXPECTED = `expected milliseconds from 0 to ${MAX_DATE_MS} (a time a JavaScript Date can hold)`;
const timeNumber = schemas/* number */.aig({ error: TIME_EXPECTED })
    .int(TIME_EXPECTED)
    .min(0, TIME_EXPECTED)
    .max(MAX_DATE_MS, TIME_EXPECTED);
/** Some servers send timestamps as strings of digits: accept both, keep a number. */
const millis = schemas/* union */.KCZ([
    timeNumber,
    schemas/* string */.YjP()
        .regex(/^\d{1,16}$/)
        .transform(s => Number(s))
        .pipe(timeNumber)
], { error: TIME_EXPECTED });
/** A cursor: absent, null and "" all mean the end. */
const cursor = schemas/* string */.YjP()
    .nullish()
    .transform(c => (c ? c : undefined));
const headerMap = schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* array */.YOg(schemas/* string */.YjP()));
/** A DLQ message. Lenient on read: only messageId is required, unknown fields are kept. */
const dlqMessageSchema = schemas/* looseObject */._H3({
    messageId: schemas/* string */.YjP().min(1),
    dlqId: schemas/* string */.YjP().optional(),
    topicId: schemas/* string */.YjP().optional(),
    topicName: schemas/* string */.YjP().optional(),
    endpointName: schemas/* string */.YjP().optional(),
    url: schemas/* string */.YjP().optional(),
    method: schemas/* string */.YjP().optional(),
    header: headerMap.optional(),
    body: schemas/* string */.YjP().optional(),
    bodyBase64: schemas/* string */.YjP().optional(),
    maxRetries: schemas/* number */.aig().optional(),
    notBefore: millis.optional(),
    createdAt: millis.optional(),
    callback: schemas/* string */.YjP().optional(),
    failureCallback: schemas/* string */.YjP().optional(),
    scheduleId: schemas/* string */.YjP().optional(),
    callerIP: schemas/* string */.YjP().optional(),
    callerIp: schemas/* string */.YjP().optional(),
    queueName: schemas/* string */.YjP().optional(),
    responseStatus: schemas/* number */.aig().int().optional(),
    responseHeader: headerMap.optional(),
    responseBody: schemas/* string */.YjP().optional(),
    responseBodyBase64: schemas/* string */.YjP().optional(),
    state: schemas/* string */.YjP().optional(),
    // A failed workflow run's entry (source=workflow) carries these beside the message fields.
    workflowUrl: schemas/* string */.YjP().optional(),
    workflowRunId: schemas/* string */.YjP().optional(),
    workflowCreatedAt: millis.optional()
});
/** A page's envelope: the cursor is checked at once, the messages only when read. */
const dlqEnvelopeSchema = schemas/* object */.Ikc({
    messages: schemas/* array */.YOg(schemas/* unknown */.L5J()),
    cursor
});
const workflowRunSchema = schemas/* looseObject */._H3({
    workflowRunId: schemas/* string */.YjP().min(1),
    workflowCreatedAt: millis.optional()
});
/** A bulk resume answer's envelope: the runs are read one by one with readWorkflowRuns. */
const resumeEnvelopeSchema = schemas/* object */.Ikc({
    workflowRuns: schemas/* array */.YOg(schemas/* unknown */.L5J()),
    cursor
});
const errorBodySchema = schemas/* object */.Ikc({ error: schemas/* string */.YjP() });
const MAX_SHOWN = 40;
/**
 * A short, type-revealing picture of a bad value: never a whole object, however deep or long. A long string is shown
 * by its length only: a piece of it could hold part of a secret that the redactor, which sees whole secrets, misses.
 */
function shown(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'an array';
    if (typeof value === 'string') {
        return value.length > MAX_SHOWN ? `a string of ${value.length} characters` : JSON.stringify(value);
    }
    if (typeof value === 'number' || typeof value === 'boolean')
        return String(value);
    return typeof value === 'object' ? 'an object' : String(typeof value);
}
/** A JSON object (not an array, not null): what a wire shape is read from. */
const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/**
 * Reads the items of a page one by one against an object schema: a valid item as it is; otherwise `null` in an
 * optional field is read as absent, a field with an unusable value is dropped (problem kept: true), and an item
 * without a usable `idKey` is left out (problem kept: false). Unknown fields stay. Never throws.
 */
function readItems(schema, idKey, items) {
    const shape = schema.shape;
    const idSchema = shape[idKey];
    const values = [];
    const problems = [];
    items.forEach((item, index) => {
        const whole = schema.safeParse(item);
        if (whole.success) {
            values.push(whole.data);
            return;
        }
        if (!isRecord(item)) {
            problems.push({ index, detail: `not an object (${shown(item)})`, kept: false });
            return;
        }
        const id = idSchema.safeParse(item[idKey]);
        if (!id.success) {
            problems.push({ index, detail: `no usable ${idKey} (${shown(item[idKey])})`, kept: false });
            return;
        }
        const entries = [];
        for (const [key, value] of Object.entries(item)) {
            const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
            if (field === undefined) {
                entries.push([key, value]);
                continue;
            }
            if (value === null)
                continue;
            const read = field.safeParse(value);
            if (read.success) {
                entries.push([key, read.data]);
            }
            else {
                const why = read.error.issues[0]?.message ?? 'invalid';
                problems.push({ index, id: id.data, detail: `${key} ${shown(value)} left out: ${why}`, kept: true });
            }
        }
        // fromEntries defines own properties, so even a "__proto__" key stays plain data.
        const again = schema.safeParse(Object.fromEntries(entries));
        if (again.success)
            values.push(again.data);
        else
            problems.push({ index, id: id.data, detail: 'unreadable', kept: false });
    });
    return { values, problems };
}
const isNumber = (v) => typeof v === 'number' && Number.isFinite(v);
const isTime = (v) => Number.isInteger(v) && v >= 0 && v <= MAX_DATE_MS;
/** A header map as sent, checked without a copy: every value an array of strings. */
function isHeaderMap(v) {
    if (!isRecord(v))
        return false;
    for (const key in v) {
        if (!Object.hasOwn(v, key))
            continue;
        const values = v[key];
        if (!Array.isArray(values))
            return false;
        for (const one of values)
            if (typeof one !== 'string')
                return false;
    }
    return true;
}
/**
 * True when the schema would return the item as it stands (digit strings for times are not: the schema turns them
 * into numbers): then the item itself is used, not a copy, and no other key of it is walked. Named reads, which
 * stay fast on objects of one shape, where a parse would walk every key. Every field of dlqMessageSchema is checked
 * here (a unit test holds it so).
 */
function usableAsSent(item) {
    if (!isRecord(item))
        return false;
    const m = item;
    const id = m.messageId;
    if (typeof id !== 'string' || id.length === 0)
        return false;
    const str = (v) => v === undefined || typeof v === 'string';
    const time = (v) => v === undefined || isTime(v);
    const headers = (v) => v === undefined || isHeaderMap(v);
    return (str(m.dlqId) &&
        str(m.topicId) &&
        str(m.topicName) &&
        str(m.endpointName) &&
        str(m.url) &&
        str(m.method) &&
        headers(m.header) &&
        str(m.body) &&
        str(m.bodyBase64) &&
        (m.maxRetries === undefined || isNumber(m.maxRetries)) &&
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
/**
 * The usable messages of a list page's items, and what was wrong with the others. Never throws. An item the
 * schema would take unchanged is kept as the very object the service's JSON became; only the others go through
 * the schema, field by field.
 */
function readDlqMessages(items) {
    const messages = [];
    let problems = [];
    for (let i = 0; i < items.length; i++) {
        const item = items[i];
        if (usableAsSent(item)) {
            messages.push(item);
            continue;
        }
        const one = readItems(dlqMessageSchema, 'messageId', [item]);
        messages.push(...one.values);
        if (one.problems.length > 0)
            problems = problems.concat(one.problems.map(p => ({ ...p, index: i })));
    }
    return { messages, problems };
}
/**
 * The runs of a bulk-resume answer whose id could be read, and what was wrong with the others. Only the two
 * fields the action reports are kept. Never throws.
 */
function readWorkflowRuns(items) {
    const { values, problems } = readItems(workflowRunSchema, 'workflowRunId', items);
    const runs = values.map(({ workflowRunId, workflowCreatedAt }) => workflowCreatedAt === undefined ? { workflowRunId } : { workflowRunId, workflowCreatedAt });
    return { runs, problems };
}

;// CONCATENATED MODULE: ./src/report/format.ts
/** How numbers, times and durations are written in summaries, notices and the health issue. Pure functions only. */

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

;// CONCATENATED MODULE: ./src/report/failure-text.ts
/** The one place a failure becomes words: the sentence of each failure kind, and one table of what a status means. */






/** What an HTTP status means: a few words inside the error's sentence, and a phrase for a heading. */
function statusWords(status) {
    if (status === 401 || status === 403) {
        return {
            meaning: 'the service refused the token (check the token input and its permissions)',
            phrase: 'the service refused the token'
        };
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
/** Why a request failed, after `${label} failed`: `: HTTP 404 not found: …`, ` after 3 attempts: …`. */
function requestReason({ method, path, url, attempts, cause }) {
    const endpoint = `${method} ${path}`;
    const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
    switch (cause.kind) {
        case 'status':
            return `${tries}: HTTP ${cause.status} ${statusWords(cause.status).meaning}: ${cause.serverText}`;
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
/**
 * The one-line sentence of a failure, `label` naming the operation (`list-dlq`, `resume-workflows`), with where it
 * happened: which message id of a listing by ids, or a parallel listing.
 */
function failureText(label, failure) {
    const { messageId: id, parallel } = failure;
    const where = id ? ` (listing message id ${id.index} of ${id.of}; re-run to list them all)` : '';
    const cursor = parallel ? ' (a parallel listing has no single cursor to continue from: re-run the listing)' : '';
    return `${sentence(label, failure)}${where}${cursor}`;
}
/** A stop by the page budget, said one way by every drain and the verdict: with `advice`, what to raise. */
const budgetStop = (count, unit, input, advice) => `stopped after ${count} ${unit} (${input})` + (advice === undefined ? '' : `; raise ${input}${advice}`);
/** The sentence of each kind; a file that could not be written ends a listing there, the failure after it named. */
function sentence(label, failure) {
    switch (failure.kind) {
        case 'request':
            return `${label} failed${requestReason(failure.request)}`;
        case 'max-pages': {
            const next = failure.cursor === undefined ? '' : ` or continue with cursor ${cursorLabel(failure.cursor)}`;
            return budgetStop(failure.pages, 'pages', failure.input, next);
        }
        case 'repeated-cursor':
            return (`the service returned ${failure.same ? 'the cursor it was sent' : 'a cursor it had already been sent'} ` +
                `(${cursorLabel(failure.cursor)}) and would never finish; stopped after ${failure.pages} pages`);
        case 'long-cursor':
            return (`the service returned a cursor of ${failure.length} characters, longer than the ${failure.limit} this ` +
                `action sends back; stopped after ${failure.pages} pages`);
        case 'request-budget':
            return budgetStop(failure.requests, 'requests', failure.input, ' to resume more');
        case 'cancelled':
            return `the step was cancelled (${failure.signal})`;
        case 'ids-gone':
            return (`none of the ${formatCount(failure.ids)} dlq-ids is in the DLQ (HTTP 404 for every request): they were ` +
                'resumed or removed since they were listed, or base-url points at another service');
        case 'file':
            return `${fileText(failure)}; listing stopped there${failure.then ? ` (then: ${sentence(label, failure.then)})` : ''}`;
        case 'error':
            return failure.message;
    }
}
/** What came before the end of an operation that stopped part way: a cancel is not a failure of the service. */
function beforeTheEnd(failure) {
    return failure?.kind === 'cancelled' ? 'before the cancel' : 'before the failure';
}
/**
 * What ended an operation, in a few words for a heading: the refused token (401, 403) named as such, a status
 * otherwise, the drain guard that stopped it, or a request that got no usable answer.
 */
function failurePhrase(failure, maxPages) {
    switch (failure?.kind) {
        case 'cancelled':
            return `the step was cancelled (${failure.signal})`;
        case 'file':
            return `${failure.input} could not be written`;
        case 'ids-gone':
            return 'none of the dlq-ids is in the DLQ';
        case 'max-pages':
            return budgetStop(maxPages === undefined ? 'max-pages' : formatCount(maxPages), 'pages', 'max-pages');
        case 'repeated-cursor':
            return 'the service sent a cursor it had sent before';
        case 'long-cursor':
            return 'the service sent a cursor too long to use';
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

;// CONCATENATED MODULE: ./src/report/escape.ts
/**
 * Escaping of third-party text for the two places the action writes it: the job summary (GitHub-flavoured
 * markdown) and the Actions log (where a line starting with `::` is a runner command). Pure functions only.
 */
/** Zero-width space: not whitespace for the runner (.NET), so it breaks a command marker in a log line. Never in markdown. */
const ZWSP = '\u200b';
/** Default cut of a table cell value, in characters (code points) before escaping. */
const DEFAULT_CELL_MAX_LENGTH = 200;
/** Default cut of a value written in a paragraph (error texts and the like). */
const DEFAULT_INLINE_MAX_LENGTH = 1000;
/**
 * True for characters that must not reach the output as such: C0 and C1 controls (CR, LF, tab, ESC…), DEL, the
 * Unicode line and paragraph separators, and the bidirectional embedding/override/isolate and mark characters,
 * which can make a value display as something else.
 */
function isControl(cp) {
    return (cp <= 0x1f ||
        (cp >= 0x7f && cp <= 0x9f) ||
        cp === 0x2028 ||
        cp === 0x2029 ||
        cp === 0x200e ||
        cp === 0x200f ||
        (cp >= 0x202a && cp <= 0x202e) ||
        (cp >= 0x2066 && cp <= 0x2069));
}
function visibleControl(ch) {
    if (ch === '\r')
        return '\\r';
    if (ch === '\n')
        return '\\n';
    const code = ch.charCodeAt(0);
    return code < 0x80 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}
// String.replace restarts a global regex at 0, so sharing one is safe.
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
const LOG_LINE_CONTROLS = /[\x00-\x08\x0a-\x1f\x7f\u0085\u2028\u2029]/g;
/**
 * Text safe to print as (part of) one line of the Actions log:
 * - CR and LF become the visible text `\r` and `\n`, other line breaks (NEL, U+2028, U+2029) and control
 *   characters except tab become `\xNN` / `\uNNNN`, so a value can never start a new log line;
 * - a `::` at the start (also after leading whitespace, which the runner trims) becomes `:\u200b:`, so the line
 *   is not a workflow command (`::set-output`, `::add-mask`, `::stop-commands`…);
 * - the legacy command marker `##[` becomes `##\u200b[` wherever it appears.
 */
function neutraliseLogLine(s) {
    return String(s)
        .replace(LOG_LINE_CONTROLS, visibleControl)
        .replace(/^(\s*):(?=:)/, `$1:${ZWSP}`)
        .replace(/##\[/g, `##${ZWSP}[`);
}
/**
 * Text safe as the message of an annotation (`::error::…`): each of its own lines made safe as a log line. LF is
 * kept: @actions/core writes it as `%0A`, so the annotation stays one line of the log and shows its lines.
 */
function neutraliseAnnotation(s) {
    return String(s).split('\n').map(neutraliseLogLine).join('\n');
}
/**
 * Characters shown as escapes inside a code span: controls and line breaks (which would end or reflow the span),
 * and the invisible ones (zero-width, joiners, word joiner, BOM, bidi marks and overrides, soft hyphen), which
 * would make a value copy as something other than it shows.
 */
function isHiddenInCode(cp) {
    return (isControl(cp) ||
        cp === 0xad ||
        (cp >= 0x200b && cp <= 0x200f) ||
        (cp >= 0x2060 && cp <= 0x2064) ||
        cp === 0xfeff ||
        cp === 0x061c);
}
function visibleCodePoint(ch) {
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
 * A third-party value as a GFM code span: it copies exactly, is never a link, a mention, an issue reference, HTML
 * or math, and needs no other escaping. The fence is one backtick longer than the longest run inside, padded
 * with a space where CommonMark would otherwise strip or merge one. Controls and invisible characters are shown
 * as `\n`, `\u200b` and so on; a lone surrogate as U+FFFD. Longer than maxLength code points: cut, `…` after the
 * span. In a table cell (`cell`), each `|` is written `\|`, which GFM resolves before reading the span.
 */
function codeSpan(value, maxLength = DEFAULT_INLINE_MAX_LENGTH, cell = false) {
    const chars = [...String(value)];
    const max = Math.max(1, Math.floor(maxLength));
    const cut = chars.length > max;
    let text = '';
    for (const ch of cut ? chars.slice(0, max) : chars) {
        const cp = ch.codePointAt(0) ?? 0;
        if (cp >= 0xd800 && cp <= 0xdfff)
            text += '\ufffd';
        else if (isHiddenInCode(cp))
            text += visibleCodePoint(ch);
        else
            text += ch;
    }
    if (text === '')
        return '—';
    let longest = 0;
    for (const run of text.match(/`+/g) ?? [])
        longest = Math.max(longest, run.length);
    const fence = '`'.repeat(longest + 1);
    const allSpaces = /^ +$/.test(text);
    const pad = text.startsWith('`') || text.endsWith('`') || (!allSpaces && text.startsWith(' ') && text.endsWith(' '));
    const inner = pad ? ` ${text} ` : text;
    return `${fence}${cell ? inner.replace(/\|/g, '\\|') : inner}${fence}${cut ? '…' : ''}`;
}

;// CONCATENATED MODULE: ./src/report/markdown.ts
/**
 * Building blocks of the markdown the action writes (job summary, health issue): code spans, capped value lists
 * and tables, the link back to the run. Cells and values go through escape.ts; pure functions only.
 */



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
/** A cursor to copy, as a code span. */
function cursorText(cursor) {
    return codeSpan(cursor, MAX_CURSOR_LENGTH);
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
/** The heading row and the alignment row of a table. */
function tableHead(headings, alignRight) {
    return [`| ${headings.join(' | ')} |`, `|${headings.map((_, i) => (alignRight[i] ? ' ---: ' : ' --- ')).join('|')}|`];
}
/** One row of a table; cells must already be escaped. */
function tableRow(cells) {
    return `| ${cells.join(' | ')} |`;
}
/**
 * A table of at most maxRows rows, then `… and N more` after a blank line (a line right under a table would be
 * read as one more row). Cells must already be escaped.
 */
function table(headings, alignRight, items, limit, toCells) {
    const lines = [];
    const shown = capped(items, limit);
    if (shown.length > 0) {
        lines.push(...tableHead(headings, alignRight));
        for (const item of shown)
            lines.push(tableRow(toCells(item)));
        lines.push('');
    }
    const rest = items.length - shown.length;
    if (rest > 0)
        lines.push(`… and ${formatCount(rest)} more`, '');
    return lines;
}
/** A cell for an optional third-party value, as code; an absent or empty one shows as a dash. */
function cellOrDash(value, maxLength) {
    return value === undefined || value === '' ? '—' : codeCell(String(value), maxLength);
}
/** A cell for an optional time. */
function timeOrDash(ms) {
    return ms === undefined ? '—' : formatMs(ms);
}
/** A cell for an optional time, short (`11-22 02:45`, the year only when not `now`'s). */
function shortTimeOrDash(ms, now) {
    return ms === undefined ? '—' : formatShortTime(ms, now);
}
/** A collapsed section: our own fixed HTML around markdown, the blank lines GFM needs to render the inside. */
function collapsed(title, body) {
    if (body.length === 0)
        return [];
    return ['<details>', `<summary>${title}</summary>`, '', ...body, '', '</details>', ''];
}
/**
 * The line that links the health issue: the link is made from its number and the repository's URL this run
 * knows, never from text GitHub answered.
 */
function issueLine(issue) {
    if (issue === undefined || !Number.isSafeInteger(issue.number))
        return undefined;
    const link = safeLink(`#${issue.number}`, issue.url);
    const what = { opened: 'opened', commented: 'commented on', updated: 'updated', closed: 'closed' }[issue.action];
    return `Health issue ${what}: ${link}`;
}
/** The summary's heading (the result), then the lines that lead it, each followed by a blank line. */
function summaryHead(title, ...leads) {
    const lines = [`## ${title}`, ''];
    for (const line of leads)
        if (line)
            lines.push(line, '');
    return lines;
}
/** The link back to the run, last in a summary (the reader is on that page) and in the issue. */
function runLine(ctx) {
    const link = runLink(ctx.runUrl);
    return link === undefined ? [] : [`- Run: ${link}`];
}
/**
 * `[workflow run](url)`. The run URL comes from GitHub's own environment, but it is still made a safe link
 * destination: only http(s), and every character outside a plain URL set (spaces, parentheses, brackets, quotes,
 * `<>`, backslash, `$`, controls, non-ASCII) percent-encoded. Anything else is shown as escaped text.
 */
function runLink(runUrl) {
    if (!runUrl)
        return undefined;
    return safeLink('workflow run', runUrl);
}
/** A link with our own text to a URL this run built; one not http(s) is shown as code instead. */
function safeLink(text, url) {
    if (!/^https?:\/\/[^\s/]/i.test(url))
        return `${text}: ${codeSpan(url)}`;
    const destination = url.replace(/[^A-Za-z0-9\-._~:/?#@!&*+,;=%]/gu, ch => [...Buffer.from(ch, 'utf8')].map(b => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''));
    return `[${text}](${destination})`;
}
/** The lines as one markdown text: runs of blank lines collapsed, ending with exactly one newline. */
function markdownText(lines) {
    const out = [];
    for (const line of lines) {
        if (line === '' && (out.length === 0 || out[out.length - 1] === ''))
            continue;
        out.push(line);
    }
    while (out.length > 0 && out[out.length - 1] === '')
        out.pop();
    return `${out.join('\n')}\n`;
}

;// CONCATENATED MODULE: ./src/report/list-verdict.ts
/**
 * How the health of a listing is said: the heading, the judgement line, the notice, each breach. Shared by the
 * summary and the issue.
 */




/** Each list filter and the input that sets it, in the order the verdict names them. */
const FILTER_INPUTS = [
    ['messageId', Inputs.MessageId],
    ['url', Inputs.Url],
    ['topicName', Inputs.TopicName],
    ['scheduleId', Inputs.ScheduleId],
    ['queueName', Inputs.QueueName],
    ['api', Inputs.Api],
    ['fromDate', Inputs.FromDate],
    ['toDate', Inputs.ToDate],
    ['responseStatus', Inputs.ResponseStatus],
    ['callerIp', Inputs.CallerIp],
    ['workflowUrl', Inputs.WorkflowUrl],
    ['workflowRunId', Inputs.WorkflowRunId],
    ['workflowCreatedAt', Inputs.WorkflowCreatedAt]
];
/** Characters of a filter value the verdict shows: enough to recognise it; "What was asked" shows it whole. */
const SCOPE_VALUE_LENGTH = 48;
/** Filters past this are named without their values, so the verdict stays one short line. */
const SCOPE_VALUES_UP_TO = 2;
/**
 * What the count is of, when any filter is set: `matching `url` `https://…``, names and values as code spans (values
 * are third-party text), one value each for at most two filters, else only the names (always, with `namesOnly`:
 * the heading stays short). Undefined without filters.
 */
function filterScope(filters, namesOnly = false) {
    const set = [];
    for (const [key, input] of FILTER_INPUTS) {
        const value = filters[key];
        if (value === undefined || (Array.isArray(value) && value.length === 0))
            continue;
        const values = Array.isArray(value)
            ? value.map(String)
            : [typeof value === 'number' && key !== 'responseStatus' ? formatMs(value) : String(value)];
        set.push([input, values]);
    }
    if (set.length === 0)
        return undefined;
    const named = set.map(([input, values]) => {
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
/** A threshold exceeded, with both numbers and the input that set it; the count of an incomplete listing is "at least". */
function describeBreach(breach, complete) {
    if (breach.kind === 'count') {
        const count = `${complete ? '' : 'at least '}${formatCount(breach.count)}`;
        return `${count} messages, more than fail-if-count-above (${formatCount(breach.limit)})`;
    }
    if (breach.kind === 'age-unknown') {
        const n = `${complete ? '' : 'at least '}${messages(breach.messages)}`;
        return (`${n} had no creation time (createdAt), so their age is unknown and fail-if-oldest-older-than ` +
            `(${formatAge(breach.limitMs)}) cannot be judged`);
    }
    return `the oldest message is ${formatAge(breach.ageMs)} old, older than fail-if-oldest-older-than (${formatAge(breach.limitMs)})`;
}
function messages(n) {
    return `${formatCount(n)} ${n === 1 ? 'message' : 'messages'}`;
}
/** What a listing counted: its messages, or, with source workflow, the failed workflow runs. */
function listed(result) {
    if (result.filters.source !== 'workflow')
        return messages(result.count);
    return `${formatCount(result.count)} ${result.count === 1 ? 'failed workflow run' : 'failed workflow runs'}`;
}
/**
 * The heading of the summary, the result in a few words: the failure named, the threshold check, or the count.
 * Never "healthy" or "empty" unless the listing reached the end.
 */
function heading(result, filtered) {
    const complete = listingComplete(result);
    if (result.failure?.kind === 'cancelled') {
        return result.count === 0
            ? '⛔ Listing cancelled before any message was listed'
            : `⛔ Listing cancelled: at least ${listed(result)}`;
    }
    const scope = filterScope(result.filters, true);
    if (result.failure !== undefined) {
        const why = failurePhrase(result.failure, result.maxPages);
        return result.count === 0 ? `❌ Could not list the DLQ: ${why}` : `❌ Listing failed part way: ${why}`;
    }
    if (result.health.breaches.length > 0) {
        return scope === undefined ? '❌ DLQ health check failed' : `❌ Health check failed for the messages ${scope}`;
    }
    const judged = result.health.countAbove !== undefined || result.health.oldestOlderThanMs !== undefined;
    if (!complete)
        return `⚠️ Listing stopped early${judged ? ': health not judged' : ''}`;
    if (judged)
        return scope === undefined ? '✅ DLQ healthy' : `✅ Within the limits: the messages ${scope}`;
    if (result.count === 0)
        return filtered ? 'ℹ️ No DLQ message matches the filters' : 'ℹ️ The DLQ is empty';
    return scope === undefined ? `ℹ️ DLQ: ${listed(result)}` : `ℹ️ ${listed(result)} ${scope}`;
}
/**
 * One bold line comparing the count and the oldest age with their limits: `exceeded`, `within`, or `not judged`
 * when the listing did not reach the end (a lower bound can only exceed). Without thresholds, says so.
 */
function judgement(result, now) {
    const complete = listingComplete(result);
    const { countAbove, oldestOlderThanMs } = result.health;
    if (result.failure !== undefined && result.count === 0) {
        return '**Messages: unknown** (nothing was listed, so the health of the DLQ is unknown)';
    }
    const scope = filterScope(result.filters);
    const count = `${complete ? '' : 'at least '}${listed(result)}${scope === undefined ? '' : ` ${scope}`}`;
    const limit = (over, text) => over ? `limit ${text}: **exceeded**` : complete ? `limit ${text}: within` : `limit ${text}: not judged`;
    const parts = [
        countAbove === undefined
            ? `**${count}**`
            : `**${count}** (${limit(result.count > countAbove, formatCount(countAbove))})`
    ];
    const ageText = oldestText(result, now);
    if (oldestOlderThanMs === undefined)
        parts.push(`**${ageText}**`);
    else {
        const over = result.health.breaches.some(b => b.kind === 'age');
        const unknown = !over && result.health.breaches.some(b => b.kind === 'age-unknown');
        const judged = unknown
            ? `limit ${formatAge(oldestOlderThanMs)}: **cannot be judged**`
            : limit(over, formatAge(oldestOlderThanMs));
        parts.push(`**${ageText}** (${judged})`);
    }
    const set = countAbove !== undefined || oldestOlderThanMs !== undefined;
    const tail = !set
        ? ' (not judged: no threshold set)'
        : scope !== undefined
            ? ' (thresholds judged on the matching messages only, not the whole DLQ)'
            : '';
    const partial = complete
        ? ''
        : result.failure !== undefined
            ? `, listed ${beforeTheEnd(result.failure)}`
            : ', listing stopped early';
    return `${parts.join(' · ')}${tail}${partial}`;
}
/**
 * The oldest age as measured: `oldest 3h`, `oldest 3h (unknown for 12 messages)` when some came without a creation
 * time, `oldest: unknown for 400 messages` when none had one; "oldest seen" for a listing that did not reach the end.
 */
function oldestText(result, now) {
    const word = listingComplete(result) ? 'oldest' : 'oldest seen';
    const unknown = result.noCreatedAt ?? 0;
    if (result.oldestCreatedAt === undefined) {
        return unknown > 0 ? `${word}: unknown for ${messages(unknown)}` : `${word}: unknown`;
    }
    const age = `${word} ${formatAge(now - result.oldestCreatedAt)}`;
    return unknown > 0 ? `${age} (unknown for ${messages(unknown)})` : age;
}
/**
 * The headline of a listing, a notice on the run page: `DLQ: 1,234 messages, oldest 3h 5m`. A listing that did
 * not reach the end says "at least", and one that failed never reads like an empty DLQ: it names the failure.
 */
function headline(result, now) {
    if (result.failure !== undefined && result.count === 0) {
        return `DLQ: unknown, could not list it: ${failurePhrase(result.failure, result.maxPages)}`;
    }
    const scope = filterScope(result.filters);
    const counted = `${listed(result)}${scope === undefined ? '' : ` ${scope}`}`;
    const oldest = result.count === 0 ? '' : `, ${oldestText(result, now)}`;
    if (listingComplete(result))
        return `DLQ: ${counted}${oldest}`;
    const why = result.failure?.kind === 'cancelled'
        ? failurePhrase(result.failure)
        : result.failure !== undefined
            ? `the listing failed part way: ${failurePhrase(result.failure, result.maxPages)}`
            : 'the listing stopped early';
    return `DLQ: at least ${counted}${oldest} (${why})`;
}
/**
 * The notice on the run page: the headline, except when nothing could be listed, where the failure (an error
 * annotation) already says it: one alert per fact.
 */
function listNotice(result, now) {
    return result.failure !== undefined && result.count === 0 ? undefined : headline(result, now);
}

;// CONCATENATED MODULE: ./src/report/budget.ts
/**
 * The byte budget of the job summary: GitHub drops a summary above 1 MiB, so a summary too big is rendered again
 * with half the rows in every table, and if even no rows fit, cut at a line with a note.
 */


/** Rows per table unless told otherwise. */
const DEFAULT_MAX_ROWS = 50;
const TRUNCATED_NOTE = '\n\n> **Note:** this summary was cut short to stay under the 1 MiB limit of GitHub job summaries; ' +
    'the action outputs and log hold the rest.\n';
/**
 * A summary kept under SUMMARY_LIMIT_BYTES (UTF-8). The first pass shows the rows asked for; while too big, the
 * renderer is asked again with half the rows, starting from the longest list it reported (more change nothing);
 * if even no rows fit, the text is cut at a line and a note added.
 */
function fitSummary(render, options) {
    const requested = normaliseRows(options.maxRows);
    const { now } = options;
    let longest = 0;
    const seen = (length) => {
        if (length > longest)
            longest = length;
    };
    let out = render({ maxRows: requested, now, seen });
    const useful = Math.min(requested, longest);
    let rows = useful;
    while (byteLength(out) > SUMMARY_LIMIT_BYTES) {
        if (rows === 0)
            return truncateToLimit(out);
        rows = Math.floor(rows / 2);
        out = render({ maxRows: rows, now, shortenedFrom: useful, seen });
    }
    return out;
}
/** The note a shortened pass leads with, or undefined. */
function shortenedNote(pass) {
    if (pass.shortenedFrom === undefined)
        return undefined;
    return (`> **Note:** tables show at most ${formatCount(pass.maxRows)} rows (instead of ` +
        `${formatCount(pass.shortenedFrom)}) to keep this summary under the 1 MiB limit of GitHub job summaries.`);
}
function normaliseRows(maxRows) {
    if (maxRows === undefined || Number.isNaN(maxRows) || maxRows < 0)
        return DEFAULT_MAX_ROWS;
    return maxRows === Number.POSITIVE_INFINITY ? Number.MAX_SAFE_INTEGER : Math.floor(maxRows);
}
function byteLength(s) {
    return Buffer.byteLength(s, 'utf8');
}
/** The longest prefix of s (whole code points) of at most maxBytes UTF-8 bytes. */
function cutUtf8(s, maxBytes) {
    let used = 0;
    let out = '';
    for (const ch of s) {
        const b = byteLength(ch);
        if (used + b > maxBytes)
            break;
        used += b;
        out += ch;
    }
    return out;
}
/**
 * Keeps whole lines while they fit, cuts the first line that does not (dropping a half escape or entity at the
 * cut), and ends with a note after a blank line (which also ends any table).
 */
function truncateToLimit(out) {
    const budget = SUMMARY_LIMIT_BYTES - byteLength(TRUNCATED_NOTE) - byteLength('…');
    const kept = [];
    let used = 0;
    for (const line of out.split('\n')) {
        const size = byteLength(line) + 1;
        if (used + size <= budget) {
            kept.push(line);
            used += size;
            continue;
        }
        let part = cutUtf8(line, Math.max(0, budget - used - 1));
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
/**
 * The chart of messages over time: a Mermaid `xychart-beta` of at most MAX_BARS bars with short labels and
 * whole-number ticks, the current (still filling) bucket marked. Every label and number is made here from
 * timestamps and counts, never from third-party text, so nothing in it needs escaping.
 */




/** Never more bars than this, however short the labels. */
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
/**
 * The chart's bars: the narrowest width from WIDTHS whose bars' labels fit side by side (at most MAX_BARS), empty
 * ones included.
 */
function bars(histogram, now) {
    const points = histogram.points.filter(p => isDateMs(p.start) && Number.isFinite(p.count));
    const widths = WIDTHS[histogram.bucket];
    let chosen = { width: widths[0] ?? HOUR, bars: [] };
    for (const width of widths) {
        const counts = new Map();
        for (const p of points) {
            const at = Math.floor(p.start / width) * width;
            counts.set(at, (counts.get(at) ?? 0) + p.count);
        }
        const keys = [...counts.keys()].sort((a, b) => a - b);
        const first = keys[0] ?? 0;
        const last = keys[keys.length - 1] ?? 0;
        const span = Math.round((last - first) / width) + 1;
        const starts = span <= MAX_BARS ? Array.from({ length: span }, (_, i) => first + i * width) : keys;
        chosen = {
            width,
            bars: starts.map(start => ({
                start,
                count: counts.get(start) ?? 0,
                partial: now >= start && now < start + width
            }))
        };
        // As many bars as their labels leave room for: the current bar's " now" may run past its neighbours' gap.
        const longest = labels(chosen.bars, width).reduce((n, text) => Math.max(n, text.replace(/ now$/, '').length), 0);
        if (chosen.bars.length <= barsThatFit(longest))
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
    for (const step of [1, 2, 5, 10])
        if (step * power >= max)
            return step * power;
    return 10 * power;
}
/** `2h`, `1d`, `2w`: the width of a bar. */
function widthText(width) {
    if (width < DAY)
        return width === HOUR ? 'hour' : `${width / HOUR} hours`;
    if (width < WEEK)
        return width === DAY ? 'day' : `${width / DAY} days`;
    return width === WEEK ? 'week' : `${width / WEEK} weeks`;
}
/** Short labels: the hour (with the date where the day changes) or the date; the current bucket marked "now". */
function labels(list, width) {
    const multiYear = list.length > 0 &&
        new Date(list[0]?.start ?? 0).getUTCFullYear() !== new Date(list[list.length - 1]?.start ?? 0).getUTCFullYear();
    const day = (iso) => (multiYear ? iso.slice(0, 10) : iso.slice(5, 10));
    const compact = (full) => {
        let lastDay = '';
        return list.map(bar => {
            const iso = new Date(bar.start).toISOString();
            let text = day(iso);
            if (width < DAY) {
                text = full || text !== lastDay ? `${text} ${iso.slice(11, 13)}h` : `${iso.slice(11, 13)}h`;
                lastDay = day(iso);
            }
            return bar.partial ? `${text} now` : text;
        });
    };
    // Mermaid draws bars that share a label in one place, one over the other: every label must differ. The hour alone
    // repeats once the chart spans two days, so then every bar names its day.
    const short = compact(false);
    return new Set(short).size === short.length ? short : compact(true);
}
/**
 * The chart section. A failed listing gets none (its counts per bucket are partial in unknown ways); a listing
 * stopped early gets one titled as partial.
 */
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
    let max = 0;
    for (const bar of list)
        if (bar.count > max)
            max = bar.count;
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
        `  y-axis "Messages" 0 --> ${yMax(max)}`,
        `  bar [${list.map(b => b.count).join(', ')}]`,
        '```',
        '',
        ...(notes.length > 0 ? [`*${notes.join('; ')}.*`.replace(/^\*t/, '*T'), ''] : []),
        ...omitted
    ];
}

;// CONCATENATED MODULE: ./src/report/item-problems.ts

/** One warning for the page items that could not be used as the service sent them, naming the first few. */
function itemProblemsText(problems) {
    const parts = [];
    if (problems.leftOut > 0) {
        parts.push(`${formatCount(problems.leftOut)} ${problems.leftOut === 1 ? 'item was' : 'items were'} left out (no usable id)`);
    }
    if (problems.kept > 0) {
        parts.push(`${formatCount(problems.kept)} kept without a field that could not be read`);
    }
    return `The service sent items that could not be read as they stand: ${parts.join('; ')}. ${problems.examples.join('; ')}.`;
}

;// CONCATENATED MODULE: ./src/service/json.ts
/** JSON text of what the service sent, however deeply nested: no stack overflow on hostile nesting. */
/**
 * JSON text of a value parsed from JSON, however deeply nested: JSON.stringify first (fast), and where it runs out
 * of stack, an explicit stack of its own. Same text as JSON.stringify for anything JSON.parse returns.
 */
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
    const stack = [];
    const open = (v) => {
        if (v !== null && typeof v === 'object') {
            const withJson = v;
            if (typeof withJson.toJSON === 'function')
                return open(withJson.toJSON());
            if (Array.isArray(v)) {
                parts.push('[');
                const entries = Array.from(v, (item) => [undefined, serialisable(item) ? item : null]);
                stack.push({ close: ']', entries, next: 0 });
            }
            else {
                parts.push('{');
                const entries = Object.entries(v).filter(([, item]) => serialisable(item));
                stack.push({ close: '}', entries, next: 0 });
            }
            return;
        }
        parts.push(JSON.stringify(v) ?? 'null');
    };
    open(value);
    while (stack.length > 0) {
        const top = stack[stack.length - 1];
        if (top.next === top.entries.length) {
            parts.push(top.close);
            stack.pop();
            continue;
        }
        if (top.next > 0)
            parts.push(',');
        const [key, item] = top.entries[top.next++];
        if (key !== undefined)
            parts.push(`${JSON.stringify(key)}:`);
        open(item);
    }
    return parts.join('');
}
/** JSON.stringify leaves these out of objects (and writes null for them in arrays). */
function serialisable(v) {
    return v !== undefined && typeof v !== 'function' && typeof v !== 'symbol';
}

;// CONCATENATED MODULE: ./src/report/boundary.ts
/**
 * The output boundary: every byte the action writes (log lines, annotations, outputs, the job summary, the health
 * issue, the NDJSON files) goes through here. Secrets are redacted from the raw text first, in every encoding;
 * only then is the text escaped for its destination, so no escape can hide a secret from the redactor.
 */



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
    /**
     * Writes the step outputs, redacted. They were fitted to OUTPUTS_BUDGET_BYTES before; should redaction ever
     * make them bigger than GitHub takes, the biggest are emptied, with a warning naming each, rather than lose all.
     */
    setOutputs(outputs) {
        const redacted = Object.entries(outputs).map(([name, value]) => [name, this.redact(value)]);
        let total = redacted.reduce((n, [name, value]) => n + githubBytes(name) + githubBytes(value), 0);
        const bySize = [...redacted].sort((a, b) => b[1].length - a[1].length);
        for (const entry of bySize) {
            if (total <= GITHUB_OUTPUTS_MAX_BYTES)
                break;
            total -= githubBytes(entry[1]);
            this.warning(`Output ${entry[0]} was left empty: the outputs of a job must stay under 1 MB.`);
            entry[1] = '';
        }
        for (const [name, value] of redacted)
            this.io.setOutput(name, value);
    }
    /** One line of an NDJSON file: the record as JSON, however deeply nested, redacted. */
    jsonLine(record) {
        return this.redact(toJson(record));
    }
    /** Writes markdown rendered from redactValue'd data, redacting once more; false without a summary file. */
    summary(markdown) {
        return this.io.writeSummary(this.redact(markdown));
    }
    /**
     * A copy of a result with every string redacted, so that markdown and JSON are rendered from redacted values:
     * escaping first would change how a secret looks (`sk_live__9f` becomes `sk_live\_\_9f`) and hide it.
     */
    redactValue(value) {
        return redactDeep(value, this.redact, 0);
    }
    /** The issue API with every title and body redacted; what GitHub answers is logged through info(). */
    issueApi(api) {
        const redact = this.redact;
        return {
            findOpen: title => api.findOpen(redact(title)),
            findAllOpen: title => api.findAllOpen(redact(title)),
            create: (title, body) => api.create(redact(title), redact(body)),
            comment: (issue, body) => api.comment(issue, redact(body)),
            update: (issue, title, body) => api.update(issue, redact(title), redact(body)),
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
    const out = {};
    for (const [key, item] of Object.entries(value))
        out[key] = redactDeep(item, redact, depth + 1);
    return out;
}

;// CONCATENATED MODULE: ./src/report/list-filters.ts


const LIST_FILTER_LABELS = [
    ['messageId', 'Message id (`message-id`)'],
    ['url', 'Destination URL (`url`)'],
    ['topicName', 'URL group (`topic-name`)'],
    ['scheduleId', 'Schedule id (`schedule-id`)'],
    ['queueName', 'Queue (`queue-name`)'],
    ['api', 'API name (`api`)'],
    ['fromDate', 'Created at or after (`from-date`)'],
    ['toDate', 'Created at or before (`to-date`)'],
    ['responseStatus', 'Last response status (`response-status`)'],
    ['callerIp', 'Publisher IP (`caller-ip`)'],
    ['source', 'Source (`source`)'],
    ['workflowUrl', 'Workflow URL (`workflow-url`)'],
    ['workflowRunId', 'Workflow run id or id prefix (`workflow-run-id`)'],
    ['workflowCreatedAt', 'Workflow created at (`workflow-created-at`)']
];
function filterLines(filters, limit) {
    const lines = [];
    for (const [key, label] of LIST_FILTER_LABELS) {
        const value = filters[key];
        if (value === undefined)
            continue;
        if (Array.isArray(value)) {
            if (value.length === 0)
                continue;
            lines.push(`  - ${label}: ${valueList(value.map(String), limit)}`);
        }
        else if (typeof value === 'number' && (key === 'fromDate' || key === 'toDate' || key === 'workflowCreatedAt')) {
            lines.push(`  - ${label}: ${formatMs(value)}`);
        }
        else {
            lines.push(`  - ${label}: ${code(String(value))}`);
        }
    }
    return lines;
}

;// CONCATENATED MODULE: ./src/report/workflow-runs.ts


/** Characters of the last response body a cell shows. */
const BODY_CELL_LENGTH = 80;
/**
 * The failed workflow runs listed (source workflow): what a resume by their DLQ ids would resume. The URL comes
 * last, so that a long one scrolls without hiding why the run failed in a 1,200-pixel window.
 */
function workflowRunLines(result, pass) {
    const kept = result.workflowRuns;
    if (kept === undefined || kept.length === 0)
        return [];
    // The rows this pass shows; "and N more" counts every run listed, not only those kept for the table.
    pass.seen?.(kept.length);
    const runs = kept.slice(0, pass.maxRows);
    const more = result.count - runs.length;
    const where = result.messagesFile === undefined
        ? 'set `messages-file` to keep every one (and `dlq-ids` holds their DLQ ids)'
        : '`messages-file` holds every one';
    return [
        '### Failed workflow runs',
        '',
        ...table(['Run id', 'DLQ id', 'Failed (UTC)', 'Last response', 'Workflow URL'], [false, false, false, false, false], runs, { maxRows: runs.length }, run => [
            codeCell(run.workflowRunId),
            cellOrDash(run.dlqId),
            shortTimeOrDash(run.failedAt, pass.now),
            (run.responseStatus === undefined ? '—' : String(run.responseStatus)) +
                (run.responseBody === undefined || run.responseBody === ''
                    ? ''
                    : ` ${codeCell(run.responseBody, BODY_CELL_LENGTH)}`),
            cellOrDash(run.workflowUrl)
        ]),
        ...(more > 0 ? [`… and ${formatCount(more)} more runs listed: ${where}.`, ''] : [])
    ];
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
    const record = value;
    for (const field of fields) {
        const text = record[field];
        if (typeof text === 'string' && text.trim() !== '')
            return text.trim();
    }
    return undefined;
}
/** The error's words of a parsed JSON body: a top-level text field, else one of a nested error object. */
function fromJson(body) {
    const top = textOf(body, TEXT_FIELDS);
    if (top !== undefined)
        return top;
    if (body === null || typeof body !== 'object' || Array.isArray(body))
        return undefined;
    const record = body;
    for (const key of ['error', 'errors']) {
        const nested = Array.isArray(record[key]) ? record[key][0] : record[key];
        const text = textOf(nested, NESTED_FIELDS);
        if (text !== undefined)
            return text;
    }
    return undefined;
}
/** A JSON string literal's content at the start of `rest` (after the opening quote), decoded; undefined if cut. */
function stringAt(rest) {
    const match = /^((?:[^"\\]|\\.)*)"/.exec(rest);
    if (match === null)
        return undefined;
    try {
        return JSON.parse(`"${match[1] ?? ''}"`);
    }
    catch {
        return undefined;
    }
}
/**
 * The error's words of a body cut short (the sample is the start of it, so it may not parse): the first
 * `"error"`, `"message"` … string field found, at any depth, whose value the sample holds whole.
 */
function fromCutJson(sample) {
    for (const field of [...TEXT_FIELDS, ...NESTED_FIELDS]) {
        const at = new RegExp(`"${field}"\\s*:\\s*"`).exec(sample);
        if (at === null)
            continue;
        const text = stringAt(sample.slice(at.index + at[0].length))?.trim();
        if (text)
            return text;
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
    if (row.bodySample !== undefined) {
        if (row.bodySample === '')
            return '(empty)';
        const words = errorWords(row.bodySample, row.bodyCut === true);
        if (words !== undefined)
            return codeCell(words, RESPONSE_CELL_LENGTH);
        const cell = codeCell(row.bodySample, RESPONSE_CELL_LENGTH);
        return row.bodyCut && !cell.endsWith('…') ? `${cell}…` : cell;
    }
    if (row.binaryBody !== undefined)
        return `(binary, ${formatCount(row.binaryBody)} base64 characters)`;
    return '—';
}

;// CONCATENATED MODULE: ./src/report/step-outputs.ts
/**
 * What the step outputs of every operation share: the cursor output, and JSON arrays fitted to the budget of all
 * outputs (GitHub counts UTF-16, two bytes a unit) after the scalars, keeping their first items.
 */


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
/** What the arrays may use: the budget less the scalars (`-truncated` ones at their longest, `false`) and their names. */
function budgetLeft(scalars, arrays) {
    let used = 0;
    for (const [name, value] of Object.entries(scalars))
        used += githubBytes(name) + githubBytes(value ?? '');
    for (const name of arrays)
        used += githubBytes(name);
    return OUTPUTS_BUDGET_BYTES - used;
}
/**
 * JSON arrays of parallel lists (item i of each describes the same thing) that together fit `budget`: the longest
 * common prefix that fits, so that the arrays stay in step.
 */
function fitArrays(lists, budget) {
    const length = Math.min(...lists.map(([, items]) => items.length));
    let used = lists.length * githubBytes('[]');
    let kept = 0;
    for (; kept < length; kept++) {
        let size = 0;
        for (const [, items] of lists)
            size += githubBytes(JSON.stringify(items[kept])) + (kept > 0 ? 2 : 0);
        if (used + size > budget)
            break;
        used += size;
    }
    return {
        json: lists.map(([, items]) => JSON.stringify(items.slice(0, kept))),
        truncated: lists.some(([, items]) => items.length > kept)
    };
}

;// CONCATENATED MODULE: ./src/report/list.ts
/**
 * How list-dlq is reported: the count and the first ids as outputs, the headline as a notice, a summary that leads
 * with the health verdict, and a failure for a listing that failed or a threshold exceeded.
 */














/** Rows of each breakdown (by URL, URL group, queue, schedule, status): the top values. */
const BREAKDOWN_ROWS = 20;
/**
 * Characters of a value people copy (a URL, a message id) before it is cut: never fewer, since a cut value in a code
 * span copies as a plausible wrong one (pasted into the url filter, it lists nothing). Long enough for almost any URL;
 * a table holding a longer one scrolls sideways rather than hide the end of it.
 */
const COPYABLE_CELL_LENGTH = 200;
/** A breakdown whose "(none)" row holds at least this share of the messages is collapsed. */
const MOSTLY_NONE = 0.9;
const listReport = {
    outputs,
    summary: (result, ctx, options) => fitSummary(pass => listSummary(result, ctx, pass), options),
    notice: listNotice,
    warnings: result => (result.itemProblems !== undefined ? [itemProblemsText(result.itemProblems)] : []),
    failure
};
function outputs(result) {
    // Nothing listed because of a failure: the count is unknown, not 0.
    const unknown = result.failure !== undefined && result.count === 0;
    const scalars = {
        [Outputs.DlqCount]: unknown ? '' : String(result.count),
        [Outputs.Complete]: String(listingComplete(result)),
        [Outputs.MessageIdsTruncated]: 'false',
        [Outputs.DlqIdsTruncated]: 'false',
        [Outputs.OldestCreatedAt]: result.oldestCreatedAt === undefined ? '' : String(result.oldestCreatedAt),
        [Outputs.NextCursor]: cursorOutput(result.nextCursor),
        [Outputs.MessagesFile]: result.messagesFile ?? ''
    };
    const budget = budgetLeft(scalars, [Outputs.MessageIds, Outputs.DlqIds]);
    // The two lists are not in step (an entry may have no dlqId): dlq-ids keep up to half the budget when both are long.
    const reserve = Math.min(Math.floor(budget / 2), githubBytes(JSON.stringify(result.dlqIds)));
    const fitted = fitArrays([[Outputs.MessageIds, result.messageIds]], budget - reserve);
    const dlq = fitArrays([[Outputs.DlqIds, result.dlqIds]], budget - githubBytes(fitted.json[0] ?? '[]'));
    return {
        ...scalars,
        [Outputs.MessageIds]: fitted.json[0],
        [Outputs.MessageIdsTruncated]: String(result.messageIdsTruncated || fitted.truncated),
        [Outputs.DlqIds]: dlq.json[0],
        [Outputs.DlqIdsTruncated]: String(result.dlqIdsTruncated || dlq.truncated)
    };
}
function failure(result) {
    const complete = listingComplete(result);
    const reasons = result.health.breaches.map(b => `DLQ health check failed: ${describeBreach(b, complete)}`);
    if (result.failure !== undefined) {
        const why = failureText('list-dlq', result.failure);
        const listed = result.count === 0
            ? 'nothing was listed, so the number of messages is unknown'
            : `at least ${plural(result.count, 'message', 'messages')}: listed ${beforeTheEnd(result.failure)}`;
        reasons.unshift(`${why}${continueHint(result.nextCursor)} (${listed})`);
    }
    return reasons.length === 0 ? undefined : reasons.join('\n');
}
function orderText(order) {
    if (order === 'earliestFirst')
        return 'earliest first (`earliestFirst`)';
    if (order === 'latestFirst')
        return 'latest first (`latestFirst`)';
    return code(String(order));
}
function listSummary(result, ctx, pass) {
    const { now } = pass;
    const filters = filterLines(result.filters, pass);
    const lines = summaryHead(heading(result, filters.length > 0 || Boolean(result.startCursor)), judgement(result, now), issueLine(ctx.issue), shortenedNote(pass));
    lines.push(...endingLines(result));
    lines.push(...failingLines(result, pass));
    lines.push(...breakdownLines(result, pass));
    lines.push(...chartLines(result, now));
    lines.push(...workflowRunLines(result, pass));
    lines.push(...extremesLines(result, pass));
    lines.push(...askedLines(result, ctx, filters));
    return markdownText(lines);
}
/** One block for how the listing ended when it did not reach the end: the error, and where to continue. */
function endingLines(result) {
    const lines = [];
    if (result.failure !== undefined) {
        lines.push(`**Error:** ${code(failureText('list-dlq', result.failure))}`, '');
        if (result.count > 0) {
            lines.push(`Everything below is what was listed ${beforeTheEnd(result.failure)}: a lower bound.`, '');
        }
    }
    else if (result.nextCursor !== undefined) {
        const why = result.maxMessages !== undefined && result.count >= result.maxMessages
            ? `after ${plural(result.count, 'message', 'messages')}, as \`max-messages\` (${formatCount(result.maxMessages)}) asks`
            : `after ${plural(result.count, 'message', 'messages')}`;
        lines.push(`**Stopped ${why}**: the DLQ may hold more. Everything below is a lower bound.`, '');
    }
    if (result.nextCursor) {
        lines.push(`To continue, re-run with input \`cursor\` set to ${cursorText(result.nextCursor)}`, '');
    }
    return lines;
}
/**
 * The top destinations: count, dominant last response status, oldest age and what the last response said. Titled
 * "What is failing" only under a failing verdict; under any other, "Top destinations".
 */
function failingLines(result, pass) {
    const table = failingTable(result, pass.now, pass.maxRows);
    const failing = result.failure !== undefined || result.health.breaches.length > 0;
    return table.length === 0 ? [] : [failing ? '### What is failing' : '### Top destinations', '', ...table];
}
/** The "what is failing" table (shared with the health issue): the top destinations, then every other one. */
function failingTable(result, now, maxRows) {
    const rows = result.byDestination ?? [];
    if (result.count === 0 || rows.length === 0)
        return [];
    // The URL last: a long one scrolls sideways without pushing the response out of a 1,200-pixel window.
    const lines = tableHead(['Messages', 'Last status', 'Oldest', 'Last response', 'Destination URL'], [true, false, true, false, false]);
    const shown = rows.slice(0, Math.max(0, maxRows));
    let counted = 0;
    for (const row of shown) {
        counted += row.count;
        lines.push(tableRow([
            formatCount(row.count),
            statusCell(row),
            row.oldestCreatedAt === undefined ? '—' : formatAge(now - row.oldestCreatedAt),
            responseCell(row),
            row.url === '(none)' ? '(none)' : codeCell(row.url, COPYABLE_CELL_LENGTH)
        ]));
    }
    const rest = result.count - counted;
    const others = result.byUrl.length - shown.length;
    if (rest > 0) {
        const which = others > 0
            ? `${formatCount(others)}${result.undercount?.byUrl !== undefined ? '+' : ''} other destinations`
            : 'other destinations';
        lines.push(`| ${formatCount(rest)} | | | | *${which}* |`);
    }
    lines.push('');
    if (result.undercount?.byUrl !== undefined)
        lines.push(...approximateNote(result.undercount.byUrl));
    return lines;
}
/** The dominant status, with its share of the destination's messages when others are mixed in. */
function statusCell(row) {
    const status = row.status === undefined ? 'none' : String(row.status);
    if (!row.otherStatuses)
        return status;
    const share = Math.round((100 * (row.count - row.otherStatuses)) / Math.max(1, row.count));
    return `${status} (${Math.min(99, Math.max(1, share))}%)`;
}
/** The breakdowns; those nearly all "(none)", and the full one by URL, collapsed. */
function breakdownLines(result, pass) {
    if (result.count === 0)
        return [];
    const lines = [];
    const limit = { maxRows: Math.min(pass.maxRows, BREAKDOWN_ROWS), seen: pass.seen };
    for (const [key, title, head] of [
        ['byStatus', 'last response status', 'Last response status'],
        ['byTopic', 'URL group', 'URL group'],
        ['byQueue', 'queue', 'Queue'],
        ['bySchedule', 'schedule', 'Schedule id'],
        ['byUrl', 'destination URL (all)', 'Destination URL']
    ]) {
        const rows = result[key];
        if (rows.length === 0)
            continue;
        // A breakdown where every message has no value says nothing.
        if (key !== 'byStatus' && rows.length === 1 && rows[0]?.value === '(none)')
            continue;
        const body = countTable(head, rows, limit, result.count, result.undercount?.[key]);
        const none = rows.find(r => r.value === '(none)')?.count ?? 0;
        const quiet = key === 'byUrl' || none >= MOSTLY_NONE * result.count;
        if (quiet) {
            const note = none > 0 ? ` (${formatCount(none)} of ${formatCount(result.count)} have none)` : '';
            lines.push(...collapsed(`Messages by ${title}${note}`, body));
        }
        else
            lines.push(`#### Messages by ${title}`, '', ...body);
    }
    if (result.badCreatedAt !== undefined) {
        lines.push(`- ${plural(result.badCreatedAt.count, 'message has', 'messages have')} a \`createdAt\` no date can hold ` +
            `(first: ${code(result.badCreatedAt.messageId, 200)}): left out of dates, ages and the chart.`, '');
    }
    return lines;
}
/** The oldest and newest messages: age first, short times, each group named once. */
function extremesLines(result, pass) {
    const rows = oldestAndNewest(result.oldest, result.newest);
    if (rows.length === 0)
        return [];
    const lines = [`#### Oldest and newest messages${listingComplete(result) ? '' : ' listed'}`, ''];
    lines.push(...tableHead(
    // The URL last: a long one scrolls sideways without hiding the columns that answer "how old".
    ['', 'Age', 'Created (UTC)', 'Status', 'Message id', 'Destination URL'], [false, true, false, false, false, false]));
    let last = '';
    for (const [which, m] of rows.slice(0, Math.max(0, pass.maxRows))) {
        lines.push(tableRow([
            which === last ? '' : `**${which}**`,
            m.createdAt === undefined ? '—' : formatAge(pass.now - m.createdAt),
            shortTimeOrDash(m.createdAt, pass.now),
            m.responseStatus === undefined ? '—' : String(m.responseStatus),
            cellOrDash(m.messageId, COPYABLE_CELL_LENGTH),
            cellOrDash(m.url, COPYABLE_CELL_LENGTH)
        ]));
        last = which;
    }
    lines.push('');
    return lines;
}
/** The health thresholds as set, each named by its input (the summary's "What was asked", the closing comment). */
function thresholdsText(result) {
    const { countAbove, oldestOlderThanMs } = result.health;
    const parts = [
        countAbove === undefined ? undefined : `\`fail-if-count-above\`: ${formatCount(countAbove)}`,
        oldestOlderThanMs === undefined ? undefined : `\`fail-if-oldest-older-than\`: ${formatAge(oldestOlderThanMs)}`
    ].filter(p => p !== undefined);
    return parts.length === 0 ? 'none' : parts.join(', ');
}
/** What was asked, complete: filters, order, bounds, thresholds, concurrency, cursor; then the run. */
function askedLines(result, ctx, filters) {
    const lines = ['### What was asked', ''];
    if (filters.length === 0)
        lines.push('- Filters: none (every message in the DLQ)');
    else
        lines.push('- Filters (several values of one filter: any of them; different filters: all of them):', ...filters);
    lines.push(`- Order: ${orderText(result.order)}`);
    lines.push(`- Health thresholds: ${thresholdsText(result)}`);
    lines.push(`- \`max-messages\`: ${result.maxMessages === undefined ? 'none (every message)' : formatCount(result.maxMessages)}`);
    const slices = result.fallback !== undefined
        ? ' (listed sequentially: the date slices could not be trusted)'
        : result.slices === 1
            ? ' (one date slice: the oldest and newest message the service named were too close to split, as when it ignores `order`)'
            : result.slices !== undefined
                ? ` (${formatCount(result.slices)} date slices)`
                : '';
    lines.push(`- \`concurrency\`: ${formatCount(result.concurrency)}${slices}`);
    lines.push(`- Page size: ${formatCount(result.pageSize)}` +
        (result.maxPages === undefined ? '' : `, \`max-pages\`: ${formatCount(result.maxPages)}`) +
        ` (${plural(result.pages, 'page', 'pages')} fetched)`);
    lines.push(result.startCursor ? `- Start cursor: ${cursorText(result.startCursor)}` : '- Start cursor: none (from the start)');
    if (result.fallback !== undefined)
        lines.push(`- Why sequentially: ${code(result.fallback)}`);
    if (result.messagesFile !== undefined) {
        lines.push(`- Every listed message, one JSON object a line: ${code(result.messagesFile)} (output \`messages-file\`)`);
        const redacted = result.redactedHeaderValues ?? 0;
        const note = 'redacted from messages-file; set `keep-credential-headers: true` to keep them.';
        if (redacted > 0)
            lines.push(`- ${plural(redacted, 'credential header value was', 'credential header values were')} ${note}`);
    }
    if (result.messageIdsTruncated) {
        lines.push(`- The \`message-ids\` output holds only the first ${plural(result.messageIds.length, 'id', 'ids')} of ` +
            `${formatCount(result.count)}.`);
    }
    lines.push(...runLine(ctx), '');
    return lines;
}
function approximateNote(undercount) {
    return [
        `> **Approximate:** more than ${formatCount(TALLY_CAPACITY)} distinct values were seen, so only the most ` +
            `frequent were kept; each count above may be up to ${formatCount(undercount)} below the true one.`,
        ''
    ];
}
/**
 * The top rows of a breakdown, then one row for the messages of every other value (the total less the rows shown),
 * and a note when the breakdown kept only its most frequent values (`undercount`: how far a count may be low).
 */
function countTable(heading, rows, limit, total, undercount) {
    limit.seen?.(rows.length);
    const shown = rows.slice(0, limit.maxRows);
    const lines = [];
    if (shown.length > 0) {
        lines.push(...tableHead([heading, 'Messages'], [false, true]));
        let counted = 0;
        for (const row of shown) {
            counted += row.count;
            const value = row.value === '' || row.value === '(none)' ? '(none)' : codeCell(row.value, COPYABLE_CELL_LENGTH);
            lines.push(tableRow([value, formatCount(row.count)]));
        }
        const more = rows.length - shown.length;
        const rest = total - counted;
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
/** The oldest then the newest messages, a message in both lists shown once. */
function oldestAndNewest(oldest, newest) {
    const key = (m) => JSON.stringify([m.dlqId ?? '', m.messageId, m.createdAt ?? null]);
    const seen = new Set();
    const rows = [];
    for (const [which, list] of [
        ['Oldest', oldest],
        ['Newest', newest]
    ]) {
        for (const m of list) {
            const k = key(m);
            if (seen.has(k))
                continue;
            seen.add(k);
            rows.push([which, m]);
        }
    }
    return rows;
}

;// CONCATENATED MODULE: ./src/github/issue-text.ts
/**
 * What the health issue says: its body, the comment of a run that fails again (what changed) and the closing
 * comment, and the hidden state line that lets the next run compare. Every DLQ value is a code span.
 */





const issue_text_BREAKDOWN_ROWS = 10;
/** Destinations remembered in the issue's state, to name the new ones in the next comment. */
const REMEMBERED_TOP = 5;
/** A count change is material when it is at least this share of the count last commented on … */
const MATERIAL_COUNT_SHARE = 0.1;
/** … and at least this many messages, so a small DLQ going from 3 to 4 stays quiet. */
const MATERIAL_COUNT_MIN = 10;
const STATE_PREFIX = '<!-- dlq-action:state ';
function urlHash(url) {
    return (0,external_node_crypto_.createHash)('sha256').update(url).digest('hex').slice(0, 12);
}
/** The state as the hidden line of the body. */
function stateLine(state) {
    return `${STATE_PREFIX}${JSON.stringify(state)} -->`;
}
/** The state the body remembers, or undefined for a body without one (or one edited out of shape). */
function readState(body) {
    if (body === undefined)
        return undefined;
    const at = body.lastIndexOf(STATE_PREFIX);
    if (at < 0)
        return undefined;
    const end = body.indexOf(' -->', at);
    if (end < 0)
        return undefined;
    try {
        const raw = JSON.parse(body.slice(at + STATE_PREFIX.length, end));
        const num = (v) => typeof v === 'number' && Number.isFinite(v);
        if (!num(raw.since) || !num(raw.at) || !num(raw.count) || typeof raw.complete !== 'boolean')
            return undefined;
        const spoke = readSpoken(raw.spoke);
        return {
            ...(spoke !== undefined ? { spoke } : {}),
            since: raw.since,
            at: raw.at,
            count: raw.count,
            complete: raw.complete,
            ...(num(raw.oldestCreatedAt) ? { oldestCreatedAt: raw.oldestCreatedAt } : {}),
            top: hashes(raw.top)
        };
    }
    catch {
        return undefined;
    }
}
function hashes(value) {
    return Array.isArray(value) ? value.filter((h) => typeof h === 'string' && /^[0-9a-f]{12}$/.test(h)) : [];
}
/** The figures of the last comment as the body holds them, or undefined when out of shape. */
function readSpoken(value) {
    const raw = (value ?? {});
    if (typeof raw.at !== 'number' || !Number.isFinite(raw.at))
        return undefined;
    if (typeof raw.count !== 'number' || !Number.isFinite(raw.count))
        return undefined;
    const kinds = Array.isArray(raw.breaches) ? raw.breaches : [];
    return {
        at: raw.at,
        count: raw.count,
        breaches: kinds.filter((k) => k === 'count' || k === 'age'),
        top: hashes(raw.top)
    };
}
/** The figures this result would be commented with. */
function spokenOf(result, now) {
    return {
        at: now,
        count: result.count,
        breaches: [...new Set(result.health.breaches.map(b => b.kind))],
        top: topHashes(result)
    };
}
function topHashes(result) {
    return (result.byDestination ?? []).slice(0, REMEMBERED_TOP).map(row => urlHash(row.url));
}
/**
 * What the issue last said. A body from before the issue spoke only on change holds no such figures: the last
 * run's stand in, with every threshold taken as already reported, so an upgrade alone does not comment.
 */
function lastSpoken(state) {
    return state.spoke ?? { at: state.at, count: state.count, breaches: ['count', 'age'], top: state.top };
}
/**
 * Why a failing run comments on the open issue, or undefined to only update its body: the count moved by a
 * material share since the last comment, a threshold is newly exceeded, the leading destination was not among the
 * top ones then, or the last comment is `repeatIntervalMs` old.
 */
function reasonToComment(result, before, now, repeatIntervalMs) {
    const spoken = lastSpoken(before);
    const delta = result.count - spoken.count;
    if (Math.abs(delta) >= Math.max(MATERIAL_COUNT_MIN, Math.ceil(spoken.count * MATERIAL_COUNT_SHARE))) {
        return `the count went ${delta > 0 ? 'up' : 'down'} from ${formatCount(spoken.count)} to ${formatCount(result.count)} since the last comment`;
    }
    const fresh = result.health.breaches.find(b => !spoken.breaches.includes(b.kind));
    if (fresh !== undefined) {
        return `${fresh.kind === 'count' ? '`fail-if-count-above`' : '`fail-if-oldest-older-than`'} is newly exceeded`;
    }
    const leading = topHashes(result)[0];
    // No destinations remembered (none listed then): nothing to compare with, so not "new".
    if (leading !== undefined && spoken.top.length > 0 && !spoken.top.includes(leading))
        return 'a new destination leads';
    if (now - spoken.at >= repeatIntervalMs) {
        return `the last comment is ${formatAge(now - spoken.at)} old (\`issue-repeat-interval\`: ${formatAge(repeatIntervalMs)})`;
    }
    return undefined;
}
/**
 * The state the body keeps: these figures, and what the issue last said (`spoke`; absent: this run speaks, by
 * opening the issue or commenting on it).
 */
function stateOf(result, since, now, spoke) {
    return {
        since,
        at: now,
        count: result.count,
        complete: listingComplete(result),
        ...(result.oldestCreatedAt !== undefined ? { oldestCreatedAt: result.oldestCreatedAt } : {}),
        top: topHashes(result),
        spoke: spoke ?? spokenOf(result, now)
    };
}
function runText(runUrl) {
    return runUrl ? ` (${safeLink('workflow run', runUrl)})` : '';
}
/** The comment that closes an issue a concurrent run of the same check opened a moment after another. */
function duplicateComment(kept) {
    return `Duplicate of #${kept}: two runs of this health check overlapped and each opened an issue; the findings are there.`;
}
/** The comment of a passing check: the figures now, how long it failed, the thresholds it was judged against. */
function closingComment(result, before, runUrl, now) {
    const lines = [`## ✅ The DLQ health check passes again${runText(runUrl)}`, '', judgement(result, now), ''];
    if (before !== undefined) {
        lines.push(`- Failing for ${formatAge(now - before.since)}: since ${formatMs(before.since)}.`);
    }
    else {
        lines.push('- Failing since this issue was opened.');
    }
    lines.push(`- Thresholds: ${thresholdsText(result)}.`, '', 'Closing.');
    return lines.join('\n');
}
/** The comment of a check that fails again: count and age then and now, and the new top destinations. */
function changeComment(result, before, runUrl, now, why) {
    const lines = [`## ❌ Still failing${runText(runUrl)}`, '', judgement(result, now), ''];
    if (why !== undefined)
        lines.push(`Commenting because ${why}.`, '');
    const complete = listingComplete(result);
    const count = (n, whole) => `${whole ? '' : 'at least '}${formatCount(n)}`;
    const age = (created, at) => created === undefined ? '—' : formatAge(at - created);
    if (before !== undefined) {
        const delta = result.count - before.count;
        const sign = delta > 0 ? `+${formatCount(delta)}` : delta < 0 ? formatCount(delta) : 'no change';
        lines.push(`| | Last run (${formatShortTime(before.at, now)} UTC) | Now |`, '| --- | ---: | ---: |', `| Messages | ${count(before.count, before.complete)} | ${count(result.count, complete)} (${sign}) |`, `| Oldest | ${age(before.oldestCreatedAt, before.at)} | ${age(result.oldestCreatedAt, now)} |`, '', `Failing for ${formatAge(now - before.since)} (since ${formatMs(before.since)}).`, '');
        const known = new Set(before.top);
        const fresh = (result.byDestination ?? []).slice(0, REMEMBERED_TOP).filter(row => !known.has(urlHash(row.url)));
        if (fresh.length > 0) {
            lines.push('New among the top destinations:', '', ...fresh.map(row => `- ${code(row.url, 200)}: ${plural(row.count, 'message', 'messages')}` +
                (row.status === undefined ? '' : `, last status ${row.status}`)), '');
        }
        else
            lines.push('No new destination among the top ones.', '');
    }
    else {
        lines.push('The issue body holds no earlier figures to compare with; it now shows the current ones.', '');
    }
    lines.push('The issue body above shows the current figures.');
    return lines.join('\n');
}
/**
 * The issue body: the verdict, the breaches, what is failing, the statuses, and the hidden state line. Every DLQ
 * value is a code span, so text such as `#1` or `owner/repo#3` cannot reference other issues.
 */
function issueBody(result, runUrl, now, state = stateOf(result, now, now)) {
    const lines = [
        `## ❌ DLQ health check failing`,
        '',
        judgement(result, now),
        '',
        ...result.health.breaches.map(b => `- ${describeBreach(b, listingComplete(result))}`),
        ''
    ];
    lines.push(`Figures of ${formatMs(now)}${runText(runUrl)}; a later failing run updates them, and comments when something ` +
        'material changed or the last comment is older than `issue-repeat-interval`.', '');
    lines.push(...failingTable(result, now, issue_text_BREAKDOWN_ROWS));
    lines.push(...table(['Last response status', 'Messages'], [false, true], result.byStatus, { maxRows: issue_text_BREAKDOWN_ROWS }, row => [
        row.value === '(none)' ? '(none)' : codeCell(row.value, 100),
        formatCount(row.count)
    ]));
    lines.push(stateLine(state));
    return lines.join('\n');
}

;// CONCATENATED MODULE: ./src/github/health-issue.ts


/** action.yml's default of issue-repeat-interval (a unit test holds the two equal). */
const DEFAULT_REPEAT_INTERVAL_MS = 4 * 3_600_000;
/**
 * Keeps one issue in step with the health check: a failing check opens it, or on the open one comments with
 * what changed (only when something material did, or the last comment is older than `repeatIntervalMs`) and
 * refreshes the body; a passing check comments (how long it failed, the thresholds) and closes it. A listing that
 * failed says nothing about health: no change.
 */
async function syncHealthIssue(api, result, title, runUrl, now, repeatIntervalMs = DEFAULT_REPEAT_INTERVAL_MS) {
    if (result.failure !== undefined)
        return { action: 'none', reason: 'the listing failed, so health is unknown' };
    const failing = result.health.breaches.length > 0;
    const open = await api.findOpen(title);
    // A duplicate a run opened and could not close (it was stopped) is closed by the next run that sees it.
    if (open?.duplicates !== undefined)
        await closeDuplicates(api, open.number, open.duplicates);
    if (failing) {
        if (open) {
            const before = readState(open.body);
            const why = before === undefined ? 'no earlier figures' : reasonToComment(result, before, now, repeatIntervalMs);
            const state = stateOf(result, before?.since ?? now, now, why === undefined && before ? lastSpoken(before) : undefined);
            if (why !== undefined)
                await api.comment(open.number, changeComment(result, before, runUrl, now, why));
            await api.update(open.number, title, issueBody(result, runUrl, now, state));
            return { action: why === undefined ? 'updated' : 'commented', number: open.number, url: open.url };
        }
        const created = await api.create(title, issueBody(result, runUrl, now, stateOf(result, now, now)));
        return converge(api, result, title, runUrl, now, created);
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
/**
 * Two checks that overlap both find no issue and both open one: after opening, look again. When an older issue of
 * this check is open, this run's findings go there as a comment and its own issue is closed as a duplicate; the run
 * that opened the oldest leaves it be, so every interleaving ends with one open issue and no comment twice.
 */
async function converge(api, result, title, runUrl, now, created) {
    const kept = (await api.findAllOpen(title))[0];
    if (kept === undefined || kept.number >= created.number)
        return { action: 'opened', ...created };
    const why = `another run of this check opened #${kept.number} at the same time`;
    await api.comment(kept.number, changeComment(result, readState(kept.body), runUrl, now, why));
    await closeDuplicates(api, kept.number, [created.number]);
    return { action: 'commented', number: kept.number, url: kept.url };
}
/** Closes newer issues of the check as duplicates of the one kept, each with a comment pointing at it. */
async function closeDuplicates(api, kept, duplicates) {
    for (const duplicate of duplicates) {
        await api.comment(duplicate, duplicateComment(kept));
        await api.close(duplicate, 'not_planned');
    }
}

// EXTERNAL MODULE: external "node:timers/promises"
var promises_ = __webpack_require__(8500);
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
    if (value === undefined || value.trim() === '')
        return undefined;
    const text = value.trim();
    if (/^\d+(\.\d+)?$/.test(text))
        return Math.round(Number(text) * 1000);
    const at = Date.parse(text);
    return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
/** The wait a `Burst-RateLimit-Reset` value (Unix time, seconds or milliseconds) asks for. */
function parseRateLimitReset(value, now) {
    if (value === undefined || !/^\d+(\.\d+)?$/.test(value.trim()))
        return undefined;
    const n = Number(value.trim());
    const atMs = n > 1e12 ? n : n * 1000;
    return Math.max(0, Math.round(atMs - now));
}
/**
 * Decides whether the attempt numbered `attempt` (1 = the first) is followed by another, and after what wait.
 * Retried: transient transport errors and 408, 429, 500, 502, 503, 504. A wait the service asks for
 * (`Retry-After`, else `Burst-RateLimit-Reset` on a 429) wins over the backoff, capped at maxWaitMs.
 */
function retryDecision(attempt, outcome, policy, now, random) {
    if (attempt >= policy.maxAttempts)
        return { retry: false };
    if (outcome.kind === 'error') {
        if (!isTransientError(outcome.code))
            return { retry: false };
        return { retry: true, delayMs: backoffDelayMs(attempt, policy, random), basis: 'backoff', capped: false };
    }
    if (!RETRIED_STATUSES.has(outcome.status))
        return { retry: false };
    const retryAfter = parseRetryAfter(outcome.headers['retry-after'], now);
    const resetHeader = outcome.resetHeader ?? 'burst-ratelimit-reset';
    const reset = outcome.status === 429 ? parseRateLimitReset(outcome.headers[resetHeader], now) : undefined;
    const asked = retryAfter ?? reset;
    if (asked === undefined) {
        return { retry: true, delayMs: backoffDelayMs(attempt, policy, random), basis: 'backoff', capped: false };
    }
    return {
        retry: true,
        delayMs: Math.min(asked, policy.maxWaitMs),
        basis: retryAfter !== undefined ? 'Retry-After' : 'Burst-RateLimit-Reset',
        capped: asked > policy.maxWaitMs
    };
}
/** A wait that ends early, without error, when `wake` is aborted: a stop must not wait out a Retry-After. */
const wakeableSleep = (ms, wake) => (0,promises_.setTimeout)(ms, undefined, wake ? { signal: wake } : {}).catch(() => { });
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
/**
 * The health issue's GitHub side: the IssueApi over Octokit, each call with a deadline and retries, the issue found by
 * its label and hidden marker.
 */


/** The label every health issue carries: the open issues are looked up by it, not among all open issues. */
const HEALTH_LABEL = 'dlq-health-check';
/** Open issues with the label read at most (10 pages of 100): more means something else uses the label. */
const MAX_LABELLED_PAGES = 10;
/** Recent open issues read at most (3 pages of 100) for one the token could not label. */
const MAX_RECENT_PAGES = 3;
/**
 * The hidden line that ties an issue to one health check: two checks with different titles, or with the same title
 * over different selections (`scope`: the source and filters, empty for the whole message DLQ), share the label but
 * not the marker, so a passing filtered check never closes the issue of a failing unfiltered one; a title edited by
 * hand still finds its issue.
 */
function healthMarker(title, scope = '') {
    const check = scope === '' ? title : `${title}\u0000${scope}`;
    return `<!-- dlq-action:health-check:${(0,external_node_crypto_.createHash)('sha256').update(check).digest('hex').slice(0, 16)} -->`;
}
const DEFAULT_ISSUE_API_OPTIONS = { timeoutMs: 30_000, retry: DEFAULT_RETRY_POLICY, log: () => { } };
/** Thrown when an attempt reaches its deadline. */
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
/** What a failed Octokit call ended with, in the retry policy's terms. */
function attemptOutcome(error) {
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
function describeFailure(error, { timeoutMs, redact = text => text }) {
    const outcome = attemptOutcome(error);
    if (error instanceof DeadlineError)
        return `no complete answer within ${timeoutMs} ms`;
    const message = redact(String(error?.message ?? error))
        .split('\n')[0]
        ?.slice(0, 300) ?? '';
    if (outcome.kind === 'status')
        return `HTTP ${error.status}: ${message}`;
    return `${outcome.code === 'UNKNOWN' ? '' : `${outcome.code}: `}${message}`;
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
            return await Promise.race([send(signal), cutOff]);
        }
        catch (error) {
            // A cancel is not retried, and nothing is looked up to recover: the next run brings the issue up to date.
            if (stop?.aborted)
                throw error instanceof CancelledCall ? error : cut();
            const done = recover && (await recover().catch(() => undefined));
            if (done === undefined)
                throw error;
            options.log(`GitHub API ${what}: ${describeFailure(error, options)}; it was carried out all the same.`);
            return done;
        }
    };
    return retrying(once, {
        policy: options.retry,
        signal: stop,
        classify: error => {
            if (error instanceof CancelledCall)
                throw error;
            return attemptOutcome(error);
        },
        describe: error => `GitHub API ${what}: ${describeFailure(error, options)}`,
        log: options.log,
        giveUp: (error, attempts) => {
            const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
            const outcome = attemptOutcome(error);
            return new GitHubCallError(`GitHub API ${what} failed${tries}: ${describeFailure(error, options)}`, outcome.kind === 'status' ? outcome.status : undefined, { cause: error });
        },
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
/**
 * IssueApi over @actions/github's Octokit, which honours GITHUB_API_URL (GitHub Enterprise Server) and the proxy
 * variables. The open issue is the one with the health label and this title's marker in its body.
 */
async function octokitIssueApi(token, repository, options = DEFAULT_ISSUE_API_OPTIONS) {
    const [owner = '', repo = ''] = repository.split('/');
    const { getOctokit } = await __webpack_require__.e(/* import() */ 413).then(__webpack_require__.bind(__webpack_require__, 2413));
    // Octokit's own warnings (deprecations, rate limits) carry GitHub's text: through the caller's safe log, not stdout.
    const quiet = () => { };
    const octokit = getOctokit(token, {
        log: {
            debug: quiet,
            info: quiet,
            warn: line => options.log(`GitHub API: ${line}`),
            error: line => options.log(`GitHub API: ${line}`)
        }
    });
    const call = (what, send, recover) => withRetry(what, send, options, recover);
    /**
     * Reads open issues page by page, up to `pages` pages of 100, for those carrying `marker`; stops at the first page
     * holding one when `first`. Returns them, or 'more' when the pages ran out before the issues did.
     */
    const scan = async (marker, pages, which, filter, first) => {
        const found = [];
        for (let page = 1; page <= pages; page++) {
            const what = `list ${which} (page ${page})`;
            const { data } = await call(what, signal => octokit.rest.issues.listForRepo({
                owner,
                repo,
                state: 'open',
                ...filter,
                per_page: 100,
                page,
                request: { signal }
            }));
            if (!Array.isArray(data))
                throw new Error(`GitHub API ${what}: the answer is not a list of issues`);
            for (const issue of data) {
                if (!issue.pull_request && typeof issue.body === 'string' && issue.body.includes(marker)) {
                    found.push({ ...issueRef(issue, what), body: issue.body });
                }
            }
            if (data.length < 100 || (first && found.length > 0))
                return found;
        }
        return 'more';
    };
    /**
     * The open issues of this check, oldest (lowest number) first: those with the label, and, when none has it or
     * `everywhere`, those among the most recent open issues.
     */
    const findAllOpen = async (title, everywhere) => {
        const marker = healthMarker(title, options.scope);
        const labelled = await scan(marker, MAX_LABELLED_PAGES, `open issues labelled ${HEALTH_LABEL}`, {
            labels: HEALTH_LABEL
        }, !everywhere);
        if (labelled === 'more') {
            throw new Error(`more than ${MAX_LABELLED_PAGES * 100} open issues are labelled ${HEALTH_LABEL}: close some, or the check ` +
                'could open a second issue');
        }
        const all = new Map(labelled.map(issue => [issue.number, issue]));
        if (all.size === 0 || everywhere) {
            // GitHub drops a new issue's labels, without an error, when the token may not set them: such an issue is found
            // among the most recent open issues by its marker, so a second check does not open a second issue.
            const recent = await scan(marker, MAX_RECENT_PAGES, 'recent open issues', {
                sort: 'created',
                direction: 'desc'
            }, false);
            if (recent !== 'more')
                for (const issue of recent)
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
    return {
        findOpen,
        findAllOpen: title => findAllOpen(title, true),
        async create(title, body) {
            const what = 'create the health issue';
            // A create whose answer was lost may have been carried out: look before trying again, or a second issue opens.
            return call(what, async (signal) => {
                const { data } = await octokit.rest.issues.create({
                    owner,
                    repo,
                    title,
                    body: `${healthMarker(title, options.scope)}\n${body}`,
                    labels: [HEALTH_LABEL],
                    request: { signal }
                });
                const labels = Array.isArray(data.labels) ? data.labels : [];
                if (!labels.some(label => (typeof label === 'string' ? label : label.name) === HEALTH_LABEL)) {
                    options.log(`The health issue was opened without the label ${HEALTH_LABEL} (the token may not set labels): later ` +
                        'checks find it among the most recent open issues.');
                }
                return issueRef(data, what);
            }, () => findOpen(title));
        },
        async comment(issue, body) {
            await call(`comment on issue #${issue}`, signal => octokit.rest.issues.createComment({ owner, repo, issue_number: issue, body, request: { signal } }));
        },
        async update(issue, title, body) {
            await call(`update issue #${issue}`, signal => octokit.rest.issues.update({
                owner,
                repo,
                issue_number: issue,
                body: `${healthMarker(title, options.scope)}\n${body}`,
                request: { signal }
            }));
        },
        async close(issue, reason = 'completed') {
            await call(`close issue #${issue}`, signal => octokit.rest.issues.update({
                owner,
                repo,
                issue_number: issue,
                state: 'closed',
                state_reason: reason,
                request: { signal }
            }));
        }
    };
}

;// CONCATENATED MODULE: ./src/github/issue-step.ts



/**
 * Opens, updates or closes the health issue, and returns it for the summary to link (its URL made from the
 * repository and the number, not taken from GitHub's answer). Its failure is a warning: the verdict stands alone.
 */
async function updateHealthIssue(step, result, out) {
    const repository = process.env.GITHUB_REPOSITORY;
    if (!repository || !step.token) {
        out.warning('issue-on-failure needs GITHUB_REPOSITORY and github-token: no issue was opened or updated.');
        return undefined;
    }
    try {
        const github = await octokitIssueApi(step.token, repository, {
            timeoutMs: step.timeoutMs,
            retry: step.retry,
            log: line => out.info(line),
            scope: checkScope(result.filters),
            redact: out.redact,
            ...(step.signal ? { signal: step.signal } : {})
        });
        const done = await syncHealthIssue(out.issueApi(github), out.redactValue(result), step.title, runContext().runUrl, step.now, step.repeatIntervalMs);
        out.info(done.action === 'none'
            ? `Health issue: no change (${done.reason}).`
            : `Health issue #${done.number} ${done.action}: ${done.url}`);
        if (done.action === 'none')
            return undefined;
        const server = process.env.GITHUB_SERVER_URL || 'https://github.com';
        return { number: done.number, url: `${server}/${repository}/issues/${done.number}`, action: done.action };
    }
    catch (err) {
        // Only a refusal is about permissions: a rate limit, a timeout or a server error says nothing of them.
        const status = err instanceof GitHubCallError ? err.status : undefined;
        const hint = status === 401
            ? ' GitHub refused github-token (HTTP 401): check that input (the job token by default).'
            : status === 403 || status === 404
                ? ' The workflow needs "permissions: issues: write" for issue-on-failure.'
                : ' The health verdict above stands; the issue is brought up to date on the next run.';
        out.warning(`Could not update the health issue "${step.title}": ${err.message}.${hint}`);
        return undefined;
    }
}
/**
 * The selection a health check judges, as one stable text: empty for the whole message DLQ (so an issue opened
 * before filters took part in the marker is still found), else the source and every filter set, keys sorted. The
 * date bounds are left out: a relative window (`from-date: 24h`) moves on every run, and is still the same check.
 */
function checkScope(filters) {
    const set = Object.entries(filters)
        .filter(([key]) => key !== 'fromDate' && key !== 'toDate')
        .filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0))
        .sort(([a], [b]) => (a < b ? -1 : 1));
    return set.length === 0 ? '' : JSON.stringify(Object.fromEntries(set));
}

// EXTERNAL MODULE: external "node:readline"
var external_node_readline_ = __webpack_require__(481);
;// CONCATENATED MODULE: ./src/requests.ts
/**
 * What an operation is asked to do, as the service names it: filters, selection, overrides and the bounds of a
 * drain. The shared vocabulary of inputs (which build it), operations (which carry it out), the service client
 * (which sends it) and the report (which echoes it). A root module: it imports no folder of src/.
 */
/**
 * Why a schedule id cannot be sent, or undefined when it can: it travels as one path segment, and URL parsers fold
 * "." and ".." (even percent-encoded) into the path, where they would address another resource.
 */
function scheduleIdProblem(scheduleId) {
    if (scheduleId === '' || /^(?:\.|%2e){1,2}$/i.test(scheduleId)) {
        return `schedule id "${scheduleId}" is not allowed: it must not be empty, "." or ".."`;
    }
    return undefined;
}

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/core.js
var core_core = __webpack_require__(8532);
;// CONCATENATED MODULE: ./src/inputs/values.ts
/** Parsers for single input values. Each returns the parsed value or throws a message saying what is allowed. */

const UNIT_MS = { s: 1_000, m: 60_000, h: HOUR, d: DAY, w: WEEK };
const DURATION = /^(?:\d+[smhdw])+$/;
const DURATION_PART = /(\d+)([smhdw])/g;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))?)?$/i;
/** The last millisecond of year 9999: later dates have no ISO-8601 form of four-digit years. */
const LATEST_DATE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** All-digit dates below this (early 1973 in milliseconds) are far likelier Unix seconds (up to year 5138). */
const SECONDS_LIKE_BELOW = 1e11;
const DATE_FORMS = 'must be Unix milliseconds (1700000000000), an ISO-8601 date (2026-01-31T12:00:00Z) or a duration ago (30m, 24h, 7d)';
/**
 * A duration such as `30m`, `24h`, `7d` or `1h30m`, in milliseconds; undefined when `text` is not one.
 * Throws when it is one but too long for a safe whole number of milliseconds.
 */
function parseDuration(text) {
    const value = text.trim().toLowerCase();
    if (!DURATION.test(value))
        return undefined;
    let total = 0;
    for (const [, amount, unit] of value.matchAll(DURATION_PART))
        total += Number(amount) * (UNIT_MS[unit] ?? 0);
    if (!Number.isSafeInteger(total)) {
        throw new Error('must be a duration of at most 9007199254740991 milliseconds (about 285,000 years)');
    }
    return total;
}
/**
 * Unix milliseconds written as digits: refused when they are likelier Unix seconds, or past year 9999.
 * `alternative` names other forms the input takes, for the refusal.
 */
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
    const [year, month, day, hour, minute, second, , offsetHours, offsetMinutes] = m
        .slice(1)
        .map(field => (field === undefined ? 0 : Number(field)));
    // Dates roll impossible fields over (February 30th becomes March 2nd): a real date reads back unchanged.
    const check = new Date(0);
    check.setUTCFullYear(year, month - 1, day);
    check.setUTCHours(hour, minute, second);
    const real = check.getUTCFullYear() === year &&
        check.getUTCMonth() === month - 1 &&
        check.getUTCDate() === day &&
        check.getUTCHours() === hour &&
        check.getUTCMinutes() === minute &&
        check.getUTCSeconds() === second &&
        offsetHours <= 23 &&
        offsetMinutes <= 59;
    const ms = Date.parse(value);
    if (!real || Number.isNaN(ms)) {
        throw new Error('must be a real date and time: month 01-12, a day the month has, hours 00-23, minutes and seconds 00-59');
    }
    return ms;
}
/**
 * A point in time: Unix milliseconds, ISO-8601, or a duration meaning "that long before `now`".
 * Throws the allowed forms when `text` is none of them, and a reason when it names no time from 1970 to 9999.
 */
function parseDate(text, now) {
    const value = text.trim();
    if (/^\d+$/.test(value))
        return parseUnixMilliseconds(value, ' or ISO-8601 (2026-01-31T12:00:00Z)');
    let ago;
    try {
        ago = parseDuration(value);
    }
    catch {
        ago = Infinity;
    }
    if (ago !== undefined) {
        if (now - ago < 0)
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
/** Several values in one input: split on newlines (and commas when `commas`), trimmed, empties dropped. */
function parseList(text, commas) {
    return text
        .split(commas ? /[\n,]/ : /\n/)
        .map(s => s.trim())
        .filter(s => s.length > 0);
}
const COMMA_REASON = 'servers read a comma as a separator between values, so the filter would match other values too';
/** One filter value sent as it is: a comma in it is refused, since a server may split the value there. */
function parseFilterValue(text) {
    const value = text.trim();
    if (value.includes(','))
        throw new Error(`must not contain a comma: ${COMMA_REASON}`);
    return value;
}
/** Several filter values, one per line; a value with a comma is refused (a server may read it as two). */
function parseFilterList(text) {
    const values = parseList(text, false);
    const withComma = values.find(v => v.includes(','));
    if (withComma !== undefined) {
        throw new Error(`must not contain a comma: ${COMMA_REASON}; give several values one per line`);
    }
    return values;
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
        throw new Error(`must be a whole number from ${min} to ${max === Number.MAX_SAFE_INTEGER ? 'up' : max}`);
    }
    return n;
}
const LOOPBACK_HOSTS = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;
/** The service's base URL: https, or plain http only to a loopback host (a local simulator). */
function parseBaseUrl(text) {
    let url;
    try {
        url = new URL(text.trim());
    }
    catch {
        throw new Error('must be an absolute URL such as https://service.example.com');
    }
    if (url.protocol === 'http:' && !LOOPBACK_HOSTS.test(url.hostname)) {
        throw new Error('must use https:// (plain http:// is allowed only to localhost, 127.0.0.0/8 or [::1])');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
        throw new Error('must be an https:// URL');
    if (url.username || url.password)
        throw new Error('must not carry credentials; pass the token in the token input');
    if (url.search || url.hash)
        throw new Error('must not carry a query or fragment');
    return url;
}
const FLOW_CONTROL_PAIR = /^(?:period=\d+[smhd]|[A-Za-z][A-Za-z0-9_-]*=\d+)$/;
/**
 * `name=number` pairs joined by commas, e.g. `parallelism=5,rate=10`, where `period` may carry a unit (`period=1m`);
 * spaces around commas are dropped, the rest is sent as given.
 */
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
    return value;
}

;// CONCATENATED MODULE: ./src/inputs/fields.ts
/** The zod field of one input: its raw text parsed into a value, or an issue saying what is allowed. */




/** A value of one input: the parser turns text into a value or throws what is allowed. */
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
/**
 * An input with a default in action.yml: the runner passes the default when the user sets nothing; an empty value
 * (a caller that is not the runner) reads as that same default, written once in INPUT_DEFAULTS.
 */
function withDefault(name, parse) {
    const fallback = INPUT_DEFAULTS[name];
    if (fallback === undefined)
        throw new Error(`no default for input ${name}`);
    return input(text => parse(text.trim() === '' ? fallback : text));
}
const fields_text = optional(s => s.trim());
const filterList = optional(parseFilterList);
const commaList = optional(s => parseList(s, true));
const integer = (min, max) => optional(s => parseInteger(s, min, max));
const defaultInteger = (name, min, max) => withDefault(name, s => parseInteger(s, min, max));
const date = (now) => optional(s => parseDate(s, now));
const filePath = (workspace) => optional(s => {
    if (/[/\\]$/.test(s.trim()))
        throw new Error('must be a file path, not a directory');
    return (0,external_node_path_.resolve)(workspace, s.trim());
});
/** A workflow creation time: exact Unix milliseconds. */
function parseCreatedAt(s) {
    if (!/^\d+$/.test(s.trim()))
        throw new Error('must be the exact creation time in Unix milliseconds');
    return parseUnixMilliseconds(s.trim(), '');
}

;// CONCATENATED MODULE: ./src/inputs/query-size.ts
/** The query a request will carry, measured from the inputs before any request, against MAX_URL_BYTES. */

/** A date bound as the action sends it: Unix milliseconds have 13 digits until the year 2286. */
const DATE_PLACEHOLDER = 9_999_999_999_999;
function encodedBytes(key, values) {
    const query = new URLSearchParams();
    for (const value of values)
        query.append(key, String(value));
    const text = query.toString();
    // Each pair after the first is joined by one '&'.
    return text === '' ? 0 : text.length + 1;
}
/**
 * Checks that one request's query stays within MAX_URL_BYTES. Returns undefined when it does, else the input
 * that takes the most bytes and a refusal to report under its name.
 */
function oversizedQuery(parts) {
    const sizes = parts.map(part => ({ input: part.input, bytes: encodedBytes(part.key, part.values) }));
    const total = sizes.reduce((sum, part) => sum + part.bytes, 0);
    if (total <= MAX_URL_BYTES)
        return undefined;
    const largest = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    return {
        input: largest.input,
        message: `makes the query of each request too long: it takes ${largest.bytes} bytes of ${total}, over the ` +
            `${MAX_URL_BYTES} bytes (6 KB) a request may carry, since servers and proxies refuse longer URLs; ` +
            'give fewer or shorter values'
    };
}
/** The longest of some values, as a one-value list (each request carries one of them at most). */
function longestOf(values) {
    if (values === undefined || values.length === 0)
        return [];
    return [values.reduce((a, b) => (encodedBytes('k', [b]) > encodedBytes('k', [a]) ? b : a))];
}
/** A cursor part: the user's cursor, or room for one the service sends (it replaces the user's), whichever is longer. */
function cursorPart(input, cursor) {
    const room = 'x'.repeat(CURSOR_ROOM_BYTES);
    const values = cursor !== undefined && encodedBytes('k', [cursor]) > encodedBytes('k', [room]) ? [cursor] : [room];
    return { input, key: 'cursor', values };
}
/** A date bound: the user's, or the 13 digits the action may send in its place (parallel slices). */
function datePart(input, key, value) {
    return { input, key, values: [value ?? DATE_PLACEHOLDER] };
}

;// CONCATENATED MODULE: ./src/inputs/schemas.ts
/**
 * One zod schema per operation, over the raw text of the inputs it reads (keyed by their action.yml names). Each
 * transform yields that operation's settings directly; the inputs an operation reads are its schema's keys.
 */






/** Drops keys whose value is undefined, so a settings object shows only what the user set. */
function defined(value) {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
/** The page budget of list-dlq and resume-workflows, one rule for both. */
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
        return parseBaseUrl(s);
    }),
    [Inputs.TimeoutSeconds]: defaultInteger(Inputs.TimeoutSeconds, 1, 3600),
    [Inputs.MaxAttempts]: defaultInteger(Inputs.MaxAttempts, 1, 20),
    [Inputs.GithubToken]: optional(parseToken)
};
function common(v) {
    return {
        service: {
            token: v[Inputs.Token],
            baseUrl: v[Inputs.BaseUrl],
            timeoutMs: v[Inputs.TimeoutSeconds] * 1000,
            maxAttempts: v[Inputs.MaxAttempts]
        },
        ...defined({ githubToken: v[Inputs.GithubToken] })
    };
}
/** A duration above zero, in milliseconds: the same rule for every duration input. */
function positiveDuration(s) {
    const ms = parseDuration(s);
    if (ms === undefined || ms === 0)
        throw new Error('must be a duration such as 30m, 6h, 2d or 1w');
    return ms;
}
function listShape(now, workspace) {
    return {
        ...commonShape,
        [Inputs.MessageId]: filterList,
        [Inputs.Url]: filterList,
        [Inputs.TopicName]: filterList,
        [Inputs.ScheduleId]: filterList,
        [Inputs.QueueName]: filterList,
        [Inputs.Api]: filterList,
        [Inputs.FromDate]: date(now),
        [Inputs.ToDate]: date(now),
        [Inputs.ResponseStatus]: integer(100, 599),
        [Inputs.CallerIp]: filterList,
        [Inputs.Count]: defaultInteger(Inputs.Count, 1, 100),
        [Inputs.Order]: withDefault(Inputs.Order, s => {
            const order = s.trim();
            if (order !== 'earliestFirst' && order !== 'latestFirst')
                throw new Error('must be earliestFirst or latestFirst');
            return order;
        }),
        [Inputs.Cursor]: fields_text,
        [Inputs.MaxMessages]: integer(1, Number.MAX_SAFE_INTEGER),
        [Inputs.MaxPages]: maxPages,
        [Inputs.FailIfCountAbove]: integer(0, Number.MAX_SAFE_INTEGER),
        [Inputs.FailIfOldestOlderThan]: optional(positiveDuration),
        [Inputs.MessagesFile]: filePath(workspace),
        [Inputs.KeepCredentialHeaders]: withDefault(Inputs.KeepCredentialHeaders, parseBoolean),
        [Inputs.Concurrency]: defaultInteger(Inputs.Concurrency, 1, 16),
        [Inputs.IssueOnFailure]: withDefault(Inputs.IssueOnFailure, parseBoolean),
        [Inputs.IssueTitle]: withDefault(Inputs.IssueTitle, s => s.trim()),
        [Inputs.IssueRepeatInterval]: withDefault(Inputs.IssueRepeatInterval, positiveDuration),
        [Inputs.Source]: withDefault(Inputs.Source, s => {
            const source = s.trim();
            if (source !== 'message' && source !== 'workflow')
                throw new Error('must be message or workflow');
            return source;
        }),
        [Inputs.WorkflowUrl]: filterList,
        [Inputs.WorkflowRunId]: optional(parseFilterValue),
        [Inputs.WorkflowCreatedAt]: optional(parseCreatedAt)
    };
}
/** Message filters a listing of failed workflow runs does not take: the service filters those by workflow selectors. */
const MESSAGE_ONLY_FILTERS = [
    Inputs.MessageId,
    Inputs.Url,
    Inputs.TopicName,
    Inputs.ScheduleId,
    Inputs.QueueName,
    Inputs.Api,
    Inputs.ResponseStatus,
    Inputs.CallerIp
];
const RUN_SELECTORS = [Inputs.WorkflowUrl, Inputs.WorkflowRunId, Inputs.WorkflowCreatedAt];
/** Each filter that does not apply to the source listed, named. */
function sourceRules(v, ctx) {
    const workflow = v[Inputs.Source] === 'workflow';
    for (const name of workflow ? MESSAGE_ONLY_FILTERS : RUN_SELECTORS) {
        if (v[name] === undefined)
            continue;
        ctx.addIssue({
            code: 'custom',
            path: [name],
            message: workflow
                ? 'does not apply with source workflow: failed workflow runs are filtered by workflow-url, workflow-run-id, ' +
                    'workflow-created-at, from-date and to-date'
                : 'applies only with source workflow (the failed workflow runs); set source: workflow to use it'
        });
    }
}
function listRules(v, ctx) {
    dateOrder(v, ctx);
    sourceRules(v, ctx);
    queryFits(ctx, [
        { input: Inputs.WorkflowUrl, key: 'workflowUrl', values: v[Inputs.WorkflowUrl] ?? [] },
        { input: Inputs.WorkflowRunId, key: 'workflowRunId', values: given(v[Inputs.WorkflowRunId]) },
        { input: Inputs.WorkflowCreatedAt, key: 'workflowCreatedAt', values: given(v[Inputs.WorkflowCreatedAt]) },
        { input: Inputs.Source, key: 'source', values: v[Inputs.Source] === 'workflow' ? ['workflow'] : [] },
        { input: Inputs.Url, key: 'url', values: v[Inputs.Url] ?? [] },
        { input: Inputs.TopicName, key: 'topicName', values: v[Inputs.TopicName] ?? [] },
        { input: Inputs.ScheduleId, key: 'scheduleId', values: v[Inputs.ScheduleId] ?? [] },
        { input: Inputs.QueueName, key: 'queueName', values: v[Inputs.QueueName] ?? [] },
        { input: Inputs.Api, key: 'api', values: v[Inputs.Api] ?? [] },
        { input: Inputs.CallerIp, key: 'callerIp', values: v[Inputs.CallerIp] ?? [] },
        // Several message ids are listed one id a request.
        { input: Inputs.MessageId, key: 'messageId', values: longestOf(v[Inputs.MessageId]) },
        { input: Inputs.ResponseStatus, key: 'responseStatus', values: given(v[Inputs.ResponseStatus]) },
        datePart(Inputs.FromDate, 'fromDate', v[Inputs.FromDate]),
        datePart(Inputs.ToDate, 'toDate', v[Inputs.ToDate]),
        { input: Inputs.Count, key: 'count', values: [100] },
        { input: Inputs.Order, key: 'order', values: ['earliestFirst'] },
        cursorPart(Inputs.Cursor, v[Inputs.Cursor])
    ]);
    const thresholds = v[Inputs.FailIfCountAbove] ?? v[Inputs.FailIfOldestOlderThan];
    if (v[Inputs.IssueOnFailure] && thresholds === undefined) {
        ctx.addIssue({
            code: 'custom',
            path: [Inputs.IssueOnFailure],
            message: 'needs a threshold to judge by: set fail-if-count-above or fail-if-oldest-older-than'
        });
    }
    for (const name of [Inputs.Cursor, Inputs.MaxMessages]) {
        if (v[Inputs.Concurrency] > 1 && v[name] !== undefined) {
            ctx.addIssue({
                code: 'custom',
                path: [Inputs.Concurrency],
                message: `must be 1 when ${name} is set: ${name} continues one ordered listing, which parallel slices cannot`
            });
        }
        if ((v[Inputs.MessageId]?.length ?? 0) > 1 && v[name] !== undefined) {
            ctx.addIssue({
                code: 'custom',
                path: [name],
                message: 'cannot be combined with several message-id values: each id is listed on its own (some servers apply ' +
                    'only one), so there is no single listing to continue or to stop part way'
            });
        }
    }
}
function listSchema(now, workspace) {
    return schemas/* object */.Ikc(listShape(now, workspace))
        .superRefine(listRules)
        .transform((v) => ({
        operation: 'list-dlq',
        ...common(v),
        list: {
            filters: defined({
                messageId: v[Inputs.MessageId],
                url: v[Inputs.Url],
                topicName: v[Inputs.TopicName],
                scheduleId: v[Inputs.ScheduleId],
                queueName: v[Inputs.QueueName],
                api: v[Inputs.Api],
                fromDate: v[Inputs.FromDate],
                toDate: v[Inputs.ToDate],
                responseStatus: v[Inputs.ResponseStatus],
                callerIp: v[Inputs.CallerIp],
                source: v[Inputs.Source] === 'workflow' ? 'workflow' : undefined,
                workflowUrl: v[Inputs.WorkflowUrl],
                workflowRunId: v[Inputs.WorkflowRunId],
                workflowCreatedAt: v[Inputs.WorkflowCreatedAt]
            }),
            order: v[Inputs.Order],
            pageSize: v[Inputs.Count],
            maxPages: v[Inputs.MaxPages],
            concurrency: v[Inputs.Concurrency],
            ...defined({ cursor: v[Inputs.Cursor], maxMessages: v[Inputs.MaxMessages] })
        },
        health: defined({
            countAbove: v[Inputs.FailIfCountAbove],
            oldestOlderThanMs: v[Inputs.FailIfOldestOlderThan]
        }),
        ...defined({ messagesFile: v[Inputs.MessagesFile] }),
        keepCredentialHeaders: v[Inputs.KeepCredentialHeaders],
        ...(v[Inputs.IssueOnFailure]
            ? { issue: { title: v[Inputs.IssueTitle], repeatIntervalMs: v[Inputs.IssueRepeatInterval] } }
            : {})
    }));
}
const scheduleShape = {
    ...commonShape,
    [Inputs.ScheduleId]: input(s => {
        const ids = parseList(s, true);
        if (ids.length === 0)
            throw new Error('is required: one or more schedule ids, separated by newlines or commas');
        for (const id of ids) {
            const problem = scheduleIdProblem(id);
            if (problem !== undefined)
                throw new Error(problem);
        }
        return [...new Set(ids)];
    })
};
function scheduleSchema() {
    return schemas/* object */.Ikc(scheduleShape).transform((v) => ({
        operation: 'resume-schedule',
        ...common(v),
        schedules: { scheduleIds: v[Inputs.ScheduleId] }
    }));
}
/** The inputs that narrow a resume-workflows run: without one, only `all: true` resumes (every failed run). */
const RESUME_SELECTORS = [Inputs.DlqIds, Inputs.DlqIdsFile, Inputs.FromDate, Inputs.ToDate, ...RUN_SELECTORS];
function resumeShape(now, workspace) {
    return {
        ...commonShape,
        [Inputs.DlqIds]: commaList,
        [Inputs.DlqIdsFile]: filePath(workspace),
        [Inputs.MaxRuns]: integer(1, Number.MAX_SAFE_INTEGER),
        [Inputs.FromDate]: date(now),
        [Inputs.ToDate]: date(now),
        [Inputs.WorkflowUrl]: optional(parseFilterValue),
        [Inputs.WorkflowRunId]: optional(parseFilterValue),
        [Inputs.WorkflowCreatedAt]: optional(parseCreatedAt),
        [Inputs.All]: withDefault(Inputs.All, parseBoolean),
        [Inputs.FlowControlKey]: optional(parseHeaderText),
        [Inputs.FlowControlValue]: optional(parseFlowControlValue),
        [Inputs.Retries]: integer(0, 1_000_000),
        [Inputs.Cursor]: fields_text,
        [Inputs.MaxPages]: maxPages,
        [Inputs.RunsFile]: filePath(workspace)
    };
}
function selectionOf(v) {
    return defined({
        dlqIds: v[Inputs.DlqIds],
        fromDate: v[Inputs.FromDate],
        toDate: v[Inputs.ToDate],
        workflowUrl: v[Inputs.WorkflowUrl],
        workflowRunId: v[Inputs.WorkflowRunId],
        workflowCreatedAt: v[Inputs.WorkflowCreatedAt]
    });
}
function resumeRules(v, ctx) {
    dateOrder(v, ctx);
    queryFits(ctx, [
        // dlq-ids are split over as many requests as needed, but each carries one at least.
        { input: Inputs.DlqIds, key: 'dlqIds', values: longestOf(v[Inputs.DlqIds]) },
        { input: Inputs.WorkflowUrl, key: 'workflowUrl', values: given(v[Inputs.WorkflowUrl]) },
        { input: Inputs.WorkflowRunId, key: 'workflowRunId', values: given(v[Inputs.WorkflowRunId]) },
        { input: Inputs.WorkflowCreatedAt, key: 'workflowCreatedAt', values: given(v[Inputs.WorkflowCreatedAt]) },
        datePart(Inputs.FromDate, 'fromDate', v[Inputs.FromDate]),
        datePart(Inputs.ToDate, 'toDate', v[Inputs.ToDate]),
        { input: Inputs.Count, key: 'count', values: [RESUME_PAGE_SIZE] },
        cursorPart(Inputs.Cursor, v[Inputs.Cursor])
    ]);
    if (v[Inputs.DlqIds] !== undefined && v[Inputs.DlqIdsFile] !== undefined) {
        ctx.addIssue({
            code: 'custom',
            path: [Inputs.DlqIdsFile],
            message: 'cannot be combined with dlq-ids: give the ids in one of the two'
        });
    }
}
function resumeSchema(now, workspace) {
    return schemas/* object */.Ikc(resumeShape(now, workspace))
        .superRefine(resumeRules)
        .transform((v) => ({
        operation: 'resume-workflows',
        ...common(v),
        resume: {
            selection: selectionOf(v),
            all: v[Inputs.All],
            overrides: defined({
                flowControlKey: v[Inputs.FlowControlKey],
                flowControlValue: v[Inputs.FlowControlValue],
                retries: v[Inputs.Retries]
            }),
            maxPages: v[Inputs.MaxPages],
            ...defined({ cursor: v[Inputs.Cursor], maxRuns: v[Inputs.MaxRuns] })
        },
        ...defined({ runsFile: v[Inputs.RunsFile], dlqIdsFile: v[Inputs.DlqIdsFile] })
    }));
}
/** The inputs each operation reads: the keys of its schema, the single source of that list. */
const OPERATION_INPUTS = {
    'list-dlq': Object.keys(listShape(0, '')),
    'resume-schedule': Object.keys(scheduleShape),
    'resume-workflows': Object.keys(resumeShape(0, ''))
};
/** A value the user may have set, as the values of one query part. */
function given(value) {
    return value === undefined ? [] : [value];
}
/** Refuses, under the name of the input taking the most bytes, a query longer than one request may carry. */
function queryFits(ctx, parts) {
    const problem = oversizedQuery(parts);
    if (problem)
        ctx.addIssue({ code: 'custom', path: [problem.input], message: problem.message });
}
function dateOrder(value, ctx) {
    const from = value[Inputs.FromDate];
    const to = value[Inputs.ToDate];
    if (from !== undefined && to !== undefined && from > to) {
        ctx.addIssue({
            code: 'custom',
            path: [Inputs.FromDate],
            message: `must not be after to-date (${new Date(from).toISOString()} is after ${new Date(to).toISOString()})`
        });
    }
}

;// CONCATENATED MODULE: ./src/inputs/settings.ts



/** Bad inputs, each line naming the input and what it allows. Expected: shown without a stack trace. */
class InputError extends Error {
    issues;
    noSelector;
    name = 'InputError';
    constructor(issues, 
    /** A resume with no selector and no `all: true`: the summary says how to narrow it. */
    noSelector = false) {
        super(issues.map(issue => issue.message).join('\n'));
        this.issues = issues;
        this.noSelector = noSelector;
    }
}
/** Inputs every operation reads: the operation itself and the keys every schema shares. */
const COMMON_INPUTS = [
    Inputs.Operation,
    ...OPERATION_INPUTS['list-dlq'].filter(name => Operations.every(op => OPERATION_INPUTS[op].includes(name)))
];
/** Raw text of every input an operation reads. */
function rawInputs(read, names) {
    return Object.fromEntries(names.map(name => [name, read(name)]));
}
function describe(issues, raw) {
    return issues.map(issue => {
        const input = String(issue.path[0] ?? 'inputs');
        const given = SECRET_INPUTS.has(input) || raw[input] === undefined ? '' : ` (got "${shorten(raw[input] ?? '')}")`;
        return { input, message: `Input '${input}' ${issue.message}${given}.` };
    });
}
/** Inputs whose value is never quoted back, even when refused. */
const SECRET_INPUTS = new Set([Inputs.Token, Inputs.GithubToken]);
/** A value quoted back in one short line: whitespace folded, other control characters shown as escapes. */
function shorten(value) {
    const flat = value
        .replace(/\s+/g, ' ')
        .trim()
        .replace(CONTROL_CHARACTERS, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    return flat.length > 60 ? `${flat.slice(0, 57)}...` : flat;
}
function parseWith(schema, raw) {
    const parsed = schema.safeParse(raw);
    if (!parsed.success)
        throw new InputError(describe(parsed.error.issues, raw));
    return parsed.data;
}
/**
 * Reads and validates every input of the chosen operation into one settings object.
 * Throws InputError naming each bad input and what it allows; nothing has been sent yet.
 */
function readSettings(read, now, workspace = process.env.GITHUB_WORKSPACE || process.cwd()) {
    const operation = read(Inputs.Operation).trim();
    if (!Operations.includes(operation)) {
        const got = operation === '' ? 'it is empty' : `got "${shorten(operation)}"`;
        throw new InputError([
            { input: Inputs.Operation, message: `Input 'operation' must be one of ${Operations.join(', ')} (${got}).` }
        ]);
    }
    const op = operation;
    const raw = rawInputs(read, OPERATION_INPUTS[op]);
    switch (op) {
        case 'list-dlq':
            return parseWith(listSchema(now, workspace), raw);
        case 'resume-schedule':
            return parseWith(scheduleSchema(), raw);
        case 'resume-workflows': {
            const settings = parseWith(resumeSchema(now, workspace), raw);
            const selected = Object.keys(settings.resume.selection).length > 0 || settings.dlqIdsFile !== undefined;
            if (!selected && !settings.resume.all) {
                const message = "Input 'all' must be true to resume every failed workflow run in the DLQ: no selector was given " +
                    `(set ${RESUME_SELECTORS.slice(0, -1).join(', ')} or ${RESUME_SELECTORS.at(-1)} to narrow it).`;
                throw new InputError([{ input: Inputs.All, message }], true);
            }
            return settings;
        }
    }
}
/** Inputs that were set but that the chosen operation does not read: worth a warning, not a failure. */
function unusedInputs(read, operation) {
    const used = new Set([...COMMON_INPUTS, ...OPERATION_INPUTS[operation]]);
    return Object.values(Inputs).filter(name => {
        const value = read(name).trim();
        return !used.has(name) && value !== '' && value !== INPUT_DEFAULTS[name];
    });
}

;// CONCATENATED MODULE: ./src/inputs/id-file.ts
/** Reads the DLQ ids of input dlq-ids-file, before any request: a newline list, or a listing's NDJSON messages-file. */




/** Longest id a line may hold: one id must fit a request URL with room to spare (each stays under 6 KB). */
const MAX_DLQ_ID_LENGTH = 1024;
/** A plain id: one token, none of the characters that would make it a list, a JSON line or a different query. */
const PLAIN_ID = /^[^\s,{}[\]"]+$/;
function refuse(path, detail) {
    return new InputError([
        { input: Inputs.DlqIdsFile, message: `Input '${Inputs.DlqIdsFile}' ${detail} (got "${shorten(path)}").` }
    ]);
}
/** The id one line holds, or a reason it holds none; blank lines hold nothing. */
function idOfLine(line) {
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
            return { problem: 'is a line starting with "{" that is not valid JSON' };
        }
        id = record.dlqId;
        if (typeof id !== 'string' || id.trim() === '')
            return { problem: 'is a JSON line without a dlqId string' };
        // A message listing's dlqIds name messages: the bulk resume takes failed workflow runs only.
        if (record.workflowRunId === undefined) {
            return { problem: 'is a DLQ message, not a failed workflow run (no workflowRunId): list with source: workflow' };
        }
        id = id.trim();
    }
    const value = id;
    if (value.length > MAX_DLQ_ID_LENGTH)
        return { problem: `holds an id longer than ${MAX_DLQ_ID_LENGTH} characters` };
    if (!PLAIN_ID.test(value)) {
        return { problem: 'is neither a DLQ id (one word, no spaces or commas) nor a JSON object with a dlqId' };
    }
    return value;
}
/**
 * The distinct ids of the file, in file order, read line by line (memory holds the ids, not the file). Throws
 * InputError naming the input, the path and the first bad line, or when the file holds no id at all: an empty
 * list must never reach the service as "no selector", which would resume every failed run.
 */
async function readDlqIdsFile(path) {
    // Each distinct id with the line it first appears on, in file order.
    const ids = new Map();
    const stream = (0,external_node_fs_.createReadStream)(path, { encoding: 'utf8' });
    const lines = (0,external_node_readline_.createInterface)({ input: stream, crlfDelay: Infinity });
    let number = 0;
    try {
        for await (const line of lines) {
            number++;
            const id = idOfLine(line);
            if (id === undefined)
                continue;
            if (typeof id !== 'string')
                throw refuse(path, `line ${number} ${id.problem}`);
            if (!ids.has(id))
                ids.set(id, number);
        }
    }
    catch (err) {
        if (err instanceof InputError)
            throw err;
        const code = err.code ?? 'error';
        throw refuse(path, `must be a readable file of DLQ ids (${code})`);
    }
    finally {
        lines.close();
        stream.destroy();
    }
    if (ids.size === 0) {
        throw refuse(path, 'holds no DLQ id: an empty list would resume nothing, or without a selector everything');
    }
    return { ids: [...ids.keys()], lines: [...ids.values()] };
}
/** The settings with the ids of dlq-ids-file put where dlq-ids would be; unchanged when it is not set. */
async function withDlqIdsFile(settings) {
    if (settings.dlqIdsFile === undefined)
        return settings;
    const { ids, lines } = await readDlqIdsFile(settings.dlqIdsFile);
    const selection = { ...settings.resume.selection, dlqIds: ids };
    return { ...settings, resume: { ...settings.resume, selection, dlqIdLines: lines } };
}

// EXTERNAL MODULE: external "node:fs/promises"
var external_node_fs_promises_ = __webpack_require__(1455);
;// CONCATENATED MODULE: ./src/inputs/output-files.ts
/** Checks, before any request, that the files the action will write can be written. */





/** Files the runner reads after the step: writing NDJSON over one would corrupt the step's own results. */
const RUNNER_FILES = ['GITHUB_OUTPUT', 'GITHUB_STEP_SUMMARY', 'GITHUB_ENV', 'GITHUB_PATH', 'GITHUB_STATE'];
function reason(err) {
    const code = err.code ?? 'error';
    return ERRNO_MEANING[code] ? `${ERRNO_MEANING[code]}, ${code}` : code;
}
const output_files_errorCode = (err) => err.code;
/** The file's metadata, or undefined when nothing is there (or a path component is not a directory). */
async function statOrNothing(path) {
    try {
        return await (0,external_node_fs_promises_.stat)(path);
    }
    catch (err) {
        if (output_files_errorCode(err) === 'ENOENT' || output_files_errorCode(err) === 'ENOTDIR')
            return undefined;
        throw err;
    }
}
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
/**
 * Throws InputError naming each output-file input (`messages-file`, `runs-file`) that cannot be written: a directory,
 * a parent that is not a directory or cannot be created, a file that exists and is not writable. Call it before any
 * request. Leaves nothing behind: a file or folder it creates to find out is removed again.
 */
async function checkOutputFiles(files, env = process.env) {
    const problems = [];
    for (const [name, path] of files) {
        if (path === undefined)
            continue;
        const problem = await problemWriting(path, env).catch((err) => `a path that can be checked (${reason(err)})`);
        if (problem !== undefined) {
            problems.push({ input: name, message: `Input '${name}' must be ${problem} (got "${shorten(path)}").` });
        }
    }
    if (problems.length > 0)
        throw new InputError(problems);
}

;// CONCATENATED MODULE: ./src/operations/credential-headers.ts
/** What a credential header's value becomes: the name stays, so the reader still sees the header was sent. */
const REDACTED_HEADER_VALUE = '[redacted]';
/**
 * A header name is a credential when, in any letter case and with `_` read as `-`, it is one of these words or ends
 * in `-` and one of them (optionally followed by a version such as `-256`): `Authorization`, `Proxy-Authorization`,
 * `Upstash-Forward-Authorization`, `Cookie`, `Set-Cookie`, `X-Api-Key`, `X-Auth-Token`, `X-Amz-Security-Token`,
 * `X-Csrf-Token`, `Stripe-Signature`, `X-Hub-Signature-256`, `X-Webhook-Secret`, and any `…-Key`
 * (`Ocp-Apim-Subscription-Key`, `X-Functions-Key`) … but not `X-Token-Type`, nor the few keys that are no secret.
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
        let count = 0;
        const values = value.map(one => {
            const done = redactValue(one);
            count += done.count;
            return done.value;
        });
        return count === 0 ? { value, count } : { value: values, count };
    }
    if (value === null || value === undefined || value === '')
        return { value, count: 0 };
    return { value: REDACTED_HEADER_VALUE, count: 1 };
}
/**
 * A message with the credential values of its `header` and `responseHeader` replaced, every other field and header
 * as sent: a shallow copy when something was replaced, the message itself otherwise.
 */
function redactCredentialHeaders(message) {
    const header = redactHeaderMap(message.header);
    const response = redactHeaderMap(message.responseHeader);
    const redacted = header.redacted + response.redacted;
    if (redacted === 0)
        return { message, redacted };
    return {
        message: {
            ...message,
            ...(header.redacted > 0 ? { header: header.headers } : {}),
            ...(response.redacted > 0 ? { responseHeader: response.headers } : {})
        },
        redacted
    };
}

;// CONCATENATED MODULE: ./src/service/query.ts

/** Appends each set value under its wire name; arrays repeat the key (values of one key are ORed). */
function appendAll(query, values) {
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
    return appendAll(new URLSearchParams(), { ...filters, count, order, cursor });
}
/**
 * Query of one `POST /v2/workflows/dlq/resume` request: the selectors travel in the query, never a body. Pass
 * `count` always (RESUME_PAGE_SIZE): a server that gets none may resume every match in one answer.
 */
function resumeQuery(selection, cursor, count) {
    return appendAll(new URLSearchParams(), { ...selection, count, cursor });
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
    return headers;
}
/** Path of one schedule's resume: the id is one encoded segment, never empty nor a dot segment. */
function scheduleResumePath(scheduleId) {
    const problem = scheduleIdProblem(scheduleId);
    if (problem !== undefined)
        throw new Error(problem);
    return `/v2/schedules/${encodeURIComponent(scheduleId)}/resume`;
}

;// CONCATENATED MODULE: ./src/operations/health.ts


const MAX_POINTS = 120;
/**
 * The health check: which thresholds the listed messages exceed. Judged on what was listed; messages without a
 * creation time (`noCreatedAt`) make an age threshold that the others do not exceed a failure: their age is unknown.
 */
function judgeHealth(thresholds, count, oldestCreatedAt, now, noCreatedAt = 0) {
    const breaches = [];
    const { countAbove, oldestOlderThanMs } = thresholds;
    if (countAbove !== undefined && count > countAbove)
        breaches.push({ kind: 'count', count, limit: countAbove });
    if (oldestOlderThanMs !== undefined && oldestCreatedAt !== undefined && now - oldestCreatedAt > oldestOlderThanMs) {
        breaches.push({ kind: 'age', ageMs: now - oldestCreatedAt, limitMs: oldestOlderThanMs });
    }
    else if (oldestOlderThanMs !== undefined && noCreatedAt > 0) {
        breaches.push({ kind: 'age-unknown', messages: noCreatedAt, limitMs: oldestOlderThanMs });
    }
    return {
        ...(countAbove !== undefined ? { countAbove } : {}),
        ...(oldestOlderThanMs !== undefined ? { oldestOlderThanMs } : {}),
        breaches
    };
}
/** Distinct buckets kept at once: past this, hours merge into days, then days into weeks. */
const MAX_BUCKETS = 2048;
/** Counts messages per hour while listing, in bounded memory; the chart's bucket is chosen once the range is known. */
class HourlyCounts {
    counts = new Map();
    size = HOUR;
    first = Number.POSITIVE_INFINITY;
    last = Number.NEGATIVE_INFINITY;
    /** Messages whose week found no room (timestamps spread over more than MAX_BUCKETS weeks). */
    omitted = 0;
    add(createdAt) {
        if (!isDateMs(createdAt))
            return;
        let start = Math.floor(createdAt / this.size) * this.size;
        if (!this.counts.has(start) && this.counts.size >= MAX_BUCKETS) {
            if (this.size === WEEK) {
                this.omitted++;
                return;
            }
            this.coarsen();
            start = Math.floor(createdAt / this.size) * this.size;
        }
        this.counts.set(start, (this.counts.get(start) ?? 0) + 1);
        if (start < this.first)
            this.first = start;
        if (start > this.last)
            this.last = start;
    }
    /** Merges the buckets into the next size up (hour to day, day to week). */
    coarsen() {
        this.size = this.size === HOUR ? DAY : WEEK;
        const merged = new Map();
        for (const [start, count] of this.counts) {
            const bucket = Math.floor(start / this.size) * this.size;
            merged.set(bucket, (merged.get(bucket) ?? 0) + count);
        }
        this.counts = merged;
        this.first = Math.floor(this.first / this.size) * this.size;
        this.last = Math.floor(this.last / this.size) * this.size;
    }
    /** Hourly buckets over up to three days, else daily, else weekly; empty buckets included while few. */
    histogram() {
        const omitted = this.omitted > 0 ? { omitted: this.omitted } : {};
        if (this.counts.size === 0)
            return { bucket: 'hour', points: [], ...omitted };
        const range = this.last - this.first;
        const wanted = range < 72 * HOUR ? 'hour' : range < 100 * DAY ? 'day' : 'week';
        const bucket = this.size === WEEK ? 'week' : this.size === DAY && wanted === 'hour' ? 'day' : wanted;
        const size = bucket === 'hour' ? HOUR : bucket === 'day' ? DAY : WEEK;
        const counts = new Map();
        for (const [start, count] of this.counts) {
            const at = Math.floor(start / size) * size;
            counts.set(at, (counts.get(at) ?? 0) + count);
        }
        const from = Math.floor(this.first / size) * size;
        const span = Math.floor((this.last - from) / size) + 1;
        // A range too wide to chart every bucket (a stray timestamp decades off) keeps only the non-empty ones.
        const keys = span <= MAX_POINTS
            ? Array.from({ length: span }, (_, i) => from + i * size)
            : [...counts.keys()].sort((a, b) => a - b);
        return { bucket, points: keys.map(start => ({ start, count: counts.get(start) ?? 0 })), ...omitted };
    }
}

;// CONCATENATED MODULE: ./src/operations/tally.ts

/** Longer values are counted by their first KEY_MAX_LENGTH - 1 characters and an ellipsis. */
const KEY_MAX_LENGTH = 512;
/**
 * A value cut to KEY_MAX_LENGTH characters, never half a surrogate pair. The cut is copied into a string of its
 * own: a slice would keep the whole (possibly huge) original alive as long as the key lives.
 */
function boundedKey(value) {
    if (value.length <= KEY_MAX_LENGTH)
        return value;
    let end = KEY_MAX_LENGTH - 1;
    const last = value.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff)
        end--;
    return `${Buffer.from(value.slice(0, end), 'utf8').toString('utf8')}…`;
}
/**
 * Counts occurrences of values in bounded memory. Exact while at most `capacity` distinct values have been seen;
 * past that, the Misra-Gries summary: a new value when full lowers every kept count by one (dropping those at
 * zero), so each kept count is at most `undercount` below the truth and every value more frequent than
 * total / (capacity + 1) is kept. Rows come out most frequent first, ties by value.
 */
class Tally {
    capacity;
    onDrop;
    counts = new Map();
    /** Values added. */
    total = 0;
    /** How far below its true count any kept count may be: the rounds of lowering so far. */
    undercount = 0;
    constructor(capacity = TALLY_CAPACITY, 
    /** Hears each key dropped, so that figures kept beside a key can go with it. */
    onDrop) {
        this.capacity = capacity;
        this.onDrop = onDrop;
    }
    /** Counts the value; returns its key when the value is kept, undefined when this round dropped it. */
    add(value) {
        this.total++;
        const key = boundedKey(value);
        const count = this.counts.get(key);
        if (count !== undefined) {
            this.counts.set(key, count + 1);
            return key;
        }
        if (this.counts.size < this.capacity) {
            this.counts.set(key, 1);
            return key;
        }
        // Each round removes capacity + 1 occurrences (this one included), so it runs at most total / (capacity + 1) times.
        this.undercount++;
        for (const [k, n] of this.counts) {
            if (n <= 1) {
                this.counts.delete(k);
                this.onDrop?.(k);
            }
            else
                this.counts.set(k, n - 1);
        }
        return undefined;
    }
    /** Kept values, most frequent first; with `undercount` above 0 each count is a lower bound. */
    rows() {
        return [...this.counts]
            .map(([value, count]) => ({ value, count }))
            .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
    }
}
/** Keeps the `size` items with the smallest (or largest) keys seen so far, without holding the rest. */
class Extremes {
    size;
    items = [];
    /** Keys are kept negated for 'largest', so that one ascending list serves both. */
    sign;
    constructor(size, keep) {
        this.size = size;
        this.sign = keep === 'smallest' ? 1 : -1;
    }
    add(key, item) {
        if (!Number.isFinite(key))
            return;
        const k = key * this.sign;
        const last = this.items[this.items.length - 1];
        if (this.items.length >= this.size && last && k >= last.key)
            return;
        let i = this.items.length;
        while (i > 0 && this.items[i - 1].key > k)
            i--;
        this.items.splice(i, 0, { key: k, item });
        if (this.items.length > this.size)
            this.items.pop();
    }
    /** The items kept, the most extreme first. */
    values() {
        return this.items.map(e => e.item);
    }
}

;// CONCATENATED MODULE: ./src/operations/accumulator.ts




const EXAMPLES = 5;
/** Failed workflow runs kept for the summary's table; the table shows fewer, the messages-file has them all. */
const WORKFLOW_RUN_ROWS = 100;
/** Destinations the summary's "what is failing" table shows. */
const TOP_DESTINATIONS = 10;
/** Characters of a response body kept as its sample: room for the error field after a few leading fields. */
const BODY_SAMPLE_LENGTH = 500;
/** Distinct statuses counted per destination; the rest only count as "other". */
const STATUSES_PER_DESTINATION = 8;
/** A short copy of the start of a body: a slice would keep the whole body alive. */
function bodySample(body) {
    let end = Math.min(body.length, BODY_SAMPLE_LENGTH);
    const last = body.charCodeAt(end - 1);
    if (end < body.length && last >= 0xd800 && last <= 0xdbff)
        end--;
    return Buffer.from(body.slice(0, end), 'utf8').toString('utf8');
}
/**
 * Messages by destination URL, and for each destination the breakdown keeps, its figures: statuses, oldest
 * message and the last response body's start. A destination the breakdown drops loses its figures, so memory
 * stays within TALLY_CAPACITY destinations of a few hundred bytes each.
 */
class DestinationFigures {
    stats = new Map();
    tally = new Tally(TALLY_CAPACITY, key => this.stats.delete(key));
    add(message) {
        const key = this.tally.add(message.url ?? '(none)');
        if (key === undefined)
            return;
        let stats = this.stats.get(key);
        if (stats === undefined) {
            stats = { statuses: new Map(), newest: Number.NEGATIVE_INFINITY, bodyCut: false };
            this.stats.set(key, stats);
        }
        const status = message.responseStatus ?? 'none';
        const seen = stats.statuses.get(status);
        if (seen !== undefined || stats.statuses.size < STATUSES_PER_DESTINATION)
            stats.statuses.set(status, (seen ?? 0) + 1);
        const at = message.createdAt !== undefined && isDateMs(message.createdAt) ? message.createdAt : undefined;
        if (at !== undefined && (stats.oldest === undefined || at < stats.oldest))
            stats.oldest = at;
        // The newest message's body is the last response; without dates, the last one listed.
        const order = at ?? stats.newest;
        if (order >= stats.newest) {
            stats.newest = order;
            const body = message.responseBody;
            stats.body = body === undefined ? undefined : bodySample(body);
            stats.bodyCut = body !== undefined && body.length > BODY_SAMPLE_LENGTH;
            stats.binaryBody =
                body === undefined && message.responseBodyBase64 !== undefined ? message.responseBodyBase64.length : undefined;
        }
    }
    /** The top destinations with their figures, most messages first. */
    rows() {
        return this.tally
            .rows()
            .slice(0, TOP_DESTINATIONS)
            .map(({ value, count }) => {
            const stats = this.stats.get(value);
            const row = { url: value, count };
            if (stats === undefined)
                return row;
            let top;
            let seen = 0;
            for (const entry of stats.statuses) {
                seen += entry[1];
                if (top === undefined || entry[1] > top[1])
                    top = entry;
            }
            if (top !== undefined && top[0] !== 'none')
                row.status = top[0];
            const others = seen - (top?.[1] ?? 0);
            if (others > 0)
                row.otherStatuses = others;
            if (stats.oldest !== undefined)
                row.oldestCreatedAt = stats.oldest;
            if (stats.body !== undefined) {
                row.bodySample = stats.body;
                if (stats.bodyCut)
                    row.bodyCut = true;
            }
            if (stats.binaryBody !== undefined)
                row.binaryBody = stats.binaryBody;
            return row;
        });
    }
}
/** Streams the DLQ into counts and a few examples, so memory stays flat however long the DLQ is. */
class ListAccumulator {
    count = 0;
    destinations = new DestinationFigures();
    byUrl = this.destinations.tally;
    byStatus = new Tally();
    byTopic = new Tally();
    byQueue = new Tally();
    bySchedule = new Tally();
    hourly = new HourlyCounts();
    oldest = new Extremes(EXAMPLES, 'smallest');
    newest = new Extremes(EXAMPLES, 'largest');
    badCreatedAt;
    workflowRuns = [];
    /** Messages without a usable createdAt: their age is unknown. */
    noCreatedAt = 0;
    add(message) {
        this.count++;
        this.destinations.add(message);
        this.byStatus.add(message.responseStatus === undefined ? '(none)' : String(message.responseStatus));
        this.byTopic.add(message.topicName ?? message.topicId ?? '(none)');
        this.byQueue.add(message.queueName ?? '(none)');
        this.bySchedule.add(message.scheduleId ?? '(none)');
        if (message.workflowRunId !== undefined && this.workflowRuns.length < WORKFLOW_RUN_ROWS) {
            this.workflowRuns.push(workflowRow(message, message.workflowRunId));
        }
        if (message.createdAt === undefined || !isDateMs(message.createdAt))
            this.noCreatedAt++;
        if (message.createdAt !== undefined && !isDateMs(message.createdAt)) {
            // The schema should have dropped it; never let it reach a Date.
            if (this.badCreatedAt)
                this.badCreatedAt.count++;
            else
                this.badCreatedAt = { count: 1, messageId: boundedKey(message.messageId) };
        }
        else if (message.createdAt !== undefined) {
            this.hourly.add(message.createdAt);
            this.oldest.add(message.createdAt, slim(message));
            this.newest.add(message.createdAt, slim(message));
        }
    }
    result(request, thresholds, pages, { messageIds, dlqIds }, now, 
    /** Items left out for want of an id: still messages in the DLQ, counted and judged, their age unknown. */
    unreadable = 0) {
        const count = this.count + unreadable;
        const noCreatedAt = this.noCreatedAt + unreadable;
        const oldest = this.oldest.values();
        const newest = this.newest.values();
        const oldestCreatedAt = oldest[0]?.createdAt;
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
            ...(newest[0]?.createdAt !== undefined ? { newestCreatedAt: newest[0].createdAt } : {}),
            oldest,
            newest,
            byUrl: this.byUrl.rows(),
            byStatus: this.byStatus.rows(),
            byTopic: this.byTopic.rows(),
            byQueue: this.byQueue.rows(),
            bySchedule: this.bySchedule.rows(),
            byDestination: this.destinations.rows(),
            ...(request.maxMessages !== undefined ? { maxMessages: request.maxMessages } : {}),
            maxPages: request.maxPages,
            histogram: this.hourly.histogram(),
            ...this.undercount(),
            ...(this.badCreatedAt !== undefined ? { badCreatedAt: { ...this.badCreatedAt } } : {}),
            ...(noCreatedAt > 0 ? { noCreatedAt } : {}),
            health: judgeHealth(thresholds, count, oldestCreatedAt, now, noCreatedAt),
            concurrency: request.concurrency,
            ...(request.filters.source === 'workflow' ? { workflowRuns: [...this.workflowRuns] } : {})
        };
    }
    /** The breakdowns that saw more distinct values than they keep, and how far their counts may be low. */
    undercount() {
        const undercount = {};
        const tallies = [
            ['byUrl', this.byUrl],
            ['byStatus', this.byStatus],
            ['byTopic', this.byTopic],
            ['byQueue', this.byQueue],
            ['bySchedule', this.bySchedule]
        ];
        for (const [name, tally] of tallies)
            if (tally.undercount > 0)
                undercount[name] = tally.undercount;
        return Object.keys(undercount).length > 0 ? { undercount } : {};
    }
}
/** Message ids in listing order, as many as fit the output cap. */
class MessageIds {
    ids = [];
    truncated = false;
    bytes = 2; // the brackets of the JSON array
    add(id) {
        if (this.truncated)
            return;
        const bytes = Buffer.byteLength(JSON.stringify(id)) + 1;
        if (this.bytes + bytes > MESSAGE_IDS_MAX_BYTES) {
            this.truncated = true;
            return;
        }
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
function workflowRow(message, workflowRunId) {
    const at = message.createdAt !== undefined && isDateMs(message.createdAt) ? message.createdAt : undefined;
    return {
        workflowRunId: boundedKey(workflowRunId),
        ...(message.workflowUrl !== undefined ? { workflowUrl: boundedKey(message.workflowUrl) } : {}),
        ...(message.dlqId !== undefined ? { dlqId: boundedKey(message.dlqId) } : {}),
        ...(at !== undefined ? { failedAt: at } : {}),
        ...(message.responseStatus !== undefined ? { responseStatus: message.responseStatus } : {}),
        ...(message.responseBody !== undefined ? { responseBody: bodySample(message.responseBody) } : {})
    };
}
/** The fields the summary shows of an example message, each bounded; bodies and headers are not kept. */
function slim(message) {
    const { messageId, url, responseStatus, createdAt } = message;
    return {
        messageId: boundedKey(messageId),
        url: url === undefined ? undefined : boundedKey(url),
        responseStatus,
        createdAt
    };
}

;// CONCATENATED MODULE: ./src/operations/item-problems.ts
/** How a listing names a DLQ message it could not read as sent, and what was wrong with it. */
function describeMessage(problem) {
    const which = problem.id !== undefined ? `message ${JSON.stringify(problem.id)}` : `item ${problem.index} of a page`;
    return `${which}: ${problem.detail}${problem.kept ? '' : ' (left out)'}`;
}
/** Examples kept for the warning; the counts go on past them. */
const item_problems_EXAMPLES = 5;
/** Counts the items of every page that could not be used as they stood, keeping a few to name in a warning. */
class ItemProblems {
    kept = 0;
    leftOut = 0;
    examples = [];
    /** Counts a page's problems; `describe` names the first few (which item, what was wrong). */
    add(problems, describe = describeMessage) {
        for (const problem of problems) {
            if (problem.kept)
                this.kept++;
            else
                this.leftOut++;
            if (this.examples.length < item_problems_EXAMPLES)
                this.examples.push(describe(problem));
        }
    }
    /** Items left out for want of an id: counted in dlq-count, but in no id output or file. */
    get unreadable() {
        return this.leftOut;
    }
    summary() {
        if (this.kept + this.leftOut === 0)
            return undefined;
        return { kept: this.kept, leftOut: this.leftOut, examples: [...this.examples] };
    }
}

// EXTERNAL MODULE: ./src/stop.ts
var src_stop = __webpack_require__(1123);
;// CONCATENATED MODULE: ./src/operations/parallel-list.ts







/** Slices per worker: more slices than workers keep every worker busy when the messages are unevenly spread. */
const SLICES_PER_WORKER = 4;
/** How far off a server may be on a date bound (wire-contract section 5: one millisecond). */
const BOUND_TOLERANCE_MS = 1;
/** Narrowest slice: wide enough that only adjacent slices' tolerance windows can meet. */
const MIN_SLICE_MS = 8;
/**
 * Plans `n` slices over [lo, hi] (the range found by asking for the oldest and newest message; it only guides
 * balancing). `userFrom` and `userTo` are the user's own bounds, kept on the outermost slices. Also returns
 * the createdAt windows where two adjacent slices may both return a message: only there is deduplication needed.
 */
function planSlices(lo, hi, n, userFrom, userTo) {
    const parts = Math.max(1, Math.min(n, Math.floor((hi - lo + 1) / MIN_SLICE_MS)));
    const cuts = [];
    for (let i = 1; i < parts; i++)
        cuts.push(lo + Math.floor(((hi - lo + 1) * i) / parts));
    const t = BOUND_TOLERANCE_MS;
    const slices = [];
    for (let k = 0; k < parts; k++) {
        const start = cuts[k - 1];
        const end = cuts[k];
        const from = start === undefined ? userFrom : start - t;
        const to = end === undefined ? userTo : end - 1 + t;
        slices.push({
            ...(from !== undefined ? { from } : {}),
            ...(to !== undefined ? { to } : {}),
            accept: [start === undefined ? -Infinity : start - 2 * t, end === undefined ? Infinity : end - 1 + 2 * t]
        });
    }
    // Adjacent windows meet on [cut - 2t, cut - 1 + 2t]; non-adjacent ones never do (slices are wider than 4t).
    const overlaps = cuts.map((cut) => [cut - 2 * t, cut - 1 + 2 * t]);
    return { slices, overlaps };
}
/**
 * The message ids of all slices in slice order, holding no more than the output keeps (MESSAGE_IDS_MAX_BYTES, as
 * MessageIds counts it) however many slices run at once: when the ids held pass the cap, the last ones in order
 * are dropped, and neither their slice nor any later one collects again. What is left is exactly the prefix that
 * one MessageIds fed the slices one after the other would hold.
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
/** Bytes an id adds to the JSON array, as MessageIds counts them; printable ASCII without escapes counted directly. */
const idBytes = (id) => PLAIN_ASCII.test(id) ? id.length + 3 : Buffer.byteLength(JSON.stringify(id)) + 1;
const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
/** The one page budget all drains share: max-pages, plus a page per page's worth of messages seen twice. */
class PageBudget {
    limit;
    /** Pages fetched: a page the budget refused is not one. */
    used = 0;
    /** Messages two slices both returned: a sequential listing never spends pages on them. */
    duplicates = 0;
    constructor(limit) {
        this.limit = limit;
    }
    take = (pageSize) => {
        if (this.used + 1 > this.limit + Math.ceil(this.duplicates / pageSize))
            return false;
        this.used++;
        return true;
    };
}
/** Stops every worker (no new page, no new slice), keeping the first failure; distrust outranks a failure. */
function halt({ stop, ending }, why) {
    if ('untrusted' in why)
        ending.untrusted = why.untrusted;
    else if (!stop.signal.aborted)
        ending.failure = failureOf(why.err);
    stop.abort();
}
/** Fetches pages between `from` and `to`; refused once the listing has stopped or the budget is spent. */
const pagesOf = ({ client, request, pages, stop }, from, to, count) => async (cursor, order = request.order) => {
    stop.signal.throwIfAborted();
    if (!pages.take(request.pageSize)) {
        throw new DrainStopped({ kind: 'max-pages', pages: request.maxPages, input: Inputs.MaxPages });
    }
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
        if (a === null || b === null)
            return planSlices(0, 0, 1, from, to); // nothing matches: one open slice confirms it
        const lo = Math.max(Math.min(a, b), from ?? -Infinity);
        const hi = Math.min(Math.max(a, b), to ?? Infinity);
        return planSlices(lo, Math.max(lo, hi), listing.request.concurrency * SLICES_PER_WORKER, from, to);
    }
    catch (err) {
        return halt(listing, { err });
    }
}
/** Drains one slice into the listing and `ids`, the message ids and dlqIds in slice order. */
async function drainSlice(listing, slice, [ids, dlqIds]) {
    const { acc, problems, hooks, pages } = listing;
    const [lo, hi] = slice.accept;
    const drain = drainPages(pagesOf(listing, slice.from, slice.to, listing.request.pageSize), {
        maxPages: Number.MAX_SAFE_INTEGER, // the shared budget bounds the listing as a whole
        maxPagesInput: Inputs.MaxPages,
        // Handling a page overlaps the slice's next round trip, as in a sequential listing.
        prefetch: true
    });
    try {
        for await (const page of drain) {
            const read = readDlqMessages(page.items);
            problems.add(read.problems);
            const taken = [];
            for (const message of read.messages) {
                const at = message.createdAt;
                if (at === undefined || at < lo || at > hi)
                    return halt(listing, { untrusted: misplaced(message, slice) });
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
            for (const message of taken) {
                acc.add(message);
                ids.add(slice.index, message.messageId);
                if (message.dlqId !== undefined)
                    dlqIds.add(slice.index, message.dlqId);
            }
            await hooks.sink?.write(taken);
            hooks.onPage?.(taken.length, acc.count);
            if (hooks.progress)
                hooks.progress.confirmed = acc.count + problems.unreadable;
        }
    }
    catch (err) {
        halt(listing, { err });
    }
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
 * Lists the DLQ as date slices drained at the same time, complete whatever timestamp the service filters on and
 * in whatever order it answers: the outermost slices are open (or the user's bounds), slices overlap only by
 * the tolerance at their bounds, and messages in those overlaps are deduplicated by dlqId (else messageId).
 * Neither `order` nor createdAt decides completeness. When a message shows that the slices cannot be trusted,
 * the listing stops and says why (`untrusted`), so that the caller can list sequentially instead. The step's stop
 * signal (`hooks.signal`) ends it as cancelled, as the client's refusal of the next request would.
 */
async function listInSlices(client, request, acc, problems, hooks) {
    // The two requests that find the range do not count against max-pages, even with max-pages: 1.
    const pages = new PageBudget(request.maxPages + 2);
    const stop = new AbortController();
    const listing = { client, request, pages, stop, ending: {}, acc, problems, hooks, seen: new Set() };
    const cancel = () => halt(listing, { err: { failure: { kind: 'cancelled', signal: (0,src_stop/* stopReason */.PJ)(hooks.signal) ?? 'SIGTERM' } } });
    hooks.signal?.addEventListener('abort', cancel, { once: true });
    const plan = await planListing(listing);
    const planned = plan?.slices ?? [];
    if (request.order !== 'earliestFirst')
        planned.reverse();
    const near = ({ accept: [lo, hi] }) => (plan?.overlaps ?? []).filter(([a, b]) => b >= lo && a <= hi);
    const slices = planned.map((s, index) => ({ ...s, index, near: near(s) }));
    // Each slice's last, partly filled page does not count against max-pages.
    pages.limit += slices.length;
    const [ids, dlqIds] = [new OrderedIds(slices.length), new OrderedIds(slices.length)];
    // The workers take slices, in order, from one queue until it is empty or the listing stops.
    const queue = slices.values();
    const worker = async () => {
        for (const slice of queue)
            if (!stop.signal.aborted)
                await drainSlice(listing, slice, [ids, dlqIds]);
    };
    await Promise.all(Array.from({ length: request.concurrency }, worker));
    hooks.signal?.removeEventListener('abort', cancel);
    const { failure, untrusted } = listing.ending;
    // Message ids in the requested order: slices were laid out in that order.
    const outcome = { pages: pages.used, ids: new ListedIds(ids.result(), dlqIds.result()), slices: slices.length };
    if (untrusted !== undefined)
        return { ...outcome, untrusted };
    return failure === undefined ? outcome : { ...outcome, failure: { ...failure, parallel: true } };
}

;// CONCATENATED MODULE: ./src/operations/list-dlq.ts







/**
 * Lists the DLQ with the user's filters, page after page until the service returns no cursor, or until
 * max-messages; with concurrency above one, as date slices drained at the same time, falling back to one
 * sequential listing when the slices cannot be trusted. Several message ids are listed one id at a time (some
 * servers apply only one) and merged. A failure part way keeps what was listed (and, for one sequential
 * listing, the cursor to continue from).
 */
async function listDlq(client, request, thresholds, now, hooks = {}) {
    // Several message ids are listed one id at a time, never in slices.
    const severalIds = (request.filters.messageId?.length ?? 0) > 1;
    if (request.concurrency <= 1 || severalIds)
        return listSequentially(client, request, thresholds, now, hooks);
    const acc = new ListAccumulator();
    const problems = new ItemProblems();
    const outcome = await listInSlices(client, request, acc, problems, hooks);
    if (outcome.untrusted === undefined) {
        hooks.log?.(`parallel listing: ${outcome.slices} date ${outcome.slices === 1 ? 'slice' : 'slices'}, ${request.concurrency} at a time`);
        const result = acc.result(request, thresholds, outcome.pages, outcome.ids, now, problems.unreadable);
        return complete({ ...result, slices: outcome.slices }, problems, outcome);
    }
    // Nothing the slices counted can be trusted: start again, the file too, as one ordered listing.
    hooks.log?.(`parallel listing stopped: ${outcome.untrusted}. Listing again as one sequential listing.`);
    await hooks.sink?.restart();
    const sequential = await listSequentially(client, request, thresholds, now, hooks);
    return { ...sequential, pages: sequential.pages + outcome.pages, fallback: outcome.untrusted };
}
/**
 * One ordered listing from the start (or the user's cursor), with the cursor to continue from if it stops. Several
 * message ids: one listing per id, merged, the ids in the order the user gave them; no one cursor continues them.
 */
async function listSequentially(client, request, thresholds, now, hooks) {
    const messageIds = request.filters.messageId ?? [];
    const listings = messageIds.length > 1 ? messageIds.map(id => ({ ...request.filters, messageId: [id] })) : undefined;
    const acc = new ListAccumulator();
    const problems = new ItemProblems();
    const ids = new ListedIds();
    if (listings === undefined) {
        if (hooks.progress)
            hooks.progress.nextCursor = request.cursor;
        const outcome = await drainFilters(client, request, request.filters, request.cursor, acc, problems, ids, hooks);
        return complete(acc.result(request, thresholds, outcome.pages, ids, now, problems.unreadable), problems, outcome);
    }
    let pages = 0;
    let ending = {};
    for (const [i, filters] of listings.entries()) {
        const budget = { ...request, maxPages: request.maxPages - pages };
        const outcome = await drainFilters(client, budget, filters, undefined, acc, problems, ids, hooks);
        pages += outcome.pages;
        if (outcome.failure !== undefined) {
            ending = { failure: { ...outcome.failure, messageId: { index: i + 1, of: listings.length } } };
            break;
        }
    }
    return complete(acc.result(request, thresholds, pages, ids, now, problems.unreadable), problems, ending);
}
/** Drains one listing of `filters` into the accumulator, the ids and the sink; never throws. */
function drainFilters(client, request, filters, startCursor, acc, problems, ids, hooks) {
    const maxMessages = request.maxMessages ?? Infinity;
    return drainInto(cursor => {
        // Ask for no more than max-messages still allows, so the cursor left over continues exactly there.
        const count = Math.min(request.pageSize, maxMessages - acc.count);
        return client.listDlqPage(listQuery(filters, count, request.order, cursor));
    }, {
        maxPages: request.maxPages,
        maxPagesInput: Inputs.MaxPages,
        startCursor,
        // Handling a page overlaps the next round trip; with max-messages each request's count depends on it.
        prefetch: request.maxMessages === undefined
    }, async (page) => {
        const read = readDlqMessages(page.items);
        problems.add(read.problems);
        for (const message of read.messages) {
            acc.add(message);
            ids.add(message);
        }
        await hooks.sink?.write(read.messages);
        hooks.onPage?.(read.messages.length, acc.count);
        if (hooks.progress) {
            hooks.progress.confirmed = acc.count + problems.unreadable;
            // Only one listing of the user's own filters has a cursor that continues the whole listing.
            if (filters === request.filters)
                hooks.progress.nextCursor = page.cursor;
        }
        return acc.count < maxMessages;
    });
}
/** Adds how the listing ended to a result already counted and judged (unreadable items included). */
function complete(result, problems, ending) {
    const { failure, nextCursor } = ending;
    const itemProblems = problems.summary();
    return {
        ...result,
        ...(nextCursor !== undefined ? { nextCursor } : {}),
        ...(failure !== undefined ? { failure } : {}),
        ...(itemProblems !== undefined ? { itemProblems } : {})
    };
}

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
/**
 * Writes each record, every field as the service sent it, as one JSON line (NDJSON), honouring backpressure. The
 * first write error is kept: every later write and close reject with it at once, so no caller waits for ever.
 */
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
    /** The error that stopped the file, if any. */
    get error() {
        return this.failure;
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
    /**
     * Waits for the writes queued so far, then truncates the file and writes from its start again. Never rejects: a
     * file that cannot be opened again keeps its error, and the next write rejects with it.
     */
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
    await new Promise((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', reject);
    });
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

;// CONCATENATED MODULE: ./src/service/errors.ts


/**
 * A request the service answered with an error, or that could not be completed, kept as data (as got's HTTPError
 * keeps its response): report/failure-text.ts writes the sentence. Expected: reported in one line, no stack.
 */
class ServiceError extends Error {
    failure;
    lostAnswers;
    name = 'ServiceError';
    constructor(failure, 
    /**
     * Attempts of this request the service may have carried out without the action learning what they did
     * (answer lost after sending, or a 2xx it could not read): for a bulk resume, up to 50 runs each.
     */
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
/**
 * The service's error text: `error` of a JSON body, else the body as one shortened line. `redact` runs on the
 * whole text before it is shortened, so a secret cut in half by the shortening cannot survive.
 */
function errorText(body, redact = text => text) {
    let text = body;
    try {
        const parsed = errorBodySchema.safeParse(JSON.parse(body));
        if (parsed.success)
            text = parsed.data.error;
    }
    catch {
        // not JSON: show it as text
    }
    const line = redact(text).replace(/\s+/g, ' ').trim();
    if (line === '')
        return '(empty body)';
    return line.length > MAX_ERROR_TEXT ? `${line.slice(0, MAX_ERROR_TEXT)}… (${line.length} characters)` : line;
}

;// CONCATENATED MODULE: ./src/operations/resume-workflows.ts






/**
 * Splits dlq-ids into runs of consecutive ids whose request URL (with count and room for a cursor) stays under
 * MAX_URL_BYTES. An id too long to fit with any other goes alone.
 */
function splitDlqIds(selection, urlLength) {
    const ids = selection.dlqIds;
    if (ids === undefined || ids.length === 0)
        return [selection];
    const base = urlLength(resumeQuery({ ...selection, dlqIds: [] }, undefined, RESUME_PAGE_SIZE));
    const chunks = [];
    let current = [];
    let used = base;
    for (const id of ids) {
        // "dlqIds=" plus the encoded id plus one "&" (or the "?" the first pair takes).
        const bytes = new URLSearchParams({ dlqIds: id }).toString().length + 1;
        if (current.length > 0 && used + bytes > MAX_URL_BYTES - CURSOR_ROOM_BYTES) {
            chunks.push({ ...selection, dlqIds: current });
            current = [];
            used = base;
        }
        current.push(id);
        used += bytes;
    }
    chunks.push({ ...selection, dlqIds: current });
    return chunks;
}
/**
 * Resumes the selected failed runs, at most 50 per request (`count=50` on every request, or fewer when max-runs
 * leaves fewer), repeating with the returned cursor until none comes back or the cap is reached; many dlq-ids go in
 * several such drains, one per part. Never under-reports: every run read from a 2xx answer is in the result (past
 * the cap too), and every request whose answer was lost or unreadable is counted in `uncertainRequests` (up to 50
 * runs each), even when it ended the resume.
 */
async function resumeWorkflows(client, request, onPage = () => { }, 
/** Kept up to date as answers arrive, for a last-resort report should the process be stopped. */
progress = { confirmed: 0, uncertainRequests: 0 }) {
    const runs = [];
    // Runs the answers carried, named or not: what the cap counts.
    let carriedRuns = 0;
    let stoppedByCap = false;
    const capReached = () => request.maxRuns !== undefined && carriedRuns >= request.maxRuns;
    let uncertainRequests = 0;
    // Set when an answer carried more than count=50 runs: the service ignores count, so a lost answer may hide more.
    let largestAnswer;
    const problems = new ItemProblems();
    const headers = overrideHeaders(request.overrides);
    const chunks = splitDlqIds(request.selection, q => client.resumeUrlLength(q));
    const total = request.selection.dlqIds?.length ?? 0;
    // An empty id list sent as no dlqIds at all would select the whole DLQ.
    if (request.selection.dlqIds !== undefined && total === 0)
        throw new Error('dlq-ids is empty: nothing to resume');
    if (chunks.length > 1) {
        client.log(`dlq-ids: ${total} ids sent in ${chunks.length} parts, each request URL under ${MAX_URL_BYTES} bytes`);
    }
    let requests = 0;
    let failure;
    let nextCursor;
    let continueFrom;
    let sentIds = 0;
    // Parts of dlq-ids whose first request answered 404: none of their ids is in the DLQ any more.
    const gone = { parts: 0, ids: 0 };
    for (const [part, selection] of chunks.entries()) {
        if (capReached()) {
            // The part before ended with the cap: the ids of this part on are untouched.
            stoppedByCap = true;
            continueFrom = continuation(request, sentIds);
            break;
        }
        const budget = request.maxPages - requests;
        if (budget <= 0) {
            failure = { kind: 'request-budget', requests, input: Inputs.MaxPages };
            continueFrom = continuation(request, sentIds);
            break;
        }
        const fetch = async (cursor) => {
            try {
                const count = Math.min(RESUME_PAGE_SIZE, (request.maxRuns ?? Infinity) - carriedRuns);
                return await client.resumeWorkflowsPage(resumeQuery(selection, cursor, count), headers);
            }
            catch (err) {
                if (err instanceof ServiceError)
                    uncertainRequests += err.lostAnswers;
                progress.uncertainRequests = uncertainRequests;
                throw err;
            }
        };
        const startCursor = part === 0 ? request.cursor : undefined;
        if (chunks.length === 1)
            progress.nextCursor = startCursor;
        const outcome = await drainInto(fetch, {
            maxPages: budget,
            maxPagesInput: Inputs.MaxPages,
            ...(startCursor !== undefined ? { startCursor } : {})
        }, page => {
            uncertainRequests += page.lostAnswers ?? 0;
            const carried = page.workflowRuns.length + page.problems.filter(p => !p.kept).length;
            if (carried > RESUME_PAGE_SIZE)
                largestAnswer = Math.max(largestAnswer ?? 0, carried);
            carriedRuns += carried;
            // A loop, not a spread: a server that ignores count may answer with more runs than fit in arguments.
            for (const run of page.workflowRuns)
                runs.push(run);
            const request = requests + 1;
            problems.add(page.problems, problem => problem.kept
                ? `run "${problem.id ?? ''}" (request ${request}, item ${problem.index}): ${problem.detail}`
                : `item ${problem.index} of request ${request}, resumed but not named: ${problem.detail}`);
            requests++;
            progress.confirmed = runs.length;
            progress.uncertainRequests = uncertainRequests;
            // The cursor belongs to this selection only: with several parts, the remaining dlq-ids continue instead.
            if (chunks.length === 1)
                progress.nextCursor = page.cursor;
            onPage(page, runs.length);
            // Stop with the cursor left over: a drain that returns false keeps it as nextCursor.
            return !capReached();
        });
        if (outcome.failure !== undefined && selection.dlqIds !== undefined && goneAlready(outcome, startCursor)) {
            // Resumed or removed since they were listed (a reviewed resume): the other parts go on.
            gone.parts++;
            gone.ids += selection.dlqIds.length;
            sentIds += selection.dlqIds.length;
            continue;
        }
        // Stopped by a failure, or by the cap with the cursor left over.
        if (outcome.failure !== undefined || outcome.nextCursor !== undefined) {
            if (outcome.failure !== undefined)
                failure = outcome.failure;
            else
                stoppedByCap = true;
            // A cursor belongs to the exact selection it came from: with several parts, name the ids left instead (the
            // ids of this part may be partly resumed; those have left the DLQ).
            if (chunks.length === 1)
                nextCursor = outcome.nextCursor;
            else
                continueFrom = continuation(request, sentIds);
            break;
        }
        sentIds += selection.dlqIds?.length ?? 0;
    }
    if (gone.parts > 0 && gone.parts === chunks.length) {
        // Not one id was found: the ids may be gone, or base-url may point at a service that never held them.
        failure = { kind: 'ids-gone', ids: total };
    }
    const itemProblems = problems.summary();
    return {
        operation: 'resume-workflows',
        selection: request.selection,
        all: request.all,
        overrides: request.overrides,
        ...(request.cursor !== undefined ? { startCursor: request.cursor } : {}),
        runs,
        requests,
        uncertainRequests,
        ...(largestAnswer !== undefined ? { largestAnswer } : {}),
        ...(request.maxRuns !== undefined ? { maxRuns: request.maxRuns } : {}),
        ...(stoppedByCap ? { stoppedByCap } : {}),
        ...(request.maxRuns !== undefined && carriedRuns > request.maxRuns
            ? { pastCap: carriedRuns - request.maxRuns }
            : {}),
        ...(chunks.length > 1 ? { parts: chunks.length } : {}),
        ...(gone.parts > 0 && failure === undefined ? { goneIds: gone } : {}),
        ...(itemProblems !== undefined ? { itemProblems } : {}),
        ...(nextCursor !== undefined ? { nextCursor } : {}),
        ...(continueFrom !== undefined ? { continueFrom } : {}),
        ...(failure !== undefined ? { failure } : {})
    };
}
/** Whether a part's drain ended on a 404 to its first request: the service found none of its ids. */
function goneAlready(outcome, startCursor) {
    return outcome.pages === 0 && failureStatus(outcome.failure) === 404 && startCursor === undefined;
}
/** The dlq-ids a re-run continues with: those of the part that stopped and every part after it. */
function continuation(request, sent) {
    const ids = request.selection.dlqIds ?? [];
    const line = request.dlqIdLines?.[sent];
    return { position: sent + 1, dlqId: ids[sent] ?? '', remaining: ids.length - sent, ...(line ? { line } : {}) };
}

;// CONCATENATED MODULE: ./src/operations/files.ts
/**
 * The operations that also write a file: every listed message to messages-file, every resumed run to runs-file,
 * each as it arrives, so the file never has to fit in memory and holds what the outputs may have to cut.
 */





/**
 * A sink that replaces the values of credential headers before handing each page on, counting them: the copy of a
 * page lives only until it is written.
 */
class CredentialRedactingSink {
    inner;
    redacted = 0;
    constructor(inner) {
        this.inner = inner;
    }
    write(messages) {
        const page = messages.map(message => {
            const done = redactCredentialHeaders(message);
            this.redacted += done.redacted;
            return done.message;
        });
        return this.inner.write(page);
    }
    async restart() {
        await this.inner.restart();
        // The file starts over, so does what it holds.
        this.redacted = 0;
    }
    close() {
        return this.inner.close();
    }
}
/**
 * Lists the DLQ, every listed message also written to `path` (NDJSON) when given, the values of its credential
 * headers replaced unless `keepCredentialHeaders`. A file that cannot be written stops the listing (no more listing
 * into a broken file): the result fails naming the input, the path and the errno.
 */
async function listDlqToFile(client, request, thresholds, now, path, encode, hooks, keepCredentialHeaders = false) {
    const file = path === undefined ? undefined : await NdjsonFile.open(path, { encode, input: Inputs.MessagesFile });
    const redacting = file === undefined || keepCredentialHeaders ? undefined : new CredentialRedactingSink(file);
    const sink = redacting ?? file;
    const listed = await listDlq(client, request, thresholds, now, { ...hooks, ...(sink ? { sink } : {}) });
    if (file === undefined)
        return listed;
    try {
        await file.close();
    }
    catch (err) {
        if (!(err instanceof FileWriteError))
            throw err;
    }
    const redacted = redacting?.redacted ?? 0;
    if (redacted > 0) {
        hooks.log?.(`${redacted} credential header ${redacted === 1 ? 'value was' : 'values were'} redacted from messages-file; ` +
            `set ${Inputs.KeepCredentialHeaders}: true to keep them.`);
    }
    const result = redacting === undefined ? listed : { ...listed, redactedHeaderValues: redacted };
    const failed = file.error;
    if (failed === undefined)
        return { ...result, messagesFile: path };
    if (result.failure?.kind === 'file')
        return result;
    // Found only when the file was closed: the write error wins over a cancel or a failure found after it.
    const then = result.failure;
    return { ...result, failure: { ...failed.failure, ...(then !== undefined ? { then } : {}) } };
}
/**
 * A bulk resume, each resumed run written to `path` (NDJSON) as it arrives when given: runs cannot be resumed
 * twice, so the file is the one complete record of them. A file that could not be written is returned as
 * `fileError` (the step fails; resumed-count counts every run); `runsFile` is set only when the file is complete.
 */
async function resumeWorkflowsToFile(client, request, path, encode, log, progress) {
    const sink = path === undefined ? undefined : await NdjsonFile.open(path, { encode, input: Inputs.RunsFile });
    const result = await resumeWorkflows(client, request, (page, total) => {
        log(`request: ${page.workflowRuns.length} runs resumed (${total} so far)`);
        // Failures are kept by the file and reported once below; the resume goes on, its runs all in the outputs.
        sink?.write(page.workflowRuns).catch(() => { });
    }, progress);
    if (sink === undefined)
        return result;
    try {
        await sink.close();
    }
    catch (err) {
        if (!(err instanceof FileWriteError))
            throw err;
    }
    const failed = sink.error;
    if (failed === undefined)
        return { ...result, runsFile: path };
    return { ...result, fileError: failed.failure };
}

;// CONCATENATED MODULE: ./src/operations/resume-schedule.ts

/**
 * Resumes each schedule in turn; one failing does not stop the others, and each outcome is reported. A cancel stops
 * the loop: the schedule it cut is not confirmed, the rest are marked as never tried.
 */
async function resumeSchedules(client, request, onOutcome = () => { }) {
    const outcomes = [];
    for (const scheduleId of request.scheduleIds) {
        let outcome;
        try {
            await client.resumeSchedule(scheduleId);
            outcome = { scheduleId, ok: true };
        }
        catch (err) {
            outcome = { scheduleId, ok: false, failure: failureOf(err) };
        }
        outcomes.push(outcome);
        onOutcome(outcome);
        if (outcome.failure?.kind === 'cancelled') {
            const { failure } = outcome;
            for (const rest of request.scheduleIds.slice(outcomes.length)) {
                outcomes.push({ scheduleId: rest, ok: false, failure, notTried: true });
            }
            return { operation: 'resume-schedule', outcomes, cancelled: failure.signal };
        }
    }
    return { operation: 'resume-schedule', outcomes };
}

;// CONCATENATED MODULE: ./src/report/refusal.ts
/**
 * The job summary of a run refused before any request (a bad or missing input): what was refused and what to set,
 * so that the run page says why nothing happened. The message is the action's own, with input values quoted in it.
 */

/** `selectors`: given when the run was refused for naming none of them, the inputs that narrow it (its entry's). */
function refusalSummary(message, selectors) {
    if (selectors !== undefined) {
        return markdownText([
            ...summaryHead('❌ Resume refused: no workflow run was selected', `**Narrow the resume** with one of ${selectors.map(s => `\`${s}\``).join(', ')}; ` +
                'or, to resume every failed workflow run in the DLQ, set `all: true`.', 'Nothing was resumed and no request was sent.')
        ]);
    }
    return markdownText([
        ...summaryHead('❌ Refused before any request: an input is not usable', `**${code(message, 2000)}**`, 'Nothing was sent to the service. Fix the input named above and run again.')
    ]);
}

;// CONCATENATED MODULE: ./src/report/resume.ts
/**
 * How resume-workflows is reported: the new runs (outputs within GitHub's budget, a capped table), runs possibly
 * resumed without an answer, and where to continue after a stop.
 */







const RESUME_NOTE = '> **What a resume does:** each resumed run is a **new** run. Steps that completed in the original run keep ' +
    'their results; only failed or pending steps run again. Workflow code may change **after** the failed step, ' +
    'but a change **before** it is unsupported and may make the resume fail.';
const resumeReport = {
    outputs: resume_outputs,
    summary: (result, ctx, options) => fitSummary(pass => resumeSummary(result, ctx, pass), options),
    notice: resumeNotice,
    // Possibly resumed runs are not warned about: the failure says it (one alert per fact).
    warnings: result => [
        ...(result.pastCap !== undefined ? [pastCapText(result.pastCap, result.maxRuns ?? 0)] : []),
        ...(result.goneIds !== undefined ? [goneText(result.goneIds)] : []),
        ...(result.itemProblems !== undefined ? [itemProblemsText(result.itemProblems)] : [])
    ],
    failure: resume_failure
};
/** Runs the resume created, those resumed without a readable id included. */
function madeCount(result) {
    return result.runs.length + (result.itemProblems?.leftOut ?? 0);
}
/**
 * True when the resume drained everything selected and every run it resumed is in the outputs: no failure, no stop,
 * no request whose runs are unknown, no run without a readable id.
 */
function resumeComplete(result) {
    return (result.failure === undefined &&
        result.fileError === undefined &&
        !result.nextCursor &&
        result.continueFrom === undefined &&
        result.uncertainRequests === 0 &&
        (result.itemProblems?.leftOut ?? 0) === 0);
}
/**
 * The notice on the run page: how many runs were resumed, "at least" with what may have been resumed unseen. None
 * when a failure resumed nothing: the error says it.
 */
function resumeNotice(result) {
    const made = madeCount(result);
    if (result.failure !== undefined && made === 0 && result.uncertainRequests === 0)
        return undefined;
    const runs = plural(made, 'workflow run', 'workflow runs');
    if (result.uncertainRequests > 0) {
        const more = result.largestAnswer === undefined
            ? `up to ${formatCount(result.uncertainRequests * RESUME_PAGE_SIZE)} more possibly resumed`
            : 'possibly every other selected run resumed too';
        const lost = `${plural(result.uncertainRequests, 'request', 'requests')} got no readable answer`;
        if (made === 0) {
            const which = result.largestAnswer === undefined
                ? `up to ${plural(result.uncertainRequests * RESUME_PAGE_SIZE, 'workflow run', 'workflow runs')}`
                : 'every selected workflow run';
            return `Possibly resumed ${which}; none confirmed (${lost})`;
        }
        return `Resumed at least ${runs}; ${more} (${lost})`;
    }
    if (result.failure?.kind === 'cancelled')
        return `Resumed ${runs} before the step was cancelled`;
    if (result.failure !== undefined)
        return `Resumed ${runs} before the resume failed`;
    if (result.stoppedByCap)
        return `Resumed ${runs}: ${capReached(result)}`;
    if (!resumeComplete(result))
        return `Resumed ${runs}; the resume stopped early, more may remain`;
    return made === 0 ? 'Resumed no workflow run: none matched the selection' : `Resumed ${runs}`;
}
/**
 * Said when resume requests may have been carried out without the action learning which runs they resumed. Each
 * asked for at most RESUME_PAGE_SIZE runs (count); a service seen to ignore count may have resumed more in each.
 */
function lostAnswerText(requests, largestAnswer) {
    const bound = largestAnswer === undefined
        ? `up to ${formatCount(requests * RESUME_PAGE_SIZE)} more runs than listed here`
        : `more runs than listed here: up to ${RESUME_PAGE_SIZE} a request if it honoured count=${RESUME_PAGE_SIZE}, ` +
            `but it does not (one answer carried ${formatCount(largestAnswer)} runs), so possibly every run the ` +
            'selection matched';
    return (`${formatCount(requests)} resume ${requests === 1 ? 'request' : 'requests'} got no readable answer (lost after ` +
        `sending, or unreadable): the service may have resumed ${bound} (possibly resumed; they left the DLQ, so none ` +
        'is resumed twice)');
}
/** Said when answers carried more runs than the count sent, so that more than max-runs were resumed. */
/** Said when parts of dlq-ids were found by the service no more: nothing of them was resumed by this run. */
function goneText(gone) {
    return (`at least ${plural(gone.ids, 'of the dlq-ids was', 'of the dlq-ids were')} no longer in the DLQ (the service answered ` +
        `404 to ${plural(gone.parts, 'part', 'parts')} of them): resumed or removed since they were listed; the other ` +
        'ids were resumed');
}
function pastCapText(pastCap, maxRuns) {
    return (`the service ignored count: ${plural(pastCap, 'run was', 'runs were')} resumed past max-runs ` +
        `(${formatCount(maxRuns)}); every run it resumed is reported`);
}
function resume_outputs(result) {
    const scalars = {
        [Outputs.ResumedCount]: String(result.runs.length),
        [Outputs.Complete]: String(resumeComplete(result)),
        [Outputs.WorkflowRunIdsTruncated]: 'false',
        [Outputs.WorkflowRunsTruncated]: 'false',
        [Outputs.NextCursor]: cursorOutput(result.nextCursor),
        [Outputs.RunsFile]: result.runsFile ?? ''
    };
    const fitted = fitArrays([
        [Outputs.WorkflowRunIds, result.runs.map(r => r.workflowRunId)],
        [
            Outputs.WorkflowRuns,
            result.runs.map(r => ({ workflowRunId: r.workflowRunId, workflowCreatedAt: r.workflowCreatedAt }))
        ]
    ], budgetLeft(scalars, [Outputs.WorkflowRunIds, Outputs.WorkflowRuns]));
    return {
        ...scalars,
        [Outputs.WorkflowRunIds]: fitted.json[0],
        [Outputs.WorkflowRunIdsTruncated]: String(fitted.truncated),
        [Outputs.WorkflowRuns]: fitted.json[1],
        [Outputs.WorkflowRunsTruncated]: String(fitted.truncated)
    };
}
function resume_failure(result) {
    // Possibly resumed runs fail the step even when the drain finished: the outputs do not list them.
    const reasons = [];
    if (result.failure !== undefined) {
        reasons.push(`${failureText('resume-workflows', result.failure)}; ${result.runs.length} runs were resumed ${beforeTheEnd(result.failure)}`);
    }
    if (result.uncertainRequests > 0)
        reasons.push(lostAnswerText(result.uncertainRequests, result.largestAnswer));
    if (result.fileError !== undefined)
        reasons.push(runsFileText(result.fileError));
    if (reasons.length === 0)
        return undefined;
    const from = result.continueFrom;
    let where;
    if (from !== undefined) {
        where =
            `to continue, re-run with dlq-ids from "${from.dlqId}" on (id ${from.position} of ` +
                `${result.selection.dlqIds?.length ?? from.position}: ${from.remaining} ids, some perhaps resumed already)` +
                fileLineHint(from.line);
    }
    else if (result.nextCursor !== undefined) {
        where = continueHint(result.nextCursor).slice(2);
    }
    else if (result.failure !== undefined) {
        where = 'no cursor to continue from: re-run with the same selection (resumed entries have left the DLQ)';
    }
    else {
        where = 'nothing is left to continue: the selection was resumed to its end';
    }
    return `${reasons.join('; ')}; ${where}`;
}
/** Why the runs-file is not the record: resumed-count still counts every run, the id outputs hold what fits. */
function runsFileText(failure) {
    return `${fileText(failure)}; resumed-count counts every run resumed, the id outputs hold as many as fit`;
}
/** Where the ids left begin in dlq-ids-file, when they came from one: a file of its lines from there on continues. */
function fileLineHint(line) {
    return line === undefined
        ? ''
        : ` They begin on line ${formatCount(line)} of \`dlq-ids-file\`: a file of its lines from there on (\`tail -n +${line}\`) continues.`;
}
function selectionLines(selection, limit) {
    const lines = [];
    if (selection.dlqIds && selection.dlqIds.length > 0) {
        lines.push(`  - DLQ ids (\`dlq-ids\`; when given, the service ignores the other selectors): ${valueList(selection.dlqIds, limit)}`);
    }
    if (selection.fromDate !== undefined)
        lines.push(`  - Failed at or after (\`from-date\`): ${formatMs(selection.fromDate)}`);
    if (selection.toDate !== undefined)
        lines.push(`  - Failed at or before (\`to-date\`): ${formatMs(selection.toDate)}`);
    if (selection.workflowUrl !== undefined) {
        lines.push(`  - Workflow URL (\`workflow-url\`): ${code(selection.workflowUrl)}`);
    }
    if (selection.workflowRunId !== undefined) {
        lines.push(`  - Workflow run id or id prefix (\`workflow-run-id\`): ${code(selection.workflowRunId)}`);
    }
    if (selection.workflowCreatedAt !== undefined) {
        lines.push(`  - Workflow created at (\`workflow-created-at\`): ${formatMs(selection.workflowCreatedAt)}`);
    }
    return lines;
}
function resume_askedLines(result, pass) {
    const lines = ['### What was asked', ''];
    const selectors = selectionLines(result.selection, pass);
    if (result.all) {
        lines.push('- Selection: **the whole DLQ was selected** (input `all`): every failed workflow run in it.');
        if (selectors.length > 0)
            lines.push('- Selectors also given:', ...selectors);
    }
    else if (selectors.length > 0) {
        lines.push('- Selection:', ...selectors);
    }
    else {
        lines.push('- Selection: none');
    }
    const overrides = [];
    if (result.overrides.flowControlKey !== undefined) {
        overrides.push(`  - Flow control key (\`flow-control-key\`): ${code(result.overrides.flowControlKey)}`);
    }
    if (result.overrides.flowControlValue !== undefined) {
        overrides.push(`  - Flow control value (\`flow-control-value\`): ${code(result.overrides.flowControlValue)}`);
    }
    if (result.overrides.retries !== undefined) {
        overrides.push(`  - Retries (\`retries\`): ${code(String(result.overrides.retries))}`);
    }
    if (overrides.length > 0)
        lines.push('- Overrides:', ...overrides);
    else
        lines.push('- Overrides: none (each run keeps its original flow control and retries)');
    if (result.maxRuns !== undefined)
        lines.push(`- At most (\`max-runs\`): ${plural(result.maxRuns, 'run', 'runs')}`);
    lines.push(result.startCursor ? `- Start cursor: ${cursorText(result.startCursor)}` : '- Start cursor: none (from the start)');
    lines.push('');
    return lines;
}
/** The heading: the result in a few words, the count first. */
function resumeHeading(result) {
    const made = madeCount(result);
    const runs = plural(made, 'workflow run', 'workflow runs');
    if (result.failure?.kind === 'cancelled') {
        const more = result.uncertainRequests > 0 ? ', and possibly more' : '';
        return `⛔ Cancelled: ${plural(made, 'run', 'runs')} resumed before the cancel${more}`;
    }
    if (result.fileError !== undefined && result.failure === undefined) {
        return `❌ Resumed ${runs}, but runs-file could not be written`;
    }
    if (result.failure !== undefined) {
        return `❌ Resume failed part way: ${failurePhrase(result.failure)}; ${runs} resumed before`;
    }
    if (result.uncertainRequests > 0)
        return `⚠️ Resumed ${runs}, and possibly more`;
    if (result.stoppedByCap)
        return `⏸️ Resumed ${runs}: ${capReached(result)}`;
    if (result.continueFrom !== undefined || result.nextCursor)
        return `⚠️ Resume stopped early: ${runs} resumed`;
    if (made === 0)
        return 'ℹ️ No failed workflow run matched the selection';
    return `✅ Resumed ${runs}`;
}
/** Runs grouped by creation time: one row per time, its count and its ids (capped). */
function runGroups(runs) {
    const groups = [];
    const byTime = new Map();
    for (const run of runs) {
        const key = run.workflowCreatedAt === undefined ? '' : formatMs(run.workflowCreatedAt).slice(0, 19);
        let group = byTime.get(key);
        if (group === undefined) {
            group = { ...(run.workflowCreatedAt !== undefined ? { at: run.workflowCreatedAt } : {}), ids: [] };
            byTime.set(key, group);
            groups.push(group);
        }
        group.ids.push(run.workflowRunId);
    }
    return groups;
}
/** Why a capped resume stopped; the cursor left says more may remain, not that they do (the next page may be empty). */
function capReached(result) {
    const cap = `max-runs (${formatCount(result.maxRuns ?? 0)})`;
    const past = result.pastCap === undefined ? '' : `, ${formatCount(result.pastCap)} past it as the service ignored count`;
    return `${cap} reached${past}; more may remain`;
}
function resumeSummary(result, ctx, pass) {
    const runs = result.runs;
    const unnamed = result.itemProblems?.leftOut ?? 0;
    const lines = summaryHead(resumeHeading(result), `**${plural(runs.length + unnamed, 'new run', 'new runs')}** created by ${plural(result.requests, 'request', 'requests')}` +
        (result.uncertainRequests > 0
            ? ` (and ${formatCount(result.uncertainRequests)} without a readable answer)`
            : '') +
        (result.parts !== undefined
            ? ` (\`dlq-ids\` sent in ${formatCount(result.parts)} parts, so that each request URL stays under 6 KB).`
            : '.'), shortenedNote(pass));
    const from = result.continueFrom;
    const capLine = result.stoppedByCap
        ? `Stopped by \`max-runs\` (${formatCount(result.maxRuns ?? 0)}) before the selection was drained. `
        : '';
    const continueLine = from
        ? `To continue, re-run with input \`dlq-ids\` from ${code(from.dlqId)} on (id ${formatCount(from.position)} of ` +
            `${formatCount(result.selection.dlqIds?.length ?? from.position)}: ${plural(from.remaining, 'id', 'ids')}, ` +
            'some perhaps resumed already; resumed entries have left the DLQ, so none is resumed twice).' +
            fileLineHint(from.line)
        : result.nextCursor
            ? `To continue, re-run with input \`cursor\` set to ${cursorText(result.nextCursor)}`
            : undefined;
    if (result.fileError !== undefined)
        lines.push(`**Error:** ${code(runsFileText(result.fileError))}`, '');
    if (result.failure !== undefined) {
        lines.push(`**Error:** ${code(failureText('resume-workflows', result.failure))}`, '');
        lines.push(continueLine ??
            'No cursor to continue from was returned: check the DLQ before re-running (resumed entries have left it).', '');
    }
    else if (continueLine) {
        lines.push(capLine + continueLine, '');
    }
    if (result.goneIds !== undefined)
        lines.push(`**⚠️ Already gone:** ${goneText(result.goneIds)}.`, '');
    if (result.pastCap !== undefined) {
        lines.push(`**⚠️ Past the cap:** ${pastCapText(result.pastCap, result.maxRuns ?? 0)}.`, '');
    }
    if (result.uncertainRequests > 0) {
        lines.push(`**⚠️ Possibly resumed:** ${lostAnswerText(result.uncertainRequests, result.largestAnswer)}.`, '');
    }
    if (result.itemProblems !== undefined) {
        const { kept, leftOut, examples } = result.itemProblems;
        if (leftOut > 0) {
            lines.push(`**⚠️ ${plural(leftOut, 'run was', 'runs were')} resumed without a readable id**: counted above, but not in ` +
                'the table or the outputs.', '');
        }
        if (kept > 0) {
            lines.push(`⚠️ ${plural(kept, 'run is', 'runs are')} listed without a creation time: the one sent could not be read.`, '');
        }
        if (examples.length > 0)
            lines.push(...examples.map(line => `- ${code(line)}`), '');
    }
    if (runs.length + unnamed > 0)
        lines.push(RESUME_NOTE, '');
    if (runs.length > 0) {
        lines.push('### New runs', '');
        lines.push(...table(['Created (UTC)', 'Runs', 'New run ids'], [false, true, false], runGroups(runs), pass, group => [
            timeOrDash(group.at),
            formatCount(group.ids.length),
            idList(group.ids, pass)
        ]));
    }
    lines.push(...resume_askedLines(result, pass), ...runLine(ctx));
    return markdownText(lines);
}
/**
 * Ids in a cell, as code: as many as a table shows rows (what was done stays in the summary, and the byte budget
 * still halves it when the summary would be too big), then how many more.
 */
function idList(ids, limit) {
    const shown = ids.slice(0, limit.maxRows).map(id => codeCell(id, 100));
    const rest = ids.length - shown.length;
    return rest > 0 ? `${shown.join(' ')} … and ${formatCount(rest)} more (output \`workflow-run-ids\`)` : shown.join(' ');
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
/** The notice on the run page: how many schedules were resumed, of how many when some failed. */
function scheduleNotice(result) {
    const total = result.outcomes.length;
    const resumed = result.outcomes.filter(o => o.ok).length;
    if (total === 0 || resumed === 0)
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
    const lines = summaryHead(title, total === 0 ? undefined : `**${formatCount(resumed)} resumed, ${formatCount(failed)} failed.**`, shortenedNote(pass));
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

// EXTERNAL MODULE: ./node_modules/undici/index.js
var undici = __webpack_require__(6752);
;// CONCATENATED MODULE: ./src/service/rate-limit.ts
/**
 * How many requests may be in flight: halved on a 429, grown back by one after a run of successes
 * (additive increase, multiplicative decrease), never above the configured concurrency nor below one.
 */
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

;// CONCATENATED MODULE: ./src/service/redact.ts
/** Secrets shorter than this are redacted as given only: their encodings are too short to find safely. */
const MIN_ENCODED_SECRET_LENGTH = 4;
const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The secret as text carries it: as given, URL-encoded (path and form), and inside a JSON string. */
function textForms(secret) {
    const forms = [secret];
    if (secret.length < MIN_ENCODED_SECRET_LENGTH)
        return forms;
    const component = encodeURIComponent(secret);
    forms.push(component, component.replace(/%20/g, '+'), new URLSearchParams({ s: secret }).toString().slice(2));
    forms.push(JSON.stringify(secret).slice(1, -1));
    return forms;
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
/** One regular expression that matches any of the forms, longest first so that a form holding another goes whole. */
function pattern(forms, flags) {
    const unique = [...new Set(forms)].filter(f => f !== '').sort((a, b) => b.length - a.length);
    return unique.length === 0 ? undefined : new RegExp(unique.map(escapeRegExp).join('|'), flags);
}
/**
 * Replaces every occurrence of each secret with `***`: as given in any letter case (a URL host comes back
 * lower-cased), URL-encoded, JSON-escaped, and in base64 or base64url at any byte offset (of the secret as given
 * and lower-cased). Runs on raw text, before any escaping for the destination changes how a secret looks.
 */
function redactor(secrets) {
    const present = secrets.filter(s => s !== '');
    if (present.length === 0)
        return text => text;
    const text = pattern(present.flatMap(s => textForms(s)), 'gi');
    const encoded = pattern(present
        .filter(s => s.length >= MIN_ENCODED_SECRET_LENGTH)
        .flatMap(s => [...new Set([s, s.toLowerCase(), s.toUpperCase()])].flatMap(base64Forms)), 'g');
    return input => {
        let out = text === undefined ? input : input.replace(text, '***');
        if (encoded !== undefined)
            out = out.replace(encoded, '***');
        return out;
    };
}

;// CONCATENATED MODULE: ./src/service/client.ts









const DLQ_PATH = '/v2/dlq';
const RESUME_PATH = '/v2/workflows/dlq/resume';
/** What EnvHttpProxyAgent reads a proxy from; with none of them set it sends every request directly. */
const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];
/** The service's three endpoints, over one retry policy, with the token only ever sent to base-url's origin. */
class ServiceClient {
    options;
    dispatcher;
    redact;
    limit;
    constructor(options) {
        this.options = options;
        this.redact = redactor([options.token]);
        this.limit = new AdaptiveLimit(options.concurrency ?? 1);
    }
    /** One page of `GET /v2/dlq`: its items are checked only as an array here, read with readDlqMessages. */
    async listDlqPage(query) {
        const answer = await this.send('GET', DLQ_PATH, query, {});
        const json = this.parseJson('GET', DLQ_PATH, answer);
        // The usual envelope is taken as it is, without copying the page through the schema; anything else is checked.
        if (isRecord(json) && Array.isArray(json.messages)) {
            const { messages, cursor } = json;
            if (cursor === undefined || cursor === null || typeof cursor === 'string')
                return { ...(cursor ? { cursor } : {}), items: messages };
        }
        const envelope = this.check('GET', DLQ_PATH, json, dlqEnvelopeSchema);
        return { ...(envelope.cursor !== undefined ? { cursor: envelope.cursor } : {}), items: envelope.messages };
    }
    /**
     * `POST /v2/schedules/{id}/resume`; resolves when the schedule is active. Some servers accept only PATCH (as the
     * official SDKs send): a 405 to the POST is tried once more as PATCH, and the log says so.
     */
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
    /** One request of `POST /v2/workflows/dlq/resume`: resumes at most 50 runs. */
    async resumeWorkflowsPage(query, headers) {
        const answer = await this.send('POST', RESUME_PATH, query, headers);
        let envelope;
        try {
            envelope = this.check('POST', RESUME_PATH, this.parseJson('POST', RESUME_PATH, answer), resumeEnvelopeSchema);
        }
        catch (err) {
            // The service carried this request out (2xx): the runs it resumed are unknown, not absent.
            throw new ServiceError(err.failure, answer.lostAnswers + 1);
        }
        const { runs, problems } = readWorkflowRuns(envelope.workflowRuns);
        return {
            ...(envelope.cursor !== undefined ? { cursor: envelope.cursor } : {}),
            workflowRuns: runs,
            problems,
            lostAnswers: answer.lostAnswers
        };
    }
    /** Length of the URL a bulk resume with this query is sent to (ASCII: bytes and characters alike). */
    resumeUrlLength(query) {
        return this.url(RESUME_PATH, query).href.length;
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
    url(path, query) {
        return requestUrl(this.options.baseUrl, path, query);
    }
    getDispatcher() {
        if (this.options.dispatcher)
            return this.options.dispatcher;
        // Honours HTTPS_PROXY, HTTP_PROXY and NO_PROXY, as self-hosted runners behind a proxy need. Without any proxy
        // set, a plain pool does the same, without re-reading the environment on every request.
        this.dispatcher ??= PROXY_VARIABLES.some(name => process.env[name]) ? new undici.EnvHttpProxyAgent() : new undici.Agent();
        return this.dispatcher;
    }
    /**
     * Sends one request, retrying as the policy says; returns a 2xx answer or throws a one-line ServiceError. A
     * POST's attempts whose answer was lost after sending are counted, on the answer and on the error alike.
     */
    async send(method, path, query, extraHeaders) {
        const url = this.url(path, query);
        const stop = this.options.stop;
        const { timeoutMs, sleep, now, random } = this.options;
        const failed = (cause, attempts, lost) => requestError({ method, path, url: `${url.origin}${url.pathname}`, attempts, cause }, lost);
        // A POST may have been carried out when its answer is lost: one more attempt possibly done.
        const sent = method === 'POST' ? 1 : 0;
        let lostAnswers = 0;
        const once = async () => {
            let answer;
            try {
                answer = await this.limit.run(() => {
                    // Checked when the request would leave, after any wait for a free slot: nothing new after a stop.
                    if (stop?.signal.aborted)
                        throw this.cancelled(lostAnswers);
                    return this.attempt(method, url, extraHeaders);
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
                    const cause = { kind: 'unreadable', status: err.status, reason: this.redact(err.reason) };
                    throw failed(cause, 1, lostAnswers + sent);
                }
                // An error whose text cannot be read is still an error with a status: decide on that.
                answer = { status: err.status, headers: err.headers, body: `(${err.reason})` };
            }
            if (answer.status >= 200 && answer.status < 300)
                return { ...answer, lostAnswers };
            if (answer.status >= 300 && answer.status < 400) {
                const { location } = answer.headers;
                const cause = {
                    kind: 'redirect',
                    status: answer.status,
                    ...(location !== undefined ? { location: this.redact(location) } : {})
                };
                throw failed(cause, 1, lostAnswers);
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
            describe: (error, outcome) => `${method} ${url.pathname}: ${this.what(error, outcome)}`,
            log: this.options.log,
            onRetry: outcome => {
                if (outcome.kind === 'status' && outcome.status === 429)
                    this.narrow();
            },
            giveUp: (error, attempts, outcome) => {
                const cause = error instanceof ErrorAnswer
                    ? { kind: 'status', status: error.answer.status, serverText: this.serverText(error.answer.body) }
                    : { kind: 'transport', code: outcome.kind === 'error' ? outcome.code : 'UNKNOWN', timeoutMs };
                return failed(cause, attempts, lostAnswers);
            },
            stopped: () => this.cancelled(lostAnswers),
            sleep,
            now,
            random
        });
    }
    /** The step was stopped, by SIGINT or else SIGTERM: nothing is sent after it, one under way may have been cut. */
    cancelled(lostAnswers) {
        const signal = this.options.stop?.signal.reason === 'SIGINT' ? 'SIGINT' : 'SIGTERM';
        return new ServiceError({ kind: 'cancelled', signal }, lostAnswers);
    }
    /**
     * One attempt, bounded from connect to the last byte of the body by timeout-seconds. A body that arrives but
     * cannot be read throws UnreadableBody with the status, so the caller can tell "done, unreadable" from "lost".
     */
    async attempt(method, url, extraHeaders) {
        const dispatcher = this.getDispatcher();
        const deadline = AbortSignal.timeout(this.options.timeoutMs);
        const hard = this.options.stop?.hard;
        const signal = hard ? AbortSignal.any([deadline, hard]) : deadline;
        const response = await (0,undici.request)(url, {
            method,
            dispatcher,
            signal,
            headers: {
                ...extraHeaders,
                authorization: `Bearer ${this.options.token}`,
                accept: 'application/json',
                'user-agent': 'dlq-action'
            }
        });
        return readAnswer(response);
    }
    /** The server's text for a message: the token taken out before it is shortened, so no part of it survives. */
    serverText(body) {
        return errorText(body, this.redact);
    }
    /** An attempt's failure in a few words: its status, or the transport error. */
    what(error, outcome) {
        if (error instanceof ErrorAnswer)
            return `HTTP ${error.answer.status}`;
        return outcome.kind === 'error' ? describeTransportError(outcome.code, this.options.timeoutMs) : '';
    }
    /** The service said "too many requests": fewer at once, said in the log when it changes anything. */
    narrow() {
        const before = this.limit.current;
        this.limit.rateLimited();
        if (this.limit.current < before) {
            this.options.log(`rate limited: requests at once cut from ${before} to ${this.limit.current}`);
        }
    }
    parseJson(method, path, answer) {
        try {
            return JSON.parse(answer.body);
        }
        catch {
            const cause = { kind: 'not-json', status: answer.status, serverText: this.serverText(answer.body) };
            throw requestError({ method, path, url: path, attempts: 1, cause });
        }
    }
    /** Checks a decoded answer against its wire schema; a mismatch names the endpoint and the field. */
    check(method, path, json, schema) {
        const parsed = schema.safeParse(json);
        if (!parsed.success) {
            const issue = parsed.error.issues[0];
            const field = issue && issue.path.length > 0 ? issue.path.join('.') : '(body)';
            const cause = {
                kind: 'malformed',
                field: this.redact(field),
                problem: this.redact(issue?.message ?? 'invalid')
            };
            throw requestError({ method, path, url: path, attempts: 1, cause });
        }
        return parsed.data;
    }
}
const requestError = (request, lostAnswers = 0) => new ServiceError({ kind: 'request', request }, lostAnswers);
/** An answer with an error status: what the retry loop judges. */
class ErrorAnswer extends Error {
    answer;
    constructor(answer) {
        super(`HTTP ${answer.status}`);
        this.answer = answer;
    }
}
/**
 * Whether the service may have carried out a request whose answer never arrived: the request was sent and then the
 * connection broke or timed out, or a gateway gave up waiting. A refused connection, a 429, 408 or 503 say the
 * request was not carried out.
 */
function mayHaveBeenCarriedOut(outcome) {
    if (outcome.kind === 'status')
        return outcome.status === 500 || outcome.status === 502 || outcome.status === 504;
    return mayHaveBeenCarriedOutAfter(outcome.code);
}

;// CONCATENATED MODULE: ./src/main.ts
/**
 * The composition root: read the settings, build the client, run the operation from the table below, report its
 * result through the output boundary. Each operation is one entry saying how it runs and how it is reported.
 */























/** Masks a secret in the log before anything else is printed; the trimmed form too, as that is what is sent. */
function maskSecret(value) {
    const trimmed = value.trim();
    if (trimmed === '')
        return '';
    core.setSecret(trimmed);
    if (value !== trimmed)
        core.setSecret(value);
    return trimmed;
}
/** The runner as @actions/core offers it; only the output boundary writes to it. */
function actionsRunner() {
    return {
        info: line => core.info(line),
        debug: line => core.debug(line),
        notice: text => core.notice(text),
        warning: text => core.warning(text),
        error: text => core.error(text),
        setFailed: text => core.setFailed(text),
        setOutput: (name, value) => core.setOutput(name, value),
        async writeSummary(markdown) {
            if (!process.env.GITHUB_STEP_SUMMARY)
                return false;
            await core.summary.addRaw(markdown).write();
            return true;
        }
    };
}
const OPERATIONS = {
    'list-dlq': {
        group: 'Listing the DLQ',
        files: s => [[Inputs.MessagesFile, s.messagesFile]],
        concurrency: s => s.list.concurrency,
        run: (s, { client, out, progress, now, signal }) => listDlqToFile(client, s.list, s.health, now, s.messagesFile, record => out.jsonLine(record), {
            log: line => out.info(line),
            onPage: (messages, total) => out.info(`page: ${messages} messages (${total} so far)`),
            progress,
            ...(signal ? { signal } : {})
        }, s.keepCredentialHeaders),
        report: listReport,
        after: async (s, result, { out, retry, signal, now }) => {
            if (s.issue === undefined)
                return undefined;
            if (signal?.aborted) {
                out.warning('The step was cancelled: the health issue was left as it is (the next run brings it up to date).');
                return undefined;
            }
            const step = { ...s.issue, timeoutMs: s.service.timeoutMs, retry, now, ...(signal ? { signal } : {}) };
            return updateHealthIssue(s.githubToken === undefined ? step : { ...step, token: s.githubToken }, result, out);
        },
        overdue: { count: Outputs.DlqCount, what: p => `at least ${p.confirmed} messages listed before the cancel` }
    },
    'resume-schedule': {
        group: 'Resuming schedules',
        run: (s, { client, out }) => resumeSchedules(client, s.schedules, o => out.info(o.ok ? `schedule ${o.scheduleId}: resumed` : scheduleFailureText(o))),
        report: scheduleReport,
        overdue: { what: () => 'the schedules resumed are named in the log above' }
    },
    'resume-workflows': {
        group: 'Resuming failed workflow runs',
        files: s => [[Inputs.RunsFile, s.runsFile]],
        selectors: RESUME_SELECTORS,
        prepare: withDlqIdsFile,
        run: (s, { client, out, progress }) => resumeWorkflowsToFile(client, s.resume, s.runsFile, record => out.jsonLine(record), t => out.info(t), progress),
        report: resumeReport,
        overdue: {
            count: Outputs.ResumedCount,
            what: ({ confirmed, uncertainRequests: lost }) => `${confirmed} runs resumed before the cancel` +
                (lost > 0 ? `, and up to ${lost * RESUME_PAGE_SIZE} more possibly resumed` : '')
        }
    }
};
/** The table entry of one operation, typed by its settings. */
const entryOf = (operation) => OPERATIONS[operation];
/** The files a run will write (checked before any request), by the input naming each, as its entry says. */
const outputFiles = (settings) => entryOf(settings.operation).files?.(settings) ?? [];
/**
 * Writes outputs, the notice, warnings and the job summary, then fails the step if the operation did not succeed.
 * The health issue's link is appended by perform, once the issue step is done.
 */
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
/** Runs one operation's entry with its own settings type. */
async function perform(operation, settings, ctx) {
    const entry = entryOf(operation);
    const result = await core.group(entry.group, () => entry.run(settings, ctx));
    // The verdict first, the issue after: a cancel during the issue call costs the issue, never the outputs.
    await report(result, entry.report, ctx.out, ctx.now);
    ctx.reported();
    const line = issueLine(await entry.after?.(settings, result, ctx));
    if (line !== undefined)
        await ctx.out.summary(`${line}\n\n`);
}
/** The action: read every input once, run the chosen operation, report what happened. */
async function run(io = actionsRunner(), stop) {
    const out = new OutputBoundary(io, redactor([maskSecret(core.getInput(Inputs.Token)), maskSecret(core.getInput(Inputs.GithubToken))]));
    const live = { progress: { confirmed: 0, uncertainRequests: 0 }, reported: false };
    if (stop)
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
/**
 * The last resort when the report is overdue after a signal: the confirmed counts and the cursor written to
 * GITHUB_OUTPUT synchronously (as @actions/core writes outputs), one error line, and the caller exits non-zero.
 */
function lastResort(signal, live, out, writeLine = line => (0,external_node_fs_.writeSync)(1, line)) {
    if (live.reported || live.operation === undefined)
        return;
    const { confirmed, nextCursor } = live.progress;
    const { count, what } = OPERATIONS[live.operation].overdue;
    const outputs = count === undefined ? {} : { [count]: String(confirmed), [Outputs.NextCursor]: nextCursor ?? '' };
    const file = process.env.GITHUB_OUTPUT;
    if (file) {
        for (const [name, value] of Object.entries(outputs)) {
            const delimiter = `ghadelimiter_${(0,external_node_crypto_.randomUUID)()}`;
            (0,external_node_fs_.appendFileSync)(file, `${name}<<${delimiter}\n${out.redact(value)}\n${delimiter}\n`);
        }
    }
    const next = continueHint(nextCursor);
    const text = `Cancelled (${signal}) and the report could not be written in time: ${what(live.progress)}${next}`;
    writeLine(`::error::${neutraliseAnnotation(out.redact(text))}\n`);
    process.exitCode = 1;
}
async function runWith(out, live, now, stop) {
    let settings;
    try {
        settings = readSettings(name => core.getInput(name), now);
        await checkOutputFiles(outputFiles(settings));
        settings = (await entryOf(settings.operation).prepare?.(settings)) ?? settings;
    }
    catch (err) {
        if (err instanceof InputError) {
            const named = core.getInput(Inputs.Operation).trim();
            const selectors = Object.hasOwn(OPERATIONS, named) ? OPERATIONS[named].selectors : undefined;
            await out.summary(refusalSummary(err.message, err.noSelector ? selectors : undefined));
            out.setFailed(err.message);
            return;
        }
        throw err;
    }
    for (const name of unusedInputs(name => core.getInput(name), settings.operation)) {
        out.warning(`Input '${name}' is not used by operation ${settings.operation} and was ignored.`);
    }
    const { service } = settings;
    const retry = { ...DEFAULT_RETRY_POLICY, maxAttempts: service.maxAttempts };
    const client = new ServiceClient({
        baseUrl: service.baseUrl,
        token: service.token,
        timeoutMs: service.timeoutMs,
        retry,
        log: line => out.info(line),
        concurrency: entryOf(settings.operation).concurrency?.(settings) ?? 1,
        ...(stop ? { stop } : {})
    });
    live.operation = settings.operation;
    const ctx = {
        client,
        out,
        retry,
        now,
        progress: live.progress,
        reported: () => (live.reported = true),
        ...(stop ? { signal: stop.signal } : {})
    };
    try {
        await perform(settings.operation, settings, ctx);
        // A cancel that came after the operation ended still ends the step non-zero: the runner asked it to stop.
        if (stop?.first !== undefined && process.exitCode !== 1) {
            out.setFailed(`The step was cancelled (${stop.first}) after its work was done: the outputs and summary stand.`);
        }
    }
    finally {
        // After a stop nothing more is needed of a request still under way (a prefetched page): cut it.
        await (stop?.signal.aborted ? client.destroy() : client.close());
    }
}


/***/ })

};
