/**
 * `npm run render`: runs the action (a bundle of the current src/) against the loopback simulator in the cases a
 * person should look at, renders each job summary, the health issue body and its comments the way GitHub does
 * (GitHub-flavoured markdown, its sanitising, mermaid) into .tmp/render/*.html, and, where chromium is
 * installed, takes a 1,200-pixel-wide PNG of each. A developer tool: no test needs it, nor chromium. Its own packages
 * (tools/render/package.json and lock) are installed on first use, the only time it needs the network.
 */
import { execFileSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import MarkdownIt from 'markdown-it'
import { ROOT } from './action-yml.js'
import { DEMO_DIR } from './demo-scenes.js'
import { runAction, type ActionRun } from './harness.js'
import { fakeGitHub } from '../sim/github.js'
import { startSimulator, type Simulator } from '../sim/index.js'

const OUT = join(ROOT, '.tmp', 'render')
/** The action as compiled by build:tools (lib/src/index.js: today's src/, no bundling), or the bundle named. */
const BUNDLE = process.env.DLQ_ACTION_BUNDLE || join(ROOT, 'lib', 'src', 'index.js')
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium'
const TOKEN = 'sim-token'
const REPOSITORY = 'acme/dlq-demo'
/** The width of the window the screenshots are taken at. */
const WIDTH = 1200
/** The height of a laptop's window: what is seen without scrolling. */
const FOLD = 800
/** The README's pictures, each the top of a demo scene's card down to the end of one of its tables. */
const README_PICTURES: Record<string, { file: string; table: number }> = {
  // The failing check, to the end of "What is failing" (docs/images/summary-health-check-failed.png).
  'demo-01-health-check': { file: 'readme-picture.png', table: 0 },
  // The canary its watch stopped, to the end of "Runs that failed again" (docs/images/summary-canary-stopped.png).
  'demo-04-canary-stopped': { file: 'readme-canary.png', table: 1 }
}

interface Page {
  name: string
  title: string
  markdown: string
}

const say = (line: string): void => {
  process.stdout.write(`${line}\n`)
}

/** Outside the default install: mermaid, puppeteer-core and sanitize-html want Node 22.12, and only this tool uses them. */
const RENDER_TOOLS = join(ROOT, 'tools', 'render')

/** `npm ci` of tools/render/ when it has no node_modules yet, or an older one than its lock. */
function installRenderTools(): void {
  const installed = join(RENDER_TOOLS, 'node_modules', '.package-lock.json')
  const lock = join(RENDER_TOOLS, 'package-lock.json')
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return
  say('Installing the render tools (tools/render/package-lock.json)…')
  execFileSync('npm', ['ci', '--prefix', RENDER_TOOLS, '--no-audit', '--no-fund'], { stdio: 'inherit' })
}

const renderRequire = createRequire(join(RENDER_TOOLS, 'package.json'))

/** A package of tools/render/, CommonJS or ESM alike. */
const importRenderTool = async (name: string): Promise<unknown> =>
  import(pathToFileURL(renderRequire.resolve(name)).href)

/** The parts of sanitize-html and puppeteer-core used here: their types are not installed with the project. */
type SanitizeHtml = (html: string, options: Record<string, unknown>) => string
interface InterceptedRequest {
  url(): string
  continue(): Promise<void>
  abort(): Promise<void>
}
interface Tab {
  setViewport(viewport: { width: number; height: number }): Promise<void>
  setRequestInterception(on: boolean): Promise<void>
  on(event: 'request', handler: (request: InterceptedRequest) => void): unknown
  goto(url: string): Promise<unknown>
  waitForFunction(expression: string, options: { timeout: number }): Promise<unknown>
  screenshot(options: { path: string; fullPage?: boolean; clip?: Clip }): Promise<unknown>
  evaluate(expression: string): Promise<unknown>
}
interface Clip {
  x: number
  y: number
  width: number
  height: number
}
interface Puppeteer {
  launch(options: {
    executablePath: string
    headless: boolean
    userDataDir: string
    args: string[]
  }): Promise<{ newPage(): Promise<Tab>; close(): Promise<void> }>
}

/** GitHub's sanitising, approximately: its allow-list of tags and attributes, http(s) and mailto links only. */
function sanitize(sanitizeHtml: SanitizeHtml, html: string): string {
  return sanitizeHtml(html, {
    allowedTags:
      'h1 h2 h3 h4 h5 h6 p br hr b i strong em del s code pre blockquote ul ol li table thead tbody tr th td a img details summary sup sub kbd div span'.split(
        ' '
      ),
    allowedAttributes: {
      a: ['href'],
      img: ['src', 'alt'],
      th: ['align', 'style'],
      td: ['align', 'style'],
      details: ['open'],
      code: ['class']
    },
    allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
    allowedClasses: { code: ['language-mermaid'] },
    allowedSchemes: ['http', 'https', 'mailto']
  })
}

/** GFM as GitHub renders it, for looking: tables, strikethrough, raw HTML (then sanitised), bare URLs linked. */
const markdown = new MarkdownIt({ html: true, linkify: true, typographer: false })

const STYLE = `
body { margin: 0; background: #f6f8fa; font: 14px/1.5 -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; color: #1f2328; }
.frame { display: flex; }
.sidebar { width: 300px; flex: none; min-height: 100vh; background: #fff; border-right: 1px solid #d0d7de; padding: 16px; box-sizing: border-box; color: #59636e; }
.main { flex: 1; min-width: 0; padding: 24px; }
.box { background: #fff; border: 1px solid #d0d7de; border-radius: 6px; padding: 16px 24px; }
.box > .label { color: #59636e; font-size: 12px; margin-bottom: 8px; }
h2 { font-size: 1.5em; border-bottom: 1px solid #d1d9e0b3; padding-bottom: .3em; margin: 16px 0; }
h3 { font-size: 1.25em; margin: 24px 0 16px; } h4 { font-size: 1em; margin: 24px 0 16px; }
code { font: 85% ui-monospace, SFMono-Regular, Menlo, monospace; background: #818b981f; padding: .2em .4em; border-radius: 6px; }
table { display: block; width: max-content; max-width: 100%; overflow: auto; border-collapse: collapse; margin: 0 0 16px; }
th, td { border: 1px solid #d1d9e0; padding: 6px 13px; } th { font-weight: 600; } tr:nth-child(2n) { background: #f6f8fa; }
blockquote { margin: 0 0 16px; padding: 0 1em; color: #59636e; border-left: .25em solid #d1d9e0; }
details { margin: 0 0 16px; } summary { cursor: pointer; }
a { color: #0969da; }
`

/** One page: the sanitised HTML in a frame shaped like GitHub's run page (a sidebar, then the summary box). */
function page(p: Page, sanitizeHtml: SanitizeHtml): string {
  const body = sanitize(sanitizeHtml, markdown.render(p.markdown))
  return `<!doctype html><html><head><meta charset="utf-8"><title>${p.title.replace(/[<&>]/g, '')}</title>
<style>${STYLE}</style><script src="mermaid.min.js"></script></head><body>
<div class="frame"><div class="sidebar">(GitHub's sidebar)</div><div class="main"><div class="box">
<div class="label">${p.title.replace(/[<&>]/g, '')}</div>
${body}
</div></div></div>
<script>
(async () => {
  for (const code of document.querySelectorAll('code.language-mermaid')) {
    const div = document.createElement('div'); div.className = 'mermaid'; div.textContent = code.textContent
    code.parentElement.replaceWith(div)
  }
  try { mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' }); await mermaid.run() }
  catch (e) { document.body.insertAdjacentText('afterbegin', 'mermaid failed: ' + e) }
  window.renderDone = true
})()
</script></body></html>`
}

async function screenshots(pages: readonly Page[]): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    say(`No chromium at ${CHROMIUM} (set CHROMIUM to another path): HTML only.`)
    return
  }
  const puppeteer = ((await importRenderTool('puppeteer-core')) as { default: Puppeteer }).default
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: join(OUT, 'chromium-profile'),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run'
    ]
  })
  try {
    const tab = await browser.newPage()
    await tab.setViewport({ width: WIDTH, height: FOLD })
    // Nothing but the files written here: a page that reaches out is a finding.
    await tab.setRequestInterception(true)
    tab.on('request', request => {
      if (request.url().startsWith('file://')) void request.continue()
      else {
        say(`  blocked a request to ${request.url()}`)
        void request.abort()
      }
    })
    for (const p of pages) {
      await tab.goto(`file://${join(OUT, `${p.name}.html`)}`)
      await tab.waitForFunction('window.renderDone === true', { timeout: 30_000 })
      await tab.screenshot({ path: join(OUT, `${p.name}.png`), fullPage: true })
      // What a laptop shows before any scrolling: the verdict and what is failing should be there.
      await tab.screenshot({ path: join(OUT, `${p.name}-fold.png`), fullPage: false })
      say(`  ${join(OUT, `${p.name}.png`)} (and -fold.png: the first ${FOLD} pixels)`)
      const picture = README_PICTURES[p.name]
      if (picture !== undefined) await readmePicture(tab, picture)
    }
  } finally {
    await browser.close()
  }
}

/** The summary card from its verdict to the end of its table number `table`, as wide as the card. */
async function readmePicture(tab: Tab, { file, table }: { file: string; table: number }): Promise<void> {
  const clip = (await tab.evaluate(`(() => {
    const box = document.querySelector('.box').getBoundingClientRect()
    const after = document.querySelectorAll('.box table')[${table}].nextElementSibling
    return { x: box.left, y: box.top, width: box.width, height: (after ? after.getBoundingClientRect().top : box.bottom) - box.top }
  })()`)) as Clip
  await tab.screenshot({ path: join(OUT, file), clip })
  say(`  ${join(OUT, file)}: a README picture (docs/images/)`)
}

const ENV = { GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: REPOSITORY, GITHUB_RUN_ID: '1001' }

async function run(inputs: Record<string, string>, env: Record<string, string> = {}): Promise<ActionRun> {
  const result = await runAction(inputs, { ...ENV, ...env }, { action: BUNDLE })
  if (result.summary.trim() === '') say(`  (no summary: exit ${String(result.code)}, ${result.errors.join('; ')})`)
  return result
}

async function withSimulator<T>(
  options: Parameters<typeof startSimulator>[0],
  use: (sim: Simulator) => Promise<T>
): Promise<T> {
  const sim = await startSimulator({ host: '127.0.0.1', port: 0, token: TOKEN, ...options })
  try {
    return await use(sim)
  } finally {
    await sim.close()
  }
}

async function main(): Promise<number> {
  if (!existsSync(BUNDLE)) {
    say(`render: ${BUNDLE} not found: run \`npm run render\` (it compiles src/ first) or set DLQ_ACTION_BUNDLE`)
    return 1
  }
  mkdirSync(OUT, { recursive: true })
  installRenderTools()
  const sanitizeHtml = ((await importRenderTool('sanitize-html')) as { default: SanitizeHtml }).default
  copyFileSync(renderRequire.resolve('mermaid/dist/mermaid.min.js'), join(OUT, 'mermaid.min.js'))
  const pages: Page[] = []
  const add = (name: string, title: string, text: string): void => {
    pages.push({ name, title, markdown: text })
  }
  const list = (url: string, more: Record<string, string> = {}) => ({
    operation: 'list-dlq',
    token: TOKEN,
    'base-url': url,
    ...more
  })

  say('Running the action against the simulator…')
  await withSimulator({ messages: 400 }, async sim => {
    add(
      '01-healthy',
      'list-dlq, healthy',
      (await run(list(sim.url, { 'fail-if-count-above': '1000', 'fail-if-oldest-older-than': '30d' }))).summary
    )
    add('02-no-threshold', 'list-dlq, no threshold', (await run(list(sim.url))).summary)
    const url = sim.state.messages[0]?.url ?? ''
    add(
      '12-filtered',
      'list-dlq, url filter, healthy',
      (await run(list(sim.url, { url, 'fail-if-count-above': '1000' }))).summary
    )
    add('05-max-messages', 'list-dlq, max-messages 150', (await run(list(sim.url, { 'max-messages': '150' }))).summary)
    add(
      '03-401',
      'list-dlq, token refused',
      (await run({ ...list(sim.url), token: 'wrong-token', 'fail-if-count-above': '100' })).summary
    )
    sim.inject({
      route: 'list',
      fault: { kind: 'status', status: 503, body: 'upstream overloaded' },
      skip: 2,
      times: Infinity
    })
    add(
      '04-partial',
      'list-dlq, failed part way',
      (await run(list(sim.url, { 'fail-if-count-above': '100', 'max-attempts': '1' }))).summary
    )
  })

  // The health check of issue 30 on the shop's data: arrivals, expiry, causes.
  await withSimulator({ realistic: true }, async sim => {
    const checks = {
      'fail-if-count-above': '100',
      'fail-if-new-above': '20',
      'new-within': '6h',
      retention: '7d',
      'fail-if-expiring-within': '24h'
    }
    add('15-health-checks', 'list-dlq, arrivals, expiry and causes', (await run(list(sim.url, checks))).summary)
  })

  // The health check of issue 36 with a history: three runs, the DLQ growing between them, the last failing on growth.
  await withSimulator({ realistic: true }, async sim => {
    const history = join(ROOT, '.tmp', 'render', 'dlq-history.json')
    rmSync(history, { force: true })
    const checks = { 'history-file': history, 'fail-if-growth-above': '+50/1h', 'fail-if-count-above': '1000' }
    // New messages, the newest of all: the simulator keeps its messages in creation order.
    const grow = (n: number): void => {
      const last = sim.state.messages.at(-1)
      if (last === undefined) return
      const at = Date.now()
      for (let i = 0; i < n; i++) {
        sim.state.messages.push({ ...last, messageId: `grown_${at}_${i}`, dlqId: `dlq_${at}_${i}`, createdAt: at + i })
      }
    }
    await run(list(sim.url, checks))
    grow(20)
    await run(list(sim.url, checks))
    grow(80)
    add(
      '16-history-growth',
      'list-dlq, history-file and fail-if-growth-above',
      (await run(list(sim.url, checks))).summary
    )
  })

  await withSimulator({ messages: 400, variants: { omitCreatedAt: true } }, async sim => {
    add(
      '13-no-created-at',
      'list-dlq, createdAt missing on some messages, age threshold',
      (await run(list(sim.url, { 'fail-if-oldest-older-than': '30d' }))).summary
    )
  })

  const github = await fakeGitHub({}, REPOSITORY)
  try {
    const issueInputs = (url: string, above: string) =>
      list(url, {
        'fail-if-count-above': above,
        'fail-if-oldest-older-than': '6h',
        'issue-on-failure': 'true',
        'github-token': 'gh-token',
        'issue-title': 'DLQ health check failing',
        retention: '7d',
        'fail-if-expiring-within': '24h',
        'issue-labels': 'on-call'
      })
    const env = { GITHUB_API_URL: github.url }
    await withSimulator({ messages: 400 }, async sim => {
      add(
        '06-failing',
        'list-dlq, threshold exceeded (issue opened)',
        (await run(issueInputs(sim.url, '100'), env)).summary
      )
    })
    await withSimulator({ messages: 650, seed: 7 }, async sim => {
      await run(issueInputs(sim.url, '100'), env)
    })
    await withSimulator({ messages: 20, seed: 9, now: Date.now() - 0 }, async sim => {
      await run({ ...issueInputs(sim.url, '1000'), 'fail-if-oldest-older-than': '30d' }, env)
    })
    const issue = github.issues[0]
    if (issue !== undefined) {
      add('07-issue-body', 'health issue body', issue.body)
      issue.comments.forEach((comment, i) => add(`08-issue-comment-${i + 1}`, `health issue comment ${i + 1}`, comment))
    }
  } finally {
    await github.close()
  }

  await withSimulator({ workflowRuns: 120 }, async sim => {
    const resume = { operation: 'resume-workflows', token: TOKEN, 'base-url': sim.url }
    add('09-resume-120', 'resume-workflows, all 120 runs', (await run({ ...resume, all: 'true' })).summary)
    add('10-resume-refused', 'resume-workflows, no selector', (await run(resume)).summary)
  })

  // A staged resume stopped by its canary: the runs of one workflow fail again 1.5 s after they are resumed.
  const canaryUrl = 'https://app.example.com/api/workflow/onboarding'
  const fates = [
    {
      workflowUrl: canaryUrl,
      afterMs: 1_500,
      responseStatus: 503,
      responseBody: '{"error":"db pool exhausted after 30 s"}'
    }
  ]
  await withSimulator({ workflowRuns: 300, fates, variants: { ignoreResumeCount: false } }, async sim => {
    const staged = { operation: 'resume-workflows', token: TOKEN, 'base-url': sim.url, 'workflow-url': canaryUrl }
    const stages = { stages: '5, 20, all', watch: '5s' }
    add(
      '14-staged-stopped',
      'resume-workflows, stages stopped by the watch',
      (await run({ ...staged, ...stages })).summary
    )
  })
  await withSimulator({ schedules: 4 }, async sim => {
    add(
      '11-schedule-404',
      'resume-schedule, one unknown id',
      (
        await run({
          operation: 'resume-schedule',
          token: TOKEN,
          'base-url': sim.url,
          'schedule-id': 'sched-1,sched-3,sched-404'
        })
      ).summary
    )
  })

  // The summaries `npm start` left: what a newcomer sees, rendered too.
  const demo = existsSync(DEMO_DIR) ? readdirSync(DEMO_DIR).filter(f => f.endsWith('.md')) : []
  if (demo.length === 0) say(`No summaries in ${DEMO_DIR}: run \`npm start\` first to render the demo's too.`)
  for (const file of demo.sort()) {
    add(`demo-${file.slice(0, -3)}`, `npm start: ${file.slice(3, -3)}`, readFileSync(join(DEMO_DIR, file), 'utf8'))
  }

  for (const p of pages) {
    writeFileSync(join(OUT, `${p.name}.md`), p.markdown)
    writeFileSync(join(OUT, `${p.name}.html`), page(p, sanitizeHtml))
  }
  writeFileSync(
    join(OUT, 'index.html'),
    `<!doctype html><meta charset="utf-8"><title>Rendered summaries</title><ul>${pages
      .map(p => `<li><a href="${p.name}.html">${p.title}</a> (<a href="${p.name}.png">png</a>)</li>`)
      .join('')}</ul>`
  )
  say(`Wrote ${pages.length} pages to ${OUT} (index.html lists them).`)
  await screenshots(pages)
  return 0
}

main().then(
  code => {
    process.exitCode = code
  },
  (error: unknown) => {
    process.stderr.write(`render failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    process.exitCode = 1
  }
)
