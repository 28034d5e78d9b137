/**
 * Reads and checks record.config.json against its schema: a problem is one line naming the file,
 * the place (line and column, or JSON Pointer) and the rule.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RecordFileError, REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import { createAjv } from '../../../uai/schemaCompiler.ts';
import { jsonReadProblem, readJsonText } from '../../../uai/jsonText.ts';
import { schemaProblems } from '../../../uai/problem.ts';
import type { RecordConfig } from '../recordConfig.ts';

export const RECORD_CONFIG_FILE = 'record.config.json';
export const RECORD_CONFIG_SCHEMA_FILE = 'schemas/site/record-config.schema.json';

interface RecordConfigFile {
  license: RecordConfig['license'];
  report_channel: string | null;
}

/** The configuration in `root` (the repository by default). Throws a RecordFileError (one line). */
export function loadRecordConfig(root: string = REPOSITORY_ROOT): RecordConfig {
  const read = (file: string) => {
    let text: string;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch (error) {
      throw new RecordFileError({
        file,
        message: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      });
    }
    const result = readJsonText(text);
    if (!result.ok) throw new RecordFileError(jsonReadProblem(file, result.error));
    return result.value;
  };
  const validate = createAjv().compile(read(RECORD_CONFIG_SCHEMA_FILE) as object);
  const value = read(RECORD_CONFIG_FILE);
  if (!validate(value))
    throw new RecordFileError(schemaProblems(RECORD_CONFIG_FILE, validate.errors, RECORD_CONFIG_SCHEMA_FILE)[0]);
  const config = value as RecordConfigFile;
  return { license: config.license, reportChannel: config.report_channel };
}
