// junit.mjs read FILE...: parses each JUnit XML file with npm's junit2json
// and prints one JSON object a file: its suites, their counts and cases.
// junit.mjs merge OUT FILE...: merges the files into OUT with npm's
// junit-report-merger, as a CI job joining several reports does.
import { readFileSync } from 'node:fs'
import { parse } from 'junit2json'
import { mergeFiles } from 'junit-report-merger'

const [verb, ...args] = process.argv.slice(2)
if (verb === 'merge') {
  const [out, ...files] = args
  await mergeFiles(out, files)
} else if (verb === 'read') {
  for (const file of args) {
    const doc = await parse(readFileSync(file, 'utf8'))
    const suites = doc.testsuite ?? [doc]
    console.log(JSON.stringify({
      file,
      suites: suites.map((s) => ({
        name: s.name,
        tests: s.tests, failures: s.failures, errors: s.errors, skipped: s.skipped ?? null,
        cases: (s.testcase ?? []).map((c) => ({
          name: c.name,
          classname: c.classname,
          failure: c.failure ? c.failure.map((f) => ({ message: f.message ?? null, type: f.type ?? null, inner: f.inner ?? null })) : null,
          error: c.error ? c.error.map((f) => ({ message: f.message ?? null, type: f.type ?? null, inner: f.inner ?? null })) : null,
          skipped: c.skipped ? c.skipped.map((f) => ({ message: f.message ?? null, inner: f.inner ?? null })) : null,
        })),
      })),
    }))
  }
} else {
  console.error('usage: junit.mjs read FILE... | junit.mjs merge OUT FILE...')
  process.exit(2)
}
