/** Secrets shorter than this are redacted as given only: their encodings are too short to find safely. */
const MIN_ENCODED_SECRET_LENGTH = 4

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The secret as text carries it: as given, URL-encoded (path and form), and inside a JSON string. */
function textForms(secret: string): string[] {
  if (secret.length < MIN_ENCODED_SECRET_LENGTH) return [secret]
  const component = encodeURIComponent(secret)
  const form = new URLSearchParams({ s: secret }).toString().slice(2)
  return [secret, component, component.replace(/%20/g, '+'), form, JSON.stringify(secret).slice(1, -1)]
}

/**
 * The base64 characters that depend on the secret's bytes only, for the secret starting at each of the three
 * byte offsets within a 3-byte group: whatever surrounds it, an encoded text that holds the secret holds one of
 * these. Characters shared with the neighbouring bytes are left out.
 */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8')
  const forms: string[] = []
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64')
    const start = Math.ceil((8 * offset) / 6)
    const end = Math.floor((8 * (offset + bytes.length)) / 6)
    const core = encoded.slice(start, end)
    if (core.length < MIN_ENCODED_SECRET_LENGTH) continue
    forms.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'))
  }
  return forms
}

/** Replaces any of the forms with `***` in one pass, longest first so that a form holding another goes whole. */
function replacer(forms: string[], flags: string): (text: string) => string {
  const unique = [...new Set(forms)].filter(f => f !== '').sort((a, b) => b.length - a.length)
  if (unique.length === 0) return text => text
  const pattern = new RegExp(unique.map(escapeRegExp).join('|'), flags)
  return text => text.replace(pattern, '***')
}

/**
 * Replaces every occurrence of each secret with `***`: as given in any letter case (a URL host comes back
 * lower-cased), URL-encoded, JSON-escaped, and in base64 or base64url at any byte offset (of the secret as given
 * and lower-cased). Runs on raw text, before any escaping for the destination changes how a secret looks.
 */
export function redactor(secrets: readonly string[]): (text: string) => string {
  const text = replacer(secrets.flatMap(textForms), 'gi')
  const encoded = replacer(
    secrets
      .filter(s => s.length >= MIN_ENCODED_SECRET_LENGTH)
      .flatMap(s => [...new Set([s, s.toLowerCase(), s.toUpperCase()])].flatMap(base64Forms)),
    'g'
  )
  return input => encoded(text(input))
}

/** The first `length` characters, never half a surrogate pair, copied: a slice would keep the original alive. */
export function copyPrefix(value: string, length: number): string {
  let end = Math.min(value.length, length)
  const last = value.charCodeAt(end - 1)
  if (end < value.length && last >= 0xd800 && last <= 0xdbff) end--
  return Buffer.from(value.slice(0, end), 'utf8').toString('utf8')
}
