// json-schema.mjs SCHEMA FILE...: validates each JSON file against the JSON
// Schema (draft 2020-12) with npm's ajv, in strict mode (a schema keyword
// it does not know is an error), and prints one JSON object a file: valid,
// and ajv's errors.
import { readFileSync } from 'node:fs'
import Ajv2020 from 'ajv/dist/2020.js'

const [schemaFile, ...files] = process.argv.slice(2)
const ajv = new Ajv2020({ strict: true, allErrors: true })
const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8')))
for (const file of files) {
  const valid = validate(JSON.parse(readFileSync(file, 'utf8')))
  console.log(JSON.stringify({ file, valid, errors: validate.errors ?? [] }))
}
