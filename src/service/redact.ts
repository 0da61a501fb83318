/** Secrets shorter than this are redacted as given only: their encodings are too short to find safely. */
const MIN_ENCODED_SECRET_LENGTH = 4

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The secret as text carries it: as given, URL-encoded (path and form), and inside a JSON string. */
function textForms(secret: string): string[] {
  const forms = [secret]
  if (secret.length < MIN_ENCODED_SECRET_LENGTH) return forms
  const component = encodeURIComponent(secret)
  forms.push(component, component.replace(/%20/g, '+'), new URLSearchParams({ s: secret }).toString().slice(2))
  forms.push(JSON.stringify(secret).slice(1, -1))
  return forms
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

/** One regular expression that matches any of the forms, longest first so that a form holding another goes whole. */
function pattern(forms: Iterable<string>, flags: string): RegExp | undefined {
  const unique = [...new Set(forms)].filter(f => f !== '').sort((a, b) => b.length - a.length)
  return unique.length === 0 ? undefined : new RegExp(unique.map(escapeRegExp).join('|'), flags)
}

/**
 * Replaces every occurrence of each secret with `***`: as given in any letter case (a URL host comes back
 * lower-cased), URL-encoded, JSON-escaped, and in base64 or base64url at any byte offset (of the secret as given
 * and lower-cased). Runs on raw text, before any escaping for the destination changes how a secret looks.
 */
export function redactor(secrets: readonly string[]): (text: string) => string {
  const present = secrets.filter(s => s !== '')
  if (present.length === 0) return text => text
  const text = pattern(present.flatMap(textForms), 'gi')
  const encoded = pattern(
    present
      .filter(s => s.length >= MIN_ENCODED_SECRET_LENGTH)
      .flatMap(s => [...new Set([s, s.toLowerCase(), s.toUpperCase()])].flatMap(base64Forms)),
    'g'
  )
  return input => {
    let out = text === undefined ? input : input.replace(text, '***')
    if (encoded !== undefined) out = out.replace(encoded, '***')
    return out
  }
}
