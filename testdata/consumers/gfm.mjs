// Reads Markdown on standard input and writes the HTML that GitHub
// Flavored Markdown makes of it (micromark with its GFM extension: tables,
// autolinks of bare URLs and addresses, strikethrough), as a step summary
// is shown.
import { readFileSync } from 'node:fs'
import { micromark } from 'micromark'
import { gfm, gfmHtml } from 'micromark-extension-gfm'

process.stdout.write(micromark(readFileSync(0, 'utf8'), { extensions: [gfm()], htmlExtensions: [gfmHtml()] }))
