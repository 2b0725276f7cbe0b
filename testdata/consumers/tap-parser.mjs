// Reads each TAP file named on the command line with npm's tap-parser, in
// strict mode (a line that is not TAP is an error), and prints one JSON
// object a file: what the parser made of it, parse errors included.
import { readFileSync } from 'node:fs'
import { Parser } from 'tap-parser'

for (const file of process.argv.slice(2)) {
  const asserts = []
  const extra = []
  const p = new Parser({ strict: true })
  p.on('assert', (a) => asserts.push({
    id: a.id, ok: a.ok, name: a.name, skip: a.skip ?? false, todo: a.todo ?? false, diag: a.diag ?? null,
  }))
  p.on('extra', (line) => extra.push(line))
  p.on('complete', (r) => {
    console.log(JSON.stringify({
      file,
      ok: r.ok,
      count: r.count,
      pass: r.pass,
      fail: r.fail,
      skip: r.skip,
      plan: { start: r.plan.start, end: r.plan.end },
      bailout: r.bailout,
      // Parse problems are failures with a tapError.
      tapErrors: r.failures.filter((f) => f.tapError).map((f) => f.tapError),
      asserts,
      extra,
    }))
  })
  p.end(readFileSync(file, 'utf8'))
}
