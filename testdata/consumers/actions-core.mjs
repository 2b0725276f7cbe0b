// Reads a JSON list of annotations on standard input, each {command,
// title, file, message}, and writes each as @actions/core writes it: with
// core.error or core.notice, whose lines are the workflow commands GitHub
// Actions reads. Nothing here escapes anything: that is the package's work.
import { readFileSync } from 'node:fs'
import * as core from '@actions/core'

const annotations = JSON.parse(readFileSync(0, 'utf8'))
for (const a of annotations) {
  const props = { title: a.title }
  if (a.file) props.file = a.file
  core[a.command](a.message, props)
}
