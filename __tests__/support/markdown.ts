import MarkdownIt from 'markdown-it'

/**
 * Markdown rendered as GitHub would before sanitising: raw HTML passes through and bare URLs become links, so only
 * the action's own escaping (code spans) can keep a third party's tags and links out of the page.
 */
export function renderLikeGitHub(markdown: string): string {
  return new MarkdownIt({ html: true, linkify: true }).render(markdown)
}
