// classroom-reporter.mjs FILE...: reads each file as GitHub Classroom's
// autograding-grading-reporter action reads a runner's result, and prints
// what it makes of it as one JSON object a file. The action is no npm
// package, so its reading is reproduced here from its source
// (src/main.js, notify-classroom.js, console-results.js): the step output
// (the file, without its final newline, as $(cat FILE) gives it) is the
// environment variable RUNNER_RESULTS, decoded with Buffer's base64 and
// JSON.parse; the points are the tests' scores added up, against
// max_score; a status "fail" or "error" fails the step.
import { readFileSync } from 'node:fs'

for (const file of process.argv.slice(2)) {
  const out = { file }
  try {
    const encoded = readFileSync(file, 'utf8').replace(/\n+$/, '')
    const results = JSON.parse(Buffer.from(encoded, 'base64').toString('utf-8'))
    let totalScore = 0
    let maxScore = 0
    if (results.max_score) {
      maxScore += results.max_score
      results.tests.forEach(({ score }) => { totalScore += score })
    }
    out.status = results.status
    out.totalScore = totalScore
    out.maxScore = maxScore
    out.failed = results.status === 'fail' || results.status === 'error'
    out.passed = results.tests.filter((t) => t.status === 'pass').length
    out.results = results
  } catch (error) {
    out.error = String(error)
  }
  console.log(JSON.stringify(out))
}
