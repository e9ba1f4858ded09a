// The message catalogues: every language has exactly the English keys in every area, and each of its
// messages is valid ICU with the same arguments (names and kinds) as the English one, and few of
// them read as the English one does.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TYPE, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { ERROR_CATALOGUE } from '../../src/contract/error-catalogue';
import { LOCALES } from '../../src/contract/locales';
import { MESSAGE_AREAS, type Messages } from '../../src/ui/messages/areas';
import { CATALOGUES } from '../../src/ui/messages/catalogues';

/** Every message of a catalogue area by its dotted key. */
function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** The arguments a message takes, each with its kind (`code: argument`, `count: plural`...). */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument) into.add(`${element.value}: argument`);
    if (element.type === TYPE.number) into.add(`${element.value}: number`);
    if (element.type === TYPE.date) into.add(`${element.value}: date`);
    if (element.type === TYPE.time) into.add(`${element.value}: time`);
    if (element.type === TYPE.tag) {
      into.add(`${element.value}: tag`);
      argumentsOf(element.children, into);
    }
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      into.add(`${element.value}: ${element.type === TYPE.plural ? 'plural' : 'select'}`);
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
  }
  return into;
}

const sorted = (s: Iterable<string>) => [...s].sort();

describe('message catalogues', () => {
  for (const area of MESSAGE_AREAS) {
    const english = flatten(CATALOGUES.en[area]);
    for (const locale of LOCALES) {
      const messages = flatten(CATALOGUES[locale][area]);
      it(`${locale}/${area}.json has exactly the English keys`, () => {
        assert.deepEqual(
          sorted([...english.keys()].filter((k) => !messages.has(k))),
          [],
          `keys missing from ${locale}/${area}.json`,
        );
        assert.deepEqual(
          sorted([...messages.keys()].filter((k) => !english.has(k))),
          [],
          `stray keys in ${locale}/${area}.json`,
        );
      });
      it(`${locale}/${area}.json parses as ICU with the English arguments`, () => {
        for (const [key, text] of messages) {
          let parsed: MessageFormatElement[];
          try {
            parsed = parse(text, { requiresOtherClause: true });
          } catch (error) {
            assert.fail(`${locale}/${area}.json ${key} is not a valid ICU message: ${(error as Error).message}`);
          }
          const wanted = english.get(key);
          if (wanted === undefined) continue;
          assert.deepEqual(
            sorted(argumentsOf(parsed)),
            sorted(argumentsOf(parse(wanted))),
            `${locale}/${area}.json ${key} takes other arguments than the English message`,
          );
        }
      });
      // A word can be the same in two languages (minute, Code), a catalogue copied from English cannot.
      if (locale !== 'en')
        it(`${locale}/${area}.json is translated, not copied from English`, () => {
          const copied = [...messages].filter(([key, text]) => english.get(key) === text).map(([key]) => key);
          assert.ok(
            copied.length <= Math.max(1, messages.size / 5),
            `${locale}/${area}.json repeats English: ${copied.join(', ')}`,
          );
        });
    }
  }
});

describe('error messages', () => {
  it('every problem code of the contract has a message of its own in the errors area', () => {
    const messages = flatten(CATALOGUES.en.errors);
    const missing = Object.keys(ERROR_CATALOGUE).filter((code) => !messages.has(code));
    assert.deepEqual(missing, [], 'codes without a message (add them to en/errors.json and every language)');
    const stray = [...messages.keys()].filter((key) => !(key in ERROR_CATALOGUE));
    assert.deepEqual(stray, [], 'messages for codes the contract does not have');
  });
});
