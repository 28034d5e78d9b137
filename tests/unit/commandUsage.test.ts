import { test } from 'node:test';
import assert from 'node:assert/strict';
import { COMMANDS, USAGE } from '../../src/uai/commandUsage.ts';

test('each command parses exactly the options its synopsis shows, with a value where it shows one', () => {
  for (const command of COMMANDS) {
    const shown = command.synopsis.join(' ');
    const withValue = [...shown.matchAll(/--([a-z-]+) ["<]/g)].map((match) => match[1]).sort();
    const bare = [...shown.matchAll(/--([a-z-]+)(?![a-z-]* ["<])/g)].map((match) => match[1]).sort();
    assert.deepEqual([...command.values].sort(), withValue, `${command.name}: options with a value`);
    assert.deepEqual([...command.flags].sort(), bare, `${command.name}: options without a value`);
  }
});

test('the usage text lists every command of the table once, with its summary', () => {
  const lines = USAGE.split('\n');
  for (const command of COMMANDS) {
    const heads = lines.filter((line) => line === `  ${command.name}` || line.startsWith(`  ${command.name} `));
    assert.equal(heads.length, 1, command.name);
    assert.ok(USAGE.includes(command.summary), command.name);
  }
});
